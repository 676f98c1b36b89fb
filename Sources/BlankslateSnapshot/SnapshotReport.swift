import Foundation
import BlankslateCore
import BlankslateSite
import BlankslateSupport
import BlankslateValidation

/// The review page of a check: changes first (golden and current side by
/// side, an overlay with a slider and onion skin, the changed elements
/// outlined, the explanation and the line diff), then new renders, then
/// orphaned goldens, then the count of unchanged ones. A static folder that
/// opens from `file://`.
public struct SnapshotReport: Sendable {
  /// The folder to write (replaced as a whole).
  public var output: URL
  /// The output folder as messages name it.
  public var outputDisplay: String
  /// The gallery the report links to, if any (`_site`).
  public var gallery: URL?
  /// A folder of templates that replace the built-in ones, if any.
  public var templates: URL?
  /// With `--png`: the renders shown are also written as PNG at this many
  /// pixels per point, and heat maps are drawn at it (else at 1).
  public var pngScale: Int?
  /// Threads for drawing the renders the report shows.
  public var workers: Int

  /// A report to write at `output`.
  public init(
    output: URL, outputDisplay: String? = nil, gallery: URL? = nil, templates: URL? = nil, pngScale: Int? = nil,
    workers: Int? = nil
  ) {
    self.output = output
    self.outputDisplay = outputDisplay ?? output.path
    self.gallery = gallery
    self.templates = templates
    self.pngScale = pngScale
    self.workers = max(1, workers ?? ProcessInfo.processInfo.activeProcessorCount)
  }

  /// Writes the report of `summary`.
  ///
  /// `site`: the site folder, which the report must never replace.
  /// Where the report goes when no folder is named: `_report`, beside the gallery it links to.
  public static func defaultFolder(besideGallery gallery: URL) -> URL {
    gallery.standardizedFileURL.deletingLastPathComponent().appending(path: "_report")
  }

  /// Writes the report of `summary` for the site at `site`, replacing the folder as a whole.
  public func write(_ summary: SnapshotSummary, site: URL) throws(SnapshotError) {
    let templateSet: TemplateSet
    do {
      templateSet = try templates.map { try TemplateSet.builtIn(overriddenBy: $0) } ?? TemplateSet.builtIn()
    } catch let error as TemplateError {
      throw .build(.template(error))
    } catch {
      throw .io(path: templates?.path ?? "templates", reason: "\(error)")
    }
    // A report inside a gallery that was never built starts that gallery's
    // folder, marked as Blankslate's so that `build` may replace it later.
    let parent = output.deletingLastPathComponent()
    if let gallery, gallery.standardizedFileURL.path == parent.standardizedFileURL.path,
      !FileManager.default.fileExists(atPath: parent.path)
    {
      try? FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
      try? Data("Built by blankslate; this folder is replaced by each build.\n".utf8)
        .write(to: parent.appending(path: StagingFolder.marker))
    }
    let staging: StagingFolder
    do {
      staging = try StagingFolder(target: output, protecting: site)
    } catch {
      throw .build(error)
    }
    do {
      try fill(staging, summary: summary, templates: templateSet, site: site)
    } catch {
      staging.discard()
      throw error
    }
    do {
      try staging.publish()
    } catch {
      staging.discard()
      throw .build(error)
    }
  }

