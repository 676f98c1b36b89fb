@testable import BlankslateCore
@testable import BlankslateModel
import BlankslateCoreTestSupport
@testable import BlankslateSite
import BlankslateSupport
import BlankslateTestSupport
@testable import BlankslateValidation
import Foundation
import Testing

@Suite("Limits")
struct LimitsTests {
  @Test(arguments: [
    (
      #"{ "limits": { "textLength": 10 } }"#, #"{ "layout": "message", "message": "twenty characters!!!" }"#,
      "message: the text's length is 20, over the limit of 10"
    ),
    (
      #"{ "limits": { "variantsPerDesign": 2 } }"#,
      #"{ "layout": "message", "variants": [{"id": "a"}, {"id": "b"}, {"id": "c"}] }"#,
      "variants: the number of variants is 3, over the limit of 2"
    ),
    (
      #"{ "limits": { "renders": 3 } }"#, #"{ "layout": "message", "variants": [{"id": "a"}, {"id": "b"}] }"#,
      "the number of renders (variants × devices × themes × locales × text sizes) is 8, over the limit of 3"
    ),
    (
      #"{ "limits": { "fileSize": 20 } }"#, #"{ "layout": "message", "name": "a name long enough" }"#,
      "the file's size in bytes is"
    ),
    (
      #"{ "limits": { "depth": 2 } }"#, #"{ "layout": "message", "button": { "size": [1, 2] } }"#,
      "nesting deeper than 2 levels"
    ),
    (#"{ "limits": { "renders": 99999999 } }"#, #"{ "layout": "message" }"#, "a whole number from 1 to 5000000"),
  ])
  func eachLimitIsEnforcedWithAClearError(siteJSON: String, design: String, expectation: String) throws {
    let site = try TemporarySite(siteJSON: siteJSON, placeholders: ["a.json": design])
    defer { site.remove() }
    let messages = site.errors().map(\.description)
    #expect(messages.contains { $0.contains(expectation) }, "\(messages)")
    #expect(messages.allSatisfy { $0.hasPrefix("Site/") })
  }

  @Test func anOversizedAssetIsRefused() throws {
    let svg =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1 1\">"
      + String(repeating: "<rect width=\"1\" height=\"1\"/>", count: 100) + "</svg>"
    let site = try TemporarySite(
      siteJSON:
        #"{ "devices": ["iphone-se"], "themes": ["light"], "locales": ["en"], "limits": { "assetSize": 1000 } }"#,
      placeholders: ["a.json": #"{ "layout": "message", "image": "assets/big.svg" }"#],
      assets: ["assets/big.svg": Array(svg.utf8)])
    defer { site.remove() }
    do {
      _ = try SiteBuilder(
        options: BuildOptions(siteFolder: site.root, siteDisplay: "Site", output: temporaryFolder(), workers: 1)
      ).build()
      Issue.record("built with an oversized asset")
    } catch {
      #expect(error.exitCode == 2)
      #expect(
        error.description.contains(
          "Site/assets/big.svg: cannot be used as an image: it is \(svg.utf8.count) bytes; assets are limited to 1000 bytes"
        ), "\(error)")
    }
  }
}
