#!/usr/bin/env python3
"""Instructions of serve's builds after saves: callgrind collecting inside SiteBuilder.build only.

Usage: python3 bench/serve_callgrind.py BLANKSLATE SITE OUTPUT CALLGRIND_OUT [SAVES]

Runs `serve --jobs 1` (every phase on the build's thread, so one function's
collection covers it) under valgrind, makes two warm-up saves
(bench/toggle.py's edit: the first save after a cold build links every design
into the back buffer), zeroes the counters, makes SAVES saves (3 by
default), each waiting for the page reload and the report, and dumps
CALLGRIND_OUT.1. Divide `callgrind_annotate`'s total by SAVES. valgrind 3.19
cannot read Swift 6.3's debug info: give it a copy made with
`objcopy --strip-debug`.
"""
import os, subprocess, sys, threading, time
import served
bin_, site, out, cgout = sys.argv[1:5]
saves = int(sys.argv[5]) if len(sys.argv) > 5 else 3
sym = "$s14BlankslateSite0B7BuilderV5buildAA12BuildSummaryVyAA0E5ErrorOYKF"
p, port = served.start(
    ["valgrind", "--tool=callgrind", f"--callgrind-out-file={cgout}", f"--toggle-collect={sym}",
     bin_, "serve", "--site", site, "--output", out, "--port", "0", "--jobs", "1"],
    env={**os.environ, "NO_COLOR": "1", "CI": ""})
threading.Thread(target=lambda: [None for _ in p.stdout], daemon=True).start()
events = served.Events(port)
until = events.until
toggle = os.path.join(os.path.dirname(os.path.abspath(__file__)), "toggle.py")


def save():
    """One save, until its page reload and the report after it."""
    subprocess.run([sys.executable, toggle, site], check=True)
    until(b"event: reload")
    until(b"event: report")


for _ in range(2):
    save()
time.sleep(1)
subprocess.run(["callgrind_control", "-z", str(p.pid)], check=True, stdout=subprocess.DEVNULL)
for _ in range(saves):
    save()
subprocess.run(["callgrind_control", "-d", str(p.pid)], check=True, stdout=subprocess.DEVNULL)
p.terminate(); p.wait()
