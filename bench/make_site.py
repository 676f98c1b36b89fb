#!/usr/bin/env python3
"""Write a synthetic Blankslate site with about N renders, deterministically.

Usage:  python3 bench/make_site.py N OUTDIR [--seed 42]

Every layout (content-unavailable with states, symbols and buttons), several variants per design, long and CJK texts, two devices,
both themes and two locales: 8 renders per variant, 5 variants per design, so
N renders need N / 40 designs. The same N and seed give byte-identical files.
"""
import json
import os
import random
import shutil
import sys

TITLES = ["No Data", "Nothing Here Yet", "No Results", "Inbox Zero", "No Connection", "暂无数据",
          "データがありません", "Keine Einträge", "Aucun résultat", "您似乎迷路了"]
MESSAGES = ["Pull to refresh or try again later.",
            "Items you add will show up here, sorted by the date you added them, newest first.",
            "Try a different search term & check spelling.",
            "Check your network connection and retry. If the problem persists, contact support <help>.",
            "请稍后再试。", "这里还没有任何内容，添加第一条记录后会显示在这里。", "Nothing to see \"here\" yet."]
COLORS = ["#007AFF", "#34C759", "#FF9500", "#FF3B30", "#AF52DE", "label", "secondaryLabel", "#8E8E93"]
IMAGES = ["builtin:blankpage_6", "builtin:blankpage_13", "builtin:404notfound", "builtin:note_list_no_data",
          "builtin:wifi_off", "builtin:search_empty"]
LAYOUTS = ["blank-page", "message", "no-network", "table", "content-unavailable"]
SYMBOLS = ["symbol:tray", "symbol:heart", "symbol:magnifyingglass", "symbol:wifi.slash", "symbol:bell.slash",
           "symbol:doc.text", "symbol:cart", "symbol:photo"]


def text(rnd, pool):
    english = rnd.choice([t for t in pool if t.isascii()])
    chinese = rnd.choice([t for t in pool if not t.isascii()])
    return {"zh-Hans": chinese, "en": english}


def variant(rnd, layout, index):
    v = {"id": f"v{index}", "name": f"Variant {index}"}
    if layout == "blank-page":
        v["state"] = rnd.choice(["noData", "hasError", "hasError", "noData", "hasData"])
        v["message"] = text(rnd, MESSAGES)
        v["messageColor"] = rnd.choice(COLORS)
    elif layout == "message":
        choice = rnd.randrange(5)
        if choice == 0:
            v["image"] = rnd.choice(IMAGES)
            v["offsetY"] = rnd.choice([-80, -40, 0, 40])
        elif choice == 1:
            v["customView"] = {"size": [200, 100], "background": "cyan", "text": text(rnd, TITLES)}
        elif choice == 2:
            v["loading"] = True
        elif choice == 3:
            v["headerHeight"] = rnd.choice([80, 120, 180])
            v["image"] = rnd.choice(IMAGES)
        v["message"] = text(rnd, MESSAGES)
        v["messageColor"] = rnd.choice(COLORS)
    elif layout == "no-network":
        v["title"] = text(rnd, TITLES)
        v["message"] = text(rnd, MESSAGES)
        if rnd.random() < 0.4:
            v["toast"] = text(rnd, MESSAGES)
        v["button"] = {"title": {"zh-Hans": "重新查看", "en": "Try again"}, "background": rnd.choice(COLORS[:5])}
    elif layout == "content-unavailable":
        v["state"] = rnd.choice(["noData", "noResults", "offline", "hasError", "loading", "noData"])
        if v["state"] == "noResults":
            v["query"] = text(rnd, TITLES)
        elif v["state"] == "noData":
            v["image"] = rnd.choice(SYMBOLS)
            v["imageTint"] = {"light": rnd.choice(COLORS[:5]), "dark": rnd.choice(COLORS[:5])}
            v["title"] = text(rnd, TITLES)
            v["message"] = text(rnd, MESSAGES)
            v["buttons"] = [{"title": text(rnd, TITLES)}, {"title": text(rnd, TITLES), "style": "plain"}]
            v["spacing"] = {"imageToTitle": rnd.choice([12, 16, 20])}
            v["textAlignment"] = rnd.choice(["center", "natural"])
    else:
        v["sections"] = rnd.choice([[0], [0, 0], [3, 5], [12]])
        v["scrollEnabled"] = rnd.random() < 0.5
        v["message"] = text(rnd, MESSAGES)
        v["image"] = rnd.choice(IMAGES)
    return v


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    n = int(sys.argv[1])
    out = sys.argv[2]
    seed = int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else 42
    rnd = random.Random(seed)
    designs = max(1, n // 40)
    if os.path.exists(out):
        shutil.rmtree(out)
    os.makedirs(os.path.join(out, "placeholders"))
    with open(os.path.join(out, "site.json"), "w") as f:
        json.dump({"title": f"Benchmark: {designs * 40} renders", "devices": ["iphone-se", "iphone-15"],
                   "themes": ["light", "dark"], "locales": ["zh-Hans", "en"]}, f, ensure_ascii=False, indent=1)
    for i in range(designs):
        layout = LAYOUTS[i % len(LAYOUTS)]
        design = {"id": f"design-{i:05d}", "name": f"Design {i}: {rnd.choice(TITLES)}", "layout": layout,
                  "tags": rnd.sample(["orders", "search", "inbox", "cart", "offline", "photos", "profile"], 2),
                  "chrome": {"navigationTitle": text(rnd, TITLES)},
                  "variants": [variant(rnd, layout, k) for k in range(5)]}
        with open(os.path.join(out, "placeholders", f"design-{i:05d}.json"), "w") as f:
            json.dump(design, f, ensure_ascii=False, indent=1, sort_keys=False)
    print(f"{designs} designs, {designs * 5} variants, {designs * 40} renders in {out}")


if __name__ == "__main__":
    main()
