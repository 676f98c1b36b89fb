#!/usr/bin/env python3
"""Rebuild after one title edit, timed: each run writes a title no build has seen.

Usage: python3 bench/rebuild.py BLANKSLATE SITE OUTPUT [RUNS]

SITE is a bench/make_team_site.py site. One build makes OUTPUT (and its back
buffer); then RUNS times (default 9): edit screen-00001's first English title,
build, time it. Prints the median of all runs but the first (whose back buffer
is a full build behind) and every run. Run two binaries alternately to compare them.
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

blankslate, site, output = sys.argv[1:4]
runs = int(sys.argv[4]) if len(sys.argv) > 4 else 9
shutil.rmtree(output, ignore_errors=True)
shutil.rmtree(os.path.join(os.path.dirname(output), "." + os.path.basename(output) + ".blankslate"), ignore_errors=True)
subprocess.run([blankslate, "build", "--site", site, "--output", output, "--quiet"], check=True)
path = os.path.join(site, "placeholders", "screen-00001.json")
times = []
for run in range(runs):
    with open(path, encoding="utf-8") as f:
        design = json.load(f)
    design["variants"][0]["title"]["en"] = f"No saved orders (rebuild {run} {time.time_ns()})"
    with open(path, "w", encoding="utf-8") as f:
        json.dump(design, f, ensure_ascii=False, indent=1)
    start = time.perf_counter()
    subprocess.run([blankslate, "build", "--site", site, "--output", output, "--quiet"], check=True)
    times.append(time.perf_counter() - start)
print(f"{blankslate}: median {statistics.median(times[1:]):.3f} s; runs " + " ".join(f"{t:.3f}" for t in times))
