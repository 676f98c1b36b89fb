#!/usr/bin/env python3
"""Would drawing each repeated glyph once (`<use>`) keep the pixels? Measured, not assumed.

Usage: python3 bench/glyph_reuse.py SVG... (goldens or published renders)

Each SVG's text lines are one `<path>` of glyph outlines, every glyph written
where it sits. This rewrites each SVG with every outline that occurs more than
once defined once in `<defs>` and drawn by `<use>`, in two ways:

  group  each line a `<g>` of the glyphs drawn alone and the reused ones
  clip   each line a clip path of the same pieces, filled by one rectangle

then draws the original and both rewrites with rsvg-convert (at 1x and 3x) and
headless Chromium (1x), and prints, per file and form, the bytes saved and how
many pixels differ from the original's, and by how much at most (0-255).
Needs rsvg-convert and chromium on the PATH.
"""
import os
import re
import struct
import subprocess
import sys
import tempfile
import zlib

LINE = re.compile(r'<path role="img" aria-label="([^"]*)"([^>]*) d="([^"]*)"/>')
GLYPH = re.compile(r'M(-?\d+)( ?-?\d+)([^M]*)')


def glyphs(d):
    return [(int(m.group(1)), int(m.group(2)), m.group(3)) for m in GLYPH.finditer(d)]


def rewrite(svg, form):
    lines = list(LINE.finditer(svg))
    count = {}
    for line in lines:
        for _, _, body in glyphs(line.group(3)):
            count[body] = count.get(body, 0) + 1
    ids = {body: f"g{index}" for index, body in enumerate(b for b, n in count.items() if n > 1)}
    out = svg
    for number, line in reversed(list(enumerate(lines))):
        placed = glyphs(line.group(3))
        if not any(body in ids for _, _, body in placed):
            continue
        alone = "".join(f"M{x} {y}{body}" for x, y, body in placed if body not in ids)
        uses = "".join(f'<use href="#{ids[body]}" x="{x}" y="{y}"/>' for x, y, body in placed if body in ids)
        pieces = (f'<path d="{alone}"/>' if alone else "") + uses
        label, attributes = line.group(1), line.group(2)
        if form == "group":
            # Group opacity, so overlapping pieces are not darkened twice.
            attributes = attributes.replace("fill-opacity=", "opacity=")
            replacement = f'<g role="img" aria-label="{label}"{attributes}>{pieces}</g>'
        else:
            fill = re.search(r' fill="[^"]*"( fill-opacity="[^"]*")?', attributes).group(0)
            transform = re.search(r' transform="[^"]*"', attributes).group(0)
            replacement = (f'<clipPath id="c{number}"{transform}>{pieces}</clipPath>'
                           f'<rect role="img" aria-label="{label}" width="100%" height="100%"{fill} '
                           f'clip-path="url(#c{number})"/>')
        out = out[:line.start()] + replacement + out[line.end():]
    if ids:
        defs = "".join(f'<path id="{name}" d="M0 0{body}"/>' for body, name in ids.items())
        at = out.index('<rect id="bs-background"')
        out = out[:at] + "<defs>" + defs + "</defs>\n" + out[at:]
    return out


def pixels(path):
    """The RGB(A) bytes of a non-interlaced 8-bit PNG."""
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


def compare(first, second):
    channels, a = pixels(first)
    _, b = pixels(second)
    if len(a) != len(b):
        return "sizes differ"
    differing = largest = 0
    for index in range(0, len(a), channels):
        difference = max(abs(a[index + k] - b[index + k]) for k in range(channels))
        if difference:
            differing += 1
            largest = max(largest, difference)
    return f"{differing} px differ (at most {largest})"


def draw(svg, png, zoom, width, height):
    if zoom == "chromium":
        subprocess.run(["chromium", "--headless", "--no-sandbox", "--hide-scrollbars", f"--screenshot={png}",
                        f"--window-size={width},{height}", "file://" + svg], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    else:
        subprocess.run(["rsvg-convert", "-z", zoom, "-o", png, svg], check=True)


with tempfile.TemporaryDirectory() as work:
    for source in sys.argv[1:]:
        text = open(source, encoding="utf-8").read()
        width, height = re.search(r'<svg[^>]* width="([\d.]+)" height="([\d.]+)"', text).groups()
        original = os.path.join(work, "original.svg")
        open(original, "w", encoding="utf-8").write(text)
        for form in ("group", "clip"):
            rewritten = os.path.join(work, form + ".svg")
            new = rewrite(text, form)
            open(rewritten, "w", encoding="utf-8").write(new)
            saved = 100 * (len(text) - len(new)) / len(text)
            results = []
            for zoom in ("1", "3", "chromium"):
                draw(original, os.path.join(work, "a.png"), zoom, width, height)
                draw(rewritten, os.path.join(work, "b.png"), zoom, width, height)
                name = "chromium" if zoom == "chromium" else f"rsvg {zoom}x"
                results.append(f"{name}: {compare(os.path.join(work, 'a.png'), os.path.join(work, 'b.png'))}")
            print(f"{os.path.basename(source)} {form}: {saved:.0f} % fewer bytes; " + "; ".join(results))
