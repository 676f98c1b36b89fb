#!/usr/bin/env bash
# Runs the whole test suite under ThreadSanitizer and then AddressSanitizer
# (with LeakSanitizer), each in its own build folder, and fails if either
# reports anything. The parallel build, the libxml2 wrapper and the CLI
# (spawned by the tests, built with the same sanitizer) are all covered.
#
#   scripts/sanitizers.sh            # both
#   scripts/sanitizers.sh thread     # one
set -uo pipefail
cd "$(dirname "$0")/.."
kinds=("${@:-thread address}")
[ "$#" -gt 0 ] || kinds=(thread address)
status=0
for kind in "${kinds[@]}"; do
  log=".build/sanitize-$kind.log"
  echo "== swift test --sanitize=$kind (log: $log)"
  TSAN_OPTIONS="halt_on_error=0 second_deadlock_stack=1" \
  ASAN_OPTIONS="detect_leaks=1" \
  LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp print_suppressions=0" \
    swift test --sanitize="$kind" --build-path ".build/$kind" >"$log" 2>&1
  result=$?
  reports=$(grep -cE "WARNING: ThreadSanitizer|ERROR: AddressSanitizer|ERROR: LeakSanitizer" "$log")
  grep -E "Test run with" "$log" | tail -n 1
  if [ "$result" -ne 0 ] || [ "$reports" -ne 0 ]; then
    echo "!! $kind: exit $result, $reports sanitizer reports"
    grep -E -A20 "WARNING: ThreadSanitizer|ERROR: AddressSanitizer|ERROR: LeakSanitizer" "$log" | head -80
    status=1
  else
    echo "ok: $kind clean"
  fi
done
exit $status
