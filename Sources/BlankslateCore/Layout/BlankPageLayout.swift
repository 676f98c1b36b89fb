import BlankslateSupport
import BlankslateModel

/// SPBlankPageView (seed 000): a tip label at 20 % of the view's height, the
/// image 10 below it, the reload button 10 below the image, over the host list.
struct BlankPageLayout: LayoutGenerator {
  static let imageSize = Size(width: 192, height: 115)
  static let labelFontSize: Double = 16
  static let buttonHeight: Double = 44
  static let buttonFontSize: Double = 18  // +[UIFont buttonFontSize]
  static let spacing: Double = 10
  static let labelBackground = RGBA(hex: 0xAAAAAA)  // lightGray
  static let buttonBackground = RGBA(hex: 0xFFFF00)  // yellow

  func hostScreen(for context: LayoutContext) -> HostScreen {
    HostScreen(context: context, tabBarByDefault: false, title: .navigationList)
  }

  func nodes(for context: LayoutContext, on host: HostScreen) -> [SceneNode] {
    let view = host.contentFrame
    let properties = context.properties
    let state = properties.state ?? .noData
    if state == .hasData {
      return [
        ListView.node(
          frame: view, children: ListRows(context: context).nodes(sections: properties.sections ?? [12], in: view))
      ]
    }
    let isError = state == .hasError
    // `margins` (format v2) inset the label's column; the seed has none, so its label may run edge to edge.
    let insets = properties.margins ?? Insets(all: 0)
    let column = Rect(
      x: view.minX + insets.leading, y: view.minY + insets.top,
      width: max(1, view.width - insets.leading - insets.trailing),
      height: max(1, view.height - insets.top - insets.bottom))

    let label = context.label(
      context.text(properties.message, default: isError ? .blankPageError : .blankPageNoData),
      fontSize: context.fontSize(properties.messageFont, default: Self.labelFontSize),
      weight: context.weight(properties.messageFont), leading: context.leading(of: properties.messageFont),
      color: context.color(properties.messageColor, default: .black),
      maxWidth: column.width, background: context.color(properties.messageBackground, default: Self.labelBackground))
    let labelFrame = Rect(
      x: column.midX - label.size.width / 2, y: column.minY + view.height * 0.2, width: label.size.width,
      height: label.size.height)
    var children = [SceneNode(id: "message", role: .message, frame: labelFrame, content: .text(label.block))]

    // The image and button hang below the label; without an image the button
    // keeps the image's width and follows the label.
    let imageSize = context.imageSize(default: Self.imageSize)
    var bottom = labelFrame.maxY
    if let image = context.image(default: .builtin(isError ? .blankpage13 : .blankpage6)) {
      let frame = Rect(
        x: column.midX - imageSize.width / 2, y: bottom + Self.spacing, width: imageSize.width, height: imageSize.height
      )
      children.append(SceneNode(id: "image", role: .image, frame: frame, content: context.imageContent(image)))
      bottom = frame.maxY
    }
    if let button = properties.button.resolved(default: ButtonDefinition()) {
      let size = button.size ?? Size(width: imageSize.width, height: Self.buttonHeight)
      let frame = Rect(
        x: column.midX - size.width / 2, y: bottom + Self.spacing, width: size.width, height: size.height)
      let title = context.fittedText(
        context.text(button.title, default: .blankPageReload),
        fontSize: context.fontSize(button.font, default: Self.buttonFontSize),
        weight: context.weight(button.font), leading: context.leading(of: button.font),
        color: context.color(button.textColor, default: .black),
        in: Size(
          width: size.width,
          height: TextMetrics.lineHeight(for: context.fontSize(button.font, default: Self.buttonFontSize))),
        truncation: .middle, singleLine: true)
      let face = ButtonFace(
        fill: context.color(button.background, default: Self.buttonBackground), cornerRadius: button.cornerRadius ?? 0,
        title: title)
      children.append(SceneNode(id: "button", role: .button, frame: frame, content: .button(face), action: .reload))
    }
    // The blank page is a subview of the table view, so it scrolls with it.
    let placeholder = SceneNode(
      id: "placeholder", role: .placeholder, frame: view, content: .box(BoxStyle(fill: context.hostBackground)),
      children: children)
    return [ListView.node(frame: view, children: [placeholder])]
  }
}
