/// The machine-readable views of a site: `index.json` for other tools, and
/// the search index the gallery's script filters with.
///
/// Each design's part of both is rendered on its own (`Entries`), so a build
/// makes them in parallel, beside the design's pages, and joins them in order.
struct SiteIndex {
  let site: SiteDefinition
  /// For each device × theme × locale, in render order: `{"device":…,"theme":…,"locale":…`
  /// and the end of a render's file name (`.<device>.<theme>.<locale>`), escaped.
  private let renderFields: [(fields: [UInt8], nameEnd: [UInt8])]

  init(site: SiteDefinition) {
    self.site = site
    var fields: [(fields: [UInt8], nameEnd: [UInt8])] = []
    for device in site.devices {
      for theme in site.themes {
        for locale in site.locales {
          var head = JSONDocument.object([
            ("device", .string(device.rawValue)), ("theme", .string(theme.rawValue)), ("locale", .string(locale)),
          ]).renderedBytes(pretty: false)
          head.removeLast()
          fields.append((head, Self.escaped(".\(device.rawValue).\(theme.rawValue).\(locale)")))
        }
      }
    }
    renderFields = fields
  }

  /// One design's entry in `index.json` and in the search index, as JSON text.
  struct Entries: Sendable {
    var json: [UInt8]
    var search: [UInt8]

    /// A hash of both, so that entries copied from an earlier build's files
    /// are known to be the ones it wrote.
    var fingerprint: String {
      var hash = ContentHash()
      hash.add(json)
      hash.add(search)
      return hash.hex
    }
  }

  /// `design`'s entries; `meta` gives the texts its renders show and its lint counts.
  func entries(of design: Design, meta: DesignMeta) -> Entries {
    Entries(
      json: designJSON(design),
      search: searchEntry(design, meta: meta).renderedBytes(pretty: false))
  }

  /// `index.json`: every design and variant, with the permalink and SVG of
  /// each render; and where each design's entry lies in it.
  func json(_ entries: [Entries]) -> (bytes: [UInt8], ranges: [Range<Int>]) {
    let header = JSONDocument.object([
      ("v", .number(1)),
      ("generator", .string("blankslate \(Blankslate.version)")),
      ("title", .string(site.title)),
      ("devices", .array(site.devices.map { .string($0.rawValue) })),
      ("themes", .array(site.themes.map { .string($0.rawValue) })),
      ("locales", .array(site.locales.map { .string($0) })),
    ])
    var joined = Self.object(header, plus: "designs", entries.map(\.json))
    joined.bytes.append(UInt8(ascii: "\n"))
    return joined
  }

  /// `_gallery/search-index.js`: what the index pages' script searches and
  /// filters across every page (a script file, so it loads from `file://`);
  /// and where each design's entry lies in it.
  func searchScript(_ entries: [Entries]) -> (bytes: [UInt8], ranges: [Range<Int>]) {
    let header = JSONDocument.object([
      (
        "devices",
        .array(
          site.devices.map {
            .object([
              ("id", .string($0.rawValue)), ("name", .string($0.metrics.name)),
              ("width", .number($0.metrics.width)), ("height", .number($0.metrics.height)),
            ])
          })
      ),
      ("themes", .array(site.themes.map { .string($0.rawValue) })),
      ("locales", .array(site.locales.map { .string($0) })),
    ])
    var joined = Self.object(
      header, plus: "designs", entries.map(\.search), after: Array("window.BlankslateIndex = ".utf8))
    joined.bytes += ";\n".utf8
    return joined
  }

