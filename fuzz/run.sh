#!/usr/bin/env bash
# Longer fuzz runs than swift test's fixed seed.
#
#   fuzz/run.sh [ITERATIONS] [SEED ...]     e.g. fuzz/run.sh 5000 1 2 3
#
# Each seed runs the definition fuzzer (random definitions must build into
# output libxml2 accepts, or be refused with exit 2 and a located message)
# and the SVG sanitiser fuzzer (random and mutated SVG must come out clean or
# be refused). A failure prints the seed and iteration that reproduce it:
# FUZZ_SEED=S FUZZ_ITERATIONS=I+1 swift test --filter FuzzTests.
set -euo pipefail
cd "$(dirname "$0")/.."
iterations=${1:-5000}
shift || true
seeds=("$@")
[ "${#seeds[@]}" -gt 0 ] || seeds=("$(date +%s)")
for seed in "${seeds[@]}"; do
  echo "fuzz: seed $seed, $iterations iterations"
  FUZZ_SEED="$seed" FUZZ_ITERATIONS="$iterations" timeout 3600 swift test --filter FuzzTests
done
