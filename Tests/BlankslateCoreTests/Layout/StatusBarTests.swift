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
