import BlankslateCore
import BlankslateCoreTestSupport
import BlankslateSupport
import BlankslateTestSupport
import Testing

/// Renders each seed design, parses the SVG back with libxml2 and checks the
/// geometry its seed document specifies.
@Suite("Seed geometry, read back from the SVG")
struct SeedGeometryTests {
  func probe(_ job: RenderJob) throws -> SVGProbe {
    try SVGProbe(String(decoding: Renderer().render(job).svg, as: UTF8.self))
  }

  @Test(arguments: [Device.iphoneSE, .iphone15, .iphone15ProMax, .ipadMini])
  func noNetworkKeepsTheSeedsMetrics(device: Device) throws {
    let svg = try probe(try Repository.job("no-network", "default", device: device))
    let image = try #require(svg["image"])
    let button = try #require(svg["button"])
    let message = try #require(svg["message"])
    let title = try #require(svg["title"])
    let placeholder = try #require(svg["placeholder"])
    let metrics = device.metrics
    // The view is the screen minus the tab bar (49 + the home indicator).
    #expect(placeholder.height == metrics.height - 49 - metrics.homeIndicator)
    #expect(image.width == 125 && image.height == 125)
    #expect(image.x + image.width / 2 == metrics.width / 2)
    #expect(image.y + image.height / 2 == placeholder.height / 2)
    #expect(button.width == 115 && button.height == 30)
    #expect(button.y == image.y + image.height + 24)
    #expect(button.fill == "#00C2A8")
    #expect(button.text == "重新查看")
    #expect(message.y + message.height == image.y - 21)
    #expect(title.y + title.height == message.y - 12)
    #expect(message.text == "刷新一下返回店铺!")
    #expect(title.text == "您似乎迷路了")
  }

  @Test(arguments: ["no-data", "has-error"])
  func blankPageHangsFromTwentyPercent(variant: String) throws {
    let svg = try probe(try Repository.job("blank-page", variant))
    let view = try #require(svg["placeholder"])
    let label = try #require(svg["message"])
    let image = try #require(svg["image"])
    let button = try #require(svg["button"])
    // iPhone 15: the list starts below the status bar (59) and navigation bar (44).
    #expect(view.y == 103 && view.height == 852 - 103)
    #expect(label.y == view.y + view.height * 0.2)
    #expect(label.fill == "#AAAAAA")
    #expect(image.width == 192 && image.height == 115)
    #expect(image.y == label.y + label.height + 10)
    #expect(button.height == 44 && button.width == 192)
    #expect(button.y == image.y + image.height + 10)
    #expect(button.fill == "#FFFF00")
    #expect(button.text == "点击重新加载")
    #expect(label.text == (variant == "no-data" ? "暂无数据" : "貌似出了点差错"))
  }

  @Test func blankPageWithDataShowsRowsAndNoPlaceholder() throws {
    let svg = try probe(try Repository.job("blank-page", "has-data"))
    #expect(svg["placeholder"] == nil)
    #expect(svg["row-1"] != nil)
  }

  @Test(arguments: [
    ("custom-image", 0.0, 0.0), ("offset", -120.0, 0.0), ("under-header", 0.0, 180.0),
  ])
  func messageImageSitsAtTheGoldenRatio(variant: String, offset: Double, header: Double) throws {
    let svg = try probe(try Repository.job("zero-code", variant, device: .iphoneSE))
    let image = try #require(svg["image"])
    let message = try #require(svg["message"])
    // iPhone SE: the table runs from 64 (20 + 44) to the bottom of the screen.
    let tableTop = 64.0
    let height = 667.0 - tableTop
    let expected = tableTop + 0.382 * height + offset + 0.618 * header
    #expect(abs(image.y + image.height / 2 - expected) < 0.01)
    #expect(message.y == image.y + image.height + 24)
    #expect(message.width == 375)
  }

  @Test func messageDefaultIsOneLightGreyLine() throws {
    let svg = try probe(try Repository.job("zero-code", "default"))
    let message = try #require(svg["message"])
    #expect(message.text == "暂无数据")
    #expect(svg["image"] == nil)
    #expect(svg["button"] == nil)
  }

  @Test func loadingSpinnerUsesTheOffsetOnce() throws {
    var properties = Properties()
    properties.loading = true
    properties.offsetY = 50
    let svg = try probe(Repository.job(layout: .message, properties: properties, device: .iphoneSE))
    let spinner = try #require(svg["spinner"])
    #expect(abs(spinner.y + spinner.height / 2 - (64 + 0.382 * 603 + 50)) < 0.01)
  }

  @Test func customViewIsTheSeedsCyanLabel() throws {
    let svg = try probe(try Repository.job("zero-code", "custom-view"))
    let custom = try #require(svg["custom-view"])
    #expect(custom.width == 200 && custom.height == 100)
    #expect(custom.fill == "#00FFFF")
    #expect(custom.text == "这是一个自定义的View")
  }

  @Test func tablePlaceholderFillsTheTableAndShowsScrolling() throws {
    let empty = try probe(try Repository.job("table", "empty"))
    let placeholder = try #require(empty["placeholder"])
    #expect(placeholder.y == 103 && placeholder.height == 749 && placeholder.width == 393)
    #expect(empty["scroll-indicator"] != nil)
    let locked = try probe(try Repository.job("table", "scroll-disabled"))
    #expect(locked["placeholder"] != nil)
    #expect(locked["scroll-indicator"] == nil)
    let rows = try probe(try Repository.job("table", "with-rows"))
    #expect(rows["placeholder"] == nil)
    #expect(rows["row-9"] != nil && rows["row-10"] == nil)
    #expect(rows["section-2"] != nil)
  }

