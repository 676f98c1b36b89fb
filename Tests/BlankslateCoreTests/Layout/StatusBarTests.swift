import BlankslateKit
import BlankslateTestSupport
import Testing

/// Status bars as each device draws them: a home-button iPhone has signal,
/// carrier and Wi-Fi at the left and the time centred; an iPad the time and
/// the date at the leading edge and no cellular signal; a Dynamic Island
/// iPhone the time left of the island and the icons right of it.
@Suite("Status bars per device")
struct StatusBarTests {
  func frames(_ device: Device) throws -> [String: Rect] {
    let scene = Renderer().scene(
      for: Repository.job(layout: .contentUnavailable, properties: Properties(), device: device))
    let bar = try #require(scene.node(withID: "status-bar"))
    return Dictionary(uniqueKeysWithValues: bar.children.map { ($0.id, $0.frame) })
  }

  @Test func aHomeButtonIPhoneHasSignalCarrierAndWiFiAtTheLeftAndTheTimeCentred() throws {
    let bar = try frames(.iphoneSE)
    let signal = try #require(bar["status-signal"])
    let carrier = try #require(bar["status-carrier"])
    let wifi = try #require(bar["status-wifi"])
    let time = try #require(bar["status-time"])
    let battery = try #require(bar["status-battery"])
    #expect(signal.maxX <= carrier.minX && carrier.maxX <= wifi.minX && wifi.maxX < time.minX)
    #expect(abs(time.midX - 375 / 2) < 0.5)
    #expect(battery.minX > time.maxX && battery.maxX <= 375)
  }

  @Test func anIPadHasTheTimeAndDateAtTheLeadingEdgeAndNoSignal() throws {
    let bar = try frames(.ipadMini)
    let time = try #require(bar["status-time"])
    let date = try #require(bar["status-date"])
    #expect(time.minX < 40 && date.minX > time.maxX && date.maxX < 744 / 2)
    #expect(bar["status-signal"] == nil && bar["status-carrier"] == nil)
    #expect(try #require(bar["status-battery"]).maxX > 700)
  }

  @Test func aDynamicIslandIPhoneHasTheTimeLeftAndTheIconsRightOfTheIsland() throws {
    let bar = try frames(.iphone15)
    let island = try #require(bar["dynamic-island"])
    #expect(try #require(bar["status-time"]).maxX < island.minX)
    for id in ["status-signal", "status-wifi", "status-battery"] {
      #expect(try #require(bar[id]).minX > island.maxX, "\(id)")
    }
    #expect(bar["status-carrier"] == nil)
  }
}

/// `chrome.navigationTitleDisplayMode: large`: the title 34 pt bold at the
/// leading edge in a 52 pt band below the bar's row, which shows no title.
@Suite("Large titles")
struct LargeTitleTests {
  @Test(arguments: ["en", "ar"])
  func aLargeTitleSitsBelowTheRowAtTheLeadingEdge(locale: String) throws {
    var properties = Properties()
    var chrome = ChromeDefinition()
    chrome.navigationTitle = LocalizedText("Library")
    chrome.navigationTitleDisplayMode = .large
    properties.chrome = chrome
    let scene = Renderer().scene(
      for: Repository.job(layout: .contentUnavailable, properties: properties, locale: locale))
    let bar = try #require(scene.node(withID: "navigation-bar"))
    let status = Device.iphone15.metrics.statusBar
    #expect(bar.frame.height == status + 44 + 52)
    #expect(scene.node(withID: "navigation-title") == nil)
    let title = try #require(scene.node(withID: "navigation-large-title"))
    guard case .text(let block) = title.content else {
      Issue.record("the large title is not text")
      return
    }
    #expect(block.fontSize == 34 && block.weight == .bold)
    #expect(title.frame.minY >= status + 44 && title.frame.maxY <= bar.frame.maxY)
    if locale == "ar" {
      #expect(abs(title.frame.maxX - (393 - 16)) < 0.5)
    } else {
      #expect(title.frame.minX == 16)
    }
    let placeholder = try #require(scene.node(withID: "placeholder"))
    #expect(placeholder.frame.minY == bar.frame.maxY)
  }
}

/// `chrome.tabBar` as an object: the app's own tabs (2 to 5, a title and a
/// symbol each), the selected one in the tint; `true` keeps the stand-ins.
@Suite("The app's tabs")
struct AppTabsTests {
  static let definition = #"""
    {"layout": "content-unavailable",
     "chrome": {"tabBar": {"items": [{"title": "Recipes", "symbol": "doc.text"}, {"title": "Saved", "symbol": "bookmark"},
                                     {"title": "Cart", "symbol": "cart"}], "selected": 1}},
     "variants": [{"id": "tabs"}, {"id": "plain", "chrome": {"tabBar": true}}]}
    """#

  @Test func theAppsTabsAreDrawnWithTheSelectedOneInTheTint() throws {
    let site = try TemporarySite(placeholders: ["a.json": Self.definition])
    defer { site.remove() }
    let design = try #require(try site.load().designs.first)
    let variant = try #require(design.variants.first { $0.id == "tabs" })
    let scene = Renderer().scene(
      for: RenderJob(design: design, variant: variant, device: .iphone15, theme: .light, locale: "en"))
    var tints: [String] = []
    for (index, symbol) in [SymbolName.docText, .bookmark, .cart].enumerated() {
      let icon = try #require(scene.node(withID: "tab-icon-\(index + 1)"))
      guard case .symbolImage(let drawn, let color, _) = icon.content else {
        Issue.record("tab \(index + 1) has no symbol")
        continue
      }
      #expect(drawn == symbol)
      tints.append(color.hex)
      guard case .text(let title) = try #require(scene.node(withID: "tab-title-\(index + 1)")).content else { continue }
      #expect(title.texts.joined() == ["Recipes", "Saved", "Cart"][index])
    }
    #expect(tints[1] == "#007AFF" && tints[0] != tints[1] && tints[2] == tints[0], "\(tints)")
    #expect(scene.node(withID: "tab-icon-4") == nil)
    // `"tabBar": true` keeps the four stand-ins.
    let plain = try #require(design.variants.first { $0.id == "plain" })
    let standIns = Renderer().scene(
      for: RenderJob(design: design, variant: plain, device: .iphone15, theme: .light, locale: "en"))
    #expect(standIns.node(withID: "tab-icon-4") != nil)
  }

  @Test(arguments: [
    (#"{"items": [{"title": "A", "symbol": "tray"}]}"#, "from 2 to 5 tabs"),
    (#"{"items": [{"title": "A", "symbol": "house.fill.x"}, {"title": "B", "symbol": "tray"}]}"#, "symbol"),
    (#"{"items": [{"title": "A", "symbol": "tray"}, {"title": "B", "symbol": "tray"}], "selected": 2}"#, "selected"),
    (#"{"items": [{"title": "A", "symbol": "tray"}, {"title": "B", "symbol": "tray"}], "badge": 3}"#, "badge"),
  ])
  func aTabBarThatIsNotOneIsRefusedWithItsPath(tabBar: String, expected: String) throws {
    let site = try TemporarySite(placeholders: [
      "a.json": #"{"layout": "content-unavailable", "chrome": {"tabBar": "# + tabBar + #"}, "variants": [{"id": "x"}]}"#
    ])
    defer { site.remove() }
    let errors = site.errors().map { "\($0)" }
    #expect(errors.contains { $0.contains("chrome.tabBar") && $0.contains(expected) }, "\(errors)")
  }
}
