#!/usr/bin/env python3
"""Write a site shaped like a real team's, with about N renders, deterministically.

Usage:  python3 bench/make_team_site.py N OUTDIR [--seed 7] [--locales en,ja,ar] [--sizes large,accessibilityExtraExtraExtraLarge]

Many small designs of four variants each, every title and message its own
(no two texts alike, so nothing is shaped twice by luck), in English,
Japanese and Arabic at two text sizes on one device: 6 renders per variant,
24 per design, so N renders need N / 24 designs. Four designs in five use the
modern content-unavailable layout (symbols, buttons, states), the fifth one
of the four seed layouts; a few designs draw one of three SVG assets. The
same N and seed give byte-identical files.

--locales and --sizes choose other axes (the texts exist in en, ja and ar);
N still counts renders, so fewer axes make more designs. The issue's own
shape, 1,250 designs of four variants in two locales at one size:
    python3 bench/make_team_site.py 10000 OUTDIR --locales en,ja --sizes large
"""
import json
import os
import random
import shutil
import sys

NOUNS_EN = ["orders", "recipes", "messages", "photos", "playlists", "invoices", "tickets", "bookmarks", "drafts",
            "reminders", "receipts", "contacts", "workouts", "notes", "files", "reviews", "coupons", "trips"]
ADJ_EN = ["saved", "shared", "recent", "archived", "pinned", "starred", "offline", "synced", "flagged", "new"]
PLACES_EN = ["this week", "in this folder", "for this account", "on this device", "in your library",
             "from your team", "since your last visit", "in this project"]
NOUNS_JA = ["注文", "レシピ", "メッセージ", "写真", "プレイリスト", "請求書", "チケット", "ブックマーク", "下書き",
            "リマインダー", "領収書", "連絡先", "ワークアウト", "メモ", "ファイル", "レビュー", "クーポン", "旅行"]
ADJ_JA = ["保存済みの", "共有された", "最近の", "アーカイブ済みの", "ピン留めした", "お気に入りの", "オフラインの",
          "同期済みの", "フラグ付きの", "新しい"]
PLACES_JA = ["今週", "このフォルダに", "このアカウントに", "このデバイスに", "ライブラリに", "チームから",
             "前回の訪問以降", "このプロジェクトに"]
NOUNS_AR = ["طلبات", "وصفات", "رسائل", "صور", "قوائم تشغيل", "فواتير", "تذاكر", "إشارات مرجعية", "مسودات",
            "تذكيرات", "إيصالات", "جهات اتصال", "تمارين", "ملاحظات", "ملفات", "مراجعات", "قسائم", "رحلات"]
ADJ_AR = ["محفوظة", "مشتركة", "حديثة", "مؤرشفة", "مثبتة", "مميزة", "غير متصلة", "متزامنة", "معلّمة", "جديدة"]
PLACES_AR = ["هذا الأسبوع", "في هذا المجلد", "لهذا الحساب", "على هذا الجهاز", "في مكتبتك", "من فريقك",
             "منذ زيارتك الأخيرة", "في هذا المشروع"]
SYMBOLS = ["tray", "heart", "magnifyingglass", "wifi.slash", "bell", "doc.text", "cart", "photo", "folder", "star"]
STATES = ["noData", "hasError", "offline", "loading", "noResults"]
SEEDS = ["blank-page", "message", "no-network", "table"]


