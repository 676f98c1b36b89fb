#!/usr/bin/env python3
"""Blankslate on a site shaped like a real team's, beside Hugo, in one run.

Usage: python3 bench/team_bench.py BLANKSLATE HUGO_ANCHOR WORK [N] [PAIRS]

The site is bench/make_team_site.py's (N renders, default 10,000: many small
designs, every text its own, en/ja/ar at two text sizes, modern and seed
layouts, a few assets); Hugo builds its anchor of N pages. Each figure is
measured in interleaved pairs (Hugo, then ours, PAIRS times, default 5), so a
machine that speeds up or slows down moves both sides of a pair alike; the
median ratio and the spread of the pairs are printed. Peak memory is each
process's own (wait4's ru_maxrss). Everything is written under WORK (tmpfs).

Lines (the issue's, with their targets):
  full build, wall               ≤ 0.40× Hugo
  full build, one core           ≤ 0.45× (--jobs 1 vs GOMAXPROCS=1)
  peak memory                    ≤ 0.20× Hugo
  memory growth                  peak per render at 50k within 1.2× of 10k
  rebuild after one title edit   ≤ 0.03× our full build
  one locale added to site.json  ≤ 0.6× our full build
  check of an unchanged site     ≤ 0.2× our full build
  output per render              ≤ 14 KB (SVG, HTML, and the glyph outlines' share)
  serve, save to reload          ≤ 0.01× our full build (bench/reload.py)
Prints the lines, then one JSON object with every run.

TEAM_SITE_ARGS passes other axes to make_team_site.py, for another shape of
the same site: TEAM_SITE_ARGS="--locales en,ja --sizes large" is the issue's
(1,250 designs in two locales at one size).
"""
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

blankslate, anchor, work = sys.argv[1:4]
n = int(sys.argv[4]) if len(sys.argv) > 4 else 10000
pairs = int(sys.argv[5]) if len(sys.argv) > 5 else 5
here = os.path.dirname(os.path.abspath(__file__))
os.makedirs(work, exist_ok=True)
runs = {}


def timed(command, cwd=None, env=None):
    """Wall seconds and peak RSS (MB) of one process, which must succeed."""
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        sys.exit(f"{' '.join(command)} failed: {process.stderr.read().decode()[-2000:]}")
    return seconds, usage.ru_maxrss / 1024


def fresh(*paths):
    for path in paths:
        shutil.rmtree(path, ignore_errors=True)


shape = os.environ.get("TEAM_SITE_ARGS", "").split()
shape_name = "".join("-" + part.strip("-").replace(",", "+") for part in shape)


def site(size, name):
    path = os.path.join(work, name + shape_name)
    subprocess.run([sys.executable, os.path.join(here, "make_team_site.py"), str(size), path] + shape, check=True,
                   stdout=subprocess.DEVNULL)
    return path


def hugo_site(size):
    path = os.path.join(work, f"hugo{size}")
    if not os.path.isdir(path):
        subprocess.run([sys.executable, os.path.join(anchor, "make_site.py"), str(size), path], check=True,
                       stdout=subprocess.DEVNULL)
    return path


def ours_full(site_path, output, jobs=None):
    fresh(output, os.path.join(os.path.dirname(output), "." + os.path.basename(output) + ".blankslate"))
    command = [blankslate, "build", "--site", site_path, "--output", output, "--no-cache", "--quiet"]
    if jobs:
        command += ["--jobs", str(jobs)]
    return timed(command)


def hugo_full(path, output, one_core=False):
    fresh(output)
    env = dict(os.environ, GOMAXPROCS="1") if one_core else None
    return timed(["hugo", "--quiet", "-d", output], cwd=path, env=env)


def spread(ratios):
    return f"median {statistics.median(ratios):.2f}× (pairs {min(ratios):.2f}–{max(ratios):.2f})"


team = site(n, f"team{n}")
hugo = hugo_site(n)
out = os.path.join(work, "team-out")
hugo_out = os.path.join(work, "hugo-out")

# Full build, wall and peak memory, interleaved pairs.
hugo_full(hugo, hugo_out)
ours_full(team, out)
full_pairs = []
for _ in range(pairs):
    h = hugo_full(hugo, hugo_out)
    o = ours_full(team, out)
    full_pairs.append({"hugo": h, "ours": o})
runs["full"] = full_pairs
wall = [p["ours"][0] / p["hugo"][0] for p in full_pairs]
memory = [p["ours"][1] / p["hugo"][1] for p in full_pairs]
full_time = statistics.median(p["ours"][0] for p in full_pairs)
hugo_time = statistics.median(p["hugo"][0] for p in full_pairs)
print(f"full build, {n} renders: ours {full_time:.3f} s, hugo {hugo_time:.3f} s: {spread(wall)} (target ≤ 0.40)")
ours_mb = statistics.median(p["ours"][1] for p in full_pairs)
hugo_mb = statistics.median(p["hugo"][1] for p in full_pairs)
print(f"peak memory: ours {ours_mb:.0f} MB, hugo {hugo_mb:.0f} MB: {spread(memory)} (target ≤ 0.20)")

