import BlankslateCore
import BlankslateSupport
import BlankslateValidation

/// The machine-readable views of a site: `index.json` for other tools, and
/// the search index the gallery's script filters with.
///
/// Each design's part of both is rendered on its own (`Entries`), so a build
/// makes them in parallel, beside the design's pages, and joins them in order.
package struct SiteIndex {
  let site: SiteDefinition
  /// For each device × theme × locale × text size, in render order: each
  /// one's name, and the end of a render's file name
  /// (`.<device>.<theme>.<locale>[.<text size>]`), escaped for JSON once (a
  /// gallery writes them tens of thousands of times).
  private let renderFields: [(device: [UInt8], theme: [UInt8], locale: [UInt8], textSize: [UInt8], nameEnd: [UInt8])]

  /// Whether each render has a PNG beside its SVG (`build --png`), which the index names.
  let withPNGs: Bool

  init(site: SiteDefinition, withPNGs: Bool = false) {
    self.site = site
    self.withPNGs = withPNGs
    var fields: [(device: [UInt8], theme: [UInt8], locale: [UInt8], textSize: [UInt8], nameEnd: [UInt8])] = []
    for device in site.devices {
      for theme in site.themes {
        for locale in site.locales {
          for textSize in site.textSizes {
            let size = textSize == .standard ? "" : "." + textSize.rawValue
            fields.append(
              (
                JSONWriter.escaped(device.rawValue), JSONWriter.escaped(theme.rawValue), JSONWriter.escaped(locale),
                JSONWriter.escaped(textSize.rawValue),
                JSONWriter.escaped(".\(device.rawValue).\(theme.rawValue).\(locale)\(size)")
              ))
          }
        }
      }
    }
    renderFields = fields
  }

  /// One design's entry in `index.json` and in the search index, as JSON text.
  /// A design's entries, each one JSON value; slices, so that the entries
  /// a build cache holds are used where they lie in its bytes.
  struct Entries: Sendable {
    var json: ArraySlice<UInt8>
    var search: ArraySlice<UInt8>
  }

  /// `design`'s entries; `meta` gives the texts its renders show and its lint counts.
  func entries(of design: Design, meta: DesignMeta) -> Entries {
    Entries(
      json: Self.held(designJSON(design))[...],
      search: Self.held(searchEntry(design, meta: meta).renderedBytes(pretty: false))[...])
  }

  /// `bytes` in storage of their own size: a build holds every design's
  /// entries until the index files are written, and a writer's bytes carry
  /// the room it grew into (up to twice theirs; 2.6 MB of the team-shaped
  /// bench site's peak).
  private static func held(_ bytes: [UInt8]) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: bytes.count) { buffer, count in
      _ = buffer.initialize(from: bytes)
      count = bytes.count
    }
  }

  /// `index.json`: every design and variant, with the permalink and SVG of
  /// each render; and where each design's entry lies in it.
  func json(_ entries: [Entries]) -> (bytes: [UInt8], ranges: [Range<Int>]) {
    let header: [(String, JSONDocument)] = [
      ("v", .number(1)),
      ("generator", .string("blankslate \(Blankslate.version)")),
      ("title", .string(site.title)),
      ("devices", .array(site.devices.map { .string($0.rawValue) })),
      ("themes", .array(site.themes.map { .string($0.rawValue) })),
      ("locales", .array(site.locales.map { .string($0) })),
      ("textSizes", .array(site.textSizes.map { .string($0.rawValue) })),
    ]
    return Self.object(header, designs: entries.map(\.json), after: [], then: "\n")
  }

  /// `_gallery/search-index.js`: what the index pages' script searches and
  /// filters across every page (a script file, so it loads from `file://`).
  func searchScript(_ entries: [Entries]) -> [UInt8] {
    let header: [(String, JSONDocument)] = [
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
      ("textSizes", .array(site.textSizes.map { .string($0.rawValue) })),
    ]
    return Self.object(
      header, designs: entries.map(\.search), after: Array("window.BlankslateIndex = ".utf8), then: ";\n"
    ).bytes
  }

  /// An object of `header`'s members and `designs` (each a design's entry,
  /// already JSON), between `prefix` and `suffix`; and where each entry lies.
  private static func object(
    _ header: [(String, JSONDocument)], designs: [ArraySlice<UInt8>], after prefix: [UInt8], then suffix: String
  ) -> (bytes: [UInt8], ranges: [Range<Int>]) {
    var writer = JSONWriter(prefix: prefix, capacity: designs.reduce(4096) { $0 + $1.count + 1 })
    writer.beginObject()
    for (key, value) in header {
      writer.key(key)
      value.write(to: &writer)
    }
    writer.key("designs")
    writer.beginArray()
    let ranges = designs.map { writer.value(json: $0) }
    writer.endArray()
    writer.endObject()
    writer.append(suffix)
    return (writer.bytes, ranges)
  }

  private func designJSON(_ design: Design) -> [UInt8] {
    var writer = JSONWriter(capacity: 512 + design.variants.count * renderFields.count * 160)
    writer.beginObject()
    for (key, value) in [
      ("id", design.id), ("name", design.name), ("layout", design.layout.rawValue),
    ] {
      writer.key(key)
      writer.string(value)
    }
    writer.key("tags")
    writer.beginArray()
    for tag in design.tags { writer.string(tag) }
    writer.endArray()
    writer.key("file")
    writer.string(design.sourceFile)
    writer.key("page")
    writer.string(SitePaths.designPage(design.id))
    writer.key("variants")
    writer.beginArray()
    for variant in design.variants {
      writer.beginObject()
      writer.key("id")
      writer.string(variant.id)
      writer.key("name")
      writer.string(variant.name)
      writer.key("state")
      writer.string(variant.state(in: design.layout).rawValue)
      writer.key("renders")
      writer.beginArray()
      writeRenders(of: design, variant, to: &writer)
      writer.endArray()
      writer.endObject()
    }
    writer.endArray()
    writer.endObject()
    return writer.bytes
  }

  /// Each render's device, theme, locale, text size, page and SVG, as `SitePaths` names them.
  private func writeRenders(of design: Design, _ variant: Variant, to writer: inout JSONWriter) {
    // `designs/<design>/<variant>` + `.<device>.<theme>.<locale>` + `.html` or `.svg`
    let stem = JSONWriter.escaped(SitePaths.designFolder(design.id) + "/" + variant.id)
    for render in renderFields {
      writer.beginObject()
      writer.key("device")
      writer.string(escaped: render.device)
      writer.key("theme")
      writer.string(escaped: render.theme)
      writer.key("locale")
      writer.string(escaped: render.locale)
      writer.key("textSize")
      writer.string(escaped: render.textSize)
      writer.key("page")
      writer.string(escaped: stem + render.nameEnd + Array(".html".utf8))
      writer.key("svg")
      writer.string(escaped: stem + render.nameEnd + Array(".svg".utf8))
      if withPNGs {
        writer.key("png")
        writer.string(escaped: stem + render.nameEnd + Array(".png".utf8))
      }
      writer.endObject()
    }
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
      ("variants", design.variantSummaries),
    ])
  }

  private func lintBadge(_ lint: [String: LintCounts]) -> JSONDocument {
    let badge = lint.values.reduce(LintCounts()) { $0.adding($1) }.badge
    return .object([("kind", .string(badge.kind)), ("label", .string(badge.label))])
  }

  /// Everything a search may match, lower-cased: ids, names, layout, tags and
  /// every text of every variant in every locale.
  private func searchText(of design: Design, shownTexts: [String]) -> String {
    // A text written twice is searched once (compared as written: hashing
    // a string by canonical equivalence costs thousands of instructions for CJK text).
    var seen = Set<ExactText>(minimumCapacity: 64)
    var text = ""
    func add(_ part: String) {
      guard seen.insert(ExactText(part)).inserted else { return }
      if seen.count > 1 { text += " " }
      text += Self.lowercased(part)
    }
    for part in [design.id, design.name, design.layout.rawValue] + design.tags { add(part) }
    for variant in design.variants {
      add(variant.id)
      add(variant.name)
      for (_, written) in variant.properties.texts {
        for entry in written.entries { add(entry.text) }
      }
    }
    for part in shownTexts { add(part) }
    return text
  }

  /// `text.lowercased()`, without Unicode's mapping for text that needs none
  /// (ASCII is lowered byte by byte; most CJK text has no cased letter).
  /// Lowering maps each character on its own, so parts lowered apart join
  /// to the same text as lowered together.
  package static func lowercased(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      guard text.utf8.contains(where: { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) else { return text }
      return String(
        decoding: text.utf8.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }
    let cased = text.unicodeScalars.contains { scalar in
      scalar.isASCII
        ? (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(UInt8(scalar.value))
        : !Self.isCaseless(scalar.value) && scalar.properties.changesWhenLowercased
    }
    return cased ? text.lowercased() : text
  }

  /// Blocks with no cased letter, whose characters need no lookup of
  /// Unicode's properties: Hebrew to Myanmar, general punctuation and
  /// currency, CJK (kana, ideographs, Yi), Hangul, and the Hebrew and Arabic
  /// presentation forms. (Every design's search text is made again on a
  /// rebuild; looking each CJK or Arabic character up was 3 % of one.)
  private static func isCaseless(_ value: UInt32) -> Bool {
    switch value {
    case 0x0590..<0x10A0, 0x2000..<0x2100, 0x3000..<0xA640, 0xAC00..<0xD7B0, 0xF900..<0xFB00, 0xFB1D..<0xFE00,
      0xFE70..<0xFF00:
      true
    default: false
    }
  }
}
