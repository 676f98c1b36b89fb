import BlankslateCore
import BlankslateCoreTestSupport
import BlankslateSupport
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
    // A variant's `"tabBar": true` is laid over its design's chrome key by key: the design's tabs stay.
    let plain = try #require(design.variants.first { $0.id == "plain" })
    let kept = Renderer().scene(
      for: RenderJob(design: design, variant: plain, device: .iphone15, theme: .light, locale: "en"))
    #expect(kept.node(withID: "tab-icon-3") != nil && kept.node(withID: "tab-icon-4") == nil)
    // With no tabs written anywhere, `"tabBar": true` draws the four stand-ins.
    var properties = Properties()
    var chrome = ChromeDefinition()
    chrome.tabBar = true
    properties.chrome = chrome
    let standIns = Renderer().scene(for: Repository.job(layout: .contentUnavailable, properties: properties))
    #expect(standIns.node(withID: "tab-icon-4") != nil)
  }

  /// A variant that asks for a large title keeps its design's title and tabs.
  @Test func aVariantsChromeIsLaidOverItsDesignsKeyByKey() throws {
    let site = try TemporarySite(placeholders: [
      "a.json": #"""
      {"layout": "content-unavailable",
       "chrome": {"navigationTitle": "Saved", "tabBar": {"items": [{"title": "A", "symbol": "tray"}, {"title": "B", "symbol": "star"}], "selected": 1}},
       "variants": [{"id": "large", "chrome": {"navigationTitleDisplayMode": "large"}},
                    {"id": "first", "chrome": {"tabBar": {"items": [{"title": "C", "symbol": "tray"}, {"title": "D", "symbol": "star"}]}}},
                    {"id": "none", "chrome": {"tabBar": false}}]}
      """#
    ])
    defer { site.remove() }
    let design = try #require(try site.load().designs.first)
    let chrome = { (id: String) in design.variants.first { $0.id == id }?.properties.chrome }
    let large = try #require(chrome("large"))
    #expect(large.navigationTitleDisplayMode == .large && large.navigationTitle == LocalizedText("Saved"))
    #expect(large.tabItems?.count == 2 && large.selectedTab == 1)
    // Tabs of its own bring their own selection (none written: the first).
    let first = try #require(chrome("first"))
    #expect(first.tabItems?.first?.title == LocalizedText("C") && first.selectedTab == nil)
    #expect(try #require(chrome("none")).tabBar == false && chrome("none")?.tabItems == nil)
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

/// The current iPhones beside the four presets, and an iPad's chrome as iPadOS 18 draws it.
@Suite("Current devices and iPadOS 18 chrome")
struct CurrentDeviceTests {
  @Test func theCurrentIPhonesHaveTheirScreensSafeAreasAndIsland() throws {
    let seventeen = Device.iphone17.metrics
    #expect(seventeen.width == 402 && seventeen.height == 874 && seventeen.statusBar == 62)
    #expect(seventeen.homeIndicator == 34 && seventeen.hasDynamicIsland)
    let max = Device.iphone17ProMax.metrics
    #expect(max.width == 440 && max.height == 956 && max.statusBar == 62 && max.homeIndicator == 34)
    for (device, top) in [(Device.iphone15, 11.0), (.iphone17, 14), (.iphone17ProMax, 14)] {
      let scene = Renderer().scene(
        for: Repository.job(layout: .contentUnavailable, properties: Properties(), device: device))
      let island = try #require(scene.node(withID: "dynamic-island")?.frame)
      #expect(island.minY == top && island.size == Size(width: 126, height: 37), "\(device)")
      #expect(abs(island.midX - device.metrics.width / 2) < 0.001, "\(device)")
    }
  }

  @Test(arguments: [
    ("en", "Tue Jan 9"), ("de", "Di. 9. Jan."), ("ja", "1月9日(火)"), ("zh-Hans", "1月9日 周二"),
    ("zh-Hant-TW", "1月9日 週二"), ("ar", "الثلاثاء 9 يناير"), ("sv", "Tue Jan 9"),
  ])
  func anIPadsStatusBarDateIsInTheLocalesWords(locale: String, date: String) throws {
    let scene = Renderer().scene(
      for: Repository.job(layout: .contentUnavailable, properties: Properties(), device: .ipadMini, locale: locale))
    guard case .text(let block) = try #require(scene.node(withID: "status-date")).content else {
      Issue.record("no date")
      return
    }
    #expect(block.texts.joined() == date)
  }

  func tabbed(_ layout: LayoutKind, locale: String = "en") -> Scene {
    var properties = Properties()
    var chrome = ChromeDefinition()
    chrome.tabBar = true
    chrome.tabItems = [
      TabItem(title: LocalizedText("Recipes"), symbol: .book),
      TabItem(title: LocalizedText("Saved"), symbol: .bookmark),
    ]
    chrome.selectedTab = 1
    chrome.navigationTitle = LocalizedText("Saved")
    properties.chrome = chrome
    if layout == .table { properties.sections = [0] }
    return Renderer().scene(
      for: Repository.job(layout: layout, properties: properties, device: .ipadMini, locale: locale))
  }

  @Test(arguments: ["en", "ar"])
  func anIPadsTabBarFloatsAtTheTopWithTitlesOnlyAndTheTitleLeads(locale: String) throws {
    let scene = tabbed(.contentUnavailable, locale: locale)
    let bar = try #require(scene.node(withID: "tab-bar"))
    let row = Rect(x: 0, y: 24, width: 744, height: 44)
    #expect(bar.frame.minY >= row.minY && bar.frame.maxY <= row.maxY, "\(bar.frame)")
    #expect(abs(bar.frame.midX - 372) < 0.001)
    #expect(scene.node(withID: "tab-icon-1") == nil)
    guard case .text(let selected) = try #require(scene.node(withID: "tab-title-2")).content,
      case .text(let other) = try #require(scene.node(withID: "tab-title-1")).content
    else {
      Issue.record("no tab titles")
      return
    }
    #expect(selected.texts.joined() == "Saved" && other.texts.joined() == "Recipes")
    #expect(selected.color.hex == "#007AFF" && other.color != selected.color)
    // The inline title moves to the leading edge, clear of the tabs.
    let title = try #require(scene.node(withID: "navigation-title")?.frame)
    if locale == "ar" {
      #expect(abs(title.maxX - (744 - 20)) < 0.001 && title.minX > bar.frame.maxX)
      // Mirrored: the first tab is on the right.
      let first = try #require(scene.node(withID: "tab-title-1")).frame
      let second = try #require(scene.node(withID: "tab-title-2")).frame
      #expect(first.midX > second.midX)
    } else {
      #expect(title.minX == 20 && title.maxX < bar.frame.minX)
    }
    // Nothing is drawn at the bottom but the home indicator.
    let bottom = scene.nodes.filter { $0.frame.minY > 1000 }.map(\.id)
    #expect(bottom == ["home-indicator"], "\(bottom)")
  }

  @Test func theSeedLayoutsKeepTheirTabBarAtTheBottomOnIPad() throws {
    let bar = try #require(tabbed(.table).node(withID: "tab-bar"))
    #expect(bar.frame.maxY == 1133 && bar.frame.minY > 1000, "\(bar.frame)")
  }
}
