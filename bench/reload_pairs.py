#!/usr/bin/env python3
"""Save to reload under `serve` for several binaries, alternating, on one site.

Usage: python3 bench/reload_pairs.py BIN1,BIN2[,…] SITE OUTPUT ROUNDS SAVES

Each round starts each binary's `serve` in turn on a fresh OUTPUT and makes
SAVES saves (bench/toggle.py's edit), timing each from the save to the
event stream's `reload` (waiting for the report before the next), as
bench/reload.py does; prints every save's milliseconds, then each binary's
median per round and the median of those. Alternating puts both binaries in
the same spells of a shared machine.
"""
import os, statistics, subprocess, sys, threading, time
import served
bins = sys.argv[1].split(","); site, out = sys.argv[2], sys.argv[3]; rounds = int(sys.argv[4]); saves = int(sys.argv[5])
def run(b):
    subprocess.run(["rm", "-rf", out, os.path.join(os.path.dirname(out), "." + os.path.basename(out) + ".blankslate")])
    p, port = served.start([b, "serve", "--site", site, "--output", out, "--port", "0"],
                           env={**os.environ, "NO_COLOR": "1", "CI": ""})
    threading.Thread(target=lambda: [None for _ in p.stdout], daemon=True).start()
    until = served.Events(port).until
    times = []
    for _ in range(saves):
        subprocess.run([sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "toggle.py"), site], check=True)
        t = time.perf_counter(); until(b"event: reload"); times.append(time.perf_counter() - t); until(b"event: report")
    p.terminate(); p.wait()
    return times
res = {b: [] for b in bins}
for r in range(rounds):
    for b in bins:
        t = run(b); res[b].append(statistics.median(t)); print(b, " ".join(f"{x*1000:.0f}" for x in t), flush=True)
for b in bins: print(b, "medians", " ".join(f"{x*1000:.1f}" for x in res[b]), "->", f"{statistics.median(res[b])*1000:.1f} ms")
