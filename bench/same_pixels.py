#!/usr/bin/env python3
"""Do two trees of SVG renders draw the same pixels? Measured in both viewers.

Usage: python3 bench/same_pixels.py BEFORE AFTER

For every SVG under AFTER with the same relative path under BEFORE (two
goldens trees, or two build outputs), draws both with rsvg-convert at 1x and
3x, and with headless Chromium at 1x (as `<img>`s tiled on a page, 24 to a
screenshot, each at its own size), and prints how many files and pixels
differ, file by file where they do. Exits 1 if any pixel differs.
Needs rsvg-convert and chromium on the PATH.
"""
import html
import os
import re
import struct
import subprocess
import sys
import tempfile
import zlib

before_root, after_root = sys.argv[1:3]


def pixels(path):
    """The RGB(A) bytes of a non-interlaced 8-bit PNG, and its channel count."""
    data = open(path, "rb").read()
    position, chunks, header = 8, b"", None
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        position += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            chunks += body
    width, height, _, colour = header
    channels = 4 if colour == 6 else 3
    raw, stride = zlib.decompress(chunks), width * channels
    out, previous, at = bytearray(), bytearray(stride), 0
    for _ in range(height):
        kind, row = raw[at], bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        for x in range(stride):
            a = row[x - channels] if x >= channels else 0
            b = previous[x]
            c = previous[x - channels] if x >= channels else 0
            if kind == 1:
                row[x] = (row[x] + a) & 255
            elif kind == 2:
                row[x] = (row[x] + b) & 255
            elif kind == 3:
                row[x] = (row[x] + ((a + b) >> 1)) & 255
            elif kind == 4:
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                row[x] = (row[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out += row
        previous = row
    return channels, out


def differing(first, second):
    """Pixels that differ between two PNGs, and by how much at most; (0, 0) for the same bytes."""
    if open(first, "rb").read() == open(second, "rb").read():
        return 0, 0
    channels, a = pixels(first)
    _, b = pixels(second)
    if len(a) != len(b):
        return -1, 255
    count = largest = 0
    for index in range(0, len(a), channels):
        difference = max(abs(a[index + k] - b[index + k]) for k in range(channels))
        if difference:
            count += 1
            largest = max(largest, difference)
    return count, largest


pairs = []
for folder, _, names in os.walk(after_root):
    for name in sorted(names):
        if name.endswith(".svg"):
            after = os.path.join(folder, name)
            before = os.path.join(before_root, os.path.relpath(after, after_root))
            if os.path.exists(before):
                pairs.append((before, after))
pairs.sort()
if not pairs:
    sys.exit("no SVG is in both trees")

failures = []
changed_bytes = 0
with tempfile.TemporaryDirectory() as work:
    a_png, b_png = os.path.join(work, "a.png"), os.path.join(work, "b.png")
    for before, after in pairs:
        if open(before, "rb").read() != open(after, "rb").read():
            changed_bytes += 1
        for zoom in ("1", "3"):
            subprocess.run(["rsvg-convert", "-z", zoom, "-o", a_png, before], check=True)
            subprocess.run(["rsvg-convert", "-z", zoom, "-o", b_png, after], check=True)
            count, largest = differing(a_png, b_png)
            if count:
                failures.append(f"{after}: rsvg-convert {zoom}x: {count} px differ (at most {largest}/255)")

    by_size = {}
    for pair in pairs:
        text = open(pair[1], encoding="utf-8").read(2000)
        width, height = re.search(r'<svg[^>]* width="([\d.]+)" height="([\d.]+)"', text).groups()
        by_size.setdefault((int(float(width)), int(float(height))), []).append(pair)
    columns, rows = 6, 4
    for (width, height), group in sorted(by_size.items()):
        for start in range(0, len(group), columns * rows):
            batch = group[start:start + columns * rows]
            shots = []
            for side in (0, 1):
                tiles = "".join(
                    f'<img src="file://{html.escape(os.path.abspath(pair[side]))}" width="{width}" height="{height}" '
                    f'style="position:absolute;left:{(n % columns) * width}px;top:{(n // columns) * height}px"/>'
                    for n, pair in enumerate(batch))
                page = os.path.join(work, f"page{side}.html")
                open(page, "w", encoding="utf-8").write(
                    f"<!DOCTYPE html><html><body style='margin:0;background:#fff'>{tiles}</body></html>")
                shot = os.path.join(work, f"shot{side}.png")
                subprocess.run(["chromium", "--headless", "--no-sandbox", "--hide-scrollbars",
                                "--force-device-scale-factor=1", f"--screenshot={shot}",
                                f"--window-size={columns * width},{rows * height}", "file://" + page],
                               check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                shots.append(shot)
            count, largest = differing(*shots)
            if count:
                names = ", ".join(os.path.relpath(pair[1], after_root) for pair in batch)
                failures.append(f"Chromium 1x, a page of {names}: {count} px differ (at most {largest}/255)")

print(f"{len(pairs)} SVGs in both trees, {changed_bytes} with other bytes; "
      f"drawn by rsvg-convert at 1x and 3x and by Chromium at 1x")
for failure in failures:
    print(failure)
print("same pixels" if not failures else f"{len(failures)} drawings differ")
sys.exit(1 if failures else 0)
