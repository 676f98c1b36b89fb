/// The modern system empty state, after iOS 17's `UIContentUnavailableConfiguration`
/// and SwiftUI's `ContentUnavailableView`: image, title, message and up to two
/// buttons, stacked and centred between the bars, inside the margins.
///
/// Every default below is a property a definition may write. Where Apple
/// documents a value it is that value (the text styles and system colours);
/// the gaps, margins and button metrics are read off the system's screens and
/// listed in README ("The content-unavailable layout").
struct ContentUnavailableLayout: LayoutGenerator {
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
  /// A button's title: `.body`, semibold on a filled button.
  static let buttonFont = FontSpec(size: .style(.body))
  /// A button's height at least (Apple's minimum tap target), its title's padding, and its corners.
  static let buttonMinimumHeight: Double = 44
  static let buttonPadding = (horizontal: 20.0, vertical: 11.0)
  static let buttonCornerRadius: Double = 12
  /// UIActivityIndicatorView's large style.
  static let spinnerSize = Size(width: 37, height: 37)

  func hostScreen(for context: LayoutContext) -> HostScreen {
    HostScreen(context: context, tabBarByDefault: false, title: .navigationList)
  }

  /// What a state shows when the definition writes nothing.
  private struct StateDefaults {
    var symbol: SymbolName?
    var title: DefaultString?
    var message: DefaultString?
    var button: DefaultString?
  }

  private func defaults(for state: ContentState, hasQuery: Bool) -> StateDefaults {
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
    var fallback = defaults(for: state, hasQuery: query.map { !$0.isEmpty } ?? false)
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

    // The parts from top to bottom, each with its size and the gap above it.
    var parts: [(node: (Rect) -> SceneNode, size: Size, gap: Double)] = []
    func add(gap: Double, size: Size, _ node: @escaping (Rect) -> SceneNode) {
      parts.append((node, size, parts.isEmpty ? 0 : gap))
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
      add(gap: parts.isEmpty ? 0 : gap, size: label.size) {
        SceneNode(id: "message", role: .message, frame: $0, content: .text(block))
      }
    }

    let buttons = self.buttons(properties, fallback: fallback.button)
    for (index, button) in buttons.prefix(2).enumerated() {
      let face = self.face(of: button, primary: index == 0, context: context, maxWidth: content.width)
      let gap =
        index == 0 ? spacing.messageToButton ?? Self.messageToButton : spacing.betweenButtons ?? Self.betweenButtons
      add(gap: gap, size: face.size) {
        SceneNode(
          id: index == 0 ? "button" : "secondary-button", role: .button, frame: $0, content: .button(face.face),
          action: .reload)
      }
    }

    // The stack is centred in the content frame; one taller than it starts at its top.
    let height = parts.reduce(0) { $0 + $1.gap + $1.size.height }
    var y = height > content.height ? content.minY : content.midY - height / 2
    var children: [SceneNode] = []
    for part in parts {
      y += part.gap
      let x = natural ? content.minX : content.midX - part.size.width / 2
      children.append(part.node(Rect(x: x, y: y, width: part.size.width, height: part.size.height)))
      y += part.size.height
    }
    let fill = context.hostBackground
    return [
      SceneNode(
        id: "placeholder", role: .placeholder, frame: area, content: .box(BoxStyle(fill: fill)), children: children)
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

  /// A button drawn as its style draws it, sized to its title.
  private func face(
    of written: (ButtonDefinition, DefaultString?), primary: Bool, context: LayoutContext, maxWidth: Double
  ) -> (face: ButtonFace, size: Size) {
    let (button, defaultTitle) = written
    let style = button.style ?? (primary ? .filled : .plain)
    let tint = context.color(.tintColor)
    let background = context.hostBackground
    let (fill, text): (RGBA, RGBA) = {
      switch style {
      case .filled: (tint, .white)
      case .tinted: (tint.withOpacity(0.15).composited(over: background), tint)
      case .bordered: (context.color(.tertiarySystemFill).composited(over: background), tint)
      case .plain: (.clear, tint)
      }
    }()
    let font = button.font ?? Self.buttonFont
    let fontSize = context.fontSize(font, default: 17)
    // A filled button's title is semibold unless its written font says otherwise.
    let weight = button.font.map { context.weight($0, default: .regular) } ?? (style == .filled ? .semibold : .regular)
    let title = button.title?.resolved(in: context.locale) ?? defaultTitle?.text(in: context.locale) ?? ""
    let label = context.label(
      title, fontSize: fontSize, weight: weight,
      color: context.color(button.textColor, default: text),
      maxWidth: maxWidth - 2 * Self.buttonPadding.horizontal)
    let size =
      button.size
      ?? Size(
        width: min(maxWidth, max(Self.buttonMinimumHeight, label.size.width + 2 * Self.buttonPadding.horizontal)),
        height: max(Self.buttonMinimumHeight, label.size.height + 2 * Self.buttonPadding.vertical))
    let face = ButtonFace(
      fill: context.color(button.background, default: fill),
      cornerRadius: button.cornerRadius ?? Self.buttonCornerRadius, title: label.block)
    return (face, size)
  }
}
