@testable import BlankslateCLI
@testable import BlankslateCore
@testable import BlankslateModel
import BlankslateCoreTestSupport
@testable import BlankslateServe
@testable import BlankslateSite
@testable import BlankslateSnapshot
@testable import BlankslateSupport
import BlankslateTestSupport
@testable import BlankslateValidation
import Foundation
import Testing

/// `site.json` `fonts`: a team's own font files, known by SHA-256, measured
/// and drawn instead of the stand-ins; `"tracking": "sf-pro"` applies Apple's
/// SF Pro tracking. Debian's Noto Sans stands in for SF Pro, which this
/// project never ships.
@Suite("A team's own fonts")
struct TeamFontTests {
  static let noto = "/usr/share/fonts/truetype/noto/"
  static let design = #"""
    {"layout": "content-unavailable", "title": "Nothing Saved Yet", "message": "Tap the bookmark to keep a recipe.",
     "variants": [{"id": "x"}]}
    """#

  func hash(_ name: String) throws -> String {
    SHA256.hex(Array(try Data(contentsOf: URL(filePath: Self.noto + name))))
  }

  /// A site with `fonts` (file → hash written) copied in, and more `site.json` keys.
  func site(_ fonts: [(String, String)], extra: String = "") throws -> TemporarySite {
    var assets: [String: [UInt8]] = [:]
    for (file, _) in fonts where !file.contains("..") {
      let name = String(file.split(separator: "/").last ?? "")
      if let bytes = FileManager.default.contents(atPath: Self.noto + name) { assets[file] = Array(bytes) }
    }
    let entries = fonts.map { #"{"file": "\#($0.0)", "sha256": "\#($0.1)"}"# }.joined(separator: ", ")
    return try TemporarySite(
      siteJSON: #"{"devices": ["iphone-15"], "themes": ["light"], "locales": ["en"], "fonts": [\#(entries)]\#(extra)}"#,
      placeholders: ["a.json": Self.design], assets: assets)
  }

  func title(_ site: TemporarySite) throws -> TextBlock {
    let definition = try site.load()
    let design = try #require(definition.designs.first)
    let job = RenderJob(
      design: design, variant: try #require(design.variants.first), device: .iphone15, theme: .light, locale: "en")
    let scene = Renderer(typesetter: definition.typography.typesetter).scene(for: job)
    guard case .text(let block) = try #require(scene.node(withID: "title")).content else {
      Issue.record("no title")
      throw CancellationError()
    }
    return block
  }

  @Test func theTeamsFilesSetTheLatinTextAtTheirWeights() throws {
    let site = try site([
      ("fonts/NotoSans-Regular.ttf", try hash("NotoSans-Regular.ttf")),
      ("fonts/NotoSans-Bold.ttf", try hash("NotoSans-Bold.ttf")),
    ])
    defer { site.remove() }
    let definition = try site.load()
    let fonts = definition.typography.fonts
    #expect(fonts.map(\.weight) == [400, 700] && fonts.allSatisfy { $0.coverages.contains(.latin) })
    // The bold title is measured with the team's bold: another width than the stand-in's.
    let team = try title(site)
    let plain = try TemporarySite(placeholders: ["a.json": Self.design])
    defer { plain.remove() }
    let standIn = try title(plain)
    #expect(team.texts == standIn.texts)
    let teamWidth = try #require(team.lines.first?.width)
    let standInWidth = try #require(standIn.lines.first?.width)
    #expect(abs(teamWidth - standInWidth) > 1, "\(teamWidth) \(standInWidth)")
  }

  @Test func theBuildDrawsAndEmbedsTheTeamsFaces() throws {
    let site = try site([("fonts/NotoSans-Bold.ttf", try hash("NotoSans-Bold.ttf"))])
    defer { site.remove() }
    let plain = try TemporarySite(placeholders: ["a.json": Self.design])
    defer { plain.remove() }
    var built: [String: (svg: String, css: String)] = [:]
    for (name, folder) in [("team", site.root), ("plain", plain.root)] {
      let output = temporaryFolder()
      defer { try? FileManager.default.removeItem(at: output) }
      let run = CommandRunner.run(["build", "--site", folder.path, "--output", output.path, "--quiet"])
      #expect(run.status == 0, "\(run.error)")
      let svg = try String(contentsOf: output.appending(path: "designs/a/x.iphone-15.light.en.svg"), encoding: .utf8)
      let css = try String(contentsOf: output.appending(path: "_gallery/fonts.css"), encoding: .utf8)
      built[name] = (svg, css)
    }
    let team = try #require(built["team"])
    let plainBuilt = try #require(built["plain"])
    #expect(team.svg != plainBuilt.svg)
    #expect(team.css != plainBuilt.css)
  }

  @Test func sfProTrackingSpacesEveryLatinCharacterByApplesTable() throws {
    let regular = ("fonts/NotoSans-Regular.ttf", try hash("NotoSans-Regular.ttf"))
    let bold = ("fonts/NotoSans-Bold.ttf", try hash("NotoSans-Bold.ttf"))
    let tracked = try site([regular, bold], extra: #", "tracking": "sf-pro""#)
    defer { tracked.remove() }
    let untracked = try site([regular, bold])
    defer { untracked.remove() }
    let a = try #require(try title(tracked).lines.first)
    let b = try #require(try title(untracked).lines.first)
    #expect(a.text == b.text)
    let table = TrackingTable.sfPro.tracking(at: 22)
    #expect(abs(table - -0.26) < 0.001)
    // Applied in whole font units: within half a unit (22 pt / 1000 upem) of the table's.
    let run = try #require(a.runs.first)
    #expect(abs(run.tracking - table) <= run.scale / 2 + 1e-9, "\(run.tracking)")
    let expected = b.width + Double(a.text.count) * run.tracking
    #expect(abs(a.width - expected) < 0.001, "\(a.width) vs \(expected)")
  }

  @Test(arguments: [(17.0, -0.43), (13, -0.08), (15, -0.23), (28, 0.38), (34, 0.4), (12, 0), (80, 0), (4, 0.24)])
  func theTableIsApplesAtTheTextStylesSizes(size: Double, points: Double) {
    #expect(abs(TrackingTable.sfPro.tracking(at: size) - points) < 0.001)
  }

  @Test func aFileWhoseBytesAreNotItsHashIsRefusedNamingBothHashes() throws {
    let written = String(repeating: "ab", count: 32)
    let site = try site([("fonts/NotoSans-Regular.ttf", written)])
    defer { site.remove() }
    let errors = site.errors().map(\.description)
    let found = try hash("NotoSans-Regular.ttf")
    #expect(errors.count == 1, "\(errors)")
    #expect(errors.first?.contains("fonts[0].sha256") == true, "\(errors)")
    #expect(errors.first?.contains(written) == true && errors.first?.contains(found) == true, "\(errors)")
    let output = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: output) }
    let run = CommandRunner.run(["build", "--site", site.root.path, "--output", output.path])
    #expect(run.status == 2, "\(run.output)")
    #expect(run.error.contains("site.json") && run.error.contains(found), "\(run.error)")
  }

  @Test func aFontWithOneByteChangedIsRefused() throws {
    var bytes = Array(try Data(contentsOf: URL(filePath: Self.noto + "NotoSans-Regular.ttf")))
    let hashWritten = SHA256.hex(bytes)
    bytes[bytes.count / 2] ^= 0x01
    let site = try TemporarySite(
      siteJSON: #"{"fonts": [{"file": "fonts/a.ttf", "sha256": "\#(hashWritten)"}]}"#,
      placeholders: ["a.json": Self.design], assets: ["fonts/a.ttf": bytes])
    defer { site.remove() }
    #expect(site.errors().map(\.description).contains { $0.contains("fonts[0].sha256") }, "\(site.errors())")
  }

  @Test(arguments: [
    ("../outside.ttf", "leaves it"),
    ("fonts/missing.ttf", "does not exist"),
    ("placeholders/a.json", "an OpenType or TrueType font"),
  ])
  func aFileThatIsNotTheSitesFontIsRefused(file: String, expected: String) throws {
    let json = #"{"fonts": [{"file": "\#(file)", "sha256": "\#(String(repeating: "0", count: 64))"}]}"#
    let site = try TemporarySite(siteJSON: json, placeholders: ["a.json": Self.design])
    defer { site.remove() }
    // A file that exists is refused for its hash first; a non-font with its own hash for not being a font.
    var errors = site.errors().map(\.description)
    if file == "placeholders/a.json" {
      let own = SHA256.hex(Array(Self.design.utf8))
      let again = try TemporarySite(
        siteJSON: #"{"fonts": [{"file": "\#(file)", "sha256": "\#(own)"}]}"#, placeholders: ["a.json": Self.design])
      defer { again.remove() }
      errors = again.errors().map(\.description)
    }
    #expect(errors.contains { $0.contains("fonts[0].file") && $0.contains(expected) }, "\(errors)")
  }

  @Test func aLinkOutOfTheSiteIsRefused() throws {
    let site = try TemporarySite(
      siteJSON: #"{"fonts": [{"file": "fonts/linked.ttf", "sha256": "\#(try hash("NotoSans-Regular.ttf"))"}]}"#,
      placeholders: ["a.json": Self.design])
    defer { site.remove() }
    try FileManager.default.createDirectory(at: site.root.appending(path: "fonts"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: site.root.appending(path: "fonts/linked.ttf").path,
      withDestinationPath: Self.noto + "NotoSans-Regular.ttf")
    #expect(site.errors().map(\.description).contains { $0.contains("fonts[0].file") && $0.contains("leaves it") })
  }

  @Test func twoFilesForOneScriptAndWeightAreRefused() throws {
    let regular = try hash("NotoSans-Regular.ttf")
    var assets: [String: [UInt8]] = [:]
    let bytes = Array(try Data(contentsOf: URL(filePath: Self.noto + "NotoSans-Regular.ttf")))
    assets["fonts/a.ttf"] = bytes
    assets["fonts/b.ttf"] = bytes
    let site = try TemporarySite(
      siteJSON:
        #"{"fonts": [{"file": "fonts/a.ttf", "sha256": "\#(regular)"}, {"file": "fonts/b.ttf", "sha256": "\#(regular)"}]}"#,
      placeholders: ["a.json": Self.design], assets: assets)
    defer { site.remove() }
    #expect(
      site.errors().map(\.description).contains { $0.contains("fonts[1].file") && $0.contains("one file per script") })
  }
}
