#!/usr/bin/env bash
# README's first command: on a machine that has only Swift, installs the
# system packages it lacks (scripts/system-packages.txt), then builds the
# bundled Site/ into _site/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-packages.sh
swift run blankslate build
echo "Open _site/index.html; 'swift test' runs the tests."
