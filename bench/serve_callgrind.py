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
import os, re, socket, subprocess, sys, time
bin_, site, out, cgout = sys.argv[1:5]
saves = int(sys.argv[5]) if len(sys.argv) > 5 else 1
sym = "$s14BlankslateSite0B7BuilderV5buildAA12BuildSummaryVyAA0E5ErrorOYKF"
p = subprocess.Popen(["valgrind", "--tool=callgrind", f"--callgrind-out-file={cgout}", f"--toggle-collect={sym}",
    bin_, "serve", "--site", site, "--output", out, "--port", "0", "--jobs", "1"],
    stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env={**os.environ, "NO_COLOR": "1", "CI": ""})
port = None
for line in p.stdout:
    m = re.search(r"Serving http://127\.0\.0\.1:(\d+)/", line)
    if m: port = int(m.group(1)); break
s = socket.create_connection(("127.0.0.1", port))
s.sendall(f"GET /_blankslate/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n\r\n".encode())
buf = b""
def until(marker):
    global buf
    while marker not in buf:
        buf += s.recv(65536)
    buf = buf[buf.index(marker) + len(marker):]
until(b"retry: 1000")
for _ in range(2):
    subprocess.run([sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "toggle.py"), site], check=True)
    until(b"event: reload")
    until(b"event: report")
time.sleep(1)
subprocess.run(["callgrind_control", "-z", str(p.pid)], check=True, stdout=subprocess.DEVNULL)
for _ in range(saves):
    subprocess.run([sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "toggle.py"), site], check=True)
    until(b"event: reload")
    until(b"event: report")
subprocess.run(["callgrind_control", "-d", str(p.pid)], check=True, stdout=subprocess.DEVNULL)
p.terminate(); p.wait()
