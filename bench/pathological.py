#!/usr/bin/env python3
"""Sites at the edges of the limits, for bench/bench.sh's linearity figures.

    pathological.py SHAPE SCALE OUT

SHAPE is one of:
  tags       one design with SCALE tags (the 1 MiB definition limit allows ~100k)
  attributes one asset whose root element has SCALE attributes
  locales    one design in SCALE locales
  designs    SCALE designs with five tags each (a tag filter on every index page)
Each shape's cost should grow linearly with SCALE.
"""
import json
import os
import sys


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def main():
    shape, scale, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    site = {"devices": ["iphone-se"], "themes": ["light"], "locales": ["en"]}
    if shape == "tags":
        design = {"layout": "message", "tags": ["t%d" % i for i in range(scale)]}
        write(f"{out}/placeholders/tags.json", json.dumps(design))
    elif shape == "attributes":
        attributes = " ".join('data-a%d="%d"' % (i, i) for i in range(scale))
        svg = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4" {attributes}><rect width="4" height="4"/></svg>'
        write(f"{out}/assets/wide.svg", svg)
        write(f"{out}/placeholders/wide.json", json.dumps({"layout": "message", "image": "assets/wide.svg"}))
        site["limits"] = {"assetSize": 50 << 20}
    elif shape == "locales":
        locales = ["en-v%d" % i for i in range(scale)]
        site["locales"] = locales
        design = {"layout": "message", "message": {locale: "Nothing in %s" % locale for locale in locales}}
        write(f"{out}/placeholders/many.json", json.dumps(design))
    elif shape == "designs":
        for i in range(scale):
            design = {"layout": "message", "name": "Design %d" % i, "tags": ["tag-%d-%d" % (i, k) for k in range(5)]}
            write(f"{out}/placeholders/d{i:05d}.json", json.dumps(design))
    else:
        sys.exit(f"unknown shape {shape}")
    write(f"{out}/site.json", json.dumps(site))


if __name__ == "__main__":
    main()
