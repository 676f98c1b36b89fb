import BlankslateCore
import BlankslateCoreTestSupport
import BlankslateSite
import BlankslateSupport
import BlankslateTestSupport
import BlankslateValidation
import Foundation
import Testing

/// What is measured is what is drawn: every render of a site opened in
/// headless Chromium, its drawn text compared with the frame the layout gave
/// it, in the standalone SVG and in the live HTML rendition; and rsvg-convert's
/// drawing of an SVG compared with Chromium's, pixel by pixel.
@Suite(
  "Text is drawn inside its frame", .serialized,
  .enabled(
    if: Chromium.testsRun, "Chromium is not installed; install it (apt-get install chromium) to run the browser tests"))
struct TextFrameBrowserTests {
  /// How far drawn text may stray from its frame, in points.
  static let tolerance = 0.5

  /// A site with the hardest texts: long German, Arabic with Latin inside,
  /// CJK, and the en-XA pseudo-locale, on the smallest and largest phones.
  /// Written into a folder of this process, replaced on each use, so runs leave no folders behind.
  static func stressSite(named name: String = "stress") throws -> URL {
    let folder = processFolder("text-frames-site-\(name)")
    try? FileManager.default.removeItem(at: folder)
    try FileManager.default.createDirectory(
      at: folder.appending(path: "placeholders"), withIntermediateDirectories: true)
    try """
    {"title": "Stress", "devices": ["iphone-se", "iphone-15-pro-max"], "themes": ["light"],
     "locales": ["en", "de", "ar", "zh-Hans", "ja", "en-XA"],
     "textSizes": ["large", "accessibilityExtraExtraExtraLarge"]}
    """.write(to: folder.appending(path: "site.json"), atomically: true, encoding: .utf8)
    try """
    {"id": "long", "name": "Long texts", "layout": "no-network",
     "titleFont": {"style": "title3"}, "messageFont": {"style": "subheadline"},
     "variants": [{"id": "default",
       "title": {"en": "Nothing to see here yet", "de": "Hier gibt es noch nichts zu sehen",
                 "ar": "لا يوجد شيء هنا بعد", "zh-Hans": "这里还没有内容", "ja": "まだ何もありません"},
       "message": {"en": "Pull down to refresh, or check your Wi-Fi and cellular data settings.",
                   "de": "Zum Aktualisieren nach unten ziehen oder die WLAN- und Mobilfunkdateneinstellungen überprüfen. Donaudampfschifffahrtsgesellschaftskapitän.",
                   "ar": "اسحب للأسفل للتحديث، أو تحقق من إعدادات Wi-Fi والبيانات الخلوية (iOS 17).",
                   "zh-Hans": "下拉刷新，或检查你的无线局域网和蜂窝数据设置。「设置」中可以打开。",
                   "ja": "下にスワイプして更新するか、Wi-Fiとモバイルデータ通信の設定を確認してください。"},
       "button": {"title": {"en": "Try again", "de": "Erneut versuchen", "ar": "إعادة المحاولة",
                       "zh-Hans": "重试", "ja": "再試行"}}}]}
    """.write(to: folder.appending(path: "placeholders/long.json"), atomically: true, encoding: .utf8)
    try """
    {"id": "blank", "name": "Blank page", "layout": "blank-page", "messageFont": {"style": "body"},
     "variants": [{"id": "error", "state": "hasError",
       "message": {"en": "Something seems to have gone wrong while loading your orders",
                   "de": "Beim Laden deiner Bestellungen ist leider etwas schiefgelaufen",
                   "ar": "حدث خطأ ما أثناء تحميل طلباتك", "zh-Hans": "加载订单时好像出了点问题",
                   "ja": "注文の読み込み中に問題が発生したようです"}}]}
    """.write(to: folder.appending(path: "placeholders/blank.json"), atomically: true, encoding: .utf8)
    return folder
  }

