import BlankslateModel
import BlankslateSupport

/// The modern system empty state, after iOS 17's `UIContentUnavailableConfiguration`
/// and SwiftUI's `ContentUnavailableView`: image, title, message and up to two
/// buttons, stacked and centred between the bars, inside the margins.
///
/// Every default below is a property a definition may write, and each is
/// UIKit's own for `UIContentUnavailableConfiguration.empty()` (and `.loading()`,
/// `.search()`) on iOS 18. Apple does not document the numbers: they are
/// UIKit's `UIContentUnavailableConstants` as published analyses of iOS 18.0
/// and 18.2 read them, both alike (DESIGN.md, "Fidelity v3"); the text styles
/// and system colours are Apple's documented ones. README's property table
/// lists them with these sources.
package struct ContentUnavailableLayout: LayoutGenerator {
  /// UIActivityIndicatorView's large style.
  static let spinnerSize = Size(width: 37, height: 37)
  /// The width of `readableContentGuide` on iPad at the Large text size, as
  /// developers measure it (UIKit does not publish it): 672 pt. It grows with
  /// the text size as body text does.
  static let readableWidth: Double = 672

  /// Margins on each side at this render's text size: UIKit's, or the written ones.
  static func margins(at textSize: TextSize) -> Insets {
    let side =
      textSize >= .accessibilityMedium
      ? ContentUnavailableStyle.accessibilitySideMargin : ContentUnavailableStyle.sideMargin
    return Insets(
      top: ContentUnavailableStyle.verticalMargin, leading: side, bottom: ContentUnavailableStyle.verticalMargin,
      trailing: side)
  }

  /// How `UIFontMetrics.default` scales a value at `textSize`: as body text scales.
  static func scale(at textSize: TextSize) -> Double {
    FontSpec(size: .style(.body)).pointSize(at: textSize) / FontSpec(size: .style(.body)).pointSize(at: .large)
  }

  func hostScreen(for context: LayoutContext) -> HostScreen {
    HostScreen(context: context, tabBarByDefault: false, title: .navigationList, atScrollEdge: true)
  }

  func nodes(for context: LayoutContext, on host: HostScreen) -> [SceneNode] {
    let properties = context.properties
    let state = properties.state ?? .noData
    if state == .hasData {
      let rows = ListRows(context: context).nodes(sections: properties.sections ?? [12], in: host.contentFrame)
      return [ListView.node(frame: host.contentFrame, children: rows)]
    }
    let query = properties.query?.resolved(in: context.locale)
    var fallback = ContentUnavailableStyle.defaults(for: state, hasQuery: query.map { !$0.isEmpty } ?? false)
    // A text the definition does not write is the state's, each on its own (a variant that writes only
    // its message keeps the state's title, as it keeps the state's button); a loading screen's
    // "Loading…" gives way to any written text, as `.loading()` drops it under a written one.
    if state == .loading, properties.title != nil || properties.message != nil {
      fallback.message = nil
    }
    let textSize = context.job.textSize
    let insets = properties.margins ?? Self.margins(at: textSize)
    let area = host.contentFrame
    // The margins count from the safe area (`insetsLayoutMarginsFromSafeArea`):
    // without a tab bar the content frame reaches the home indicator, which the stack keeps clear of.
    let device = context.device
    let safeBottom = device.height - device.homeIndicator
    let usable = Rect(x: area.x, y: area.y, width: area.width, height: max(1, min(area.maxY, safeBottom) - area.y))
    // Inside the margins, and no wider than the readable width (iPad), centred.
    let readable = Self.readableWidth * Self.scale(at: textSize)
    let width = min(max(1, area.width - insets.leading - insets.trailing), readable)
    let content = Rect(
      x: area.x + insets.leading + (max(1, area.width - insets.leading - insets.trailing) - width) / 2,
      y: usable.y + insets.top, width: width, height: max(1, usable.height - insets.top - insets.bottom))
    let natural = properties.textAlignment == .natural
    let spacing = properties.spacing ?? Spacing()

    var stack = PlaceholderStack()

    if state == .loading {
      let color = context.color(.secondaryLabel)
      stack.add(id: "spinner", role: .spinner, gap: 0, size: Self.spinnerSize) {
        SceneNode(id: "spinner", role: .spinner, frame: $0, content: .spinner(color: color, spokes: 8))
      }
    } else if let image = context.image(default: fallback.symbol.map(ImageSource.symbol)) {
      // A symbol is 48 pt scaled with the text size, or the written `imageSize` as its point size (the
      // hand-off's `SymbolConfiguration(pointSize:)`), drawn in SF's box for that size; other images
      // keep their own size.
      let isSymbol = if case .symbol = image { true } else { false }
      let size: Size
      if isSymbol {
        let points =
          properties.imageSize.map { min($0.width, $0.height) }
          ?? ContentUnavailableStyle.symbolPointSize * Self.scale(at: textSize)
        let side = points * ContentUnavailableStyle.symbolBoxScale
        size = Size(width: side, height: side)
      } else {
        size = context.imageSize(default: context.intrinsicSize(of: image))
      }
      stack.add(id: "image", role: .image, gap: 0, size: size) {
        SceneNode(id: "image", role: .image, frame: $0, content: context.imageContent(image))
      }
    }

    let titleText =
      properties.title?.resolved(in: context.locale)
      ?? fallback.title.map { $0.text(in: context.locale).replacingOccurrences(of: "{query}", with: query ?? "") }
    if let titleText, !titleText.isEmpty {
      let font = properties.titleFont ?? ContentUnavailableStyle.titleFont
      let label = context.label(
        titleText, fontSize: context.fontSize(font, default: 22), weight: context.weight(font, default: .bold),
        leading: context.leading(of: font), color: context.color(properties.titleColor, default: context.color(.label)),
        maxWidth: content.width)
      var block = label.block
      block.alignment = natural ? .leading : .center
      stack.add(
        id: "title", role: .title, gap: spacing.imageToTitle ?? ContentUnavailableStyle.imageToTitle, size: label.size
      ) {
        SceneNode(id: "title", role: .title, frame: $0, content: .text(block))
      }
    }

    let messageText = properties.message?.resolved(in: context.locale) ?? fallback.message?.text(in: context.locale)
    if let messageText, !messageText.isEmpty {
      let font = properties.messageFont ?? ContentUnavailableStyle.messageFont
      let label = context.label(
        messageText, fontSize: context.fontSize(font, default: 15), weight: context.weight(font),
        leading: context.leading(of: font),
        color: context.color(properties.messageColor, default: context.color(.secondaryLabel)),
        maxWidth: content.width)
      var block = label.block
      block.alignment = natural ? .leading : .center
      // Below a spinner the message is `.loading()`'s text, 8 below it; below a title, the secondary text.
      let gap =
        state == .loading
        ? ContentUnavailableStyle.spinnerToText : spacing.titleToMessage ?? ContentUnavailableStyle.titleToMessage
      stack.add(id: "message", role: .message, gap: gap, size: label.size) {
        SceneNode(id: "message", role: .message, frame: $0, content: .text(block))
      }
    }

    var buttons = ActionButtons(context: context)
    buttons.defaultControlSize = ContentUnavailableStyle.buttonSize
    buttons.defaultStyle = .plain
    buttons.add(
      self.buttons(properties, fallback: fallback.button), to: &stack, maxWidth: content.width,
      messageToButton: spacing.messageToButton ?? ContentUnavailableStyle.messageToButton,
      betweenButtons: spacing.betweenButtons ?? ContentUnavailableStyle.betweenButtons)

    // The stack is centred in the content frame. One taller than it shows,
    // as UIKit does with scrolling off, only the parts that fit in UIKit's
    // priority (the image goes first), centred; with `scrolls`, it drops only
    // the image and scrolls from its top. Lint names what was left out.
    let scrolls = properties.scrolls ?? false
    var hidden: [HiddenPart] = []
    if stack.height > content.height {
      (stack, hidden) = scrolls ? stack.droppingTheImage(content.height) : stack.fitting(content.height)
    }
    let overflows = stack.height > content.height
    let top = overflows ? content.minY : content.midY - stack.height / 2
    let children = stack.nodes(top: top, centerX: content.midX, leadingX: natural ? content.minX : nil)
    let fill = context.hostBackground
    var placeholder = SceneNode(
      id: "placeholder", role: .placeholder, frame: area, content: .box(BoxStyle(fill: fill)), children: children,
      scroll: overflows ? .enabled : nil)
    placeholder.hiddenParts = hidden
    return [placeholder]
  }

  /// The written buttons (`buttons`, else `button`), or the state's Try Again.
  private func buttons(_ properties: Properties, fallback: DefaultString?) -> [(ButtonDefinition, DefaultString?)] {
    if let written = properties.buttons { return written.map { ($0, nil) } }
    switch properties.button {
    case .null: return []
    case .value(let button): return [(button, fallback ?? .unavailableTryAgain)]
    case .absent: return fallback.map { [(ButtonDefinition(), $0)] } ?? []
    }
  }
}
