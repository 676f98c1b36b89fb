#!/usr/bin/env bash
# Blankslate's speed, measured beside Hugo in one run on this machine.
#
#   bench/bench.sh [N]          (default N = 10000 renders / Hugo pages)
#
# Needs: python3, hugo and hyperfine (Debian packages; installed here when
# missing and root), and Hugo's anchor (../shared/bench/hugo-anchor, or
# HUGO_ANCHOR=DIR). Output goes to tmpfs (OUT, default /dev/shm): this
# machine's disk is slow and noisy with many small files.
#
# Prints, first for a site shaped like a real team's (bench/team_bench.py: full
# build wall and on one core, peak memory and its growth to 50k renders, rebuild
# after a title edit, a locale added, check, bytes per render), then for the
# synthetic site, each figure and each ratio:
#   full build           blankslate build --no-cache  vs  hugo -d (to tmpfs), time and peak RSS
#   incremental rebuild  one definition changed        vs  our full build
#   check                10,000 unchanged renders       vs  our full build
#   save to reload       serve, one definition saved    vs  our full build, and hugo server (bench/reload.py)
#   scaling              1,000 / 10,000 / 50,000 renders: time and memory per render
#   jobs                 --jobs 1 vs the default: time, and identical bytes
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-10000}
OUT=${OUT:-/dev/shm}
ANCHOR=${HUGO_ANCHOR:-$(cd .. && pwd)/shared/bench/hugo-anchor}
WORK=$OUT/blankslate-bench
RUNS=${RUNS:-5}

need=()
command -v hugo >/dev/null || need+=(hugo)
command -v hyperfine >/dev/null || need+=(hyperfine)
if [ "${#need[@]}" -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
  else
    echo "bench: please install ${need[*]} (apt-get install ${need[*]})" >&2
    exit 2
  fi
fi
[ -f "$ANCHOR/make_site.py" ] || { echo "bench: Hugo's anchor not found at $ANCHOR (set HUGO_ANCHOR)" >&2; exit 2; }

swift build -c release --static-swift-stdlib --product blankslate >/dev/null
B=$PWD/.build/release/blankslate
mkdir -p "$WORK"
echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -r); $(hugo version | cut -d' ' -f1-2); $($B --version)"

# --- first row: a site shaped like a real team's (bench/team_bench.py) ----------
# Many small designs, every text its own, en/ja/ar at two text sizes, beside Hugo in
# interleaved pairs: the issue's lines with their targets.
echo "== team-shaped site (bench/make_team_site.py), $N renders =="
python3 bench/team_bench.py "$B" "$ANCHOR" "$WORK/team" "$N" "$RUNS" | grep -v '^{'
echo "== the synthetic site (bench/make_site.py), $N renders =="

median() { python3 -c "import json,sys; print('%.3f' % json.load(open(sys.argv[1]))['results'][0]['median'])" "$1"; }
peak() { /usr/bin/time -f "%M" "$@" 2>&1 >/dev/null | tail -n 1; }

# --- full build beside Hugo ---------------------------------------------------
python3 "$ANCHOR/make_site.py" "$N" "$WORK/hugo$N" >/dev/null
python3 bench/make_site.py "$N" "$WORK/site$N" >/dev/null
(cd "$WORK/hugo$N" && hyperfine --runs "$RUNS" --warmup 1 --prepare "rm -rf $WORK/hugo-out" \
  --export-json "$WORK/hugo.json" "hugo --quiet -d $WORK/hugo-out" >/dev/null)
# A full build starts from nothing: no output, and no back buffer (.out.blankslate) beside it.
hyperfine --runs "$RUNS" --warmup 1 --prepare "rm -rf $WORK/out $WORK/.out.blankslate" --export-json "$WORK/full.json" \
  "$B build --site $WORK/site$N --output $WORK/out --no-cache --quiet" >/dev/null
rm -rf "$WORK/hugo-out" "$WORK/out" "$WORK/.out.blankslate"
hugo_peak=$(cd "$WORK/hugo$N" && peak hugo --quiet -d "$WORK/hugo-out")
ours_peak=$(peak "$B" build --site "$WORK/site$N" --output "$WORK/out" --no-cache --quiet)
hugo_time=$(median "$WORK/hugo.json")
full_time=$(median "$WORK/full.json")
files=$(find "$WORK/out" -type f | wc -l)

# --- incremental: one definition changed since the previous build ---------------
hyperfine --runs "$RUNS" --warmup 1 --prepare "python3 bench/toggle.py $WORK/site$N" --export-json "$WORK/incremental.json" \
  "$B build --site $WORK/site$N --output $WORK/out --quiet" >/dev/null
python3 bench/toggle.py "$WORK/site$N"
$B build --site "$WORK/site$N" --output "$WORK/out" --quiet
rm -rf "$WORK/fresh" "$WORK/.fresh.blankslate"
$B build --site "$WORK/site$N" --output "$WORK/fresh" --no-cache --quiet
identical_incremental=$(diff -r -q "$WORK/out" "$WORK/fresh" >/dev/null && echo yes || echo NO)
incremental_time=$(median "$WORK/incremental.json")

# --- check of unchanged renders -----------------------------------------------
rm -rf "$WORK/site$N/__snapshots__"
CI= $B record --site "$WORK/site$N" >/dev/null
hyperfine --runs "$RUNS" --warmup 1 --export-json "$WORK/check.json" \
  "$B check --site $WORK/site$N --report $WORK/report --gallery $WORK/out" >/dev/null
check_time=$(median "$WORK/check.json")

