@testable import BlankslateCore
@testable import BlankslateModel
import BlankslateCoreTestSupport
@testable import BlankslateSite
@testable import BlankslateSupport
import BlankslateTestSupport
@testable import BlankslateValidation
import Foundation
import Testing

/// One loader for every command: lint sees the assets build and check see,
/// and a memo keeps an asset only while its file is the same version.
@Suite("The site's inputs")
struct SiteInputsTests {
  static let drawing =
    ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#0A84FF"/></svg>"##

  static func site(asset: String) throws -> TemporarySite {
    try TemporarySite(
      siteJSON: #"{"devices": ["iphone-se"], "locales": ["en"], "themes": ["light"]}"#,
      placeholders: ["art.json": #"{"layout": "message", "image": "assets/art.svg", "imageSize": [80, 80]}"#],
      assets: ["assets/art.svg": Array(asset.utf8)])
  }

  @Test func lintLoadsTheAssetsAndRefusesABadOneAsBuildDoes() throws {
    let good = try Self.site(asset: Self.drawing)
    defer { good.remove() }
    #expect(throws: Never.self) { _ = try SiteLinter(siteFolder: good.root, siteDisplay: "Site").run() }
    let bad = try Self.site(asset: #"<svg xmlns="http://www.w3.org/2000/svg"><text>Hi</text></svg>"#)
    defer { bad.remove() }
    do {
      _ = try SiteLinter(siteFolder: bad.root, siteDisplay: "Site").run()
      Issue.record("lint accepted an asset build refuses")
    } catch {
      #expect(error.description.contains("Site/assets/art.svg"), "\(error)")
      #expect(error.description.contains("convert the text to outlines"), "\(error)")
    }
  }

  @Test func aMemoKeepsAnAssetOnlyWhileItsFileIsTheSameVersion() throws {
    let site = try Self.site(asset: Self.drawing)
    defer { site.remove() }
    let memo = SiteInputs.Memo()
    func catalogText() throws -> String {
      let inputs = try SiteInputs.load(site.root, display: "Site", workers: 1, memo: memo)
      let entry = try #require(inputs.assets?.files.first { $0.path == "assets/art.svg" })
      return String(decoding: entry.bytes, as: UTF8.self)
    }
    #expect(try catalogText().contains("#0A84FF"))
    #expect(try catalogText().contains("#0A84FF"))
    let file = site.root.appending(path: "assets/art.svg")
    try Data(Self.drawing.replacingOccurrences(of: "#0A84FF", with: "#FF375F").utf8).write(to: file)
    #expect(try catalogText().contains("#FF375F"), "the memo kept an asset whose file changed")
    try Data(#"<svg xmlns="http://www.w3.org/2000/svg"><text>Hi</text></svg>"#.utf8).write(to: file)
    #expect(throws: BuildError.self) { _ = try catalogText() }
  }

  /// A memo never vouches for a path that now leads out of the site, even to the same bytes.
  @Test func anAssetRelinkedOutOfTheSiteIsRefusedDespiteTheMemo() throws {
    let site = try Self.site(asset: Self.drawing)
    defer { site.remove() }
    let outside = temporaryFolder()
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: outside) }
    try Data(Self.drawing.utf8).write(to: outside.appending(path: "art.svg"))
    let memo = SiteInputs.Memo()
    _ = try SiteInputs.load(site.root, display: "Site", workers: 1, memo: memo)
    let file = site.root.appending(path: "assets/art.svg")
    try FileManager.default.removeItem(at: file)
    try FileManager.default.createSymbolicLink(at: file, withDestinationURL: outside.appending(path: "art.svg"))
    do {
      _ = try SiteInputs.load(site.root, display: "Site", workers: 1, memo: memo)
      Issue.record("an asset linked out of the site was used")
    } catch {
      #expect(error.description.contains("leaves the site's assets/ folder"), "\(error)")
    }
  }
}
