@testable import BlankslateModel
import BlankslateSupport
import BlankslateTestSupport
import Foundation
import Testing

/// The decoded definitions a build keeps for the next one
/// (`SiteLoader.Memo.encoded` and `init(decoding:)`): every design reads
/// back equal to what the decoder made, and a record holding anything a
/// definition could not have decoded to is refused whole.
@Suite("Decoded definitions kept between builds")
struct StoredDefinitionsTests {
  /// The site loaded through `memo`, and how many files that load decoded.
  private static func load(_ site: TemporarySite, memo: SiteLoader.Memo) throws -> (SiteDefinition, decoded: Int) {
    try PropertyFormsTests.load(site.root, memo: memo)
  }

  @Test func everyFormOfEveryPropertyReadsBackAsDecoded() throws {
    let site = try PropertyFormsTests.sweepSite()
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
      var loader = SiteLoader(root: folder, displayRoot: "Site", memo: memo, fonts: FontsNotRead())
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

  /// A design that writes most kinds of value, as the decoder made it.
  static func decodedDesign() throws -> (Design, StoredDesign.Expected) {
    let site = try TemporarySite(
      placeholders: [
        "orders.json": """
        { "id": "orders", "layout": "message", "name": "Orders", "tags": ["a", "b"], "titleFont": 17,
          "imageSize": [64, 64], "image": "assets/box.svg", "message": { "en": "Nothing here", "ja": "何もない" },
          "messageColor": "orange", "loading": true, "buttons": [ { "title": "Go" } ], "sections": [1],
          "spacing": { "imageToTitle": 8 }, "margins": 16, "titleColor": { "light": "#111", "dark": "label" },
          "chrome": { "tabBar": { "items": [ { "title": "A" }, { "title": "B" } ], "selected": 1 } },
          "suppress": { "contrast": "brand colour" },
          "variants": [ { "id": "a", "offsetY": 40 }, { "id": "b", "state": "hasData",
            "suppress": [ { "rule": "contrast", "element": "message", "value": "#FF9500", "reason": "brand" },
                          { "rule": "overflow", "reason": "long" } ] } ] }
        """
      ], assets: ["assets/box.svg": Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)])
    defer { site.remove() }
    var loader = SiteLoader(root: site.root, displayRoot: "Site", fonts: FontsNotRead())
    loader.requiresFonts = false
    let design = try #require(try loader.load().designs.first)
    let expected = StoredDesign.Expected(
      limits: SiteLimits(), assets: ["assets/box.svg": "assets/box.svg"], sourceFile: design.sourceFile,
      sourceHash: design.sourceHash)
    return (design, expected)
  }

  /// `design` written and read back.
  static func roundTrip(_ design: Design, _ expected: StoredDesign.Expected) -> Design? {
    var writer = Netstrings.Writer(capacity: 1024)
    StoredDesign.write(design, idPosition: SourcePosition(line: 1, column: 9), into: &writer)
    return StoredDesign.read(Netstrings(writer.bytes, from: 0), expected: expected)?.0
  }

