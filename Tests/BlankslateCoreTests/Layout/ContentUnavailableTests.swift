import BlankslateKit
import BlankslateTestSupport
import Testing

/// The modern system empty state: its states, defaults, stack and buttons.
@Suite("The content-unavailable layout")
struct ContentUnavailableTests {
  func scene(_ properties: Properties, locale: String = "en", theme: Theme = .light) -> Scene {
    Renderer().scene(
      for: Repository.job(layout: .contentUnavailable, properties: properties, theme: theme, locale: locale))
  }

  func texts(_ scene: Scene, _ id: String) -> String? {
    guard case .text(let block) = scene.node(withID: id)?.content else { return nil }
    return block.texts.joined(separator: " ")
  }

  @Test(arguments: [
    (ContentState.noData, "No Items", "tray"), (.offline, "No Internet Connection", "wifi.slash"),
    (.hasError, "Couldn’t Load Content", "exclamationmark.triangle"), (.noResults, "No Results", "magnifyingglass"),
  ])
  func eachStateHasItsSymbolTitleAndMessage(state: ContentState, title: String, symbol: String) throws {
    var properties = Properties()
    properties.state = state
    let scene = scene(properties)
    #expect(texts(scene, "title") == title)
    #expect(texts(scene, "message")?.isEmpty == false)
    guard case .symbolImage(let drawn, _) = scene.node(withID: "image")?.content else {
      Issue.record("no symbol")
      return
    }
    #expect(drawn.rawValue == symbol)
    // Offline and failed loads offer Try Again; the others no button.
    let hasButton = state == .offline || state == .hasError
    #expect((scene.node(withID: "button") != nil) == hasButton)
  }

  @Test(arguments: [
    ("en", "No Results for “Kaffee”"), ("de", "Keine Ergebnisse für „Kaffee“"), ("zh-Hans", "没有“Kaffee”的结果"),
    ("ja", "「Kaffee」の結果はありません"),
  ])
  func noResultsQuotesTheQueryInEachLanguage(locale: String, title: String) {
    var properties = Properties()
    properties.state = .noResults
    properties.query = LocalizedText("Kaffee")
    #expect(texts(scene(properties, locale: locale), "title") == title)
  }

  @Test func theStackIsCentredWithTheDocumentedGaps() throws {
    var properties = Properties()
    properties.state = .hasError
    let scene = scene(properties)
    let image = try #require(scene.node(withID: "image")?.frame)
    let title = try #require(scene.node(withID: "title")?.frame)
    let message = try #require(scene.node(withID: "message")?.frame)
    let button = try #require(scene.node(withID: "button")?.frame)
    #expect(image.size == SymbolName.defaultSize)
    #expect(abs(title.minY - image.maxY - 16) < 0.001)
    #expect(abs(message.minY - title.maxY - 8) < 0.001)
    #expect(abs(button.minY - message.maxY - 24) < 0.001)
    #expect(button.height == 44)
    let content = try #require(scene.node(withID: "placeholder")?.frame)
    #expect(abs((image.minY + button.maxY) / 2 - content.midY) < 0.001)
    for frame in [image, title, message, button] { #expect(abs(frame.midX - content.midX) < 0.001) }
  }

  @Test func writtenSpacingMarginsAndTwoButtonsAreKept() throws {
    var properties = Properties()
    properties.title = LocalizedText("No Favourites")
    properties.message = LocalizedText(String(repeating: "Tap the heart on a recipe to keep it here. ", count: 4))
    var spacing = Spacing()
    spacing.titleToMessage = 20
    spacing.betweenButtons = 30
    properties.spacing = spacing
    properties.margins = Insets(top: 0, leading: 60, bottom: 0, trailing: 60)
    var primary = ButtonDefinition()
    primary.title = LocalizedText("Browse")
    var secondary = ButtonDefinition()
    secondary.title = LocalizedText("Later")
    secondary.style = .bordered
    properties.buttons = [primary, secondary]
    let scene = scene(properties)
    let title = try #require(scene.node(withID: "title")?.frame)
    let message = try #require(scene.node(withID: "message")?.frame)
    #expect(abs(message.minY - title.maxY - 20) < 0.001)
    #expect(message.minX >= 60 && message.maxX <= 393 - 60)
    let first = try #require(scene.node(withID: "button")?.frame)
    let second = try #require(scene.node(withID: "secondary-button")?.frame)
    #expect(abs(second.minY - first.maxY - 30) < 0.001)
    guard case .button(let filled) = scene.node(withID: "button")?.content,
      case .button(let bordered) = scene.node(withID: "secondary-button")?.content
    else {
      Issue.record("no buttons")
      return
    }
    #expect(filled.fill.hex == "#007AFF")
    #expect(filled.title.weight == .semibold)
    #expect(bordered.title.color.hex == "#007AFF")
    #expect(bordered.fill.hex != "#FFFFFF")
  }

  @Test func naturalAlignmentIsLeadingAndMirrorsInArabic() throws {
    var properties = Properties()
    properties.title = LocalizedText("Notifications Off")
    properties.textAlignment = .natural
    let english = try #require(scene(properties).node(withID: "title")?.frame)
    #expect(english.minX == 32)
    let arabic = try #require(scene(properties, locale: "ar").node(withID: "title")?.frame)
    #expect(abs(arabic.maxX - (393 - 32)) < 0.001)
  }

  @Test func loadingShowsASpinnerAndItsCaption() throws {
    var properties = Properties()
    properties.state = .loading
    let scene = scene(properties, locale: "de")
    #expect(scene.node(withID: "spinner") != nil)
    #expect(texts(scene, "message") == "Wird geladen …")
    #expect(scene.node(withID: "title") == nil)
  }

  @Test func moreThanTwoButtonsAndNegativeSpacingAreRefusedAllAtOnce() throws {
    let site = try TemporarySite(
      placeholders: [
        "a.json": #"""
        {"id": "a", "layout": "content-unavailable",
         "buttons": [{"title": "1"}, {"title": "2"}, {"title": "3"}],
         "spacing": {"imageToTitle": -4},
         "buttons2": 1,
         "textAlignment": "centre"}
        """#
      ])
    defer { site.remove() }
    let errors = site.errors().map(\.description)
    #expect(errors.count == 4, "\(errors)")
    #expect(errors.contains { $0.contains("a.json:2:13") && $0.contains("one or two buttons") })
    #expect(errors.contains { $0.contains("spacing.imageToTitle") })
    #expect(errors.contains { $0.contains("buttons2") && $0.contains("Did you mean \"buttons\"") })
    #expect(errors.contains { $0.contains("textAlignment") && $0.contains("Did you mean \"center\"") })
  }
}