  /// `object`'s JSON, after `prefix`, with one more member, `key`, whose
  /// value is the array of `items` (each JSON text); and where each item lies.
  private static func object(
    _ object: JSONDocument, plus key: String, _ items: [[UInt8]], after prefix: [UInt8] = []
  ) -> (bytes: [UInt8], ranges: [Range<Int>]) {
    var bytes = prefix
    bytes += object.renderedBytes(pretty: false)
    bytes.removeLast()  // the closing brace
    bytes.append(UInt8(ascii: ","))
    JSONDocument.quote(key, into: &bytes)
    bytes += ":[".utf8
    bytes.reserveCapacity(bytes.count + items.reduce(2) { $0 + $1.count + 1 })
    var ranges: [Range<Int>] = []
    ranges.reserveCapacity(items.count)
    for (index, item) in items.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      ranges.append(bytes.count..<(bytes.count + item.count))
      bytes += item
    }
    bytes += "]}".utf8
    return (bytes, ranges)
  }

  /// A design's entries as an earlier build wrote them: the byte ranges its
  /// cache recorded, in that build's `index.json` and search index. Nil when
  /// they lie outside the files; the caller compares the fingerprint.
  static func entries(in earlier: EarlierFiles, json: Range<Int>, search: Range<Int>) -> Entries? {
    guard json.upperBound <= earlier.json.count, search.upperBound <= earlier.search.count else { return nil }
    return Entries(json: Array(earlier.json[json]), search: Array(earlier.search[search]))
  }

  /// An earlier build's `index.json` and search index.
  struct EarlierFiles: Sendable {
    var json: [UInt8]
    var search: [UInt8]

    /// The files in `folder`, or nil when either is missing.
    static func read(from folder: String) -> EarlierFiles? {
      guard let json = FileTree.contents(of: folder + "/" + SitePaths.indexJSON),
        let search = FileTree.contents(of: folder + "/" + SitePaths.searchIndex)
      else { return nil }
      return EarlierFiles(json: json, search: search)
    }
  }

  private func designJSON(_ design: Design) -> [UInt8] {
    var bytes = JSONDocument.object([
      ("id", .string(design.id)),
      ("name", .string(design.name)),
      ("layout", .string(design.layout.rawValue)),
      ("tags", .array(design.tags.map(JSONDocument.string))),
      ("file", .string(design.sourceFile)),
      ("page", .string(SitePaths.designPage(design.id))),
    ]).renderedBytes(pretty: false)
    bytes.removeLast()  // the closing brace
    bytes += #","variants":["#.utf8
    for (index, variant) in design.variants.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      var head = JSONDocument.object([
        ("id", .string(variant.id)),
        ("name", .string(variant.name)),
        ("state", .string(variant.state(in: design.layout).rawValue)),
      ]).renderedBytes(pretty: false)
      head.removeLast()
      bytes += head
      bytes += #","renders":["#.utf8
      appendRenders(of: design, variant, to: &bytes)
      bytes += "]}".utf8
    }
    bytes += "]}".utf8
    return bytes
  }

  /// Each render's device, theme, locale, page and SVG, as `SitePaths` names
  /// them; written piece by piece, as a gallery has tens of thousands.
  private func appendRenders(of design: Design, _ variant: Variant, to bytes: inout [UInt8]) {
    // `designs/<design>/<variant>` + `.<device>.<theme>.<locale>` + `.html` or `.svg`
    let stem = Self.escaped(SitePaths.designFolder(design.id) + "/" + variant.id)
    for (index, render) in renderFields.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes += render.fields
      bytes += #","page":""#.utf8
      bytes += stem
      bytes += render.nameEnd
      bytes += #".html","svg":""#.utf8
      bytes += stem
      bytes += render.nameEnd
      bytes += #".svg"}"#.utf8
    }
  }

  /// `text` escaped for a JSON string, without the quotes.
  private static func escaped(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    JSONDocument.quote(text, into: &bytes)
    return Array(bytes.dropFirst().dropLast())
  }

  private func searchEntry(_ design: Design, meta: DesignMeta) -> JSONDocument {
    .object([
      ("id", .string(design.id)),
      ("name", .string(design.name)),
      ("layout", .string(design.layout.rawValue)),
      ("states", .array(GalleryPages.states(of: design).map(JSONDocument.string))),
      ("tags", .array(design.tags.map(JSONDocument.string))),
      ("text", .string(searchText(of: design, shownTexts: meta.texts))),
      ("page", .string(SitePaths.designPage(design.id))),
      ("lint", lintBadge(meta.lint)),
      (
        "variants",
        .array(
          design.variants.map {
            .object([
              ("id", .string($0.id)), ("name", .string($0.name)),
              ("state", .string($0.state(in: design.layout).rawValue)),
            ])
          })
      ),
    ])
  }

  private func lintBadge(_ lint: [String: LintCounts]) -> JSONDocument {
    let badge = lint.values.reduce(LintCounts()) { $0.adding($1) }.badge
    return .object([("kind", .string(badge.kind)), ("label", .string(badge.label))])
  }

  /// Everything a search may match, lower-cased: ids, names, layout, tags and
  /// every text of every variant in every locale.
  private func searchText(of design: Design, shownTexts: [String]) -> String {
    var parts = [design.id, design.name, design.layout.rawValue] + design.tags
    for variant in design.variants {
      parts += [variant.id, variant.name]
      for (_, text) in variant.properties.texts {
        parts += text.entries.map(\.text)
      }
    }
    parts += shownTexts
    var seen: Set<String> = []
    return parts.filter { seen.insert($0).inserted }.map(Self.lowercased).joined(separator: " ")
  }

  /// `text.lowercased()`, without Unicode's mapping for text that needs none
  /// (ASCII is lowered byte by byte; most CJK text has no cased letter).
  /// Lowering maps each character on its own, so parts lowered apart join
  /// to the same text as lowered together.
  static func lowercased(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      guard text.utf8.contains(where: { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) else { return text }
      return String(
        decoding: text.utf8.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }
    let cased = text.unicodeScalars.contains { scalar in
      scalar.isASCII
        ? (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(UInt8(scalar.value))
        : scalar.properties.changesWhenLowercased
    }
    return cased ? text.lowercased() : text
  }
}
