import BlankslateCore
import BlankslateCoreTestSupport
import BlankslateSite
import BlankslateSupport
import BlankslateTestSupport
import BlankslateValidation
import Foundation
import Testing

/// `site.json` `tint` is UIKit's `tintColor`: plain buttons, a written
/// `tintColor`, and the tab bar's selected item take it; without it, systemBlue.
@Suite("The app's tint")
struct TintTests {
  static let placeholder = #"""
    {"layout": "content-unavailable", "state": "offline", "chrome": {"tabBar": true},
     "variants": [{"id": "plain"}, {"id": "written", "button": {"title": "Go", "style": "bordered", "textColor": "tintColor"}}]}
    """#

  func scene(_ site: TemporarySite, _ variant: String, theme: Theme) throws -> Scene {
    let definition = try site.load()
    let design = try #require(definition.designs.first)
    let chosen = try #require(design.variants.first { $0.id == variant })
    return Renderer().scene(
      for: RenderJob(design: design, variant: chosen, device: .iphone15, theme: theme, locale: "en"))
  }

  func buttonTitleColor(_ scene: Scene) throws -> String {
    guard case .button(let face) = try #require(scene.node(withID: "button")).content else { return "" }
    return face.title.color.hex
  }

  func selectedTabColor(_ scene: Scene) throws -> String {
    guard case .symbol(_, let color) = try #require(scene.node(withID: "tab-icon-1")).content else { return "" }
    return color.hex
  }

  @Test func theTintIsTintColorEverywhereUIKitUsesIt() throws {
    let site = try TemporarySite(
      siteJSON: ##"{"devices": ["iphone-15"], "locales": ["en"], "tint": {"light": "#C2185B", "dark": "#FF5C8A"}}"##,
      placeholders: ["a.json": Self.placeholder])
    defer { site.remove() }
    for (theme, tint) in [(Theme.light, "#C2185B"), (.dark, "#FF5C8A")] {
      #expect(try buttonTitleColor(scene(site, "plain", theme: theme)) == tint, "\(theme)")
      #expect(try buttonTitleColor(scene(site, "written", theme: theme)) == tint, "\(theme)")
      #expect(try selectedTabColor(scene(site, "plain", theme: theme)) == tint, "\(theme)")
    }
    // The build draws the tab glyphs in the tint, and every page's links resolve (the build validates them).
    let output = site.root.deletingLastPathComponent().appending(path: "out-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: output) }
    _ = try SiteBuilder(options: BuildOptions(siteFolder: site.root, output: output, workers: 2)).build()
  }

  @Test func withoutATintItIsSystemBlue() throws {
    let site = try TemporarySite(
      siteJSON: #"{"devices": ["iphone-15"], "locales": ["en"]}"#, placeholders: ["a.json": Self.placeholder])
    defer { site.remove() }
    #expect(try buttonTitleColor(scene(site, "plain", theme: .light)) == "#007AFF")
    #expect(try selectedTabColor(scene(site, "plain", theme: .dark)) == "#0A84FF")
  }

  @Test func aTintThatIsNotAColourIsRefusedWithItsPath() throws {
    let site = try TemporarySite(
      siteJSON: #"{"tint": "brand-pink"}"#, placeholders: ["a.json": Self.placeholder])
    defer { site.remove() }
    let errors = site.errors().map { "\($0)" }
    #expect(errors.contains { $0.contains("site.json") && $0.contains("tint") }, "\(errors)")
  }
}
