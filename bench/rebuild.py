#!/usr/bin/env python3
"""Rebuild after one title edit, timed: each run writes a title no build has seen.

Usage: python3 bench/rebuild.py BLANKSLATE[,BLANKSLATE...] SITE OUTPUT [RUNS]

SITE is a bench/make_team_site.py site. One build per binary makes its
output (OUTPUT, or OUTPUT-2, OUTPUT-3... for the second and later binaries)
and its back buffer; then RUNS times (default 9): for each binary in turn,
edit screen-00001's first English title, build, time it. Binaries given
together alternate run by run, so the machine's drift moves them alike.
Prints, per binary, the median wall time and CPU time (user and system) of
all runs but the first (whose back buffer is a full build behind), and every run.
"""
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time

binaries = sys.argv[1].split(",")
site, output = sys.argv[2:4]
runs = int(sys.argv[4]) if len(sys.argv) > 4 else 9
outputs = [output if index == 0 else f"{output}-{index + 1}" for index in range(len(binaries))]
for blankslate, folder in zip(binaries, outputs):
    shutil.rmtree(folder, ignore_errors=True)
    state = os.path.join(os.path.dirname(folder), "." + os.path.basename(folder) + ".blankslate")
    shutil.rmtree(state, ignore_errors=True)
    subprocess.run([blankslate, "build", "--site", site, "--output", folder, "--quiet"], check=True)
path = os.path.join(site, "placeholders", "screen-00001.json")
times = [[] for _ in binaries]
cpu = [[] for _ in binaries]
for run in range(runs):
    for index, (blankslate, folder) in enumerate(zip(binaries, outputs)):
        with open(path, encoding="utf-8") as f:
            design = json.load(f)
        design["variants"][0]["title"]["en"] = f"No saved orders (rebuild {run} {time.time_ns()})"
        with open(path, "w", encoding="utf-8") as f:
            json.dump(design, f, ensure_ascii=False, indent=1)
        used = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run([blankslate, "build", "--site", site, "--output", folder, "--quiet"], check=True)
        times[index].append(time.perf_counter() - start)
        now = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu[index].append(now.ru_utime + now.ru_stime - used.ru_utime - used.ru_stime)
for blankslate, measured, spent in zip(binaries, times, cpu):
    print(
        f"{blankslate}: median {statistics.median(measured[1:]):.3f} s, CPU {statistics.median(spent[1:]):.3f} s; runs "
        + " ".join(f"{t:.3f}" for t in measured))
