@testable import BlankslateModel
import BlankslateSupport
import BlankslateTestSupport
import Foundation
import Testing

/// Every form of every property, made from the declarations (so a property
/// added later is swept too): what a page shows of it decodes to it again,
/// and `serve`'s memo gives back what the decoder made.
@Suite("Every form of every property")
struct PropertyFormsTests {
  /// A site whose designs write every property of every layout, each in
  /// every form its declared shape takes (both ends of each range, every
  /// choice, `null`, per theme and per locale), made from the declarations,
  /// so a property added later is swept too.
  static func sweepSite() throws -> TemporarySite {
    var placeholders: [String: String] = [:]
    for layout in LayoutKind.allCases {
      var variants: [String] = []
      for key in layout.reads {
        let shape = key.declaration.shape
        let values = key == .state ? layout.states.map { "\"\($0.rawValue)\"" } : Self.samples(of: shape)
        for (index, value) in values.enumerated() {
          variants.append(
            #"{ "id": "v\#(variants.count)", "name": "\#(key.rawValue) \#(index)", "\#(key.rawValue)": \#(value) }"#)
        }
      }
      placeholders["\(layout.rawValue).json"] = """
        { "layout": "\(layout.rawValue)", "name": "Every property", "tags": ["sweep", "\(layout.rawValue)"],
          "suppress": { "contrast": "checked by hand" },
          "variants": [\(variants.joined(separator: ",\n"))] }
        """
    }
    // A design without variants, and one whose variant replaces its design's suppressions.
    placeholders["single.json"] =
      #"{ "layout": "message", "message": { "en": "One", "ar": "واحد" }, "offsetY": -10000 }"#
    placeholders["suppressed.json"] = """
      { "id": "suppressed", "layout": "content-unavailable", "suppress": { "overflow": "long on purpose" },
        "variants": [ { "id": "a", "suppress": { "tap-target": "a small link", "contrast": "brand colour" } },
                      { "id": "b", "name": "B" } ] }
      """
    let svg = Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>"#.utf8)
    return try TemporarySite(
      siteJSON:
        #"{ "locales": ["en", "ja", "ar", "ar-EG"], "limits": { "textLength": 3000, "variantsPerDesign": 400 } }"#,
      placeholders: placeholders, assets: ["assets/a.svg": svg, "assets/deep/b.svg": svg])
  }

  /// JSON values of `shape`: each form it takes, both ends of its ranges.
  static func samples(of shape: ValueShape) -> [String] {
    switch shape {
    case .text: [#""Plain text""#, #"{ "en": "English", "ja": "日本語", "ar-EG": "عربي" }"#]
    case .color:
      [##""#12345678""##, ##""#ABC""##, #""orange""#, #""systemRed""#, ##"{ "light": "#FFF", "dark": "label" }"##]
    case .font:
      ["1", "200", #"{ "style": "body", "weight": "bold" }"#, #"{ "size": 20.5, "scales": true }"#, #"{ "size": 12 }"#]
    case .image:
      [
        #""symbol:heart""#, #""builtin:wifi_off""#, #""assets/a.svg""#,
        #"{ "path": "assets/deep/b.svg", "template": true }"#,
        #"{ "light": "symbol:tray", "dark": "assets/a.svg" }"#,
        #"{ "en": "symbol:star", "ja": { "light": "builtin:404notfound", "dark": { "path": "assets/a.svg" } } }"#,
        #"{ "source": "assets/a.svg", "accessibilityLabel": { "en": "An empty box", "ja": "空の箱" } }"#,
        #"{ "source": { "light": "symbol:tray", "dark": "assets/a.svg" }, "decorative": true }"#,
        #"{ "path": "assets/deep/b.svg", "template": true, "accessibilityLabel": "A map" }"#,
        #"{ "source": { "en": "symbol:star", "ja": "builtin:wifi_off" }, "decorative": false }"#,
      ]
    case .number(let range): [Self.number(range.lowerBound), Self.number(range.upperBound), "0.25"]
    case .integer(let range): ["\(range.lowerBound)", "\(range.upperBound)"]
    case .bool: ["true", "false"]
    case .identifier: [#""retry""#, #""cancel-order-2""#]
    case .size: ["[0, 10000]", "[12.5, 30]"]
    case .insets(let range): [Self.number(range.upperBound), "[1, 2.5, 3, \(Self.number(range.lowerBound))]"]
    case .choice(let names): names.map { "\"\($0)\"" }
    case .list(let item, let count):
      [count.lowerBound, min(count.upperBound, 3)].map { length in
        "[" + (0..<length).map { Self.samples(of: item)[$0 % Self.samples(of: item).count] }.joined(separator: ", ")
          + "]"
      }
    case .object(let fields):
      [
        "{ " + fields.map { "\"\($0.name)\": \(Self.samples(of: $0.shape)[0])" }.joined(separator: ", ") + " }",
        "{ \"\(fields[0].name)\": \(Self.samples(of: fields[0].shape).last ?? "null") }",
      ]
    case .nullable(let wrapped): ["null"] + Self.samples(of: wrapped)
    case .either(let first, let second): Self.samples(of: first) + Self.samples(of: second)
    }
  }

  private static func number(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }

  /// The site loaded through `memo`, and how many files that load decoded.
  static func load(_ site: URL, memo: SiteLoader.Memo) throws -> (SiteDefinition, decoded: Int) {
    let before = memo.decoded
    var loader = SiteLoader(root: site, displayRoot: "Site", memo: memo, fonts: FontsNotRead())
    loader.requiresFonts = false
    let loaded = try loader.load()
    return (loaded, memo.decoded - before)
  }

  /// `serve`'s memo: a second load decodes nothing and gives the same designs,
  /// on the sweep, the bundled and the fidelity sites; laying a variant over
  /// its design with only the keys it writes is laying it with all thirty.
  @Test func aMemoGivesBackWhatTheDecoderMade() throws {
    let sweep = try Self.sweepSite()
    defer { sweep.remove() }
    #expect(sweep.errors().isEmpty, "the sweep site itself must decode: \(sweep.errors())")
    for folder in [sweep.root, Repository.site, Repository.root.appending(path: "Tests/FidelitySite")] {
      let memo = SiteLoader.Memo()
      let (first, decoded) = try Self.load(folder, memo: memo)
      #expect(decoded == first.designs.count)
      let (second, decodedAgain) = try Self.load(folder, memo: memo)
      #expect(decodedAgain == 0)
      #expect(second == first)
    }
  }

  /// The decoder lays a variant over its design with only the keys the
  /// variant's object names: every other key is the design's, as laying
  /// through all thirty gives.
  @Test func layingOnlyTheKeysWrittenIsLayingThemAll() throws {
    let sweep = try Self.sweepSite()
    defer { sweep.remove() }
    let properties = try sweep.load().designs.flatMap { $0.variants.map(\.properties) }
    #expect(properties.count > 200)
    var top = properties.makeIterator()
    for base in properties.reversed() {
      let over = top.next() ?? Properties()
      let written = PropertyKey.allCases.filter(over.writes)
      #expect(over.laid(over: base, writing: written) == over.laid(over: base))
    }
  }

  /// A file written again at the same size, its modification time put back
  /// (as `touch -r` or `rsync -t` do), is read and decoded again: a version is
  /// its change time too, which no tool sets back.
  @Test func aFileEditedWithItsTimePutBackIsDecodedAgain() throws {
    let site = try TemporarySite(placeholders: [
      "a.json": #"{ "layout": "message", "message": "orange" }"#,
      "b.json": #"{ "layout": "message", "message": "other" }"#,
    ])
    defer { site.remove() }
    let memo = SiteLoader.Memo()
    _ = try Self.load(site.root, memo: memo)
    let file = site.root.appending(path: "placeholders/a.json").path
    var before = stat()
    try #require(lstat(file, &before) == 0)
    try Data(#"{ "layout": "message", "message": "purple" }"#.utf8).write(to: URL(fileURLWithPath: file))
    try FileTimes.setModificationTime(of: file, to: before.st_mtim)
    var after = stat()
    try #require(lstat(file, &after) == 0)
    try #require(after.st_size == before.st_size && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
    let (loaded, decoded) = try Self.load(site.root, memo: memo)
    #expect(decoded == 1)
    #expect(loaded.designs.first { $0.id == "a" }?.variants.first?.properties.message == LocalizedText("purple"))
  }

  /// The JSON a page shows of a variant's properties, and a definition
  /// record keeps (`Properties.json`), holds every field: written as a
  /// definition, it decodes to the same properties, for every form of every
  /// property (a button's `controlSize` and `symbol` were once left out).
  @Test func theJSONOfEveryFormOfEveryPropertyDecodesToIt() throws {
    let site = try Self.sweepSite()
    defer { site.remove() }
    let original = try site.load()
    var placeholders: [String: String] = [:]
    var made: [String: Properties] = [:]
    for design in original.designs {
      for variant in design.variants {
        guard case .object(let all) = variant.properties.json() else {
          Issue.record("\(design.id)/\(variant.id): not an object")
          continue
        }
        // What the layout reads: laying writes `button: null` beside `buttons: []` for every
        // layout, and lays it again from `buttons: []` when the JSON decodes.
        let members = all.filter { member in
          PropertyKey(rawValue: member.0).map { design.layout.reads.contains($0) } ?? false
        }
        let id = "d\(made.count)"
        made[id] = variant.properties
        placeholders[id + ".json"] = JSONDocument.object(
          [("layout", .string(design.layout.rawValue))] + members
        ).rendered(pretty: false)
      }
    }
    #expect(made.count > 200)
    let svg = Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>"#.utf8)
    let again = try TemporarySite(
      siteJSON:
        #"{ "locales": ["en", "ja", "ar", "ar-EG"], "limits": { "textLength": 3000, "variantsPerDesign": 400 } }"#,
      placeholders: placeholders, assets: ["assets/a.svg": svg, "assets/deep/b.svg": svg])
    defer { again.remove() }
    #expect(again.errors().isEmpty, "\(again.errors())")
    for design in try again.load().designs {
      // Laid as a variant over its design is (a design's own `buttons: []` implies `button: null`).
      #expect(
        design.variants.first?.properties.laid(over: Properties()) == made[design.id]?.laid(over: Properties()),
        "\(design.id)")
    }
  }

  /// A file changed in the second the load began, or later, may be written
  /// again in the same clock tick with other bytes: its version is not kept,
  /// and the next load compares its bytes.
  @Test func aVersionVouchesOnlyForAFileThatChangedBeforeTheLastSecond() throws {
    let site = try TemporarySite(placeholders: ["a.json": #"{ "layout": "message" }"#])
    defer { site.remove() }
    let file = site.root.appending(path: "placeholders/a.json").path
    let version = try #require(FileTree.version(of: file))
    var status = stat()
    try #require(lstat(file, &status) == 0)
    let changed = Int64(status.st_ctim.tv_sec)
    #expect(SiteLoader.trustedVersion(version, loadStarted: changed + 2) == version)
    #expect(SiteLoader.trustedVersion(version, loadStarted: changed + 1) == nil)
    #expect(SiteLoader.trustedVersion(version, loadStarted: changed) == nil)
    #expect(SiteLoader.trustedVersion(version, loadStarted: changed - 100) == nil)
    #expect(SiteLoader.trustedVersion(nil, loadStarted: changed + 2) == nil)
  }
}