  /// Changes to a decoded design that no definition could decode to, one of each check the decoder makes.
  static let impossible: [String: @Sendable (inout Design) -> Void] = [
    "offsetY past 10,000": { $0.variants[0].properties.offsetY = 1e9 },
    "offsetY below -10,000": { $0.variants[0].properties.offsetY = -20_000 },
    "offsetY infinite": { $0.variants[0].properties.offsetY = .infinity },
    "offsetY not a number": { $0.variants[0].properties.offsetY = .nan },
    "a font of 201 points": { $0.variants[0].properties.titleFont = FontSpec(size: .fixed(201)) },
    "a negative image size": { $0.variants[0].properties.imageSize = Size(width: -1, height: 4) },
    "an image past 10,000 points": { $0.variants[0].properties.imageSize = Size(width: 4, height: 10_001) },
    "a state the layout cannot show": { $0.variants[1].properties.state = .offline },
    "a property the layout does not read": { $0.variants[0].properties.scrolls = true },
    "buttons in a layout that reads none": { $0.layout = .noNetwork },
    "a control character": { $0.variants[0].properties.message = LocalizedText("bell\u{7}") },
    "U+FFFF": { $0.variants[0].properties.message = LocalizedText("\u{FFFF}") },
    "a text past the limit": {
      $0.variants[0].properties.message = LocalizedText(String(repeating: "x", count: 2_001))
    },
    "a text of no entries": { $0.variants[0].properties.message = LocalizedText(entries: []) },
    "a locale that is no tag": {
      $0.variants[0].properties.title = LocalizedText(entries: [(locale: "english", text: "x")])
    },
    "the same locale twice": {
      $0.variants[0].properties.title = LocalizedText(entries: [(locale: "en", text: "x"), (locale: "en", text: "y")])
    },
    "an image this load did not resolve": { $0.variants[0].properties.image = .value(.one(.asset("assets/x.svg"))) },
    "an image per locale inside one": {
      $0.variants[0].properties.image = .value(
        .perLocale([.init(locale: "en", image: .perLocale([.init(locale: "ja", image: .one(.symbol(.tray)))]))]))
    },
    "a colour per theme inside one": {
      $0.variants[0].properties.background = .perTheme(
        light: .perTheme(light: .semantic(.label), dark: .semantic(.label)), dark: .semantic(.label))
    },
    "an id with capitals": { $0.id = "Orders" },
    "a variant id with a space": { $0.variants[1].id = "b c" },
    "two variants of one id": { $0.variants[1].id = "a" },
    "no variants": { $0.variants = [] },
    "more variants than the limit": { design in
      design.variants = (0...200).map {
        var variant = design.variants[0]; variant.id = "v\($0)"; return variant
      }
    },
    "a tag twice": { $0.tags = ["a", "a"] },
    "an empty tag": { $0.tags = [""] },
    "a tag of 65 characters": { $0.tags = [String(repeating: "t", count: 65)] },
    "three buttons": {
      $0.variants[0].properties.buttons = [ButtonDefinition(), ButtonDefinition(), ButtonDefinition()]
    },
    "101 sections": { $0.variants[0].properties.sections = Array(repeating: 1, count: 101) },
    "1,001 rows": { $0.variants[0].properties.sections = [1_001] },
    "a gap past 1,000": { $0.variants[0].properties.spacing?.imageToTitle = 1_000.5 },
    "negative margins": { $0.variants[0].properties.margins = Insets(all: -1) },
    "six tabs": { $0.variants[0].properties.chrome?.tabItems = Array(repeating: TabItem(), count: 6) },
    "the sixth tab selected": { $0.variants[0].properties.chrome?.selectedTab = 5 },
    "a reason of spaces": { $0.variants[0].suppressions = [Suppression(rule: .contrast, reason: "   ")] },
    "a reason of 501 characters": {
      $0.variants[0].suppressions = [Suppression(rule: .contrast, reason: String(repeating: "r", count: 501))]
    },
  ]

  @Test func aDecodedDesignReadsBackEqual() throws {
    let (design, expected) = try Self.decodedDesign()
    #expect(Self.roundTrip(design, expected) == design)
  }

  /// Each change makes a design no definition could decode to; each is refused.
  @Test(arguments: impossible.keys.sorted())
  func aDesignNoDefinitionCouldDecodeToIsRefused(change: String) throws {
    var (design, expected) = try Self.decodedDesign()
    let edit = try #require(Self.impossible[change])
    edit(&design)
    #expect(Self.roundTrip(design, expected) == nil, "\(change)")
  }

  /// Each edit of a kept memo's bytes (of the same length, so every netstring
  /// still parses) makes it one this build must not read; each is refused whole.
  @Test(arguments: [
    // Texts of more characters than the limit the record names.
    ("limit", "4:2000,", "4:0005,"),
    // An image path answered with another path.
    ("asset", "14:assets/box.svg,", "14:assets/bax.svg,"),
    // A control character, which XML cannot hold.
    ("control", "Nothing here", "Nothing\u{1}here"),
    // Another tool, another format.
    ("tool", "blankslate 0.", "blankslate 9."),
    ("format", "blankslate state", "blankslate STATE"),
    // Another kind of state file (a build cache's header, as long as this one's).
    ("kind", "\(StateFile.version) definitions", "\(StateFile.version) build cache"),
  ])
  func aMemoThisBuildMustNotReadIsRefused(what: String, old: String, new: String) throws {
    let (site, bytes) = try Self.stored([
      "orders.json": """
      { "id": "orders", "layout": "message", "image": "assets/box.svg", "message": "Nothing here",
        "variants": [ { "id": "a", "offsetY": 40 }, { "id": "b", "state": "hasData" } ] }
      """
    ])
    defer { site.remove() }
    let root = site.root.path
    #expect(SiteLoader.Memo(decoding: bytes, site: root, workers: 1) != nil, "the memo as written reads")
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
}
