import BlankslateSupport
import BlankslateModel

/// The parts of a placeholder stacked from top to bottom (image, title,
/// message, buttons), each with its size and the gap above it; placed as a
/// column centred on one x, or at a leading edge.
struct PlaceholderStack {
  private typealias Part = (id: String, role: NodeRole, size: Size, gap: Double, node: (Rect) -> SceneNode)
  private var parts: [Part] = []

  init() {}

  private init(parts: [Part]) {
    self.parts = parts
  }

  var isEmpty: Bool { parts.isEmpty }

  /// The column's height, gaps included (the first part's gap never counts).
  var height: Double { Self.height(of: parts) }

  /// The height of `parts` stacked, gaps included (the first part's gap never counts).
  private static func height(of parts: [Part]) -> Double {
    parts.enumerated().reduce(0) { $0 + ($1.offset == 0 ? 0 : $1.element.gap) + $1.element.size.height }
  }

  /// Adds a part below the last, `gap` below it (the first part's gap is dropped).
  package mutating func add(
    id: String, role: NodeRole, gap: Double, size: Size, _ node: @escaping (Rect) -> SceneNode
  ) {
    parts.append((id, role, size, gap, node))
  }

  /// UIKit's priority when the stack does not fit: the height goes to the
  /// title first, then the buttons, then the secondary text, then the image
  /// (or the loading indicator), so the image is the first to go. Read from
  /// `UIContentUnavailableView`'s `_computeLayoutInfoRestrictedToSize:`
  /// (iOS 18.2's decompile, DESIGN.md "Fidelity v3" rule 3, corrected in
  /// round 4); a SwiftUI `ContentUnavailableView` screenshot too short for
  /// its symbol keeps its title, description and button and drops the symbol.
  static func priority(of role: NodeRole) -> Int {
    switch role {
    case .title: 0
    case .button: 1
    case .message: 2
    default: 3
    }
  }

  /// The parts that fit in `available` points, as `UIContentUnavailableView`
  /// fits them with scrolling off: parts are left out from the last in
  /// priority (`priority(of:)`: the image, then the message, then the buttons,
  /// the last first) until the rest fits; the title always stays. The kept
  /// parts keep their own order (image, title, message, buttons); the others
  /// are returned as hidden.
  func fitting(_ available: Double) -> (stack: PlaceholderStack, hidden: [HiddenPart]) {
    let dropOrder = parts.indices.filter { parts[$0].role != .title }.sorted {
      (Self.priority(of: parts[$0].role), $0) > (Self.priority(of: parts[$1].role), $1)
    }
    var kept = Set(parts.indices)
    for index in dropOrder {
      if Self.height(of: parts.indices.filter(kept.contains).map { parts[$0] }) <= available + 0.001 { break }
      kept.remove(index)
    }
    return split(keeping: kept, available: available)
  }

  /// With scrolling on: the image (or indicator) is left out when the stack
  /// with it is taller than `available`, as UIKit gives it the height last;
  /// the rest is kept and scrolls.
  func droppingTheImage(_ available: Double) -> (stack: PlaceholderStack, hidden: [HiddenPart]) {
    guard height > available + 0.001 else { return (self, []) }
    return split(keeping: Set(parts.indices.filter { Self.priority(of: parts[$0].role) < 3 }), available: available)
  }

  /// The parts at `kept` in their order, and the others, each hidden for want of `available` points.
  private func split(keeping kept: Set<Int>, available: Double) -> (stack: PlaceholderStack, hidden: [HiddenPart]) {
    let needed = height
    let hidden = parts.indices.filter { !kept.contains($0) }.map {
      HiddenPart(id: parts[$0].id, role: parts[$0].role, needed: needed, available: available)
    }
    return (Self(parts: parts.indices.filter { kept.contains($0) }.map { parts[$0] }), hidden)
  }

  /// The nodes, the first at `top`, each centred on `centerX`, or starting at `leadingX` when given.
  func nodes(top: Double, centerX: Double, leadingX: Double? = nil) -> [SceneNode] {
    var y = top
    return parts.enumerated().map { index, part in
      if index > 0 { y += part.gap }
      let x = leadingX ?? centerX - part.size.width / 2
      defer { y += part.size.height }
      return part.node(Rect(x: x, y: y, width: part.size.width, height: part.size.height))
    }
  }
}

/// Action buttons drawn as `UIButton.Configuration` draws them: sized to
/// their title (and symbol) at one of its four sizes, in one of four styles.
/// A button with no size of UIKit's (the seed layouts') keeps the seeds' look:
/// 20 × 11 pt of padding, at least Apple's 44-point tap target.
struct ActionButtons {
  static let minimumHeight: Double = 44
  static let padding = (horizontal: 20.0, vertical: 11.0)
  static let cornerRadius: Double = 12
  /// A button's title: `.body`, semibold on a filled button.
  static let font = FontSpec(size: .style(.body))

  let context: LayoutContext
  /// The title's font when the button writes none: `.body` in the modern layout;
  /// a fixed 17 points in the seed layouts, whose fonts never scale.
  var defaultFont = Self.font
  /// The style when the button writes none; nil: filled for the first button, plain for the second (the seeds).
  var defaultStyle: ButtonStyle?
  /// The size when the button writes none; nil: the seeds' padding and 44-point minimum.
  var defaultControlSize: ControlSize?

