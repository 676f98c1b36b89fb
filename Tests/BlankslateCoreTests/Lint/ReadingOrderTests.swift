@testable import BlankslateCore
@testable import BlankslateModel
import BlankslateCoreTestSupport
import BlankslateTestSupport
import Testing

/// VoiceOver's order over a scene: navigation title, then the content row by
/// row from the leading edge, then the tabs; an image without a label is not read.
@Suite("What VoiceOver reads")
struct ReadingOrderTests {
  static func order(_ properties: Properties, locale: String, layout: LayoutKind = .contentUnavailable) -> [String] {
    let job = Repository.job(layout: layout, properties: properties, locale: locale)
    return ReadingOrder(scene: Renderer().scene(for: job), job: job).items.map(\.spoken)
  }

  @Test func headingsMessageButtonsThenTabsInTheirLanguage() {
    var properties = Properties()
    properties.state = .offline
    var chrome = ChromeDefinition()
    chrome.tabBar = true
    chrome.navigationTitle = LocalizedText("Feed")
    properties.chrome = chrome
    let english = Self.order(properties, locale: "en")
    #expect(
      Array(english.prefix(4)) == [
        "Feed, heading", "No Internet Connection, heading", "Check your connection, then try again.",
        "Try Again, button",
      ])
    #expect(english.count == 8 && english[4].hasSuffix("tab, 1 of 4, selected") && english[7].hasSuffix("tab, 4 of 4"))
    let german = Self.order(properties, locale: "de")
    #expect(german[1].hasSuffix(", Überschrift") && german[3].hasSuffix(", Taste"))
    #expect(german[5].hasSuffix("Tab, 2 von 4"))
  }

  /// Two buttons side by side read from the leading edge: the left in English, the right in Arabic.
  @Test(arguments: [("en", ["Left, button", "Right, button"]), ("ar", ["Right، زر", "Left، زر"])])
  func aRowReadsFromTheLeadingEdge(locale: String, expected: [String]) {
    func button(_ id: String, _ title: String, x: Double) -> SceneNode {
      let line = Typesetter.shared.line(title, fontSize: 17, weight: 400, locale: "en")
      let block = TextBlock(lines: [line], fontSize: 17, color: RGBA(hex: 0xFFFFFF), lineHeight: 22)
      return SceneNode(
        id: id, role: .button, frame: Rect(x: x, y: 400, width: 120, height: 44),
        content: .button(ButtonFace(fill: RGBA(hex: 0x007AFF), cornerRadius: 8, title: block)))
    }
    let scene = Scene(
      size: Size(width: 393, height: 852), background: RGBA(hex: 0xFFFFFF),
      nodes: [button("secondary-button", "Right", x: 240), button("button", "Left", x: 30)], locale: locale,
      theme: .light)
    let job = Repository.job(layout: .contentUnavailable, properties: Properties(), locale: locale)
    #expect(ReadingOrder(scene: scene, job: job).items.map(\.spoken) == expected)
  }
}
