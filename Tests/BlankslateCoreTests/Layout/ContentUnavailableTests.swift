import BlankslateCore
import BlankslateCoreTestSupport
import BlankslateSupport
import BlankslateTestSupport
import Testing

/// The modern system empty state: its states, defaults, stack and buttons.
@Suite("The content-unavailable layout")
struct ContentUnavailableTests {
  func scene(
    _ properties: Properties, locale: String = "en", theme: Theme = .light, device: Device = .iphone15,
    textSize: TextSize = .large
  ) -> Scene {
    var job = Repository.job(
      layout: .contentUnavailable, properties: properties, device: device, theme: theme, locale: locale)
    job.textSize = textSize
    return Renderer().scene(for: job)
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
    guard case .symbolImage(let drawn, _, _) = scene.node(withID: "image")?.content else {
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

  /// UIKit's `UIContentUnavailableConfiguration.empty()` on iOS 18 (DESIGN.md
  /// "Fidelity v3"): a 48 pt symbol (in a 60-pt box), gaps 15, 3 and 20, Title 2 bold, Subheadline,
  /// a small plain button, the stack centred between the bars and the home indicator.
  @Test func theStackHasUIKitsGapsFontsAndSizes() throws {
    var properties = Properties()
    properties.state = .hasError
    let scene = scene(properties)
    let image = try #require(scene.node(withID: "image")?.frame)
    let title = try #require(scene.node(withID: "title")?.frame)
    let message = try #require(scene.node(withID: "message")?.frame)
    let button = try #require(scene.node(withID: "button")?.frame)
    // A 48-pt symbol in SF's 60-pt box (`ContentUnavailableStyle.symbolBoxScale`, `CalibrationTests`).
    #expect(image.size == Size(width: 60, height: 60))
    #expect(abs(title.minY - image.maxY - 15) < 0.001)
    #expect(abs(message.minY - title.maxY - 3) < 0.001)
    // A plain button is aligned by its title (`_alignmentInsetsForView:`): the title is 20 below the message.
    let inset = ControlSize.small.metrics.vertical
    #expect(abs(button.minY + inset - message.maxY - 20) < 0.001)
    #expect(button.height == 20 + 2 * inset)  // a Subheadline line (its 20-pt leading) and the small insets
    guard case .text(let titleBlock) = scene.node(withID: "title")?.content,
      case .text(let messageBlock) = scene.node(withID: "message")?.content,
      case .button(let face) = scene.node(withID: "button")?.content
    else {
      Issue.record("no title, message or button")
      return
    }
    #expect(titleBlock.fontSize == 22 && titleBlock.weight == .bold)
    #expect(messageBlock.fontSize == 15 && messageBlock.color.hex != titleBlock.color.hex)
    #expect(face.fill.hex == "#00000000", "plain: no fill")
    #expect(face.title.fontSize == 15 && face.title.weight == .regular)
    // Centred between the navigation bar and the home indicator, 16 inside each.
    let area = try #require(scene.node(withID: "placeholder")?.frame)
    let bottom = min(area.maxY, 852 - 34)
    #expect(abs((image.minY + button.maxY) / 2 - (area.minY + bottom) / 2) < 0.001)
    for frame in [image, title, message, button] { #expect(abs(frame.midX - area.midX) < 0.001) }
  }

  /// The symbol scales as `UIFontMetrics.default` scales 48 pt (as body text:
  /// 17 → 53 pt at AX5); the side margins narrow from 32 to 16 at accessibility sizes.
  @Test func theSymbolScalesAndTheMarginsNarrowAtAccessibilitySizes() throws {
    var properties = Properties()
    properties.title = LocalizedText("Nothing")
    properties.message = LocalizedText(String(repeating: "A message long enough to fill a line. ", count: 3))
    let large = scene(properties)
    let ax1 = scene(properties, textSize: .accessibilityMedium)
    let ax5 = scene(properties, device: .iphone15ProMax, textSize: .accessibilityExtraExtraExtraLarge)
    // 48 pt scaled as body text (17 → 53 pt at AX5), in SF's box of 1.25 × the point size.
    #expect(try #require(large.node(withID: "image")).frame.width == 60)
    #expect(abs(try #require(ax5.node(withID: "image")).frame.width - 48 * 53 / 17 * 1.25) < 0.001)
    let largeMessage = try #require(large.node(withID: "message")).frame
    let ax1Message = try #require(ax1.node(withID: "message")).frame
    #expect(largeMessage.minX >= 32 - 0.001 && largeMessage.maxX <= 393 - 32 + 0.001)
    #expect(ax1Message.width > 393 - 64 + 0.001, "at AX1 the text has 16 pt margins: \(ax1Message)")
    #expect(ax1Message.minX >= 16 - 0.001 && ax1Message.maxX <= 393 - 16 + 0.001)
  }

  /// On iPad the text keeps to the readable width (672 pt at Large), centred.
  @Test func onIPadTheTextKeepsToTheReadableWidth() throws {
    var properties = Properties()
    properties.message = LocalizedText(String(repeating: "A long message that would run across an iPad. ", count: 6))
    let scene = scene(properties, device: .ipadMini)
    let message = try #require(scene.node(withID: "message")).frame
    #expect(message.width <= 672 + 0.001, "\(message)")
    #expect(abs(message.midX - scene.size.width / 2) < 0.5)
  }

  /// `.loading()`: the indicator, then its text 8 below it.
  @Test func loadingPutsItsText8BelowTheIndicator() throws {
    var properties = Properties()
    properties.state = .loading
    let scene = scene(properties)
    let spinner = try #require(scene.node(withID: "spinner")).frame
    let message = try #require(scene.node(withID: "message")).frame
    #expect(abs(message.minY - spinner.maxY - 8) < 0.001)
  }

  /// Since iOS 15 a bar at its scroll edge (where an empty screen always is)
  /// is transparent with no hairline; the seeds keep the opaque bars of their era.
  @Test func modernBarsAreTransparentAtTheScrollEdgeAndTheSeedsOpaque() throws {
    var properties = Properties()
    var chrome = ChromeDefinition()
    chrome.tabBar = true
    properties.chrome = chrome
    for (layout, transparent) in [(LayoutKind.contentUnavailable, true), (.message, false)] {
      let scene = Renderer().scene(for: Repository.job(layout: layout, properties: properties, theme: .dark))
      for id in ["navigation-bar", "tab-bar"] {
        let bar = try #require(scene.node(withID: id), "\(layout) \(id)")
        guard case .box(let style) = bar.content else {
          Issue.record("\(layout) \(id) is not a box")
          continue
        }
        #expect((style.fill.opacity == 0) == transparent, "\(layout) \(id): \(style.fill.hex)")
      }
      let separators = scene.allNodes.filter { $0.role == .separator }.map(\.id)
      #expect(separators.isEmpty == transparent, "\(layout): \(separators)")
    }
  }

  /// A scrolling stack taller than the screen runs on under the tab bar, so
  /// the tab bar leaves its scroll edge: its standard appearance, a fill and a
  /// hairline. The navigation bar, with the stack starting below it, stays
  /// transparent; a stack that fits leaves both at their scroll edge.
  @Test func aStackRunningUnderTheTabBarGivesItsStandardAppearance() throws {
    var properties = Properties()
    var chrome = ChromeDefinition()
    chrome.tabBar = true
    properties.chrome = chrome
    properties.scrolls = true
    properties.message = LocalizedText(
      String(repeating: "Überprüfe deine Verbindung und versuche es später noch einmal. ", count: 3))
    for (size, runsUnder) in [(TextSize.large, false), (.accessibilityExtraExtraExtraLarge, true)] {
      let job = Repository.job(
        layout: .contentUnavailable, properties: properties, device: .iphoneSE, locale: "de", textSize: size)
      let scene = Renderer().scene(for: job)
      let tabBar = try #require(scene.node(withID: "tab-bar"))
      let message = try #require(scene.node(withID: "message"))
      #expect((message.frame.maxY > tabBar.frame.minY) == runsUnder, "\(size): \(message.frame) \(tabBar.frame)")
      for (id, standard) in [("tab-bar", runsUnder), ("navigation-bar", false)] {
        let bar = try #require(scene.node(withID: id))
        guard case .box(let style) = bar.content else {
          Issue.record("\(id) is not a box")
          continue
        }
        #expect((style.fill.opacity > 0) == standard, "\(size) \(id): \(style.fill.hex)")
        #expect(bar.children.contains { $0.role == .separator } == standard, "\(size) \(id)")
      }
    }
  }

  /// `UIActivityIndicatorView` has drawn 8 spokes since iOS 13; the seed
  /// layouts, of an earlier era, keep their 12.
  @Test func theModernIndicatorHasEightSpokesAndTheSeedsTwelve() throws {
    var modern = Properties()
    modern.state = .loading
    var seed = Properties()
    seed.loading = true
    let cases: [(LayoutKind, Properties, Int)] = [(.contentUnavailable, modern, 8), (.message, seed, 12)]
    for (layout, properties, spokes) in cases {
      let job = Repository.job(layout: layout, properties: properties)
      let render = Renderer().render(job)
      let spinner = try #require(render.scene.allNodes.first { $0.role == .spinner }, "\(layout)")
      guard case .spinner(_, let drawn) = spinner.content else {
        Issue.record("\(layout): no spinner")
        continue
      }
      #expect(drawn == spokes, "\(layout)")
      let svg = String(decoding: render.svg, as: UTF8.self)
      #expect(svg.components(separatedBy: "<line").count - 1 == spokes, "\(layout)")
      // The live page's reload spinner reads the era from the screen.
      let html = HTMLRenderer().render(render.scene)
      #expect(html.contains("data-spokes=\"8\"") == (spokes == 8), "\(layout)")
    }
  }

  /// Scrolling off (UIKit's default), a stack taller than the room gives
  /// its height to the title, then the buttons, then the message, then the
  /// image, as `_computeLayoutInfoRestrictedToSize:` does: the image goes
  /// first. The scene names what was left out and lint makes each an error.
  /// With `scrolls`, only the image drops and the rest scrolls.
  @Test func whatDoesNotFitIsHiddenInUIKitsPriorityTheImageFirst() throws {
    var properties = Properties()
    properties.state = .offline
    properties.title = LocalizedText("Keine Internetverbindung")
    properties.message = LocalizedText(
      "Überprüfe deine Verbindung und versuche es dann noch einmal, oder lade die Seite später neu.")
    var sawHiddenImageWithTextShown = false
    for textSize in [TextSize.accessibilityLarge, .accessibilityExtraLarge, .accessibilityExtraExtraExtraLarge] {
      let hidden = scene(properties, device: .iphoneSE, textSize: textSize)
      let placeholder = try #require(hidden.node(withID: "placeholder"))
      #expect(placeholder.scroll == nil)
      let shown = placeholder.children.map(\.id)
      let left = placeholder.hiddenParts.map(\.id)
      #expect(Set(shown).isDisjoint(with: left) && Set(shown + left) == ["image", "title", "message", "button"])
      for part in placeholder.hiddenParts {
        #expect(hidden.node(withID: part.id) == nil, "\(part.id) is drawn")
        #expect(part.needed > part.available)
      }
      // What is shown fits, in the stack's own order.
      let frames = placeholder.children.map(\.frame)
      let room = placeholder.hiddenParts.first?.available ?? .infinity
      #expect((frames.map(\.maxY).max() ?? 0) - (frames.map(\.minY).min() ?? 0) <= room + 0.001)
      #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.maxY <= $1.minY + 0.001 })
      // The image goes first: it is kept only when nothing else is left out; the title is never left out
      // while anything else is shown.
      if shown.contains("image") { #expect(left.isEmpty, "\(textSize): the image is shown and \(left) are not") }
      if left.contains("title") { #expect(shown.isEmpty) }
      if left.contains("image") && shown.contains("title") && shown.contains("message") {
        sawHiddenImageWithTextShown = true
      }
    }
    #expect(sawHiddenImageWithTextShown, "no size hid the image while keeping the texts")

    let job = {
      var job = Repository.job(layout: .contentUnavailable, properties: properties, device: .iphoneSE, locale: "de")
      job.textSize = .accessibilityExtraExtraExtraLarge
      return job
    }()
    let hidden = scene(properties, device: .iphoneSE, textSize: .accessibilityExtraExtraExtraLarge)
    let site = SiteDefinition(
      title: "t", devices: [job.device], themes: [job.theme], locales: [job.locale], designs: [job.design])
    var session = Linter.Session(linter: Linter(site: site), renderer: Renderer())
    let findings = session.findings(for: job, scene: hidden)
    #expect(
      findings.contains {
        $0.rule == .hiddenByLayout && $0.severity == .error
          && $0.message.contains("image is hidden on iPhone SE at AX5: the stack needs")
          && $0.message.contains("gives the image only the room")
      })

    properties.scrolls = true
    let scrolling = scene(properties, device: .iphoneSE, textSize: .accessibilityExtraExtraExtraLarge)
    let scrolled = try #require(scrolling.node(withID: "placeholder"))
    #expect(scrolled.hiddenParts.map(\.id) == ["image"])
    #expect(scrolling.node(withID: "image") == nil)
    #expect(["title", "message", "button"].allSatisfy { scrolling.node(withID: $0) != nil })
  }

  /// A text the definition does not write is the state's, each on its own: a
  /// variant that writes only its message keeps the state's title and button;
  /// a loading screen's "Loading…" gives way to any written text.
  @Test func eachUnwrittenTextIsTheStates() throws {
    func text(_ scene: Scene, _ id: String) -> String? {
      guard case .text(let block)? = scene.node(withID: id)?.content else { return nil }
      return block.texts.joined(separator: " ")
    }
    var onlyMessage = Properties()
    onlyMessage.state = .offline
    onlyMessage.message = LocalizedText("Your basket is kept.")
    let kept = scene(onlyMessage)
    #expect(text(kept, "title") == DefaultString.unavailableOfflineTitle.text(in: "en"))
    #expect(text(kept, "message") == "Your basket is kept.")
    #expect(kept.node(withID: "button") != nil)

    var onlyTitle = Properties()
    onlyTitle.state = .hasError
    onlyTitle.title = LocalizedText("Orders Didn’t Load")
    let titled = scene(onlyTitle)
    #expect(text(titled, "title") == "Orders Didn’t Load")
    #expect(text(titled, "message") == DefaultString.unavailableErrorMessage.text(in: "en"))

    var loading = Properties()
    loading.state = .loading
    #expect(text(scene(loading), "message") == DefaultString.unavailableLoading.text(in: "en"))
    loading.title = LocalizedText("Fetching your orders")
    let written = scene(loading)
    #expect(text(written, "title") == "Fetching your orders" && written.node(withID: "message") == nil)
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
    // The first is plain (the default): the written 30 points run from its title, inside its lower inset.
    #expect(abs(second.minY - (first.maxY - ControlSize.small.metrics.vertical) - 30) < 0.001)
    guard case .button(let filled) = scene.node(withID: "button")?.content,
      case .button(let bordered) = scene.node(withID: "secondary-button")?.content
    else {
      Issue.record("no buttons")
      return
    }
    // UIKit's default is plain; a written style is kept.
    #expect(filled.fill.hex == "#00000000")
    #expect(filled.title.weight == .regular && filled.title.color.hex == "#007AFF")
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
    #expect(errors.contains { $0.contains("a.json:2:13") && $0.contains("at most two buttons") })
    #expect(errors.contains { $0.contains("spacing.imageToTitle") })
    #expect(errors.contains { $0.contains("buttons2") && $0.contains("Did you mean \"buttons\"") })
    #expect(errors.contains { $0.contains("textAlignment") && $0.contains("Did you mean \"center\"") })
  }
}

/// A variant removes its design's buttons with `"buttons": []` or `"button": null`,
/// and with either a state's default button too; neither is ever ignored.
@Suite("Removing buttons")
struct RemovingButtonsTests {
  @Test func anEmptyListOrANullButtonRemovesTheDesignsAndTheStatesButtons() throws {
    let site = try TemporarySite(placeholders: [
      "a.json": #"""
      {"layout": "content-unavailable", "state": "offline",
       "buttons": [{"title": "Retry"}, {"title": "Settings"}],
       "variants": [{"id": "both"}, {"id": "emptied", "buttons": []}, {"id": "nulled", "button": null},
                    {"id": "one", "buttons": [{"title": "Only"}]}]}
      """#,
      "b.json": #"""
      {"layout": "content-unavailable", "state": "offline",
       "variants": [{"id": "default"}, {"id": "nulled", "button": null}, {"id": "emptied", "buttons": []}]}
      """#,
    ])
    defer { site.remove() }
    let definition = try site.load()
    func ids(_ design: String, _ variant: String) throws -> [String] {
      let found = try #require(definition.designs.first { $0.id == design })
      let chosen = try #require(found.variants.first { $0.id == variant })
      let job = RenderJob(design: found, variant: chosen, device: .iphone15, theme: .light, locale: "en")
      return Renderer().scene(for: job).allNodes.filter { $0.role == .button }.map(\.id)
    }
    #expect(try ids("a", "both") == ["button", "secondary-button"])
    #expect(try ids("a", "emptied") == [])
    #expect(try ids("a", "nulled") == [])
    #expect(try ids("a", "one") == ["button"])
    // The offline state's own Try Again.
    #expect(try ids("b", "default") == ["button"])
    #expect(try ids("b", "nulled") == [])
    #expect(try ids("b", "emptied") == [])
  }

  @Test func threeButtonsAreStillRefused() throws {
    let site = try TemporarySite(placeholders: [
      "a.json": #"{"layout": "content-unavailable", "buttons": [{}, {}, {}], "variants": [{"id": "x"}]}"#
    ])
    defer { site.remove() }
    let errors = site.errors()
    #expect(errors.contains { "\($0)".contains("at most two buttons") && "\($0)".contains("buttons") }, "\(errors)")
  }
}

/// `role: destructive` draws a button in systemRed where another takes the tint.
@Suite("Button roles")
struct ButtonRoleTests {
  @Test(arguments: [(ButtonStyle.plain, false), (.filled, true)])
  func aDestructiveButtonIsSystemRed(style: ButtonStyle, filled: Bool) throws {
    var properties = Properties()
    var button = ButtonDefinition()
    button.title = LocalizedText("Remove Downloads")
    button.style = style
    button.role = .destructive
    properties.buttons = [button]
    for (theme, red) in [(Theme.light, "#FF3B30"), (.dark, "#FF453A")] {
      let scene = Renderer().scene(
        for: Repository.job(layout: .contentUnavailable, properties: properties, theme: theme))
      guard case .button(let face) = try #require(scene.node(withID: "button")).content else {
        Issue.record("no button")
        return
      }
      if filled {
        #expect(face.fill.hex == red && face.title.color.hex == "#FFFFFF", "\(theme)")
      } else {
        #expect(face.title.color.hex == red && face.fill.opacity == 0, "\(theme)")
      }
    }
  }

  @Test func aRoleThatUIKitDoesNotHaveIsRefused() throws {
    let site = try TemporarySite(placeholders: [
      "a.json": #"{"layout": "content-unavailable", "buttons": [{"role": "dangerous"}], "variants": [{"id": "x"}]}"#
    ])
    defer { site.remove() }
    #expect(site.errors().contains { "\($0)".contains("role") && "\($0)".contains("destructive") }, "\(site.errors())")
  }
}

/// `UIButton.Configuration.Size` and a symbol before the title (`controlSize`, `symbol`).
struct ControlSizeTests {
  private func button(
    _ configure: (inout ButtonDefinition) -> Void, locale: String = "en", textSize: TextSize = .large
  ) throws -> (node: SceneNode, face: ButtonFace) {
    var properties = Properties()
    var button = ButtonDefinition()
    button.title = LocalizedText("Try Again")
    configure(&button)
    properties.buttons = [button]
    let scene = Renderer().scene(
      for: Repository.job(layout: .contentUnavailable, properties: properties, locale: locale, textSize: textSize))
    let node = try #require(scene.node(withID: "button"))
    guard case .button(let face) = node.content else {
      Issue.record("the button is not drawn as a button")
      throw CancellationError()
    }
    return (node, face)
  }

  @Test(arguments: ControlSize.allCases)
  func eachSizeSetsTheFontInsetsAndCorners(size: ControlSize) throws {
    let (node, face) = try button { $0.controlSize = size }
    let metrics = size.metrics
    #expect(face.title.fontSize == metrics.font.pointSize(at: .large))
    #expect(face.cornerRadius == metrics.cornerRadius)
    #expect(abs(node.frame.height - (face.title.textHeight + 2 * metrics.vertical)) < 0.01, "\(node.frame)")
    let widest = face.title.lines.map(\.width).max() ?? 0
    #expect(node.frame.width >= widest + 2 * metrics.horizontal - 0.01)
    #expect(node.frame.width <= widest + 2 * metrics.horizontal + 0.5)
  }

  @Test func theSizesGrowInOrderAndScaleWithTheTextSize() throws {
    let heights = try ControlSize.allCases.map { size in try button { $0.controlSize = size }.node.frame.height }
    #expect(heights == heights.sorted() && Set(heights).count == heights.count, "\(heights)")
    let large = try button({ $0.controlSize = .medium }, textSize: .accessibilityExtraExtraExtraLarge)
    #expect(large.face.title.fontSize == TextStyle.body.pointSize(at: .accessibilityExtraExtraExtraLarge))
  }

  @Test func theLayoutsDefaultIsUIKitsSmallPlainButton() throws {
    let (node, face) = try button { _ in }
    #expect(face.title.fontSize == TextStyle.subheadline.pointSize(at: .large))
    #expect(face.fill.opacity == 0)
    #expect(node.frame.height == face.title.textHeight + 2 * ControlSize.small.metrics.vertical)
  }

  @Test func writtenFontSizeAndCornersOverrideTheSize() throws {
    let (node, face) = try button {
      $0.controlSize = .large
      $0.cornerRadius = 3
      $0.size = Size(width: 200, height: 60)
      $0.font = FontSpec(size: .fixed(12))
    }
    #expect(face.cornerRadius == 3 && face.title.fontSize == 12)
    #expect(node.frame.width == 200 && node.frame.height == 60)
  }

  @Test(arguments: ["en", "ar"])
  func aSymbolLeadsTheTitleInTheTitlesColour(locale: String) throws {
    let plain = try button({ $0.controlSize = .large }, locale: locale)
    let (node, face) = try button(
      {
        $0.controlSize = .large
        $0.symbol = .arrowClockwise
      }, locale: locale)
    #expect(abs(node.frame.width - plain.node.frame.width - (face.title.fontSize + ControlSize.imagePadding)) < 0.01)
    let symbol = try #require(node.children.first)
    guard case .symbolImage(.arrowClockwise, let color, _) = symbol.content else {
      Issue.record("no symbol in the button: \(node.children)")
      return
    }
    #expect(color == face.title.color)
    let titleFrame = face.titleFrame(in: node.frame)
    let line = try #require(face.title.lines.first)
    let titleLeft = face.title.lineX(line, in: titleFrame)
    let titleRight = titleLeft + line.width
    if locale == "ar" {
      #expect(abs(symbol.frame.minX - (titleRight + ControlSize.imagePadding)) < 0.6, "\(symbol.frame) \(titleRight)")
    } else {
      #expect(abs(symbol.frame.maxX + ControlSize.imagePadding - titleLeft) < 0.6, "\(symbol.frame) \(titleLeft)")
    }
    // Symbol and title together are centred in the button.
    let contentLeft = min(symbol.frame.minX, titleLeft)
    let contentRight = max(symbol.frame.maxX, titleRight)
    #expect(abs((contentLeft + contentRight) / 2 - node.frame.midX) < 0.6)
    #expect(abs(symbol.frame.midY - node.frame.midY) < 0.01)
  }

  @Test func anUnknownSizeOrSymbolIsRefused() throws {
    let site = try TemporarySite(placeholders: [
      "a.json":
        #"{"layout": "content-unavailable", "buttons": [{"controlSize": "huge", "symbol": "arrow.spin"}], "variants": [{"id": "x"}]}"#
    ])
    defer { site.remove() }
    let errors = site.errors().map { "\($0)" }
    #expect(errors.contains { $0.contains("controlSize") && $0.contains("large") }, "\(errors)")
    #expect(errors.contains { $0.contains("symbol") && $0.contains("arrow.clockwise") }, "\(errors)")
  }
}