  /// `[{"render", "golden", "current"}]` for the results a card shows: the
  /// hashes a decision names (`SnapshotDecision`).
  static func reviewed(_ results: [SnapshotResult]) -> String {
    var writer = JSONWriter()
    writer.beginArray(inline: true)
    for result in results {
      guard let current = result.currentHash else { continue }
      writer.beginObject()
      writer.key("render")
      writer.string(result.id.description)
      writer.key("golden")
      if let golden = result.goldenHash { writer.string(golden) } else { writer.null() }
      writer.key("current")
      writer.string(current)
      writer.endObject()
    }
    writer.endArray()
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  private func fill(
    _ staging: StagingFolder, summary: SnapshotSummary, templates: TemplateSet, site: URL
  ) throws(SnapshotError) {
    var files: [(String, [UInt8])] = []
    let galleryPrefix = gallery.map { Self.relativePath(from: output, to: $0) }
    // One card per edit (or per cause and effect): its first render in the
    // site's order is shown, the others are listed, and it says how to accept them all.
    let groups = ReviewCard.cards(summary)
    let candidates = ReviewCard.Candidates(summary)
    let byID = Dictionary(summary.results.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    // The renders shown, drawn as pixels (in parallel): heat maps, and PNGs with `--png`.
    let shown = groups.compactMap { byID[$0.renders[0]] }
    let scale = pngScale ?? 1
    let writesPNG = pngScale != nil
    // Every SVG the report publishes or draws passes the asset checks first: goldens and merged shards'
    // renders come from files anyone may have written.
    let published = ParallelWork.map(count: shown.count, workers: workers) { index in
      (
        golden: shown[index].goldenSVG.map { Self.publishable($0, file: shown[index].golden) },
        current: shown[index].currentSVG.map { Self.publishable($0, file: shown[index].golden) }
      )
    }
    let publishedByID = Dictionary(zip(shown.map(\.id), published), uniquingKeysWith: { first, _ in first })
    let drawn = ParallelWork.map(count: shown.count, workers: workers) { index in
      Self.pixels(
        of: shown[index], golden: published[index].golden, current: published[index].current, scale: scale,
        writesPNG: writesPNG)
    }
    let pixelsByID = Dictionary(zip(shown.map(\.id), drawn), uniquingKeysWith: { first, _ in first })
    func item(_ result: SnapshotResult, index: Int) -> TemplateValue {
      let name = result.id.flatName
      var context: TemplateFields = [
        "anchor": .string("r-\(index)"), "displayName": .string(result.displayName), "golden": .string(result.golden),
        "changes": .list(result.changes.map(TemplateValue.string)),
      ]
      if let file = result.definitionFile {
        context["definition"] = .string(summary.site + "/" + file + (result.definitionLine.map { ":\($0)" } ?? ""))
      }
      if let prefix = galleryPrefix, let page = result.page, let gallery,
        FileManager.default.fileExists(atPath: gallery.appending(path: page).path)
      {
        context["pageHref"] = .string(prefix + page)
      }
      // The screen's size, as the renders shown say it (a refused golden is shown at the placeholder's).
      let shownSVGs = publishedByID[result.id]
      let screen = (shownSVGs?.current?.size ?? shownSVGs?.golden?.size) ?? Self.placeholderSize
      let (width, height) = (screen.width, screen.height)
      context["width"] = .string(NumberText.format(width))
      context["height"] = .string(NumberText.format(height))
      for (svg, suffix, key) in [
        (shownSVGs?.golden, "golden", "goldenSrc"), (shownSVGs?.current, "current", "currentSrc"),
      ] {
        guard let svg else { continue }
        let path = "renders/\(name).\(suffix).svg"
        files.append((path, Array(svg.svg.utf8)))
        context[key] = .string(path)
      }
      if let pixels = pixelsByID[result.id] {
        for (key, suffix, png) in [
          ("goldenPNG", "golden", pixels.golden), ("currentPNG", "current", pixels.current),
          ("heatSrc", "heat", pixels.heat),
        ] {
          guard let png else { continue }
          let path = "renders/\(name).\(suffix).png"
          files.append((path, png))
          context[key] = .string(path)
        }
        context["pixels"] = .string(pixels.caption)
      }
      context["goldenHighlights"] = .list(result.goldenFrames.map { Self.highlight($0, width: width, height: height) })
      context["currentHighlights"] = .list(
        result.currentFrames.map { Self.highlight($0, width: width, height: height) })
      context["diffLines"] = .list(Self.diffLines(result.diff))
      return .object(context)
    }
    var index = 0
    let siteOption =
      summary.site == "Site" ? "" : " --site '\(summary.site.replacingOccurrences(of: "'", with: "'\\''"))'"
    func items(_ status: SnapshotStatus) -> [TemplateValue] {
      groups.filter { $0.status == status }.compactMap { card in
        guard let first = byID[card.renders[0]] else { return nil }
        index += 1
        guard case .object(var context) = item(first, index: index) else { return nil }
        context["filter"] = .string(card.filter(among: candidates))
        context["recordCommand"] = .string(card.command(among: candidates, site: summary.site))
        // What a decision names: each render of the card with the exact golden and current bytes shown.
        if status != .orphaned {
          context["renders"] = .string(Self.reviewed(card.renders.compactMap { byID[$0] }))
        }
        context["headline"] = .string(card.headline)
        context["isEdit"] = .bool(card.edit != nil)
        if !card.companions.isEmpty { context["companions"] = .string(card.companions.joined(separator: "; ")) }
        context["effects"] = .list(card.effects.map(TemplateValue.string))
        context["groupCount"] = .string(String(card.renders.count))
        context["isGroup"] = .bool(card.renders.count > 1)
        context["placement"] = .string(card.placement)
        context["variantName"] = .string(card.variantList)
        context["others"] = .list(
          card.renders.dropFirst().compactMap { byID[$0] }.map { .string($0.displayName) })
        return .object(context)
      }
    }
    let title = Self.siteTitle(site) ?? summary.site
    let context: TemplateValue = [
      "pageTitle": .string("Snapshot report · \(title)"), "siteTitle": "Snapshot report", "root": "",
      "breadcrumbs": [], "site": .string(title),
      "sitePath": .string(summary.site), "shard": .string(summary.shard?.description ?? ""),
      "checked": .string(String(summary.checked)),
      "changedCount": .string(String(summary.count(.changed))), "newCount": .string(String(summary.count(.new))),
      "orphanedCount": .string(String(summary.count(.orphaned))), "unchangedCount": .string(String(summary.unchanged)),
      "allPassed": .bool(!summary.hasDifferences),
      "cardCount": .string(String(groups.filter { $0.status != .orphaned }.count)),
      "decidable": .bool(groups.contains { $0.status != .orphaned }),
      "acceptCommand": .string("blankslate accept\(siteOption) decisions.json"),
      "changed": .list(items(.changed)), "new": .list(items(.new)), "orphaned": .list(items(.orphaned)),
    ]
    let page: String
    do {
      page = try templates.render("report", context)
    } catch {
      throw .build(.template(error))
    }
    files.append(("index.html", Array(page.utf8)))
    for file in templates.staticFiles { files.append((SitePaths.galleryFolder + "/" + file.path, file.bytes)) }
    // The report's own text is the gallery's (renders are outlines and need no font).
    do throws(FontError) {
      files.append(
        (SitePaths.fontStylesheet, Array(try FontStylesheet.css(characters: page.unicodeScalars, locales: []).utf8)))
    } catch {
      throw .build(.fonts(error))
    }

    // Every published file is checked as a build's are: the page, and each SVG (sanitised above).
    let writer = CheckedWriter(staging: staging, display: outputDisplay)
    var tally = CheckedWriter.WrittenFiles()
    var timings = BuildTimings()
    do throws(BuildError) {
      for (path, bytes) in files {
        try writer.write(
          bytes, to: path,
          check: path == "index.html" ? .markup(.html) : path.hasSuffix(".svg") ? .markup(.svg) : .none, into: &tally,
          timings: &timings)
      }
    } catch {
      throw .build(error)
    }
    // Links into the gallery are the gallery's to check; the report's own must resolve.
    let pages = tally.pages.map { page in
      var own = page
      own.links = page.links.filter { link in galleryPrefix.map { !link.target.hasPrefix($0) } ?? true }
      return own
    }
    let issues =
      tally.issues
      + LinkChecker(allowsExternalLinks: false).check(pages, files: Set(files.map(\.0)), displayRoot: outputDisplay)
    guard issues.isEmpty else {
      throw .io(
        path: outputDisplay,
        reason: "the report did not validate:\n" + issues.map(\.description).joined(separator: "\n"))
    }
  }

  /// What the report shows of `result` in pixels: the PNGs of its renders
  /// (with `--png`), the heat map of a change, and the heat map's caption.
  struct Pixels: Sendable {
    var golden: [UInt8]?
    var current: [UInt8]?
    var heat: [UInt8]?
    var caption = ""
  }

  static func pixels(
    of result: SnapshotResult, golden goldenSVG: Publishable?, current currentSVG: Publishable?, scale: Int,
    writesPNG: Bool
  ) -> Pixels {
    var pixels = Pixels()
    // Only what passed the asset checks is drawn; a refused SVG is a picture saying so, never drawn as pixels.
    func bitmap(_ svg: Publishable?) -> PNGRenderer.Bitmap? {
      guard let svg, svg.refusal == nil, let size = svg.size else { return nil }
      return try? PNGRenderer.bitmap(svg: Array(svg.svg.utf8), size: size, scale: scale, label: result.id.description)
    }
    // Without PNGs, only a change has pixels to show (its heat map): a new
    // render or an orphaned golden is not drawn for nothing.
    guard writesPNG || result.status == .changed else { return pixels }
    if let reason = PNGRenderer.unavailable {
      pixels.caption = "Pixels not compared: \(reason)."
      return pixels
    }
    let golden = bitmap(goldenSVG)
    let current = bitmap(currentSVG)
    if writesPNG {
      pixels.golden = golden.flatMap { try? PNGRenderer.png($0) }
      pixels.current = current.flatMap { try? PNGRenderer.png($0) }
    }
    guard result.status == .changed else { return pixels }
    guard let golden, let current else {
      pixels.caption = "Pixels not compared: the golden cannot be drawn."
      return pixels
    }
    let diff = PixelDiff(golden: golden, current: current)
    pixels.heat = try? PNGRenderer.png(diff.heatMap)
    // Short enough for one line above the smallest zoom.
    pixels.caption =
      diff.changed == 0
      ? "Heat map: no pixel changed"
      : "Heat map: \(NumberText.grouped(diff.changed)) px "
        + "(\(NumberText.format(diff.fraction * 100, fractionDigits: diff.fraction < 0.001 ? 3 : 1)) %)"
    return pixels
  }

  /// An SVG as the report publishes and draws it.
  struct Publishable: Sendable {
    /// The sanitised SVG, or a picture that says why it is not shown.
    var svg: String
    /// Its screen size; nil when it has none (then it is not drawn).
    var size: Size?
    /// Why the SVG itself is not shown, if it is not.
    var refusal: String?
  }

  /// The largest screen a shown SVG may declare, in points a side: twice the largest device's.
  static let maximumScreenSide = 4_096.0

  /// `svg` (a golden, or a render a shard's summary carried) as the report may
  /// publish it: the sanitised copy, as an asset is checked (no script, event
  /// handler or link out; embedded images within the assets' pixel limit;
  /// drawing cost bounded) with a screen of at most `maximumScreenSide` a
  /// side; else a picture that says why (the raw text is in the diff).
  static func publishable(_ svg: String, file: String) -> Publishable {
    let refusal: String
    do throws(AssetProblem) {
      let clean = try SVGSanitizer().sanitize(Array(svg.utf8), file: file).svg
      let size = SVGStructure.size(of: Array(clean.utf8), file: file)
      // The checks every published SVG of a build passes, so the report's own validation holds.
      let issues = Array(clean.utf8).withUnsafeBytes { StreamingChecker().check($0, file: file, kind: .svg).issues }
      if let size,
        !(size.width > 0 && size.height > 0 && size.width <= maximumScreenSide
          && size.height <= maximumScreenSide)
      {
        refusal = "its size is not that of a screen"
      } else if let issue = issues.first {
        refusal = issue.message
      } else {
        return Publishable(svg: clean, size: size)
      }
    } catch {
      refusal = error.reason
    }
    let (width, height) = (NumberText.format(placeholderSize.width), NumberText.format(placeholderSize.height))
    // The reason in lines of at most 36 characters, at most six of them, under "Not shown:".
    var lines = ["Not shown:"]
    var line = ""
    for word in refusal.split(separator: " ") {
      if !line.isEmpty, line.count + 1 + word.count > 36 {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word.prefix(36)
    }
    if !line.isEmpty { lines.append(line) }
    if lines.count > 7 { lines = Array(lines.prefix(6)) + ["…"] }
    let top = placeholderSize.height / 2 - Double(lines.count - 1) * 11
    let spans = lines.enumerated().map { index, text in
      "<tspan x=\"\(NumberText.format(placeholderSize.width / 2))\" y=\"\(NumberText.format(top + Double(index) * 22))\">"
        + Markup.escapeText(text) + "</tspan>"
    }.joined()
    let placeholder = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)">\
      <title>Not shown</title><rect width="\(width)" height="\(height)" fill="#FDECEA"/>\
      <text font-size="15" text-anchor="middle" fill="#A40E26" font-family="sans-serif">\(spans)</text></svg>
      """
    return Publishable(svg: placeholder, size: nil, refusal: refusal)
  }

  /// The size of the picture that stands for a broken golden: an iPhone 15's screen.
  static let placeholderSize = Size(width: Device.iphone15.metrics.width, height: Device.iphone15.metrics.height)

  static func highlight(_ frame: Rect, width: Double, height: Double) -> TemplateValue {
    func percent(_ value: Double, _ total: Double) -> String { NumberText.format(value / total * 100) + "%" }
    let padded = Rect(x: frame.x - 2, y: frame.y - 2, width: frame.width + 4, height: frame.height + 4)
    return [
      "style": .string(
        "left:\(percent(padded.x, width));top:\(percent(padded.y, height));"
          + "width:\(percent(padded.width, width));height:\(percent(padded.height, height))")
    ]
  }

  package static func diffLines(_ diff: String) -> [TemplateValue] {
    var lines: [TemplateValue] = diff.split(separator: "\n", omittingEmptySubsequences: false).dropLast(
      diff.hasSuffix("\n") ? 1 : 0
    ).map { line in
      let kind: String
      if line.hasPrefix("@@") || line.hasPrefix("--- ") || line.hasPrefix("+++ ") {
        kind = "hunk"
      } else if line.hasPrefix("+") {
        kind = "add"
      } else if line.hasPrefix("-") {
        kind = "del"
      } else {
        kind = "ctx"
      }
      return ["kind": .string(kind), "text": .string(Self.elidingData(String(line)))]
    }
    // A removed line followed by an added one: the part that changed is marked.
    var index = 0
    while index + 1 < lines.count {
      guard case .object(let old) = lines[index], case .object(let new) = lines[index + 1],
        old["kind"] == .string("del"), new["kind"] == .string("add"),
        case .string(let before)? = old["text"], case .string(let after)? = new["text"]
      else {
        index += 1
        continue
      }
      let (a, b) = (Array(before.dropFirst()), Array(after.dropFirst()))
      var prefix = 0
      while prefix < min(a.count, b.count), a[prefix] == b[prefix] { prefix += 1 }
      var suffix = 0
      while suffix < min(a.count, b.count) - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
      func marked(_ sign: String, _ chars: [Character]) -> TemplateValue {
        [
          "head": .string(sign + String(chars[..<prefix])),
          "mark": .string(String(chars[prefix..<(chars.count - suffix)])),
          "tail": .string(String(chars[(chars.count - suffix)...])),
        ]
      }
      if var oldLine = Optional(old), var newLine = Optional(new) {
        oldLine["parts"] = marked("-", a)
        newLine["parts"] = marked("+", b)
        lines[index] = .object(oldLine)
        lines[index + 1] = .object(newLine)
      }
      index += 2
    }
    return lines
  }

  /// A diff line with each embedded `data:` URL cut to its type and size: base64 says nothing to a reader.
  public static func elidingData(_ line: String) -> String {
    guard let start = line.range(of: "data:") else { return line }
    let rest = line[start.upperBound...]
    let end = rest.firstIndex { $0 == "\"" || $0 == "'" || $0 == ")" || $0 == " " } ?? rest.endIndex
    let value = rest[..<end]
    guard value.count > 64 else { return String(line[..<end]) + elidingData(String(line[end...])) }
    let type = value.prefix { $0 != "," && $0 != ";" }
    return String(line[..<start.lowerBound]) + "data:\(type),… (\(value.count) characters left out)"
      + elidingData(String(line[end...]))
  }

  /// The title `site.json` gives the site, read without loading the definitions; nil when it has none.
  static func siteTitle(_ site: URL) -> String? {
    guard let bytes = FileTree.contents(of: site.appending(path: "site.json").path),
      let root = try? JSONParser().parse(bytes), case .object(let members) = root.kind,
      let value = members.first(where: { $0.key == "title" })?.value, case .string(let title) = value.kind
    else { return nil }
    return title
  }

  /// The relative path from folder `from` to folder `to`, ending with `/`.
  static func relativePath(from: URL, to: URL) -> String {
    let a = from.standardizedFileURL.pathComponents
    let b = to.standardizedFileURL.pathComponents
    var common = 0
    while common < a.count, common < b.count, a[common] == b[common] { common += 1 }
    let up = Array(repeating: "..", count: a.count - common)
    let down = Array(b[common...])
    let path = (up + down).joined(separator: "/")
    return path.isEmpty ? "" : path + "/"
  }
}
