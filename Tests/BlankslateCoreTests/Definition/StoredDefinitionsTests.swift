import BlankslateKit
import BlankslateTestSupport
import Foundation
import Testing

/// The decoded definitions a build keeps for the next one
/// (`SiteLoader.Memo.encoded` and `init(decoding:)`): every design reads
/// back equal to what the decoder made, and a record holding anything a
/// definition could not have decoded to is refused whole.
@Suite("Decoded definitions kept between builds")
struct StoredDefinitionsTests {
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
      siteJSON: #"{ "locales": ["en", "ja", "ar"], "limits": { "textLength": 3000, "variantsPerDesign": 400 } }"#,
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
      ]
    case .number(let range): [Self.number(range.lowerBound), Self.number(range.upperBound), "0.25"]
    case .integer(let range): ["\(range.lowerBound)", "\(range.upperBound)"]
    case .bool: ["true", "false"]
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
  private static func load(_ site: TemporarySite, memo: SiteLoader.Memo) throws -> (SiteDefinition, decoded: Int) {
    let before = memo.decoded
    var loader = SiteLoader(root: site.root, displayRoot: "Site", memo: memo)
    loader.requiresFonts = false
    let loaded = try loader.load()
    return (loaded, memo.decoded - before)
  }

  @Test func everyFormOfEveryPropertyReadsBackAsDecoded() throws {
    let site = try Self.sweepSite()
    defer { site.remove() }
    #expect(site.errors().isEmpty, "the sweep site itself must decode: \(site.errors())")
    let memo = SiteLoader.Memo()
    let (first, decoded) = try Self.load(site, memo: memo)
    #expect(decoded == first.designs.count)
    #expect(first.designs.reduce(0) { $0 + $1.variants.count } > 200)

    let bytes = memo.encoded(site: site.root.path)
    let kept = try #require(SiteLoader.Memo(decoding: bytes, site: site.root.path, workers: 2))
    let (second, decodedAgain) = try Self.load(site, memo: kept)
    #expect(decodedAgain == 0)
    #expect(second == first)
    for (read, made) in zip(second.designs, first.designs) {
      #expect(read == made, "\(made.id)")
    }
    // What was read is written again byte for byte.
    #expect(kept.encoded(site: site.root.path) == bytes)
  }

  @Test func theBundledAndFidelitySitesReadBackAsDecoded() throws {
    for folder in [Repository.site, Repository.root.appending(path: "Tests/FidelitySite")] {
      let memo = SiteLoader.Memo()
      var loader = SiteLoader(root: folder, displayRoot: "Site", memo: memo)
      loader.requiresFonts = false
      let first = try loader.load()
      let kept = try #require(
        SiteLoader.Memo(decoding: memo.encoded(site: folder.path), site: folder.path, workers: 1))
      loader.memo = kept
      let second = try loader.load()
      #expect(kept.decoded == 0)
      #expect(second.designs == first.designs)
    }
  }

  /// One record of `placeholders` kept, as a file.
  private static func stored(_ placeholders: [String: String]) throws -> (TemporarySite, [UInt8]) {
    let site = try TemporarySite(
      placeholders: placeholders, assets: ["assets/box.svg": Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)])
    let memo = SiteLoader.Memo()
    _ = try load(site, memo: memo)
    return (site, memo.encoded(site: site.root.path))
  }

  /// `bytes` with `old` replaced by `new` of the same length (so every netstring's length still holds).
  private static func replacing(_ old: String, with new: String, in bytes: [UInt8]) throws -> [UInt8] {
    let from = Array(old.utf8)
    let to = Array(new.utf8)
    try #require(from.count == to.count)
    let start = try #require(
      (0...(bytes.count - from.count)).first { bytes[$0..<($0 + from.count)].elementsEqual(from) }, "\(old)")
    var changed = bytes
    changed.replaceSubrange(start..<(start + from.count), with: to)
    return changed
  }

  private static func bits(_ number: Double) -> String {
    let digits = String(number.bitPattern, radix: 16)
    return "16:" + String(repeating: "0", count: 16 - digits.count) + digits + ","
  }

  /// Each edit makes a record no definition could decode to; each is refused whole.
  @Test(arguments: [
    // A number outside its property's declared range (offsetY: -10,000 to 10,000).
    ("offsetY", bits(40), bits(1e9)),
    ("offsetY", bits(40), bits(-20_000)),
    // A font size past 200 points, a negative image size.
    ("font", bits(17), bits(201)),
    ("size", bits(64), bits(-64)),
    // Not a number at all: infinity and NaN have no JSON spelling.
    ("infinity", bits(40), bits(.infinity)),
    ("nan", bits(40), bits(.nan)),
    // A control character, which XML cannot hold; U+FFFF.
    ("control", "Nothing here", "Nothing\u{1}here"),
    ("noncharacter", "Nothing here", "Nothing h\u{FFFF}"),
    // Texts of more characters than the limit the record names.
    ("limit", "4:2000,", "4:0005,"),
    // A property the layout does not read, a key that does not exist.
    ("not read", "7:loading,", "7:scrolls,"),
    ("unknown key", "7:offsetY,", "7:offsetZ,"),
    // A state the layout cannot show.
    ("state", "7:hasData,", "7:offline,"),
    // An image path this load did not resolve; a symbol that does not exist.
    ("asset", "14:assets/box.svg,", "14:assets/bax.svg,"),
    ("symbol", "5:heart,", "5:hearx,"),
    // An id a definition cannot have; an unknown colour name.
    ("id", "6:orders,", "6:Orders,"),
    ("colour", "6:orange,", "6:orangy,"),
    // Another tool, another format.
    ("tool", "blankslate 0.", "blankslate 9."),
    ("format", "definitions 1", "definitions 2"),
  ])
  func aRecordNoDefinitionCouldMakeIsRefused(what: String, old: String, new: String) throws {
    let (site, bytes) = try Self.stored([
      "orders.json": """
      { "id": "orders", "layout": "message", "titleFont": 17, "imageSize": [64, 64], "image": "assets/box.svg",
        "message": "Nothing here", "messageColor": "orange", "loading": true,
        "variants": [ { "id": "a", "offsetY": 40 }, { "id": "b", "state": "hasData" } ] }
      """,
      "sym.json": #"{ "id": "sym", "layout": "content-unavailable", "image": "symbol:heart" }"#,
    ])
    defer { site.remove() }
    let root = site.root.path
    #expect(SiteLoader.Memo(decoding: bytes, site: root, workers: 1) != nil, "the record as written reads")
    let edited = try Self.replacing(old, with: new, in: bytes)
    #expect(SiteLoader.Memo(decoding: edited, site: root, workers: 1) == nil, "\(what)")
  }

  @Test func aRecordForAnotherSiteOrCutShortIsRefused() throws {
    let (site, bytes) = try Self.stored(["a.json": #"{ "layout": "message", "message": "x" }"#])
    defer { site.remove() }
    #expect(SiteLoader.Memo(decoding: bytes, site: site.root.path + "-other", workers: 1) == nil)
    for length in stride(from: 0, to: bytes.count, by: 7) {
      #expect(SiteLoader.Memo(decoding: Array(bytes.prefix(length)), site: site.root.path, workers: 1) == nil)
    }
    #expect(SiteLoader.Memo(decoding: bytes + [0x30], site: site.root.path, workers: 1) == nil)
  }

  /// Every byte of a record changed in turn: each reads as not a record, or
  /// as one whose designs the loader's own checks would have made; none traps.
  @Test func everyByteChangedReadsAsARecordOrNone() throws {
    let (site, bytes) = try Self.stored([
      "a.json":
        #"{ "layout": "content-unavailable", "title": { "en": "A", "ja": "あ" }, "buttons": [ { "title": "Go" } ] }"#
    ])
    defer { site.remove() }
    var refused = 0
    for index in bytes.indices {
      for replacement: UInt8 in [0x30, 0x3A, 0x2C, 0xFF] where bytes[index] != replacement {
        var changed = bytes
        changed[index] = replacement
        guard let memo = SiteLoader.Memo(decoding: changed, site: site.root.path, workers: 1) else {
          refused += 1
          continue
        }
        // Accepted: what it holds is written again and read again.
        #expect(SiteLoader.Memo(decoding: memo.encoded(site: site.root.path), site: site.root.path, workers: 1) != nil)
      }
    }
    #expect(refused > bytes.count * 2)
  }

  /// A file changed in the second the load began, or later, may be written
  /// again in the same clock tick with other bytes: its version is not kept,
  /// and the next load compares its bytes.
  @Test func aVersionVouchesOnlyForAFileThatChangedBeforeTheLastSecond() throws {
    let version = try #require(FileTree.Version(key: "2049 7 120 1700000000.5 1700000000.25"))
    #expect(SiteLoader.trustedVersion(version, loadStarted: 1_700_000_002) == version)
    #expect(SiteLoader.trustedVersion(version, loadStarted: 1_700_000_001) == nil)
    #expect(SiteLoader.trustedVersion(version, loadStarted: 1_700_000_000) == nil)
    #expect(SiteLoader.trustedVersion(version, loadStarted: 1_600_000_000) == nil)
    #expect(SiteLoader.trustedVersion(nil, loadStarted: 1_700_000_002) == nil)
    #expect(version.key == "2049 7 120 1700000000.5 1700000000.25")
    for bad in ["", "1 2 3 4.5", "1 2 3 4.5 6", "1 2 3 4.5 6.1000000000", "a 2 3 4.5 6.7", "1 2 3 4.5 6.7 8"] {
      #expect(FileTree.Version(key: bad) == nil, "\(bad)")
    }
  }
}