def texts(index, variant):
    """A title and a message no other design or variant has: the numbers make each unique."""
    n = NOUNS_EN[index % len(NOUNS_EN)]
    a = ADJ_EN[(index // len(NOUNS_EN)) % len(ADJ_EN)]
    p = PLACES_EN[(index + variant) % len(PLACES_EN)]
    ja_n, ja_a, ja_p = NOUNS_JA[index % 18], ADJ_JA[(index // 18) % 10], PLACES_JA[(index + variant) % 8]
    ar_n, ar_a, ar_p = NOUNS_AR[index % 18], ADJ_AR[(index // 18) % 10], PLACES_AR[(index + variant) % 8]
    number = index * 4 + variant
    title = {"en": f"No {a} {n} ({number})", "ja": f"{ja_a}{ja_n}はありません（{number}）",
             "ar": f"لا توجد {ar_n} {ar_a} ({number})"}
    message = {
        "en": f"Your {a} {n} {p} will appear here once you add them. Reference {number}.",
        "ja": f"{ja_p}{ja_a}{ja_n}を追加すると、ここに表示されます。参照番号{number}。",
        "ar": f"ستظهر {ar_n} {ar_a} {ar_p} هنا بعد إضافتها. المرجع {number}.",
    }
    return title, message


def modern(rnd, index):
    design = {"id": f"screen-{index:05d}", "name": f"Screen {index}", "layout": "content-unavailable",
              "tags": [NOUNS_EN[index % len(NOUNS_EN)]], "variants": []}
    for v in range(4):
        title, message = texts(index, v)
        variant = {"id": ["empty", "error", "offline", "search"][v], "name": f"Variant {v}",
                   "state": STATES[(index + v) % len(STATES)], "title": title, "message": message}
        if v == 0:
            variant["image"] = ("assets/" + ["box.svg", "cloud.svg", "pin.svg"][index % 3]) if index % 7 == 0 \
                else "symbol:" + SYMBOLS[index % len(SYMBOLS)]
        else:
            variant["image"] = "symbol:" + SYMBOLS[(index + v) % len(SYMBOLS)]
        if variant["state"] == "noResults":
            variant["query"] = {"en": f"query {index}", "ja": f"検索{index}", "ar": f"بحث {index}"}
        if rnd.random() < 0.6:
            variant["buttons"] = [{"title": {"en": f"Add {NOUNS_EN[(index + v) % 18]}",
                                             "ja": f"{NOUNS_JA[(index + v) % 18]}を追加",
                                             "ar": f"إضافة {NOUNS_AR[(index + v) % 18]}"}}]
        design["variants"].append(variant)
    return design


def seed(rnd, index):
    layout = SEEDS[index % len(SEEDS)]
    design = {"id": f"screen-{index:05d}", "name": f"Screen {index}", "layout": layout, "variants": []}
    for v in range(4):
        title, message = texts(index, v)
        variant = {"id": f"v{v}", "name": f"Variant {v}", "message": message}
        if layout in ("message", "no-network", "table"):
            variant["title"] = title
        if layout == "blank-page":
            variant["state"] = ["noData", "hasError", "noData", "hasError"][v]
        design["variants"].append(variant)
    return design


ASSET = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="120" height="120">
<rect x="10" y="10" width="100" height="100" rx="{r}" fill="#{c}"/><circle cx="60" cy="60" r="{s}" fill="#FFFFFF"/></svg>
"""


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    n = int(sys.argv[1])
    out = sys.argv[2]
    seed_value = int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else 7
    locales = sys.argv[sys.argv.index("--locales") + 1].split(",") if "--locales" in sys.argv else ["en", "ja", "ar"]
    sizes = (sys.argv[sys.argv.index("--sizes") + 1].split(",") if "--sizes" in sys.argv
             else ["large", "accessibilityExtraExtraExtraLarge"])
    unknown = set(locales) - {"en", "ja", "ar"}
    if unknown:
        sys.exit(f"make_team_site: no texts in {', '.join(sorted(unknown))} (en, ja and ar exist)")
    rnd = random.Random(seed_value)
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(os.path.join(out, "placeholders"))
    os.makedirs(os.path.join(out, "assets"))
    for name, (r, c, s) in {"box.svg": (12, "5E5CE6", 20), "cloud.svg": (40, "30B0C7", 30),
                            "pin.svg": (60, "FF9F0A", 14)}.items():
        with open(os.path.join(out, "assets", name), "w") as f:
            f.write(ASSET.format(r=r, c=c, s=s))
    with open(os.path.join(out, "site.json"), "w") as f:
        json.dump({"title": "Team app", "devices": ["iphone-15"], "themes": ["light"], "locales": locales,
                   "textSizes": sizes,
                   "limits": {"renders": max(n * 2, 10000)}}, f, ensure_ascii=False)
    per_design = 4 * len(locales) * len(sizes)
    designs = max(1, round(n / per_design))
    for index in range(designs):
        design = seed(rnd, index) if index % 5 == 4 else modern(rnd, index)
        with open(os.path.join(out, "placeholders", f"screen-{index:05d}.json"), "w") as f:
            json.dump(design, f, ensure_ascii=False, indent=1)
    print(f"{designs} designs, {designs * per_design} renders")


if __name__ == "__main__":
    main()