# --- jobs: one worker, and identical bytes ------------------------------------
rm -rf "$WORK/one" "$WORK/.one.blankslate"
hyperfine --runs 1 --prepare "rm -rf $WORK/one $WORK/.one.blankslate" --export-json "$WORK/one.json" \
  "$B build --site $WORK/site$N --output $WORK/one --no-cache --jobs 1 --quiet" >/dev/null
identical_jobs=$(diff -r -q "$WORK/one" "$WORK/fresh" >/dev/null && echo yes || echo NO)
one_time=$(median "$WORK/one.json")

# --- save-to-reload under serve, beside hugo server's rebuild of one page -------
# (after the comparisons of bytes above: each save edits the site.)
rm -rf "$WORK/serve-out" "$WORK/.serve-out.blankslate"
reload_json=$(python3 bench/reload.py "$B" "$WORK/site$N" "$WORK/serve-out" "$WORK/hugo$N" "$((RUNS * 2))")

# --- scaling ------------------------------------------------------------------
scaling=""
for size in 1000 10000 50000; do
  python3 bench/make_site.py "$size" "$WORK/scale$size" >/dev/null
  rm -rf "$WORK/scale-out" "$WORK/.scale-out.blankslate"
  line=$( { /usr/bin/time -f "%e %M" "$B" build --site "$WORK/scale$size" --output "$WORK/scale-out" --no-cache --quiet; } 2>&1 | tail -n 1)
  seconds=${line% *}
  kilobytes=${line#* }
  scaling+=$(python3 -c "import sys; n,s,k=int(sys.argv[1]),float(sys.argv[2]),int(sys.argv[3]); print(f'  {n:>6} renders: {s:6.2f} s, {s/n*1e6:5.0f} µs/render, peak {k/1024:6.1f} MB, {k/n:5.1f} KB/render')" "$size" "$seconds" "$kilobytes")$'\n'
  rm -rf "$WORK/scale$size" "$WORK/scale-out" "$WORK/.scale-out.blankslate"
done

# --- edges of the limits: the cost per unit of input stays flat ----------------
# Each shape at three sizes, doubling: time (one run) and output size per unit.
edges=""
for spec in "tags list 25000 50000 100000" "tags build 25000 50000 100000" "locales build 300 600 1200" \
  "designs build 1000 2000 4000" "attributes build 240 480 960" "attributes build 20000 40000 80000"; do
  read -r shape command sizes <<<"$spec"
  for size in $sizes; do
    python3 bench/pathological.py "$shape" "$size" "$WORK/edge" >/dev/null
    rm -rf "$WORK/edge-out" "$WORK/.edge-out.blankslate"
    args=(--site "$WORK/edge")
    [ "$command" = build ] && args+=(--output "$WORK/edge-out" --no-cache --quiet)
    /usr/bin/time -f "%e" -o "$WORK/edge-time" "$B" "$command" "${args[@]}" >/dev/null 2>&1 || true
    seconds=$(tail -n 1 "$WORK/edge-time")
    bytes=$(du -sb "$WORK/edge-out" 2>/dev/null | cut -f1 || echo 0)
    edges+=$(python3 -c "import sys; sh,c,n,s,b=sys.argv[1],sys.argv[2],int(sys.argv[3]),float(sys.argv[4]),int(sys.argv[5] or 0); print(f'  {sh:>10} {c:<5} {n:>6}: {s:6.2f} s, {s/n*1e6:7.1f} µs/unit, output {b/1e6:6.1f} MB, {b/n:8.0f} B/unit')" "$shape" "$command" "$size" "$seconds" "${bytes:-0}")$'\n'
    rm -rf "$WORK/edge" "$WORK/edge-out" "$WORK/.edge-out.blankslate"
  done
done

python3 - "$hugo_time" "$full_time" "$incremental_time" "$check_time" "$one_time" "$hugo_peak" "$ours_peak" "$N" "$files" "$reload_json" <<'PY'
import json, sys
hugo, full, inc, check, one, hugo_peak, ours_peak, n, files, reload = sys.argv[1:]
reload = json.loads(reload)
hugo, full, inc, check, one = map(float, (hugo, full, inc, check, one))
hugo_peak, ours_peak = int(hugo_peak) / 1024, int(ours_peak) / 1024
print(f"full build, {n} renders ({files} files): blankslate {full:.3f} s vs hugo {hugo:.3f} s = {full/hugo:.2f}x Hugo (target <= 0.5)")
print(f"peak memory: blankslate {ours_peak:.0f} MB vs hugo {hugo_peak:.0f} MB = {ours_peak/hugo_peak:.2f}x Hugo (target <= 1)")
print(f"incremental rebuild, one definition changed: {inc:.3f} s = {inc/full:.3f}x our full build (target <= 0.05)")
print(f"check of {n} unchanged renders: {check:.3f} s = {check/full:.2f}x our full build (target <= 0.3)")
print(f"--jobs 1: {one:.3f} s = {one/full:.2f}x the default jobs")
print(f"serve, save to reload event: {reload['ours']:.3f} s = {reload['ratio']:.3f}x our full build timed beside it "
      f"({reload['full']:.3f} s; {reload['ours']/full:.3f}x the full build above) (target <= 0.02); "
      f"hugo server, save to one page rebuilt: {reload['hugo']:.3f} s (its own figure {reload['hugo_own']:.3f} s) = "
      f"{reload['ours']/reload['hugo']:.3f}x")
PY
echo "incremental output identical to a full build: $identical_incremental; --jobs 1 output identical: $identical_jobs"
echo "scaling:"
printf '%s' "$scaling"
echo "edges of the limits (attributes past 1,000 on one element are refused):"
printf '%s' "$edges"
