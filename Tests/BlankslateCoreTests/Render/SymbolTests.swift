import BlankslateKit
import BlankslateTestSupport
import Foundation
import Testing

/// `symbol:NAME` images: drawn by the project, usable in every layout, tinted per theme.
@Suite("Symbols")
struct SymbolTests {
  @Test func thereAreAtLeastThirtySymbolsNamedLikeSFSymbols() {
    #expect(SymbolName.allCases.count >= 30)
    for name in ["tray", "magnifyingglass", "wifi.slash", "exclamationmark.triangle", "heart.slash", "bell.slash"] {
      #expect(SymbolName(rawValue: name) != nil, "\(name)")
    }
  }

  @Test(arguments: LayoutKind.allCases)
  func everyLayoutDrawsASymbolInItsTint(layout: LayoutKind) throws {
    var properties = Properties()
    properties.image = .value(.symbol(.heartSlash))
    properties.imageTint = .perTheme(light: .fixed(RGBA(hex: 0x112233)), dark: .semantic(.systemPink))
    if layout == .table { properties.sections = [0] }
    for (theme, hex) in [(Theme.light, "#112233"), (.dark, "#FF375F")] {
      let job = Repository.job(layout: layout, properties: properties, theme: theme)
      let render = Renderer().render(job)
      let svg = String(decoding: render.svg, as: UTF8.self)
      #expect(svg.contains("stroke=\"\(hex)\""), "\(layout) \(theme)")
      let html = HTMLRenderer().render(Renderer().scene(for: job))
      #expect(html.contains("stroke=\"\(hex)\""), "\(layout) \(theme)")
    }
  }

  @Test(arguments: [
    ("symbol:heart.slah", "Did you mean \"symbol:heart.slash\""),
    ("sf:heart.slash", "did you mean \"symbol:heart.slash\"?"),
    ("sf:heart.slash", "\"sf:\" is not an image source"),
    ("https://example.com/a.png", "is not an image source"),
  ])
  func unknownSymbolsAndSchemesAreRefusedWithNearNames(image: String, expected: String) throws {
    let site = try TemporarySite(
      placeholders: ["a.json": #"{"id": "a", "layout": "message", "image": ""# + image + #""}"#])
    defer { site.remove() }
    let errors = site.errors().map(\.description)
    #expect(errors.count == 1, "\(errors)")
    #expect(errors.first?.contains(expected) == true, "\(errors)")
    #expect(errors.first?.contains("leaves the site") == false, "\(errors)")
  }

  @Test func theGalleryShowsEverySymbol() throws {
    let output = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: output) }
    let run = CommandRunner.run(["build", "--output", output.path, "--quiet"])
    #expect(run.status == 0, "\(run.error)")
    let page = try String(contentsOf: output.appending(path: "symbols.html"), encoding: .utf8)
    for symbol in SymbolName.allCases {
      #expect(page.contains("aria-label=\"\(symbol.rawValue)\""), "\(symbol)")
      #expect(page.contains("<code>symbol:\(symbol.rawValue)</code>"), "\(symbol)")
    }
    let index = try String(contentsOf: output.appending(path: "index.html"), encoding: .utf8)
    #expect(index.contains("href=\"symbols.html\""))
  }
}
