import Foundation
import BlankslateCore
import BlankslateSite
import BlankslateSupport
import BlankslateValidation

/// What a variant's renders were made from, kept beside its goldens
/// (`__snapshots__/<design>/<variant>.definition.json`, `../shared/DESIGN.md`,
/// "Review v3"): the variant's properties as written (the design's with the
/// variant's laid over them), its layout, the `site.json` keys every render
/// reads, the content of each file it draws, the renderer's identity (the
/// tool's version and every font face; not the build, which differs from
/// machine to machine while the goldens must not), and the identities of the
/// lint findings its renders had (`FindingChanges`). `check` compares it with the
/// site as it is now, so a change is told in the definition's own words.
package enum DefinitionRecord {
  static let suffix = ".definition.json"
  /// The largest record read: a variant's texts in every language fit many times over.
  static let maximumSize = 4 << 20

  /// The record's place in the store.
  static func relativePath(design: String, variant: String) -> String {
    design + "/" + variant + suffix
  }

  /// `(design, variant)` of a record's place, or nil for any other file.
  static func owner(of relative: String) -> (design: String, variant: String)? {
    // By UTF-8 bytes (a check asks this of every file of the store, and
    // splitting by `Character` walked grapheme clusters): ids are ASCII.
    let utf8 = relative.utf8
    guard let slash = utf8.firstIndex(of: UInt8(ascii: "/")), utf8.lastIndex(of: UInt8(ascii: "/")) == slash else {
      return nil
    }
    let name = utf8[utf8.index(after: slash)...]
    let suffixBytes = suffix.utf8
    guard name.count >= suffixBytes.count, name.suffix(suffixBytes.count).elementsEqual(suffixBytes) else {
      return nil
    }
    let design = utf8[..<slash]
    let variant = name.dropLast(suffixBytes.count)
    func isIdentifier(_ bytes: Substring.UTF8View) -> Bool {
      !bytes.isEmpty && bytes.allSatisfy { (97...122).contains($0) || (48...57).contains($0) || $0 == 45 }
    }
    guard isIdentifier(Substring(design).utf8), isIdentifier(Substring(variant).utf8) else { return nil }
    return (String(Substring(design)), String(Substring(variant)))
  }

  /// The record of `variant` as the site is now (`Writer`, for one variant).
  static func current(
    _ design: Design, _ variant: Variant, site: SiteDefinition, assets: AssetCatalog, fonts: [String]
  ) -> [UInt8] {
    Writer(site: site, assets: assets, fonts: fonts).record(design, variant)
  }

  /// Writes the records of a site's variants as the site is now. The parts
  /// every variant shares (the `site.json` keys, the renderer) are written
  /// once, as they stand in a record, and go into each record whole: a check
  /// writes one record for every variant of the site.
  struct Writer: Sendable {
    let assets: AssetCatalog
    /// `"site"`'s and `"renderer"`'s values, as pretty JSON one level deep.
    private let siteJSON: [UInt8]
    private let rendererJSON: [UInt8]
    /// The severities `site.json` sets apart from each rule's default: with a
    /// variant's suppressions, what decides which findings count.
    private let severities: [(String, JSONDocument)]

    init(site: SiteDefinition, assets: AssetCatalog, fonts: [String]) {
      self.assets = assets
      severities = LintRule.allCases.compactMap { rule in
        let severity = site.severity(of: rule)
        return severity == rule.defaultSeverity ? nil : (rule.rawValue, .string(severity.rawValue))
      }
      var siteKeys: [(String, JSONDocument)] = []
      if let tint = site.tint { siteKeys.append(("tint", tint.json)) }
      if let tracking = site.typography.tracking { siteKeys.append(("tracking", .string(tracking.rawValue))) }
      if !site.typography.fonts.isEmpty {
        siteKeys.append(
          (
            "fonts",
            .array(
              site.typography.fonts.map { .object([("file", .string($0.file)), ("sha256", .string($0.sha256))]) })
          ))
      }
      siteJSON = JSONDocument.object(siteKeys).renderedBytes(pretty: true, depth: 1)
      rendererJSON = JSONDocument.object([
        ("tool", .string("blankslate \(Blankslate.version)")),
        ("fonts", .array(fonts.map(JSONDocument.string))),
        ("textStack", DefinitionRecord.textStackJSON),
      ]).renderedBytes(pretty: true, depth: 1)
    }

    /// The record of `variant` of `design`, with the lint findings its renders have (`FindingChanges`), when known.
    func record(_ design: Design, _ variant: Variant, findings: [FindingChanges.Entry]? = nil) -> [UInt8] {
      let stem = self.stem(design, variant)
      return findings.map { Self.record(stem: stem, findings: $0) } ?? stem
    }

    /// A record whose stem (`stem(_:_:)`, or one already written) is `stem`, with `findings`: its last key.
    static func record(stem: [UInt8], findings: [FindingChanges.Entry]) -> [UInt8] {
      // The stem ends its object with "\n}\n"; the findings go before it, as a key written at the top level.
      Array(stem.dropLast(3)) + Array(",\n  \"findings\": ".utf8)
        + FindingChanges.json(findings).renderedBytes(pretty: true, depth: 1) + Array("\n}\n".utf8)
    }

    /// The record of `variant` of `design` without its findings.
    private func stem(_ design: Design, _ variant: Variant) -> [UInt8] {
      let definition = variant.properties.json()
      // The files the variant draws, by content: an edited asset is a change of the definition's inputs.
      var files: [(String, JSONDocument)] = []
      for path in Leaves(imagesOf: JSONValue(definition)).imagePaths where !files.contains(where: { $0.0 == path }) {
        let content = assets.entry(for: path).map { SHA256.hex(Array($0.base64.utf8)) } ?? "missing"
        files.append((path, .string(content)))
      }
      var writer = JSONWriter(pretty: true, capacity: 4096)
      writer.beginObject()
      writer.key("v")
      writer.number(1)
      writer.key("file")
      writer.string(design.sourceFile)
      writer.key("layout")
      writer.string(design.layout.rawValue)
      writer.key("name")
      writer.string(variant.name)
      writer.key("designName")
      writer.string(design.name)
      writer.key("definition")
      definition.write(to: &writer)
      writer.key("site")
      writer.value(json: siteJSON)
      writer.key("files")
      JSONDocument.object(files).write(to: &writer)
      writer.key("renderer")
      writer.value(json: rendererJSON)
      // What decides which findings count: the site's severities and the variant's suppressions.
      writer.key("lint")
      JSONDocument.object([
        ("severities", .object(severities)),
        (
          "suppress",
          .array(variant.suppressions.map(\.json))
        ),
      ]).write(to: &writer)
      writer.endObject()
      writer.append("\n")
      return writer.bytes
    }
  }

  /// How the site now differs from a variant's record: the edits, each with
  /// where it applies, and what else changed.
  struct Comparison: Sendable {
    var edits: [DefinitionEdit]
    /// What changed besides the definition (the tool, a font), or why nothing can be said.
    var context: [String]
    /// Locale groups (`title`) → their keys, before and after: which renders an entry's edit reaches.
    var oldLocaleKeys: [String: [String]]
    var newLocaleKeys: [String: [String]]
    /// Whether a record was there and could be read.
    var isReadable = true

    /// The edits that reach a render in `theme` (nil: any) and `locale`.
    func edits(reaching theme: Theme?, locale: String) -> [DefinitionEdit] {
      // Each group's shown key found once, not once per edit: a text with thousands of locales stays linear.
      var chosen: [String: (old: String?, new: String?)] = [:]
      var reaching: [DefinitionEdit] = []
      for edit in edits {
        if let only = edit.theme, let theme, only != theme { continue }
        guard let group = edit.localeGroup, let key = edit.localeKey else {
          reaching.append(edit)
          continue
        }
        let keys =
          chosen[group]
          ?? (
            Leaves.chosenKey(for: locale, among: oldLocaleKeys[group] ?? []),
            Leaves.chosenKey(for: locale, among: newLocaleKeys[group] ?? [])
          )
        chosen[group] = keys
        if keys.old == key || keys.new == key { reaching.append(edit) }
      }
      return reaching
    }
  }

  /// A record without its findings (what `Writer.record` writes with none),
  /// and its findings as written; nil when it keeps none. The findings are
  /// the record's last key, so the rest is a prefix of it.
  static func stem(of record: [UInt8]) -> (stem: [UInt8], findings: [UInt8])? {
    let marker = Array(",\n  \"findings\": ".utf8)
    let tail = Array("\n}\n".utf8)
    guard record.count > marker.count + tail.count, record.suffix(tail.count).elementsEqual(tail) else { return nil }
    var index = record.count - tail.count - marker.count
    while index >= 0 {
      if record[index] == marker[0], record[index..<(index + marker.count)].elementsEqual(marker) {
        return (Array(record[..<index]) + tail, Array(record[(index + marker.count)..<(record.count - tail.count)]))
      }
      index -= 1
    }
    return nil
  }

  /// How many findings a record's `findings` array (as `stem(of:)` gives it)
  /// holds, without reading them: each has one `"rule"` key, and a quote
  /// inside a string is escaped, so the key's bytes occur nowhere else.
  static func findingCount(_ findings: [UInt8]) -> Int {
    let key = Array("\"rule\": ".utf8)
    guard findings.count >= key.count else { return 0 }
    var count = 0
    for index in 0...(findings.count - key.count)
    where findings[index] == key[0] && findings[index..<(index + key.count)].elementsEqual(key) {
      count += 1
    }
    return count
  }

  /// The libraries whose versions can move a line break (`TextLibraries`) and
  /// libxml2, which reads what is compared, as this machine has them.
  static var textStackJSON: JSONDocument {
    .object(TextLibraries.stack.map { ($0.name, .string($0.version)) } + [("libxml2", .string(LibXMLVersion.number))])
  }

  /// What a record's text stack differs in from this machine's: `recorded
  /// with libunibreak API 2.2, this machine has API 6.1`, one entry per library.
  static func textStackChanges(recorded: JSONValue?, current: JSONValue?) -> [String] {
    guard case .object(let members)? = recorded?.kind else { return [] }
    return members.compactMap { member in
      guard let was = member.value.stringValue, let now = current?[member.key]?.stringValue, was != now else {
        return nil
      }
      return "recorded with \(member.key) \(was), this machine has \(now): a line break may move"
    }
  }

  /// What the records beside a site's goldens were made with, for `--version`:
  /// each distinct tool and text stack with how many records name it, and
  /// where this machine differs. Empty when the site keeps no record.
  package static func expectations(site: URL, siteDisplay: String) -> [String] {
    let store = GoldenStore(site: site, siteDisplay: siteDisplay)
    guard let paths = try? store.allDefinitions(), !paths.isEmpty else { return [] }
    var counts: [String: Int] = [:]
    var order: [String] = []
    let here = try? JSONParser().parse(textStackJSON.renderedBytes(pretty: false))
    var differences: Set<String> = []
    for path in paths {
      guard let bytes = try? store.read(path), let record = try? JSONParser().parse(bytes) else { continue }
      let stack = record["renderer"]?["textStack"]
      var parts = [record["renderer"]?["tool"]?.stringValue ?? "an unknown tool"]
      if case .object(let members)? = stack?.kind {
        parts += members.map { "\($0.key) \($0.value.stringValue ?? "?")" }
        for change in textStackChanges(recorded: stack, current: here) { differences.insert(change) }
      } else {
        parts.append("no text stack recorded")
      }
      let line = parts.joined(separator: ", ")
      if counts[line] == nil { order.append(line) }
      counts[line, default: 0] += 1
    }
    return order.map { "goldens in \(store.displayRoot) recorded with \($0) (\(counts[$0] ?? 0) records)" }
      + differences.sorted().map { "  \($0)" }
  }

  /// Compares the recorded bytes (nil: none recorded) with the current ones.
  /// What is said of a render that differs while its definition is as recorded.
  static let asRecorded =
    "its definition, files, fonts and the tool's version are as recorded: the tool's own code changed (a layout default, a drawing), or the golden was edited by hand"

  static func compare(recorded: [UInt8]?, current: [UInt8]) -> Comparison {
    // The same bytes: nothing to walk (a check of an unchanged site compares every variant).
    if let recorded, recorded == current {
      return Comparison(edits: [], context: [asRecorded], oldLocaleKeys: [:], newLocaleKeys: [:])
    }
    guard let new = try? JSONParser().parse(current) else {
      return Comparison(edits: [], context: [], oldLocaleKeys: [:], newLocaleKeys: [:], isReadable: false)
    }
    let newLeaves = Leaves(record: new)
    guard let recorded else {
      return Comparison(
        edits: [],
        context: ["no definition is recorded beside its goldens yet (recording the variant's renders keeps one)"],
        oldLocaleKeys: [:], newLocaleKeys: newLeaves.localeKeys, isReadable: false)
    }
    guard let old = try? JSONParser().parse(recorded), old["v"]?.numberValue == 1 else {
      return Comparison(
        edits: [], context: ["its recorded definition cannot be read (recording the variant's renders replaces it)"],
        oldLocaleKeys: [:], newLocaleKeys: newLeaves.localeKeys, isReadable: false)
    }
    let oldLeaves = Leaves(record: old)
    var edits: [DefinitionEdit] = []
    let before = Dictionary(oldLeaves.leaves.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    let after = Dictionary(newLeaves.leaves.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    // A whole part written or removed is one edit (`buttons[1] added`), not one per key inside it.
    func outermost(_ path: String, missingFrom containers: Set<String>) -> String {
      var best = path
      var prefix = ""
      for (index, character) in path.enumerated() where character == "." || character == "[" {
        prefix = String(path.prefix(index))
        if !prefix.isEmpty, !containers.contains(prefix), !before.keys.contains(prefix), !after.keys.contains(prefix) {
          best = prefix
          break
        }
      }
      return best
    }
    // A key whose value changed shape (a theme pair or a language table for one value, or the
    // other way) is one edit of the key, its values shown whole: not one per theme or language.
    let reshaped = Set(before.keys).intersection(newLeaves.containers)
      .union(Set(after.keys).intersection(oldLeaves.containers))
    func reshapedKey(of path: String) -> String? {
      if reshaped.contains(path) { return path }
      return reshaped.first { path.hasPrefix($0 + ".") || path.hasPrefix($0 + "[") }
    }
    // `tintColor` is the app's tint where `site.json` sets one, as each record says.
    let tints = (old: old["site"]?["tint"].flatMap(Self.color), new: new["site"]?["tint"].flatMap(Self.color))
    var told: Set<String> = []
    for leaf in oldLeaves.leaves + newLeaves.leaves where !told.contains(leaf.path) {
      if !reshaped.isEmpty, let key = reshapedKey(of: leaf.path) {
        told.insert(leaf.path)
        guard told.insert("reshaped " + key).inserted else { continue }
        let (was, now) = (Leaves.value(at: key, in: old), Leaves.value(at: key, in: new))
        var edit = DefinitionEdit(
          path: key, scope: leaf.scope, old: was.map(Leaves.compact), new: now.map(Leaves.compact))
        edit.isColor = leaf.isColor
        if edit.isColor, let was = was.flatMap(Self.color), let now = now.flatMap(Self.color) {
          edit.resolution = Self.resolution(was, now, nil, tints: tints)
        }
        edits.append(edit)
        continue
      }
      let (a, b) = (before[leaf.path], after[leaf.path])
      guard a?.text != b?.text else { continue }
      told.insert(leaf.path)
      var edit = DefinitionEdit(leaf: b ?? leaf, old: a?.text, new: b?.text)
      if a == nil || b == nil {
        let path = outermost(leaf.path, missingFrom: a == nil ? oldLeaves.containers : newLeaves.containers)
        let side = a == nil ? newLeaves : oldLeaves
        // Found only for a part wider than the leaf: each part once, so a text given thousands of locales stays linear.
        let inside =
          path == leaf.path ? [] : side.leaves.filter { $0.path.hasPrefix(path + ".") || $0.path.hasPrefix(path + "[") }
        // A part of one key reads best as that key (`spacing.titleToMessage default → 10`).
        if path != leaf.path, inside.count > 1 {
          guard !told.contains(path) else { continue }
          told.insert(path)
          for inner in inside { told.insert(inner.path) }
          let value = Leaves.value(at: path, in: a == nil ? new : old).map(Leaves.compact)
          edit = DefinitionEdit(path: path, scope: leaf.scope, added: a == nil, value: value)
        }
      }
      if edit.isColor, let old = a.flatMap({ ColorValue(parsing: $0.text) }),
        let new = b.flatMap({ ColorValue(parsing: $0.text) })
      {
        edit.resolution = Self.resolution(old, new, edit.theme, tints: tints)
      }
      edits.append(edit)
    }
    var context: [String] = []
    let (oldTool, newTool) = (old["renderer"]?["tool"]?.stringValue, new["renderer"]?["tool"]?.stringValue)
    if oldTool != newTool {
      context.append("the tool changed: \(oldTool ?? "unknown") → \(newTool ?? "unknown")")
    }
    context += textStackChanges(recorded: old["renderer"]?["textStack"], current: new["renderer"]?["textStack"])
    let oldFonts = (old["renderer"]?["fonts"]?.arrayValue ?? []).compactMap(\.stringValue)
    let newFonts = (new["renderer"]?["fonts"]?.arrayValue ?? []).compactMap(\.stringValue)
    for font in newFonts where !oldFonts.contains(font) {
      let name = font.split(separator: " ").first.map(String.init) ?? font
      let was = oldFonts.first { $0.split(separator: " ").first.map(String.init) == name }
      context.append(was.map { "font \(name) changed (\($0) → \(font))" } ?? "font \(font) is new")
    }
    for font in oldFonts where !newFonts.contains(font) {
      let name = font.split(separator: " ").first.map(String.init) ?? font
      if !newFonts.contains(where: { $0.split(separator: " ").first.map(String.init) == name }) {
        context.append("font \(font) is no longer used")
      }
    }
    if edits.isEmpty, context.isEmpty { context.append(asRecorded) }
    return Comparison(
      edits: edits, context: context, oldLocaleKeys: oldLeaves.localeKeys, newLocaleKeys: newLeaves.localeKeys)
  }

  /// A colour as a record writes it: one value, or `{"light": …, "dark": …}`.
  static func color(_ value: JSONValue) -> ColorValue? {
    if let text = value.stringValue { return ColorValue(parsing: text) }
    guard let light = value["light"]?.stringValue.flatMap(ColorValue.init(parsing:)),
      let dark = value["dark"]?.stringValue.flatMap(ColorValue.init(parsing:))
    else { return nil }
    return .perTheme(light: light, dark: dark)
  }

  /// `(#FF2D55 → #007AFF)`, or per theme when the themes differ; `tintColor`
  /// is each side's app tint (`site.json`'s `tint`), systemBlue without one.
  private static func resolution(
    _ a: ColorValue, _ b: ColorValue, _ theme: Theme?, tints: (old: ColorValue?, new: ColorValue?)
  ) -> String? {
    func pair(_ theme: Theme) -> String {
      "\(a.resolved(in: theme, tint: tints.old).hex) → \(b.resolved(in: theme, tint: tints.new).hex)"
    }
    if let theme { return pair(theme) }
    let (light, dark) = (pair(.light), pair(.dark))
    return light == dark ? light : "light \(light), dark \(dark)"
  }
}
