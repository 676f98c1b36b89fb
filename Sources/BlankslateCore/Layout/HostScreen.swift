import BlankslateSupport
import BlankslateModel

/// The host screen around a placeholder: status bar, navigation bar, tab bar
/// and home indicator, and the content frame they leave.
package struct HostScreen {
  let context: LayoutContext
  let showsNavigationBar: Bool
  let showsTabBar: Bool
  let navigationTitle: String
  /// Bars as iOS 15 and later draw them: at the content's scroll edge (an
  /// empty screen is at both) transparent, with no hairline
  /// (`scrollEdgeAppearance`, which since iOS 15 applies to every navigation
  /// and tab bar); over content, their `standardAppearance`. False: the opaque
  /// bars with a hairline of iOS 13 and 14 and earlier, which the seeds'
  /// documents show.
  let atScrollEdge: Bool
  /// Whether content lies under the top bars, or under the tab bar at the
  /// bottom (a scrolling stack taller than the screen runs on under it): that
  /// bar leaves its scroll edge and shows its standard appearance, as
  /// `UINavigationBar` and `UITabBar` switch when a scroll view's content
  /// passes under them (`scrollEdgeAppearance` applies "when the edge of any
  /// scrollable content reaches the matching edge of the bar").
  var contentUnderTopBars = false
  var contentUnderTabBar = false
  /// `navigationTitleDisplayMode: large`: the title drawn large below the bar's
  /// 44 pt row, in a 52 pt band (`prefersLargeTitles`, 96 pt in all), and not in the row.
  let largeTitle: Bool
  static let largeTitleBand: Double = 52
  /// `.largeTitle` bold at the Large size, as a navigation bar draws it.
  static let largeTitleSize: Double = 34

  /// `tabBarByDefault`: whether the layout's seed screen has a tab bar.
  /// `title`: the navigation title when the definition writes none.
  init(context: LayoutContext, tabBarByDefault: Bool, title: DefaultString, atScrollEdge: Bool = false) {
    self.context = context
    self.atScrollEdge = atScrollEdge
    let chrome = context.properties.chrome
    showsNavigationBar = chrome?.navigationBar ?? true
    showsTabBar = chrome?.tabBar ?? tabBarByDefault
    navigationTitle = context.text(chrome?.navigationTitle, default: title)
    largeTitle = showsNavigationBar && chrome?.navigationTitleDisplayMode == .large
  }

  var device: DeviceMetrics { context.device }

  /// Everything the bars depend on: two screens with the same key have the same bars.
  var cacheKey: String {
    "\(context.job.device.rawValue)|\(context.theme.rawValue)|\(context.locale)|\(showsNavigationBar)|\(showsTabBar)|\(navigationTitle)|\(atScrollEdge)|\(contentUnderTopBars)|\(contentUnderTabBar)|\(largeTitle)|\(tabsKey)|\(context.color(.tintColor).hex)"
  }

  /// The app's tabs and selection, as the bar cache tells screens apart.
  private var tabsKey: String {
    let chrome = context.properties.chrome
    let items = (chrome?.tabItems ?? []).map {
      ($0.title?.resolved(in: context.locale) ?? "") + "/" + ($0.symbol?.rawValue ?? "")
    }
    return items.joined(separator: ",") + "#\(chrome?.selectedTab ?? 0)"
  }

  /// iPadOS 18 and later draw an iPad's tab bar at the top, floating in the
  /// navigation bar's row, its items titles without icons (WWDC24 "Elevate your
  /// tab and sidebar experience in iPadOS"); the seeds' era kept it at the bottom.
  var tabBarOnTop: Bool { showsTabBar && isPad && atScrollEdge }

  /// The bottom of the navigation bar (or of the top tab bar's row), or of the status bar without either.
  var topBarsBottom: Double {
    device.statusBar + (showsNavigationBar || tabBarOnTop ? DeviceMetrics.navigationBarHeight : 0)
      + (largeTitle ? Self.largeTitleBand : 0)
  }

  /// The top of the tab bar at the bottom, or the bottom of the screen without one.
  var tabBarTop: Double {
    showsTabBar && !tabBarOnTop ? device.height - DeviceMetrics.tabBarHeight - device.homeIndicator : device.height
  }

  /// The list's frame: between the top bars and the tab bar (or screen bottom).
  var contentFrame: Rect {
    Rect(x: 0, y: topBarsBottom, width: device.width, height: tabBarTop - topBarsBottom)
  }

  /// Every colour the chrome draws its glyphs in, in `theme` (so their files
  /// can be written once for the whole gallery).
  /// `tint`: the site's accent, which a tab bar's selected item is drawn in.
  package static func glyphColors(in theme: Theme, tint: ColorValue? = nil) -> [RGBA] {
    var colors = [
      SemanticColor.label.resolved(in: theme), SemanticColor.systemBlue.resolved(in: theme), idleTint(theme),
    ]
    let accent = ColorValue.semantic(.tintColor).resolved(in: theme, tint: tint)
    if !colors.contains(accent) { colors.append(accent) }
    return colors
  }

  private static func idleTint(_ theme: Theme) -> RGBA {
    theme == .light ? RGBA(hex: 0x999999) : RGBA(hex: 0x8E8E93)
  }

  /// Whether the top bars, and the tab bar, show their scroll-edge appearance.
  private var topBarsAtScrollEdge: Bool { atScrollEdge && !contentUnderTopBars }
  private var tabBarAtScrollEdge: Bool { atScrollEdge && !contentUnderTabBar }

  /// A bar's fill: none at the scroll edge; else the opaque bar of iOS 13 and
  /// 14, which also stands for iOS 15's standard appearance (its blurred
  /// `systemChromeMaterial` is an estimate here: Blankslate draws no blur).
  private func barFill(atScrollEdge: Bool) -> RGBA {
    if atScrollEdge { return .clear }
    return context.theme == .light ? RGBA(hex: 0xF8F8F8) : RGBA(hex: 0x1C1C1E)
  }

  /// Notes where the content's parts lie under the bars of this screen:
  /// above `topBarsBottom`, or below `tabBarTop` when a tab bar is there. A
  /// part a scroll view clips still counts: the scroll view runs on under the bar.
  mutating func noteContent(_ nodes: [SceneNode]) {
    guard atScrollEdge else { return }
    var parts: [Rect] = []
    func collect(_ node: SceneNode) {
      if node.children.isEmpty { parts.append(node.frame) } else { node.children.forEach(collect) }
    }
    nodes.forEach(collect)
    if showsNavigationBar || tabBarOnTop {
      contentUnderTopBars = parts.contains { $0.minY < topBarsBottom - 0.001 && $0.maxY > device.statusBar }
    }
    if showsTabBar && !tabBarOnTop {
      contentUnderTabBar = parts.contains { $0.maxY > tabBarTop + 0.001 }
    }
  }
  private var hairline: RGBA {
    context.theme == .light ? RGBA(hex: 0x000000, alpha: 77) : RGBA(hex: 0xFFFFFF, alpha: 38)
  }
  private var ink: RGBA { context.color(.label) }

  /// The bars drawn over the content, back to front.
  func chromeNodes() -> [SceneNode] {
    var nodes: [SceneNode] = []
    let topTabs = tabBarOnTop ? topTabItems() : nil
    if showsNavigationBar { nodes.append(navigationBar(besideTabsIn: topTabs?.capsule)) }
    nodes.append(statusBar())
    if showsTabBar { nodes.append(topTabs.map(topTabBar) ?? tabBar()) }
    if device.homeIndicator > 0 { nodes.append(homeIndicator()) }
    return nodes
  }

  /// The navigation bar; beside a top tab bar's `capsule`, its title keeps clear of it.
  private func navigationBar(besideTabsIn capsule: Rect?) -> SceneNode {
    let frame = Rect(x: 0, y: 0, width: device.width, height: topBarsBottom)
    let barRect = Rect(x: 0, y: device.statusBar, width: device.width, height: DeviceMetrics.navigationBarHeight)
    // Beside a tab bar on top, the inline title moves to the leading edge, clear of the tabs.
    let titleRoom = capsule.map { $0.minX - 2 * Self.padInset } ?? device.width - 120
    let title = context.label(
      navigationTitle, fontSize: 17, weight: .semibold, color: ink, maxWidth: titleRoom)
    let titleLine = TextBlock(
      lines: Array(title.block.lines.prefix(1)), fontSize: 17, weight: .semibold, color: ink,
      lineHeight: title.block.lineHeight,
      isTruncated: title.block.lines.count > 1, isRightToLeft: title.block.isRightToLeft)
    let titleSize = Size(width: min(title.size.width, max(titleRoom, 0)), height: titleLine.lineHeight)
    let titleFrame =
      capsule == nil
      ? Rect(centerX: barRect.midX, centerY: barRect.midY, size: titleSize)
      : Rect(
        x: Self.padInset, y: barRect.midY - titleSize.height / 2, width: titleSize.width, height: titleSize.height)
    var titles = [SceneNode(id: "navigation-title", role: .decoration, frame: titleFrame, content: .text(titleLine))]
    if largeTitle {
      // The large title replaces the row's: leading, 16 pt in (20 on iPad), in the band below the row.
      let inset: Double = device.width >= 600 ? 20 : 16
      let large = context.label(
        navigationTitle, fontSize: Self.largeTitleSize, weight: .bold, color: ink, maxWidth: device.width - 2 * inset)
      let line = TextBlock(
        lines: Array(large.block.lines.prefix(1)), fontSize: Self.largeTitleSize, weight: .bold, color: ink,
        lineHeight: large.block.lineHeight, isTruncated: large.block.lines.count > 1,
        isRightToLeft: large.block.isRightToLeft)
      let band = Rect(x: 0, y: barRect.maxY, width: device.width, height: Self.largeTitleBand)
      titles = [
        SceneNode(
          id: "navigation-large-title", role: .decoration,
          frame: Rect(
            x: inset, y: band.maxY - line.lineHeight - 6, width: min(large.size.width, device.width - 2 * inset),
            height: line.lineHeight), content: .text(line))
      ]
    }
    return SceneNode(
      id: "navigation-bar", role: .navigationBar, frame: frame,
      content: .box(BoxStyle(fill: barFill(atScrollEdge: topBarsAtScrollEdge))),
      children: titles
        + (topBarsAtScrollEdge
          ? []
          : [
            SceneNode(
              id: "navigation-separator", role: .separator,
              frame: Rect(x: 0, y: frame.maxY - 0.5, width: device.width, height: 0.5),
              content: .box(BoxStyle(fill: hairline)))
          ]))
  }

  /// An iPhone with a home button (no home indicator): its status bar is 20 pt.
  private var isHomeButton: Bool { device.homeIndicator == 0 && device.width < 600 }
  private var isPad: Bool { device.width >= 600 }
  /// An iPad bar's leading and trailing inset.
  static let padInset: Double = 20

  /// A status-bar text in the bar's font size, shaped for `locale` (Latin, as the clock is set, by default).
  private func small(_ text: String, weight: TextBlock.Weight, locale: String = "en") -> (
    block: TextBlock, width: Double, lineHeight: Double
  ) {
    let fontSize: Double = device.statusBar < 30 ? 12 : 17
    let line = context.typesetter.line(text, fontSize: fontSize, weight: weight.cssValue, locale: locale)
    let lineHeight = max(TextMetrics.lineHeight(for: fontSize), line.lineHeightHoldingInk(fontSize: fontSize))
    let block = TextBlock(
      lines: [line], fontSize: fontSize, weight: weight, color: ink, lineHeight: lineHeight,
      isRightToLeft: line.isRightToLeft)
    return (block, (line.width * 2).rounded(.up) / 2, lineHeight)
  }

  private func statusBar() -> SceneNode {
    let frame = Rect(x: 0, y: 0, width: device.width, height: device.statusBar)
    let compact = device.statusBar < 30
    let fontSize: Double = compact ? 12 : 17
    // The clock is set in Latin digits in every locale, as the seeds' screenshots show it.
    let clock = context.typesetter.line(
      "9:41", fontSize: fontSize, weight: TextBlock.Weight.semibold.cssValue, locale: "en")
    let time = TextBlock(
      lines: [clock], fontSize: fontSize, weight: .semibold, color: ink,
      lineHeight: TextMetrics.lineHeight(for: fontSize))
    let timeWidth = (clock.width * 2).rounded(.up) / 2
    var children: [SceneNode] = []
    let centerY: Double
    let timeCenterX: Double
    let iconsRight: Double
    if device.hasDynamicIsland {
      // The island is 126×37, its top 48 pt above the status bar's bottom (11 pt
      // from the top of a 59 pt bar, 14 of a 62 pt one); the bar's items are centred on it.
      let island = Rect(x: device.width / 2 - 63, y: device.statusBar - 48, width: 126, height: 37)
      centerY = island.midY
      timeCenterX = island.minX / 2 + 6
      // Measured on an iOS 17 iPhone 15 screenshot (`CalibrationTests`): the battery's ink ends 32.7 pt
      // from the right edge and the Wi-Fi's 7.3 pt before the battery's (17.0 × 12.3 and 27.3 × 13.0 pt
      // of ink, with `scale` below). The other Dynamic Island phones take the same, an estimate there.
      iconsRight = device.width - 32.4
      children.append(
        SceneNode(
          id: "dynamic-island", role: .dynamicIsland, frame: island,
          content: .box(BoxStyle(fill: .black, cornerRadius: 18.5))))
    } else if isHomeButton {
      centerY = frame.midY
      timeCenterX = device.width / 2
      iconsRight = device.width - 6
    } else if isPad {
      // iPadOS: the time and the date at the leading edge.
      centerY = frame.midY
      timeCenterX = 20 + timeWidth / 2
      iconsRight = device.width - 20
    } else {
      centerY = frame.midY
      timeCenterX = 20 + timeWidth / 2
      iconsRight = device.width - 20
    }
    children.append(
      SceneNode(
        id: "status-time", role: .decoration,
        frame: Rect(centerX: timeCenterX, centerY: centerY, size: Size(width: timeWidth, height: time.lineHeight)),
        content: .text(time)))
    // The glyphs' size: the Dynamic Island phones' are 10 % larger than the others' (measured as above).
    let scale = compact ? 0.8 : device.hasDynamicIsland ? 1.1 : 1
    let gap: Double = device.hasDynamicIsland ? 7.1 : 5
    let battery = Rect(x: iconsRight - 25 * scale, y: centerY - 6 * scale, width: 25 * scale, height: 12 * scale)
    if isHomeButton {
      // A home-button iPhone: signal, carrier and Wi-Fi at the left, the battery alone at the right.
      let signal = Rect(x: 6, y: centerY - 5.5 * scale, width: 17 * scale, height: 11 * scale)
      let carrier = small("Carrier", weight: .regular)
      let carrierFrame = Rect(
        x: signal.maxX + 4, y: centerY - carrier.lineHeight / 2, width: carrier.width, height: carrier.lineHeight)
      let wifi = Rect(x: carrierFrame.maxX + 4, y: centerY - 5.5 * scale, width: 16 * scale, height: 11.5 * scale)
      children.append(
        SceneNode(id: "status-signal", role: .decoration, frame: signal, content: .symbol(.cellularSignal, color: ink)))
      children.append(
        SceneNode(id: "status-carrier", role: .decoration, frame: carrierFrame, content: .text(carrier.block)))
      children.append(SceneNode(id: "status-wifi", role: .decoration, frame: wifi, content: .symbol(.wifi, color: ink)))
    } else {
      let wifi = Rect(
        x: battery.minX - gap - 16 * scale, y: centerY - 5.5 * scale, width: 16 * scale, height: 11.5 * scale)
      if isPad {
        // A Wi-Fi iPad: no cellular signal; the date beside the time, in the locale's words.
        let date = small(StatusBarDate.text(in: context.locale), weight: .semibold, locale: context.locale)
        children.append(
          SceneNode(
            id: "status-date", role: .decoration,
            frame: Rect(
              x: timeCenterX + timeWidth / 2 + 6, y: centerY - date.lineHeight / 2, width: date.width,
              height: date.lineHeight), content: .text(date.block)))
      } else {
        let signal = Rect(
          x: wifi.minX - gap - 17 * scale, y: centerY - 5.5 * scale, width: 17 * scale, height: 11 * scale)
        children.append(
          SceneNode(
            id: "status-signal", role: .decoration, frame: signal, content: .symbol(.cellularSignal, color: ink)))
      }
      children.append(SceneNode(id: "status-wifi", role: .decoration, frame: wifi, content: .symbol(.wifi, color: ink)))
    }
    children.append(
      SceneNode(id: "status-battery", role: .decoration, frame: battery, content: .symbol(.battery, color: ink)))
    return SceneNode(id: "status-bar", role: .statusBar, frame: frame, content: .group, children: children)
  }

  private func tabBar() -> SceneNode {
    let frame = Rect(x: 0, y: tabBarTop, width: device.width, height: device.height - tabBarTop)
    // The app's own tabs (`chrome.tabBar.items`), else four stand-ins.
    let standIns: [(Symbol, DefaultString)] = [
      (.tabHome, .tabHome), (.tabDiscover, .tabDiscover), (.tabMessages, .tabMessages), (.tabProfile, .tabProfile),
    ]
    let written = context.properties.chrome?.tabItems
    let count = written?.count ?? standIns.count
    let selectedIndex = context.properties.chrome?.selectedTab ?? 0
    let itemWidth = device.width / Double(count)
    // A tab bar's selected item is drawn in the tint (`UITabBar.tintColor`, the app's accent).
    let selected = context.color(.tintColor)
    let idle = Self.idleTint(context.theme)
    var children: [SceneNode] =
      tabBarAtScrollEdge
      ? []
      : [
        SceneNode(
          id: "tab-bar-separator", role: .separator,
          frame: Rect(x: 0, y: frame.minY, width: device.width, height: 0.5), content: .box(BoxStyle(fill: hairline)))
      ]
    for index in 0..<count {
      let tint = index == selectedIndex ? selected : idle
      let centerX = itemWidth * (Double(index) + 0.5)
      let icon = Rect(centerX: centerX, centerY: frame.minY + 7 + 12.5, size: Size(width: 25, height: 25))
      let title =
        written.map { $0[index].title?.resolved(in: context.locale) ?? "" }
        ?? standIns[index].1.text(in: context.locale)
      let iconContent: NodeContent
      if let written {
        iconContent = written[index].symbol.map { .symbolImage($0, color: tint) } ?? .group
      } else {
        iconContent = .symbol(standIns[index].0, color: tint)
      }
      let label = context.fittedText(
        title, fontSize: 10, weight: .semibold, color: tint, in: Size(width: itemWidth - 4, height: 12))
      let labelFrame = label.frame(
        x: centerX - (itemWidth - 4) / 2, centerY: frame.minY + 40, width: itemWidth - 4, height: 12)
      children.append(
        SceneNode(id: "tab-icon-\(index + 1)", role: .decoration, frame: icon, content: iconContent))
      children.append(
        SceneNode(id: "tab-title-\(index + 1)", role: .decoration, frame: labelFrame, content: .text(label)))
    }
    return SceneNode(
      id: "tab-bar", role: .tabBar, frame: frame,
      content: .box(BoxStyle(fill: barFill(atScrollEdge: tabBarAtScrollEdge))), children: children)
  }

  /// The floating tab bar's measures: Apple publishes none, so these are
  /// estimates from iPadOS 18's own apps (a capsule 36 pt tall, titles in 15 pt,
  /// the selected one on a lighter platter in the tint); check them on a Simulator.
  static let topTabBarHeight: Double = 36
  static let topTabFontSize: Double = 15
  static let topTabPadding: Double = 14
  static let topTabInset: Double = 4

  /// The top tab bar's items: each title and its platter, and the capsule around them, centred in the row.
  private func topTabItems() -> (capsule: Rect, items: [(title: TextBlock, platter: Rect)]) {
    let written = context.properties.chrome?.tabItems
    let standIns: [DefaultString] = [.tabHome, .tabDiscover, .tabMessages, .tabProfile]
    let titles =
      written.map { $0.map { $0.title?.resolved(in: context.locale) ?? "" } }
      ?? standIns.map { $0.text(in: context.locale) }
    let selectedIndex = context.properties.chrome?.selectedTab ?? 0
    let room = device.width - 2 * 140
    let natural = titles.map {
      context.label($0, fontSize: Self.topTabFontSize, weight: .semibold, color: ink, maxWidth: .infinity).size.width
    }
    let total = natural.reduce(0) { $0 + $1 + 2 * Self.topTabPadding } + 2 * Self.topTabInset
    // Too many or too long titles share the room equally, each cut to fit.
    let squeeze = total > room
    let widths =
      squeeze
      ? Array(repeating: (room - 2 * Self.topTabInset) / Double(titles.count), count: titles.count)
      : natural.map { $0 + 2 * Self.topTabPadding }
    let capsuleWidth = widths.reduce(0, +) + 2 * Self.topTabInset
    let row = Rect(x: 0, y: device.statusBar, width: device.width, height: DeviceMetrics.navigationBarHeight)
    let capsule = Rect(
      centerX: row.midX, centerY: row.midY, size: Size(width: capsuleWidth, height: Self.topTabBarHeight))
    var x = capsule.minX + Self.topTabInset
    var items: [(TextBlock, Rect)] = []
    for (index, title) in titles.enumerated() {
      let tint = index == selectedIndex ? context.color(.tintColor) : ink
      let platter = Rect(
        x: x, y: capsule.minY + Self.topTabInset, width: widths[index],
        height: Self.topTabBarHeight - 2 * Self.topTabInset)
      let block = context.fittedText(
        title, fontSize: Self.topTabFontSize, weight: .semibold, color: tint,
        in: Size(width: widths[index] - 2 * Self.topTabPadding / (squeeze ? 2 : 1), height: platter.height))
      items.append((block, platter))
      x += widths[index]
    }
    return (capsule, items)
  }

  private func topTabBar(_ tabs: (capsule: Rect, items: [(title: TextBlock, platter: Rect)])) -> SceneNode {
    let (capsule, items) = tabs
    let selectedIndex = context.properties.chrome?.selectedTab ?? 0
    let light = context.theme == .light
    let barFill = light ? RGBA(hex: 0xF2F2F7) : RGBA(hex: 0x2C2C2E)
    let platterFill = light ? RGBA(hex: 0xFFFFFF) : RGBA(hex: 0x48484A)
    var children: [SceneNode] = []
    for (index, item) in items.enumerated() {
      if index == selectedIndex {
        children.append(
          SceneNode(
            id: "tab-platter", role: .decoration, frame: item.platter,
            content: .box(BoxStyle(fill: platterFill, cornerRadius: item.platter.height / 2))))
      }
      children.append(
        SceneNode(
          id: "tab-title-\(index + 1)", role: .decoration,
          frame: item.title.frame(
            x: item.platter.minX, centerY: item.platter.midY, width: item.platter.width,
            height: item.title.textHeight), content: .text(item.title)))
    }
    return SceneNode(
      id: "tab-bar", role: .tabBar, frame: capsule,
      content: .box(BoxStyle(fill: barFill, cornerRadius: capsule.height / 2)), children: children)
  }

  /// The home indicator's width: 140 pt on the 393-pt iPhone 15, as an iOS 17
  /// Simulator screenshot measures it (`../shared/fidelity-truth`,
  /// `CalibrationTests`); the other phones' are derived in proportion to the
  /// screen's width, which also gives the iPhone X's published 134 pt on its 375
  /// pt (134/375 and 140/393 differ by 0.3 %). The iPad's 200 pt is an estimate.
  static func homeIndicatorWidth(on device: DeviceMetrics) -> Double {
    device.width > 600 ? 200 : 140 * device.width / 393
  }

  private func homeIndicator() -> SceneNode {
    let width = Self.homeIndicatorWidth(on: device)
    let frame = Rect(x: (device.width - width) / 2, y: device.height - 8 - 5, width: width, height: 5)
    return SceneNode(
      id: "home-indicator", role: .homeIndicator, frame: frame, content: .box(BoxStyle(fill: ink, cornerRadius: 2.5)))
  }
}
