#!/usr/bin/env python3
"""Edit one property of one design, so each incremental rebuild sees one changed definition.

Each run writes a name no earlier build has seen ("Variant 0 (edit N)"), so
neither the published output nor the back buffer can already hold it.

Usage: python3 bench/toggle.py SITE
"""
import json
import os
import re
import sys

# bench/make_site.py names its designs design-NNNNN, bench/make_team_site.py screen-NNNNN.
path = f"{sys.argv[1]}/placeholders/design-00001.json"
if not os.path.exists(path):
    path = f"{sys.argv[1]}/placeholders/screen-00001.json"
with open(path) as f:
    design = json.load(f)
variant = design["variants"][0]
match = re.search(r"\(edit (\d+)\)$", variant["name"])
edit = int(match.group(1)) + 1 if match else 1
variant["name"] = f"Variant 0 (edit {edit})"
with open(path, "w") as f:
    json.dump(design, f, ensure_ascii=False, indent=1)
