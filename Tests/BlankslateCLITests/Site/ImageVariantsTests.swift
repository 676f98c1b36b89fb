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

/// `image` per theme and per language, and template assets tinted by `imageTint`
/// (`{"path": …, "template": true}`), as UIKit draws an asset catalog's
/// appearances, its localized images and `.alwaysTemplate` images.
@Suite("Images per theme, per language and as templates")
struct ImageVariantsTests {
  /// A one-colour SVG: a black disc on nothing.
  static let disc = Array(
    ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="#000"/></svg>"##
      .utf8)
  static let assets = [
    "assets/light.svg": disc, "assets/dark.svg": disc, "assets/ja.svg": disc, "assets/mark.svg": disc,
  ]

  func site(_ image: String, tint: String = ##""imageTint": {"light": "#112233", "dark": "systemPink"}, "##) throws
    -> TemporarySite
  {
    try TemporarySite(
      placeholders: [
        "a.json": #"{"layout": "content-unavailable", "#
          + tint + #""image": "# + image + #", "variants": [{"id": "x"}]}"#
      ], assets: Self.assets)
  }

  func image(_ site: TemporarySite, theme: Theme = .light, locale: String = "en") throws -> NodeContent {
    let definition = try site.load()
    let design = try #require(definition.designs.first)
    let variant = try #require(design.variants.first)
    let scene = Renderer().scene(
      for: RenderJob(design: design, variant: variant, device: .iphone15, theme: theme, locale: locale))
    return try #require(scene.node(withID: "image")).content
  }

  @Test func aThemePairDrawsEachThemesImage() throws {
    let site = try site(#"{"light": "assets/light.svg", "dark": "assets/dark.svg"}"#)
    defer { site.remove() }
    #expect(try image(site, theme: .light) == .image(.asset("assets/light.svg")))
    #expect(try image(site, theme: .dark) == .image(.asset("assets/dark.svg")))
  }

  @Test func aLanguageMapFindsTheLanguageThenFallsBackToTheFirst() throws {
    let site = try site(
      #"{"en": {"light": "assets/light.svg", "dark": "assets/dark.svg"}, "ja": "assets/ja.svg"}"#)
    defer { site.remove() }
    #expect(try image(site, locale: "ja") == .image(.asset("assets/ja.svg")))
    #expect(try image(site, locale: "ja-JP") == .image(.asset("assets/ja.svg")))
    #expect(try image(site, theme: .dark, locale: "en") == .image(.asset("assets/dark.svg")))
    #expect(try image(site, theme: .dark, locale: "de") == .image(.asset("assets/dark.svg")))
    #expect(try image(site, locale: "ar") == .image(.asset("assets/light.svg")))
  }

  @Test func aTemplateTakesTheImageTintInEachTheme() throws {
    let site = try site(#"{"path": "assets/mark.svg", "template": true}"#)
    defer { site.remove() }
    #expect(try image(site, theme: .light) == .templateImage("assets/mark.svg", color: RGBA(hex: 0x112233)))
    #expect(try image(site, theme: .dark) == .templateImage("assets/mark.svg", color: RGBA(hex: 0xFF375F)))
    let plain = try self.site(#"{"path": "assets/mark.svg"}"#)
    defer { plain.remove() }
    #expect(try image(plain) == .image(.asset("assets/mark.svg")))
  }

  @Test func anUntintedTemplateIsSecondaryLabelAsASymbolIs() throws {
    let site = try site(#"{"path": "assets/mark.svg", "template": true}"#, tint: "")
    defer { site.remove() }
    let secondary = SemanticColor.secondaryLabel.resolved(in: .light)
    #expect(try image(site) == .templateImage("assets/mark.svg", color: secondary))
  }

  /// What `build` writes: the SVG and the live page both fill the asset's shape with the tint.
  @Test func theBuiltRenderFillsTheAssetsShapeWithTheTint() throws {
    let site = try site(#"{"path": "assets/mark.svg", "template": true}"#)
    defer { site.remove() }
    let output = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: output) }
    let run = CommandRunner.run(["build", "--site", site.root.path, "--output", output.path, "--quiet"])
    #expect(run.status == 0, "\(run.error)")
    let designs = output.appending(path: "designs/a")
    let files = try FileManager.default.contentsOfDirectory(atPath: designs.path)
    let svgs = files.filter { $0.hasSuffix(".svg") }
    #expect(!svgs.isEmpty)
    for file in svgs {
      let svg = try String(contentsOf: designs.appending(path: file), encoding: .utf8)
      let flood = file.contains(".dark.") ? "flood-color=\"#FF375F\"" : "flood-color=\"#112233\""
      #expect(svg.contains("<filter id=\"bs-tint-image\""), "\(file)")
      #expect(svg.contains(flood) && svg.contains("operator=\"in\""), "\(file)")
      #expect(svg.contains("filter=\"url(#bs-tint-image)\""), "\(file)")
      let html = try String(
        contentsOf: designs.appending(path: file.replacingOccurrences(of: ".svg", with: ".html")), encoding: .utf8)
      #expect(html.contains(flood), "\(file)")
    }
  }

  @Test(arguments: [
    (#"{"light": "assets/light.svg"}"#, "both \"light\" and \"dark\" images"),
    (#"{"path": "assets/mark.svg", "tint": "red"}"#, "tint"),
    (#"{"template": true}"#, "a \"path\" under assets/"),
    (#"{"english": "assets/light.svg"}"#, "a locale tag"),
    (#"{}"#, "at least one locale"),
    (#"{"en": {"ja": "assets/ja.svg"}}"#, "{\"light\": …, \"dark\": …}"),
    (#"{"path": "assets/missing.svg", "template": true}"#, "missing.svg"),
    (#"{"source": "assets/light.svg", "accessibilityLabel": "A sun", "decorative": true}"#, "drop \"decorative\""),
    (#"{"accessibilityLabel": "A sun"}"#, "the image in \"source\""),
    (#"{"source": "assets/light.svg", "path": "assets/light.svg"}"#, "path"),
    (#"{"source": {"source": "assets/light.svg"}, "decorative": true}"#, "a locale tag"),
    (#"{"source": "assets/light.svg", "accessibilityLabel": 3}"#, "accessibilityLabel"),
    (#"{"en": "assets/light.svg", "decorative": true}"#, "the image in \"source\""),
  ])
  func aMalformedImageIsRefusedWithItsPath(image: String, expected: String) throws {
    let site = try site(image)
    defer { site.remove() }
    let errors = site.errors().map(\.description)
    #expect(errors.count == 1 && errors.first?.contains(expected) == true, "\(errors)")
    #expect(errors.first?.contains("image") == true, "\(errors)")
  }
}
