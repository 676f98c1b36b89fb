#!/usr/bin/env python3
"""Save-to-reload under `blankslate serve`, beside `hugo server` in the same run.

Usage: python3 bench/reload.py BLANKSLATE SITE OUTPUT HUGO_SITE [RUNS]

Ours: from the moment one definition is saved (bench/toggle.py's edit, written
and closed) to the moment the server's event stream says `reload` to a page
that is listening, the wall time a designer waits. Each run waits for the
report that follows (it is not timed) before the next save.

Hugo's: `hugo server` (rendering to memory, its default) of the anchor; from
saving one content page to the line Hugo prints when that rebuild is done
("Total in N ms"); Hugo's own figure N is printed beside it.

The line it is held to is a ratio to our own cold full build of the same
site (`build --no-cache`, no output and no back buffer beforehand), so the
full build is timed here too, in the same run, its runs interleaved with
nothing else.

With RAPID=1 in the environment, each save comes as soon as the page
reloads, without waiting for the report (saves in quick succession).

Prints one JSON object: the medians in seconds, the ratio, and every run.
"""
import json
import os
import re
import queue
import statistics
import subprocess
import sys
import threading
import time

from served import Events

blankslate, site, output, hugo_site = sys.argv[1:5]
runs = int(sys.argv[5]) if len(sys.argv) > 5 else 10
# RAPID=1: each save comes as soon as the page reloads, while the report of every render is still being checked.
rapid = os.environ.get("RAPID") == "1"
here = os.path.dirname(os.path.abspath(__file__))


def follow(process):
    """`process`'s output lines, gathered by a thread as they come."""
    process.lines = queue.Queue()

    def pump():
        for line in process.stdout:
            process.lines.put(line)
        process.lines.put(None)

    threading.Thread(target=pump, daemon=True).start()
    return process


def lines_until(process, pattern, timeout=300):
    """Reads `process`'s output until a line matches; the match."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            line = process.lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            line = None
        if line is None:
            raise SystemExit(f"bench: never saw {pattern!r}")
        found = re.search(pattern, line)
        if found:
            return found


def ours():
    server = follow(subprocess.Popen(
        [blankslate, "serve", "--site", site, "--output", output, "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env={**os.environ, "NO_COLOR": "1", "CI": ""}))
    try:
        port = int(lines_until(server, r"Serving http://127\.0\.0\.1:(\d+)/").group(1))
        # The first build and its report are done before the server says where it is.
        events = Events(port)
        times = []
        for _ in range(runs):
            subprocess.run([sys.executable, os.path.join(here, "toggle.py"), site], check=True)
            start = time.perf_counter()
            events.until(b"event: reload")
            times.append(time.perf_counter() - start)
            if not rapid:
                events.until(b"event: report")
        return times
    finally:
        server.terminate()
        server.wait()


def hugo():
    page = sorted(os.listdir(os.path.join(hugo_site, "content", "screens")))[1]
    path = os.path.join(hugo_site, "content", "screens", page)
    with open(path) as f:
        original = f.read()
    server = follow(subprocess.Popen(
        ["hugo", "server", "--port", "0", "--bind", "127.0.0.1", "--disableFastRender=false", "--quiet=false"],
        cwd=hugo_site, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True))
    try:
        lines_until(server, r"Web Server is available")
        times, own = [], []
        for run in range(runs):
            with open(path, "w") as f:
                f.write(original + f"\nEdited {run}.\n")
            start = time.perf_counter()
            found = lines_until(server, r"Total in (\d+(?:\.\d+)?) ms")
            times.append(time.perf_counter() - start)
            own.append(float(found.group(1)) / 1000)
        return times, own
    finally:
        server.terminate()
        server.wait()
        with open(path, "w") as f:
            f.write(original)


def full_builds():
    """Our cold full build of the same site, timed the same way (wall time)."""
    scratch = output + ".full"
    times = []
    for _ in range(max(3, runs // 2)):
        for path in (scratch, os.path.join(os.path.dirname(scratch), "." + os.path.basename(scratch) + ".blankslate")):
            subprocess.run(["rm", "-rf", path], check=True)
        start = time.perf_counter()
        subprocess.run([blankslate, "build", "--site", site, "--output", scratch, "--no-cache", "--quiet"], check=True)
        times.append(time.perf_counter() - start)
    subprocess.run(["rm", "-rf", scratch, os.path.join(os.path.dirname(scratch), "." + os.path.basename(scratch) + ".blankslate")],
                   check=True)
    return times


full_times = full_builds()
ours_times = ours()
hugo_times, hugo_own = hugo()
print(json.dumps({
    "ours": statistics.median(ours_times), "full": statistics.median(full_times),
    "ratio": statistics.median(ours_times) / statistics.median(full_times),
    "hugo": statistics.median(hugo_times), "hugo_own": statistics.median(hugo_own),
    "runs": {"ours": ours_times, "full": full_times, "hugo": hugo_times, "hugo_own": hugo_own},
}))