# One core each.
one_pairs = []
for _ in range(max(2, pairs // 2 + 1)):
    h = hugo_full(hugo, hugo_out, one_core=True)
    o = ours_full(team, out, jobs=1)
    one_pairs.append({"hugo": h, "ours": o})
runs["one-core"] = one_pairs
print(f"full build, one core (--jobs 1 vs GOMAXPROCS=1): {spread([p['ours'][0] / p['hugo'][0] for p in one_pairs])} "
      "(target ≤ 0.45)")

# Output per render.
ours_full(team, out)
svg = html = other = outline = 0
for root, _, files in os.walk(out):
    for name in files:
        path = os.path.join(root, name)
        size = os.path.getsize(path)
        if name.endswith(".svg") and "/designs/" in path:
            svg += size
            with open(path, encoding="utf-8") as f:
                outline += sum(len(d) for d in re.findall(r'<path[^>]* d="([^"]*)"', f.read()))
        elif name.endswith(".html") and "/designs/" in path:
            html += size
        else:
            other += size
total = svg + html + other
hugo_bytes = sum(os.path.getsize(os.path.join(r, f)) for r, _, fs in os.walk(hugo_out) for f in fs)
print(f"output per render: {total / n / 1000:.1f} KB (SVG {svg / n / 1000:.1f}, HTML {html / n / 1000:.1f}, "
      f"the rest {other / n / 1000:.1f}); glyph outlines {100 * outline / max(svg, 1):.0f} % of the SVGs; "
      f"{total / max(hugo_bytes, 1):.2f}× Hugo's bytes (target ≤ 14 KB)")

# Rebuild after one title edit (each edit a title no build has seen).
design = os.path.join(team, "placeholders", "screen-00001.json")
rebuilds = []
for edit in range(1, pairs + 2):
    with open(design, encoding="utf-8") as f:
        text = json.load(f)
    text["variants"][0]["title"]["en"] = f"No saved orders (edit {edit})"
    with open(design, "w", encoding="utf-8") as f:
        json.dump(text, f, ensure_ascii=False, indent=1)
    rebuilds.append(timed([blankslate, "build", "--site", team, "--output", out, "--quiet"]))
rebuild = statistics.median(r[0] for r in rebuilds[1:])
runs["rebuild"] = rebuilds
print(f"rebuild after one title edit: {rebuild:.3f} s = {rebuild / full_time:.3f}× our full build (target ≤ 0.03)")

# One locale added to site.json, against a full build timed beside it.
settings = os.path.join(team, "site.json")
with open(settings, encoding="utf-8") as f:
    original = f.read()
locale_runs = []
# Each run adds a locale no earlier build had, so neither the output nor its back buffer holds it.
for added_locale in ["de", "fr", "es", "ko", "it", "pt"][:max(2, pairs // 2 + 1)]:
    with open(settings, "w", encoding="utf-8") as f:
        f.write(original)
    timed([blankslate, "build", "--site", team, "--output", out, "--quiet"])
    timed([blankslate, "build", "--site", team, "--output", out, "--quiet"])
    grown = json.loads(original)
    grown["locales"].append(added_locale)
    with open(settings, "w", encoding="utf-8") as f:
        json.dump(grown, f, ensure_ascii=False)
    added = timed([blankslate, "build", "--site", team, "--output", out, "--quiet"])
    full = ours_full(team, os.path.join(work, "team-locale-full"))
    locale_runs.append({"added": added, "full": full})
with open(settings, "w", encoding="utf-8") as f:
    f.write(original)
runs["locale"] = locale_runs
print(f"one locale added to site.json: {spread([r['added'][0] / r['full'][0] for r in locale_runs])} "
      "of a full build of the same site (target ≤ 0.6)")

# check of an unchanged site.
timed([blankslate, "build", "--site", team, "--output", out, "--quiet"])
shutil.rmtree(os.path.join(team, "__snapshots__"), ignore_errors=True)
subprocess.run([blankslate, "record", "--site", team], check=True, stdout=subprocess.DEVNULL,
               env=dict(os.environ, CI=""))
checks = [timed([blankslate, "check", "--site", team, "--report", os.path.join(work, "team-report"),
                 "--gallery", out]) for _ in range(pairs)]
runs["check"] = checks
check = statistics.median(c[0] for c in checks)
print(f"check of an unchanged site: {check:.3f} s = {check / full_time:.2f}× our full build (target ≤ 0.2)")

# serve: save one definition → the reload event, against our full build timed beside it (bench/reload.py).
fresh(os.path.join(work, "team-serve"), os.path.join(work, ".team-serve.blankslate"))
reload = json.loads(subprocess.run(
    [sys.executable, os.path.join(here, "reload.py"), blankslate, team, os.path.join(work, "team-serve"), hugo,
     str(pairs * 2)], check=True, capture_output=True, text=True).stdout)
runs["reload"] = reload
print(f"serve, save to reload: {reload['ours']:.3f} s = {reload['ratio']:.3f}× our full build timed beside it "
      f"(target ≤ 0.01); hugo server, one page: {reload['hugo']:.3f} s")

# Memory growth: peak per render at 1k, 5k, 10k and 50k renders.
growth = []
for size in (1000, 5000, 10000, 50000):
    path = team if size == n else site(size, f"team-growth{size}")
    seconds, megabytes = ours_full(path, os.path.join(work, "team-growth-out"))
    growth.append({"renders": size, "seconds": seconds, "mb": megabytes})
    if path != team:
        shutil.rmtree(path, ignore_errors=True)
fresh(os.path.join(work, "team-growth-out"), os.path.join(work, ".team-growth-out.blankslate"))
runs["growth"] = growth
per = {g["renders"]: g["mb"] * 1024 / g["renders"] for g in growth}
print("memory growth: " + ", ".join(f"{g['mb']:.0f} MB at {g['renders'] // 1000}k ({g['mb'] * 1024 / g['renders']:.1f} "
                                     f"KB/render, {g['seconds'] / g['renders'] * 1e6:.0f} µs/render)" for g in growth)
      + f"; per render at 50k = {per[50000] / per[10000]:.2f}× at 10k (target ≤ 1.2)")
print(json.dumps(runs))