  @Test func toastIsCentredOnTheScreen() throws {
    let svg = try probe(try Repository.job("no-network", "toast", device: .iphoneSE, locale: "en"))
    let toast = try #require(svg["toast"])
    #expect(toast.x + toast.width / 2 == 375.0 / 2)
    #expect(toast.y + toast.height / 2 == 667.0 / 2)
    #expect(toast.text == "Please check your network connection")
  }

  @Test(arguments: Device.allCases)
  func chromeMatchesTheDevice(device: Device) throws {
    let svg = try probe(try Repository.job("no-network", "default", device: device))
    let metrics = device.metrics
    let status = try #require(svg["status-bar"])
    #expect(status.height == metrics.statusBar)
    let navigation = try #require(svg["navigation-bar"])
    #expect(navigation.height == metrics.statusBar + 44)
    let tabBar = try #require(svg["tab-bar"])
    #expect(tabBar.height == 49 + metrics.homeIndicator)
    #expect((svg["home-indicator"] != nil) == (metrics.homeIndicator > 0))
    #expect((svg["dynamic-island"] != nil) == metrics.hasDynamicIsland)
  }

  @Test func darkThemeFollowsSemanticColoursButKeepsExplicitOnes() throws {
    let dark = try probe(try Repository.job("blank-page", "no-data", theme: .dark))
    #expect(dark["placeholder"]?.fill == "#000000")
    #expect(dark["button"]?.fill == "#FFFF00")
    // The seed paints the no-network view white whatever the theme.
    let offline = try probe(try Repository.job("no-network", "default", theme: .dark))
    #expect(offline["placeholder"]?.fill == "#FFFFFF")
  }

  /// A title wider than a seed's fixed button is truncated in the middle, on
  /// one line, as a `UIButton`'s title label truncates it, never cut mid-glyph
  /// ("Erneut versuchen" in the no-network seed's 115-pt button).
  @Test(arguments: ["Erneut versuchen", "Verbindung erneut prüfen und noch einmal laden"])
  func aTitleTooWideForASeedsButtonIsTruncatedInTheMiddle(title: String) throws {
    var properties = Properties()
    var button = ButtonDefinition()
    button.title = LocalizedText(title)
    properties.button = .value(button)
    let scene = Layouts.scene(
      for: Repository.job(layout: .noNetwork, properties: properties, device: .iphoneSE, locale: "de"))
    let node = try #require(scene.node(withID: "button"))
    guard case .button(let face) = node.content else {
      Issue.record("the button is not a button")
      return
    }
    let line = try #require(face.title.lines.first)
    #expect(face.title.lines.count == 1 && face.title.isTruncated)
    let parts = line.text.split(separator: "…", omittingEmptySubsequences: false)
    #expect(parts.count == 2, "\(line.text)")
    #expect(title.hasPrefix(parts[0]) && title.hasSuffix(parts[1]) && !parts[0].isEmpty && !parts[1].isEmpty)
    #expect(abs(Double(parts[0].count) - Double(parts[1].count)) <= 2, "\(line.text)")
    #expect(line.width <= node.frame.width + 0.001)
  }

  /// A text taller than a seed's fixed label keeps the lines that fit, the
  /// last of them truncated at the tail, as `UILabel` truncates it.
  @Test func aTextTooLongForASeedsFixedLabelIsTruncatedAtTheTail() throws {
    var properties = Properties()
    var custom = CustomViewDefinition()
    custom.size = Size(width: 160, height: 60)
    let text = "Nothing here yet, but everything you save from the feed will be kept on this page for later."
    custom.text = LocalizedText(text)
    properties.customView = .value(custom)
    let scene = Layouts.scene(for: Repository.job(layout: .table, properties: properties, device: .iphoneSE))
    let node = try #require(scene.node(withID: "custom-view"))
    guard case .text(let block) = node.content else {
      Issue.record("the custom view is not text")
      return
    }
    let last = try #require(block.lines.last)
    #expect(block.isTruncated && last.text.hasSuffix("…"), "\(block.texts)")
    #expect(Double(block.lines.count) * block.lineHeight <= node.frame.height + 0.001)
    #expect(text.hasPrefix(block.texts.dropLast().joined(separator: " ")))
    for line in block.lines { #expect(line.width <= node.frame.width + 0.001, "\(line.text)") }
  }

  @Test func longTextWrapsInsideItsFrame() throws {
    var properties = Properties()
    properties.message = LocalizedText(String(repeating: "This message is far too long for one line. ", count: 4))
    let scene = Layouts.scene(for: Repository.job(layout: .noNetwork, properties: properties, device: .iphoneSE))
    let message = try #require(scene.node(withID: "message"))
    guard case .text(let block) = message.content else {
      Issue.record("the message is not text")
      return
    }
    #expect(block.lines.count > 1)
    #expect(message.frame.minX >= 16 && message.frame.maxX <= 375 - 16)
    for line in block.lines {
      #expect(line.width <= message.frame.width + 0.01)
    }
  }
}