  /// A laid-out button: its face, its size, and the symbol before its title.
  struct Laid {
    var face: ButtonFace
    var size: Size
    /// The widest line of the title.
    var titleWidth: Double
    /// The symbol, its side in points, and the colour it takes (the title's).
    var symbol: (name: SymbolName, side: Double, color: RGBA)?
    /// How far inside its frame UIKit aligns it, above and below: a plain button's insets, else 0.
    var alignmentInset: Double
  }

  /// A button's face and size; `primary` decides the style when none is written (filled, else plain).
  func face(of button: ButtonDefinition, defaultTitle: DefaultString?, primary: Bool, maxWidth: Double) -> Laid {
    // A button that writes its own background and no style is filled: its title
    // sits on that colour in the definition's intent (and in v2 files, drawn so).
    let style = button.style ?? (button.background != nil ? .filled : defaultStyle ?? (primary ? .filled : .plain))
    // A destructive button is drawn in systemRed where another takes the tint (`UIButton.role`).
    let tint = button.role == .destructive ? context.color(.systemRed) : context.color(.tintColor)
    let background = context.hostBackground
    let (fill, text): (RGBA, RGBA) = {
      switch style {
      case .filled: (tint, .white)
      case .tinted: (tint.withOpacity(0.15).composited(over: background), tint)
      case .bordered: (context.color(.tertiarySystemFill).composited(over: background), tint)
      case .plain: (.clear, tint)
      }
    }()
    let controlSize = button.controlSize ?? defaultControlSize
    let metrics = controlSize?.metrics
    let padding = metrics.map { (horizontal: $0.horizontal, vertical: $0.vertical) } ?? Self.padding
    let minimum = metrics == nil ? Self.minimumHeight : 0
    let font = button.font ?? metrics.map { FontSpec(size: .style($0.font)) } ?? defaultFont
    let fontSize = context.fontSize(font, default: 17)
    // A UIKit button's title is regular in every style (`UIButton.Configuration` makes it semibold only
    // for the primary role, which the format has not); the seeds' filled buttons are semibold, as drawn.
    let weight =
      button.font.map { context.weight($0, default: .regular) }
      ?? (style == .filled && metrics == nil ? .semibold : .regular)
    let title = button.title?.resolved(in: context.locale) ?? defaultTitle?.text(in: context.locale) ?? ""
    let color = context.color(button.textColor, default: text)
    // A symbol configured with the title's font draws about as tall as the title's point size.
    let symbolRoom = button.symbol.map { _ in fontSize + ControlSize.imagePadding } ?? 0
    let label = context.label(
      title, fontSize: fontSize, weight: weight, leading: context.leading(of: font), color: color,
      maxWidth: maxWidth - 2 * padding.horizontal - symbolRoom)
    let size =
      button.size
      ?? Size(
        width: min(maxWidth, max(minimum, label.size.width + symbolRoom + 2 * padding.horizontal)),
        height: max(minimum, max(label.size.height, button.symbol == nil ? 0 : fontSize) + 2 * padding.vertical))
    let face = ButtonFace(
      fill: context.color(button.background, default: fill),
      cornerRadius: button.cornerRadius ?? metrics?.cornerRadius ?? Self.cornerRadius,
      title: label.block, titleOffset: symbolRoom / 2, controlSize: button.size == nil ? controlSize : nil)
    // UIKit aligns a button with no background by its content (`_alignmentInsetsForView:`): the gaps
    // above and below it are measured to its title, not its frame.
    let alignmentInset = metrics != nil && style == .plain && button.background == nil ? padding.vertical : 0
    return Laid(
      face: face, size: size, titleWidth: label.size.width, symbol: button.symbol.map { ($0, fontSize, color) },
      alignmentInset: alignmentInset)
  }

  /// Adds up to two buttons (`buttons`) to `stack`: the first `messageToButton` below, the next `betweenButtons`.
  package func add(
    _ buttons: [(ButtonDefinition, DefaultString?)], to stack: inout PlaceholderStack, maxWidth: Double,
    messageToButton: Double, betweenButtons: Double
  ) {
    var insetAbove = 0.0
    for (index, (button, defaultTitle)) in buttons.prefix(2).enumerated() {
      let laid = self.face(of: button, defaultTitle: defaultTitle, primary: index == 0, maxWidth: maxWidth)
      let id = index == 0 ? "button" : "secondary-button"
      // The gap is UIKit's between the aligned edges: a plain button's insets lie inside it.
      let gap = (index == 0 ? messageToButton : betweenButtons) - laid.alignmentInset - insetAbove
      insetAbove = laid.alignmentInset
      stack.add(id: id, role: .button, gap: max(0, gap), size: laid.size) { frame in
        var node = SceneNode(id: id, role: .button, frame: frame, content: .button(laid.face), action: .reload)
        if let symbol = laid.symbol {
          // The symbol and the title are centred together; the symbol leads. Laid out
          // left to right: a right-to-left screen is mirrored whole, the symbol with it.
          let titleCenter = frame.midX + laid.face.titleOffset
          let centerX = titleCenter - laid.titleWidth / 2 - ControlSize.imagePadding - symbol.side / 2
          node.children = [
            SceneNode(
              id: id + "-symbol", role: .decoration,
              frame: Rect(
                x: centerX - symbol.side / 2, y: frame.midY - symbol.side / 2, width: symbol.side, height: symbol.side),
              content: .symbolImage(symbol.name, color: symbol.color))
          ]
        }
        return node
      }
    }
  }
}
