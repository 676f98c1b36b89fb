import BlankslateCore
import BlankslateCoreTestSupport
import BlankslateSupport
import BlankslateTestSupport
import Foundation
import Testing

/// `symbol:NAME` images: drawn by the project, usable in every layout, tinted per theme.
@Suite("Symbols")
struct SymbolTests {
  @Test func thereAreAtLeastEightySymbolsNamedLikeSFSymbols() {
    #expect(SymbolName.allCases.count >= 80)
    for name in [
      "tray", "magnifyingglass", "wifi.slash", "exclamationmark.triangle", "heart.slash", "bell.slash",
      "location.slash", "gearshape", "arrow.down.circle", "bubble.left.and.bubble.right",
    ] {
      #expect(SymbolName(rawValue: name) != nil, "\(name)")
    }
  }

  /// A `.fill` symbol has its outline beside it and is drawn filled: a solid
  /// shape (its details holes in it), never only the outline's strokes.
  @Test func eachFillSymbolHasItsOutlineAndIsFilled() {
    let fills = SymbolName.allCases.filter { $0.outline != nil }
    #expect(fills.count >= 30)
    for symbol in fills {
      let outline = SymbolName(rawValue: String(symbol.rawValue.dropLast(".fill".count)))
      #expect(symbol.outline == outline && outline != nil, "\(symbol)")
      let art = Glyph.art(for: symbol, color: .black).body
      let outlineArt = outline.map { Glyph.art(for: $0, color: .black).body } ?? ""
      #expect(art != outlineArt, "\(symbol)")
      #expect(art.contains("fill=\"#000000\""), "\(symbol) draws no fill")
    }
  }

  /// Every drawing stays on its 24-point grid: each absolute coordinate in its paths lies in 0...24.
  @Test func everyDrawingStaysOnItsGrid() {
    for symbol in SymbolName.allCases {
      let body = Glyph.art(for: symbol, color: .black).body
      for path in body.components(separatedBy: " d=\"").dropFirst() {
        let data = path.prefix { $0 != "\"" }
        // Absolute move-to and line-to points (the relative commands move from these).
        for command in data.split(whereSeparator: { "ML".contains($0) }).dropFirst() where data.contains("M") {
          let numbers = command.prefix { !"AaCcSsQqHhVvLlZzMm".contains($0) }
            .replacingOccurrences(of: "-", with: " -").split(separator: " ").compactMap { Double($0) }
          for value in numbers.prefix(2) {
            #expect((-0.01...24.01).contains(value), "\(symbol): \(value) in \(data.prefix(80))")
          }
        }
      }
    }
  }

  /// In Arabic a directional symbol is flipped as SF Symbols flips it; a symbol of a thing is not.
  @Test(arguments: [(SymbolName.chevronRight, true), (.bubbleLeft, true), (.arrowClockwise, false), (.heart, false)])
  func directionalSymbolsMirrorRightToLeft(symbol: SymbolName, mirrors: Bool) throws {
    #expect(symbol.mirrorsInRightToLeft == mirrors)
    var properties = Properties()
    properties.image = .value(.one(.symbol(symbol)))
    for locale in ["en", "ar"] {
      let job = Repository.job(layout: .contentUnavailable, properties: properties, locale: locale)
      let scene = Renderer().scene(for: job)
      guard case .symbolImage(symbol, _, let mirrored) = try #require(scene.node(withID: "image")).content else {
        Issue.record("no \(symbol) image")
        return
      }
      let flipped = locale == "ar" && mirrors
      #expect(mirrored == flipped, "\(symbol) \(locale)")
      let svg = String(decoding: Renderer().render(job).svg, as: UTF8.self)
      let start = try #require(svg.range(of: "id=\"image\"")).lowerBound
      let image = String(svg[start...].prefix(400))
      #expect(image.contains(" scale(-") == flipped, "\(symbol) \(locale): \(image)")
      let html = HTMLRenderer().render(scene)
      #expect(html.contains("transform:scaleX(-1)") == flipped, "\(symbol) \(locale)")
    }
  }

  @Test(arguments: LayoutKind.allCases)
  func everyLayoutDrawsASymbolInItsTint(layout: LayoutKind) throws {
    var properties = Properties()
    properties.image = .value(.one(.symbol(.heartSlash)))
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
}
