#!/usr/bin/env python3
"""One save under `blankslate serve`, to the report that follows it.

Usage: python3 bench/report_time.py BLANKSLATE SITE RUNS

Starts `serve` on SITE (its goldens recorded), saves one definition RUNS
times, and prints the serve process's CPU time per save (build and report's
check together) and the median wall time from the save to the event stream's
`report`.
"""
import subprocess, sys, time, socket, os, re, statistics, threading, queue
binary, site, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
work = os.path.dirname(site)
p = subprocess.Popen([binary, "serve", "--port", "0", "--site", site, "--output", os.path.join(work, "_site")], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=work, env={**os.environ, "CI": "", "NO_COLOR": "1"})
port = None
for line in p.stdout:
    m = re.search(r"Serving http://127.0.0.1:(\d+)/", line)
    if m: port = int(m.group(1)); break
s = socket.create_connection(("127.0.0.1", port))
s.sendall(f"GET /_blankslate/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
q = queue.Queue()
def reader():
    buf = b""
    while True:
        d = s.recv(65536)
        if not d: break
        buf += d
        while b"\n\n" in buf:
            ev, buf = buf.split(b"\n\n", 1)
            if b"event: report" in ev: q.put(("report", time.monotonic()))
            if b"event: reload" in ev: q.put(("reload", time.monotonic()))
threading.Thread(target=reader, daemon=True).start()
time.sleep(1)
defs = sorted(os.listdir(os.path.join(site, "placeholders")))
target = os.path.join(site, "placeholders", defs[len(defs)//2])
original = open(target).read()
def cpu():
    f = open("/proc/%d/stat" % p.pid).read().rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")
cpu0 = cpu()
times = []
for i in range(runs):
    text = original.replace('"', '"', 1)
    new = original.replace("Nothing", "Nothing %d" % i, 1) if "Nothing" in original else original.replace('"name": "', '"name": "x%d ' % i, 1)
    while not q.empty(): q.get()
    start = time.monotonic()
    open(target, "w").write(new)
    got = None
    while True:
        kind, t = q.get(timeout=120)
        if kind == "report": got = t; break
    times.append(got - start)
cpu1 = cpu()
open(target, "w").write(original)
p.terminate()
print("cpu per save %.3f s" % ((cpu1 - cpu0) / runs))
print("median save->report %.3f s  (runs: %s)" % (statistics.median(times), ", ".join("%.3f" % t for t in times)))
