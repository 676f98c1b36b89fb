import BlankslateSupport

/// The modern system empty state, after iOS 17's `UIContentUnavailableConfiguration`
/// and SwiftUI's `ContentUnavailableView`: image, title, message and up to two
/// buttons, stacked and centred between the bars, inside the margins.
///
/// Every default below is a property a definition may write. Where Apple
/// documents a value it is that value (the text styles and system colours);
/// the gaps, margins and button metrics are read off the system's screens and
/// listed in README ("The content-unavailable layout").
package struct ContentUnavailableLayout: LayoutGenerator {
  /// Content insets on every side.
  static let margins: Double = 32
  /// A symbol's box when no `imageSize` is written.
  static let symbolSize = SymbolName.defaultSize
  static let imageToTitle: Double = 16
  static let titleToMessage: Double = 8
  static let messageToButton: Double = 24
  static let betweenButtons: Double = 12
  /// `.title2` semibold, in `label`.
  static let titleFont = FontSpec(size: .style(.title2), weight: .semibold)
  /// `.body`, in `secondaryLabel`.
  static let messageFont = FontSpec(size: .style(.body))
  /// UIActivityIndicatorView's large style.
  static let spinnerSize = Size(width: 37, height: 37)

  func hostScreen(for context: LayoutContext) -> HostScreen {
    HostScreen(context: context, tabBarByDefault: false, title: .navigationList)
  }

  /// What a state shows when the definition writes nothing (the code hand-off says the same).
  package struct StateDefaults {
    package var symbol: SymbolName?
    package var title: DefaultString?
    package var message: DefaultString?
    package var button: DefaultString?
  }

  package static func defaults(for state: ContentState, hasQuery: Bool) -> StateDefaults {
    switch state {
    case .noData, .hasData:
      StateDefaults(symbol: .tray, title: .unavailableNoDataTitle, message: .unavailableNoDataMessage)
    case .noResults:
      StateDefaults(
        symbol: .magnifyingglass, title: hasQuery ? .unavailableNoResultsQueryTitle : .unavailableNoResultsTitle,
        message: .unavailableNoResultsMessage)
    case .offline:
      StateDefaults(
        symbol: .wifiSlash, title: .unavailableOfflineTitle, message: .unavailableOfflineMessage,
        button: .unavailableTryAgain)
    case .hasError:
      StateDefaults(
        symbol: .exclamationmarkTriangle, title: .unavailableErrorTitle, message: .unavailableErrorMessage,
        button: .unavailableTryAgain)
    case .loading:
      StateDefaults(message: .unavailableLoading)
    }
  }

  func nodes(for context: LayoutContext, on host: HostScreen) -> [SceneNode] {
    let properties = context.properties
    let state = properties.state ?? .noData
    if state == .hasData {
      let rows = ListRows(context: context).nodes(sections: properties.sections ?? [12], in: host.contentFrame)
      return [ListView.node(frame: host.contentFrame, children: rows)]
    }
    let query = properties.query?.resolved(in: context.locale)
    var fallback = Self.defaults(for: state, hasQuery: query.map { !$0.isEmpty } ?? false)
    // A definition that writes its own words gets none of the state's.
    if properties.title != nil || properties.message != nil {
      fallback.title = nil
      fallback.message = nil
    }
    let insets = properties.margins ?? Insets(all: Self.margins)
    let area = host.contentFrame
    let content = Rect(
      x: area.x + insets.leading, y: area.y + insets.top,
      width: max(1, area.width - insets.leading - insets.trailing),
      height: max(1, area.height - insets.top - insets.bottom))
    let natural = properties.textAlignment == .natural
    let spacing = properties.spacing ?? Spacing()

    var stack = PlaceholderStack()
    func add(gap: Double, size: Size, _ node: @escaping (Rect) -> SceneNode) {
      stack.add(gap: gap, size: size, node)
    }

    if state == .loading {
      let color = context.color(.secondaryLabel)
      add(gap: 0, size: Self.spinnerSize) {
        SceneNode(id: "spinner", role: .spinner, frame: $0, content: .spinner(color: color))
      }
    } else if let image = properties.image.resolved(default: fallback.symbol.map(ImageSource.symbol)) {
      let size = context.imageSize(default: image.intrinsicSize)
      add(gap: 0, size: size) {
        SceneNode(id: "image", role: .image, frame: $0, content: context.imageContent(image))
      }
    }

    let titleText =
      properties.title?.resolved(in: context.locale)
      ?? fallback.title.map { $0.text(in: context.locale).replacingOccurrences(of: "{query}", with: query ?? "") }
    if let titleText, !titleText.isEmpty {
      let font = properties.titleFont ?? Self.titleFont
      let label = context.label(
        titleText, fontSize: context.fontSize(font, default: 22), weight: context.weight(font, default: .semibold),
        color: context.color(properties.titleColor, default: context.color(.label)), maxWidth: content.width)
      var block = label.block
      block.alignment = natural ? .leading : .center
      add(gap: spacing.imageToTitle ?? Self.imageToTitle, size: label.size) {
        SceneNode(id: "title", role: .title, frame: $0, content: .text(block))
      }
    }

    let messageText = properties.message?.resolved(in: context.locale) ?? fallback.message?.text(in: context.locale)
    if let messageText, !messageText.isEmpty {
      let font = properties.messageFont ?? Self.messageFont
      let label = context.label(
        messageText, fontSize: context.fontSize(font, default: 17), weight: context.weight(font),
        color: context.color(properties.messageColor, default: context.color(.secondaryLabel)),
        maxWidth: content.width)
      var block = label.block
      block.alignment = natural ? .leading : .center
      // Below a spinner the message is its caption; below a title, the description.
      let gap = state == .loading ? Self.titleToMessage : spacing.titleToMessage ?? Self.titleToMessage
      add(gap: gap, size: label.size) {
        SceneNode(id: "message", role: .message, frame: $0, content: .text(block))
      }
    }

    ActionButtons(context: context).add(
      buttons(properties, fallback: fallback.button), to: &stack, maxWidth: content.width,
      messageToButton: spacing.messageToButton ?? Self.messageToButton,
      betweenButtons: spacing.betweenButtons ?? Self.betweenButtons)

    // The stack is centred in the content frame. One taller than it (large
    // text on a small phone) starts at its top and scrolls, as the system's
    // view does: it is a scroll view whose content runs past the bars.
    let overflows = stack.height > content.height
    let top = overflows ? content.minY : content.midY - stack.height / 2
    let children = stack.nodes(top: top, centerX: content.midX, leadingX: natural ? content.minX : nil)
    let fill = context.hostBackground
    return [
      SceneNode(
        id: "placeholder", role: .placeholder, frame: area, content: .box(BoxStyle(fill: fill)), children: children,
        scroll: overflows ? .enabled : nil)
    ]
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
