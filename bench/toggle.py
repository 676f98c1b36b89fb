#!/usr/bin/env python3
"""Flip one property of one design, so each incremental rebuild sees one changed definition.

Usage: python3 bench/toggle.py SITE
"""
import json
import sys

path = f"{sys.argv[1]}/placeholders/design-00001.json"
with open(path) as f:
    design = json.load(f)
variant = design["variants"][0]
variant["name"] = "Variant 0 (edited)" if variant["name"] == "Variant 0" else "Variant 0"
with open(path, "w") as f:
    json.dump(design, f, ensure_ascii=False, indent=1)
