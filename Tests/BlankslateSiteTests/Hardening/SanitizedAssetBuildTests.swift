import BlankslateCoreTestSupport
import BlankslateSite
import BlankslateTestSupport
import Foundation
import Testing

/// A site's SVG asset is sanitised (`SVGSanitizer`) before a build copies it
/// or embeds it in a render, and the build says what was removed.
@Suite("Sanitised assets in a build")
struct SanitizedAssetBuildTests {
  @Test func aSiteAssetIsSanitisedBeforeItIsEmbedded() throws {
    let hostile =
      #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script><circle cx="5" cy="5" r="4" onclick="x()"/></svg>"#
    let site = try TemporarySite(
      siteJSON: #"{ "devices": ["iphone-se"], "themes": ["light"], "locales": ["en"] }"#,
      placeholders: ["a.json": #"{ "layout": "message", "image": "assets/dot.svg" }"#],
      assets: ["assets/dot.svg": Array(hostile.utf8)])
    defer { site.remove() }
    let output = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: output) }
    let summary = try SiteBuilder(
      options: BuildOptions(siteFolder: site.root, siteDisplay: "Site", output: output, workers: 1)
    )
    .build()
    #expect(summary.notes.contains("Site/assets/dot.svg: line 1: removed <script>"), "\(summary.notes)")
    let copied = try String(contentsOf: output.appending(path: "assets/dot.svg"), encoding: .utf8)
    #expect(!copied.contains("script") && !copied.contains("onclick"))
    let render = try String(
      contentsOf: output.appending(path: "designs/a/default.iphone-se.light.en.svg"), encoding: .utf8)
    let base64 = try #require(render.components(separatedBy: "base64,").last?.split(separator: "\"").first)
    let embedded = String(decoding: Data(base64Encoded: String(base64)) ?? Data(), as: UTF8.self)
    #expect(embedded == copied)
  }
}