  /// The stress site set in a team's own fonts, with Apple's SF Pro tracking:
  /// Debian's Noto Sans regular and bold standing in for SF Pro, which no
  /// machine of this project holds.
  static func teamFontSite() throws -> URL {
    let folder = try stressSite(named: "team")
    try FileManager.default.createDirectory(at: folder.appending(path: "fonts"), withIntermediateDirectories: true)
    var entries: [String] = []
    for name in ["NotoSans-Regular.ttf", "NotoSans-Bold.ttf"] {
      let bytes = try Data(contentsOf: URL(filePath: "/usr/share/fonts/truetype/noto/" + name))
      try bytes.write(to: folder.appending(path: "fonts/" + name))
      entries.append(#"{"file": "fonts/\#(name)", "sha256": "\#(SHA256.hex(Array(bytes)))"}"#)
    }
    try """
    {"title": "Team fonts", "devices": ["iphone-se", "iphone-15-pro-max"], "themes": ["light"],
     "locales": ["en", "de", "ar", "zh-Hans", "ja", "en-XA"],
     "textSizes": ["large", "accessibilityExtraExtraExtraLarge"],
     "tracking": "sf-pro", "fonts": [\(entries.joined(separator: ", "))]}
    """.write(to: folder.appending(path: "site.json"), atomically: true, encoding: .utf8)
    return folder
  }

  /// Each site's folder and built output, by name.
  static let built: Result<[String: (site: URL, output: URL)], any Error> = Result {
    var built: [String: (site: URL, output: URL)] = [:]
    for (name, site) in [("bundled", Repository.site), ("stress", try stressSite()), ("team", try teamFontSite())] {
      let output = processFolder("text-frames-\(name)")
      _ = try SiteBuilder(options: BuildOptions(siteFolder: site, output: output, workers: 2)).build()
      built[name] = (site, output)
    }
    return built
  }

  static var sites: Result<[String: URL], any Error> { built.map { $0.mapValues(\.output) } }

  /// Every render's SVG and page, relative to the output.
  static func renders(in output: URL) throws -> [String] {
    let designs = output.appending(path: "designs")
    var found: [String] = []
    for design in try FileManager.default.contentsOfDirectory(atPath: designs.path).sorted() {
      for file in try FileManager.default.contentsOfDirectory(atPath: designs.appending(path: design).path).sorted()
      where file.hasSuffix(".svg") {
        found.append("designs/\(design)/\(file.dropLast(4))")
      }
    }
    return found
  }

  /// Runs `script` in a page written into `output`, and returns what it
  /// writes into `#result` (one finding per line; "done N" last).
  static func harness(_ script: String, renders: [String], in output: URL) throws -> [String] {
    let list = renders.map { "\"\($0)\"" }.joined(separator: ",")
    let page = """
      <!DOCTYPE html><html><head><meta charset="utf-8"/></head><body>
      <div id="holder" style="position:absolute;left:0;top:0"></div><pre id="result">running</pre>
      <script>
      const renders = [\(list)];
      const tolerance = \(tolerance);
      const findings = [];
      function outside(box, frame) {
        return box.x < frame.x - tolerance || box.y < frame.y - tolerance ||
          box.x + box.w > frame.x + frame.w + tolerance || box.y + box.h > frame.y + frame.h + tolerance;
      }
      function show(box) { return [box.x, box.y, box.w, box.h].map(n => n.toFixed(2)).join(" "); }
      // Loads each render's SVG into the page in turn and calls body(name, svg) on it.
      async function eachSVG(body) {
        const holder = document.getElementById("holder");
        for (const name of renders) {
          const text = await (await fetch(name + ".svg")).text();
          const svg = document.importNode(new DOMParser().parseFromString(text, "image/svg+xml").documentElement, true);
          holder.replaceChildren(svg);
          body(name, svg);
        }
      }
      \(script)
      run().then(count => { findings.push("done " + count); document.getElementById("result").textContent = findings.join("\\n"); },
                 error => { document.getElementById("result").textContent = "error " + error; });
      </script></body></html>
      """
    let url = output.appending(path: "_text-frames.html")
    try page.write(to: url, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: url) }
    let dom = try Chromium.dumpDOM(url.absoluteString, allowFileAccess: true, virtualTime: 3_600_000)
    guard let start = dom.range(of: "<pre id=\"result\">"),
      let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex)
    else { return ["no result in the page"] }
    return dom[start.upperBound..<end.lowerBound].split(separator: "\n").map {
      String($0).replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&lt;", with: "<")
        .replacingOccurrences(of: "&amp;", with: "&")
    }
  }

  /// In each SVG, the outlines of every text node lie inside the node's frame.
  static let svgScript = """
    async function run() {
      let count = 0;
      await eachSVG((name, svg) => {
        for (const node of svg.querySelectorAll("g[data-frame]")) {
          const lines = [...node.children].filter(c => c.tagName === "path" && c.getAttribute("role") === "img");
          if (lines.length === 0) continue;
          const [x, y, w, h] = node.getAttribute("data-frame").split(" ").map(Number);
          const origin = svg.getBoundingClientRect();
          const rects = lines.map(line => line.getBoundingClientRect());
          const left = Math.min(...rects.map(r => r.left)), top = Math.min(...rects.map(r => r.top));
          const right = Math.max(...rects.map(r => r.right)), bottom = Math.max(...rects.map(r => r.bottom));
          const box = {x: left - origin.left, y: top - origin.top, w: right - left, h: bottom - top};
          if (outside(box, {x, y, w, h})) findings.push(name + ".svg " + node.id + ": drawn " + show(box) + " outside " + show({x, y, w, h}));
          count += 1;
        }
      });
      return count;
    }
    """

  /// In each page's live rendition, every line's drawn text lies inside its
  /// node, and is as wide as the layout measured it.
  static let htmlScript = """
    async function run() {
      let count = 0;
      for (const name of renders) {
        const frame = document.createElement("iframe");
        frame.style.width = "1600px"; frame.style.height = "3000px";
        await new Promise(resolve => { frame.onload = resolve; frame.src = name + ".html"; document.body.appendChild(frame); });
        const doc = frame.contentDocument;
        await doc.fonts.ready;
        const screen = doc.querySelector(".bs-screen");
        const scale = screen.getBoundingClientRect().width / screen.offsetWidth;
        const origin = screen.getBoundingClientRect();
        const local = r => ({x: (r.left - origin.left) / scale, y: (r.top - origin.top) / scale, w: r.width / scale, h: r.height / scale});
        for (const line of screen.querySelectorAll(".bs-line")) {
          const node = line.closest(".bs-node");
          const range = doc.createRange();
          range.selectNodeContents(line);
          const drawn = local(range.getBoundingClientRect());
          const lineBox = local(line.getBoundingClientRect());
          const box = {x: drawn.x, y: lineBox.y, w: drawn.w, h: lineBox.h};
          const nodeBox = local(node.getBoundingClientRect());
          const label = name + ".html " + (node.id || node.className) + " \\"" + line.textContent.slice(0, 24) + "\\"";
          if (outside(box, nodeBox)) findings.push(label + ": drawn " + show(box) + " outside " + show(nodeBox));
          const measured = parseFloat(line.style.width);
          if (Math.abs(drawn.w - measured) > tolerance) findings.push(label + ": drawn " + drawn.w.toFixed(2) + " wide, measured " + measured);
          if (Math.abs(drawn.x - lineBox.x) > tolerance) findings.push(label + ": drawn from " + drawn.x.toFixed(2) + ", placed at " + lineBox.x.toFixed(2));
          count += 1;
        }
        frame.remove();
      }
      return count;
    }
    """

  /// Runs a frame-checking `script` over every render of `site` and expects
  /// it to have checked at least one text per render and found nothing.
  func expectEveryTextInItsFrame(
    _ script: String, site: String, choosing choose: ([String]) -> [String] = { $0 }
  ) throws {
    let output = try #require(try Self.sites.get()[site])
    let renders = choose(try Self.renders(in: output))
    let findings = try Self.harness(script, renders: renders, in: output)
    let done = try #require(findings.last, "the harness wrote nothing")
    #expect(done.hasPrefix("done "), "\(done)")
    #expect((Int(done.dropFirst(5)) ?? 0) >= renders.count, "every render has text to check")
    #expect(findings.dropLast().isEmpty, "\(findings.dropLast().prefix(20).joined(separator: "\n"))")
  }

  @Test(arguments: ["bundled", "stress", "team"])
  func svgTextLiesInItsFrame(site: String) throws {
    try expectEveryTextInItsFrame(Self.svgScript, site: site)
  }

  /// A theme changes colours, never where text goes, so each page is
  /// loaded in one theme (the light one where there are both).
  @Test(arguments: ["bundled", "stress", "team"])
  func liveRenditionTextLiesInItsFrame(site: String) throws {
    try expectEveryTextInItsFrame(Self.htmlScript, site: site) { renders in
      let names = Set(renders)
      return renders.filter {
        !($0.contains(".dark.") && names.contains($0.replacingOccurrences(of: ".dark.", with: ".light.")))
      }
    }
  }

  /// Pixels whose colour differs by more than this (0–255, any channel) count as different.
  static let pixelThreshold = 32
  /// At most this share of an image's pixels may differ (measured: 0.12 % at worst; glyph and curve
  /// edges, where cairo's and Skia's anti-aliasing part ways).
  static let differingShare = 0.005

  /// rsvg-convert and Chromium draw the same SVG alike: the outlines leave
  /// no font choice to either, so only anti-aliased edges may differ.
  static let pixelScript = """
    async function load(source) {
      const image = new Image();
      await new Promise((resolve, reject) => { image.onload = resolve; image.onerror = () => reject(source); image.src = source; });
      return image;
    }
    async function run() {
      let count = 0;
      for (const name of renders) {
        const png = await load(name + ".rsvg.png");
        const svg = await load(name + ".svg");
        const pixels = [];
        for (const image of [png, svg]) {
          const canvas = document.createElement("canvas");
          canvas.width = png.naturalWidth; canvas.height = png.naturalHeight;
          const context = canvas.getContext("2d");
          context.fillStyle = "#808080"; context.fillRect(0, 0, canvas.width, canvas.height);
          context.drawImage(image, 0, 0, canvas.width, canvas.height);
          pixels.push(context.getImageData(0, 0, canvas.width, canvas.height).data);
        }
        let differing = 0;
        for (let i = 0; i < pixels[0].length; i += 4) {
          const delta = Math.max(Math.abs(pixels[0][i] - pixels[1][i]), Math.abs(pixels[0][i + 1] - pixels[1][i + 1]), Math.abs(pixels[0][i + 2] - pixels[1][i + 2]));
          if (delta > \(pixelThreshold)) differing += 1;
        }
        const share = differing / (pixels[0].length / 4);
        findings.push("share " + name + " " + share.toFixed(5));
        count += 1;
      }
      return count;
    }
    """

  @Test(
    .enabled(if: PNGRenderer.unavailable == nil, "librsvg cannot be opened"), arguments: ["bundled", "stress", "team"])
  func rsvgDrawsWhatChromiumDraws(site: String) throws {
    let output = try #require(try Self.sites.get()[site])
    let renders = try Self.renders(in: output)
    // Drawn by the tool's own librsvg renderer (what `build --png` ships), in
    // parallel, at the SVG's own size as rsvg-convert draws it.
    let failures = ParallelWork.map(count: renders.count, workers: 2) { index -> String? in
      let render = renders[index]
      do {
        let svg = Array(try Data(contentsOf: output.appending(path: render + ".svg")))
        guard let size = Self.documentSize(svg) else { return "\(render).svg has no width and height" }
        let png = try PNGRenderer.png(svg: svg, size: size, scale: 1, label: render)
        try Data(png).write(to: output.appending(path: render + ".rsvg.png"))
        return nil
      } catch {
        return "\(render): \(error)"
      }
    }.compactMap { $0 }
    #expect(failures.isEmpty, "\(failures.prefix(5))")
    defer {
      for render in renders { try? FileManager.default.removeItem(at: output.appending(path: render + ".rsvg.png")) }
    }
    let findings = try Self.harness(Self.pixelScript, renders: renders, in: output)
    let done = try #require(findings.last, "the harness wrote nothing")
    #expect(done == "done \(renders.count)", "\(done)")
    let shares = findings.dropLast().compactMap { line -> (String, Double)? in
      let parts = line.split(separator: " ")
      guard parts.count == 3, let share = Double(parts[2]) else { return nil }
      return (String(parts[1]), share)
    }
    #expect(shares.count == renders.count)
    let worst = shares.max { $0.1 < $1.1 }
    #expect((worst?.1 ?? 1) <= Self.differingShare, "\(worst.map { "\($0.0): \($0.1)" } ?? "none")")
  }

  /// The `width` and `height` of an SVG's root element, in points.
  static func documentSize(_ svg: [UInt8]) -> Size? {
    let head = String(decoding: svg.prefix(2048), as: UTF8.self)
    guard let root = head.range(of: "<svg") else { return nil }
    func number(_ name: String) -> Double? {
      guard let start = head.range(of: " \(name)=\"", range: root.upperBound..<head.endIndex) else { return nil }
      return Double(head[start.upperBound...].prefix { $0 != "\"" })
    }
    guard let width = number("width"), let height = number("height") else { return nil }
    return Size(width: width, height: height)
  }

  /// Where each text of each SVG is visibly out of place: its drawing (its
  /// own shape and its outlined lines) past a screen edge, or over the
  /// navigation or tab bar. One line per text node: render, node, how far it
  /// is past an edge or into a bar (negative: clear of them by that much).
  static let placementScript = """
    async function run() {
      let count = 0;
      await eachSVG((name, svg) => {
        const origin = svg.getBoundingClientRect();
        const width = parseFloat(svg.getAttribute("width")), height = parseFloat(svg.getAttribute("height"));
        const bars = [...svg.querySelectorAll("g[data-role='navigationBar'], g[data-role='tabBar']")].map(bar => {
          const [x, y, w, h] = bar.getAttribute("data-frame").split(" ").map(Number);
          return {x, y, w, h};
        });
        for (const node of svg.querySelectorAll("g[data-role='title'], g[data-role='message'], g[data-role='button']")) {
          const drawn = [...node.children].filter(c => c.tagName === "rect" || (c.tagName === "path" && c.getAttribute("role") === "img"));
          if (!drawn.some(c => c.tagName === "path")) continue;
          const rects = drawn.map(c => c.getBoundingClientRect());
          const box = {
            x: Math.min(...rects.map(r => r.left)) - origin.left, y: Math.min(...rects.map(r => r.top)) - origin.top,
            r: Math.max(...rects.map(r => r.right)) - origin.left, b: Math.max(...rects.map(r => r.bottom)) - origin.top
          };
          let past = Math.max(-box.x, -box.y, box.r - width, box.b - height);
          for (const bar of bars) {
            const into = Math.min(box.r - bar.x, bar.x + bar.w - box.x, box.b - bar.y, bar.y + bar.h - box.y);
            past = Math.max(past, into);
          }
          findings.push("place " + name.split("/").slice(1).join("/") + " " + node.id + " " + past.toFixed(2));
          count += 1;
        }
      });
      return count;
    }
    """

  /// `lint` reports every text a reviewer sees past a screen edge or over a
  /// bar, and no text that a reviewer does not see there: on the stress site
  /// (long German, Arabic, CJK and en-XA texts, text styles at AX5).
  @Test func lintsOverflowIsWhatTheBrowserSees() throws {
    let (siteFolder, output) = try #require(try Self.built.get()["stress"])
    let renders = try Self.renders(in: output)
    let findings = try Self.harness(Self.placementScript, renders: renders, in: output)
    #expect(findings.last?.hasPrefix("done ") == true, "\(findings.last ?? "")")
    // render path (design/renderName) → node → how far past an edge or into a bar
    var seen: [String: [String: Double]] = [:]
    for line in findings.dropLast() {
      let parts = line.split(separator: " ")
      guard parts.count == 4, parts[0] == "place", let past = Double(parts[3]) else { continue }
      seen[String(parts[1]), default: [:]][String(parts[2])] = past
    }
    #expect(!seen.isEmpty)
    let site = try SiteLoader(root: siteFolder, displayRoot: "stress").load()
    var session = Linter.Session(linter: Linter(site: site), renderer: Renderer())
    var reported = 0
    var visible = 0
    for job in RenderMatrix(site).jobs {
      let key = job.design.id + "/" + job.renderName
      let placed = session.findings(for: job, scene: Renderer().scene(for: job)).filter {
        $0.rule == .overflow && ($0.message.contains(" past the ") || $0.message.contains(" lies under the "))
      }
      let flagged = Set(placed.compactMap(\.node))
      for (node, past) in seen[key] ?? [:] {
        // Visible: drawn more than the browser test's tolerance past an edge or into a bar.
        if past > Self.tolerance {
          visible += 1
          #expect(flagged.contains(node), "\(key) \(node) is drawn \(past) pt out of place, and lint says nothing")
        }
      }
      for node in flagged where ["title", "message", "button"].contains(node) {
        reported += 1
        // Lint measures frames, which hold up to half a line's leading above and below the ink.
        let past = seen[key]?[node] ?? -.infinity
        #expect(past > -3, "lint reports \(key) \(node), whose drawing is \(past) pt clear of every edge and bar")
      }
    }
    #expect(visible > 0, "the stress site is meant to overflow at AX5")
    #expect(reported >= visible)
  }
}
