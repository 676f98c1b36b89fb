#!/bin/bash
# Instructions of a rebuild after one title edit, under callgrind, in the
# steady state the team bench's median measures: the output and its back
# buffer both hold an earlier build (two builds, one edit apart, come first).
# usage (in tmpfs, beside a site from `python3 bench/make_team_site.py 1008 team1k`):
#   bench/rebuild_callgrind.sh ./blankslate TAG [team1k]
# Leaves the rebuilt output in out-TAG (compare two binaries' with diff -r)
# and the profile in callgrind-TAG.out.
set -euo pipefail
binary=$1
tag=$2
team=${3:-team1k}
rm -rf "site-$tag" "out-$tag" ".out-$tag.blankslate"
cp -r "$team" "site-$tag"
# Files older than the clock tick a build runs in: their versions vouch for
# their bytes, as an edited site's untouched files do (a file changed in the
# same tick is hashed again, which would make the count depend on timing).
find "site-$tag" -exec touch -h -d "2026-01-01 00:00:00" {} +
# The first in name order (a glob, not `ls | head`: head closing the pipe early fails the script).
files=("site-$tag"/placeholders/*.json)
first=${files[0]}
edit() {
  python3 - "$first" "$1" <<'PY'
import json, sys
path, title = sys.argv[1], sys.argv[2]
text = json.load(open(path, encoding="utf-8"))
variant = text["variants"][0]
if isinstance(variant.get("title"), dict):
    variant["title"]["en"] = title
else:
    variant["title"] = title
json.dump(text, open(path, "w", encoding="utf-8"), ensure_ascii=False, indent=2)
PY
}
"$binary" build --site "site-$tag" --output "out-$tag" --quiet --jobs 1
edit "Edited title 1"
"$binary" build --site "site-$tag" --output "out-$tag" --quiet --jobs 1
edit "Edited title 2"
valgrind --tool=callgrind --callgrind-out-file="callgrind-$tag.out" \
  "$binary" build --site "site-$tag" --output "out-$tag" --quiet --jobs 1 2>&1 | grep Collected
