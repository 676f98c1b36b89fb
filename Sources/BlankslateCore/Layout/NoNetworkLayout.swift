import BlankslateSupport
import BlankslateModel

/// CQNoNetworkView (seed 004): white, the screen minus the tab bar; the 404
/// image 125×125 in the centre, the retry button 115×30 24 below it, the
/// message 21 above it and the title 12 above the message.
struct NoNetworkLayout: LayoutGenerator {
  static let imageSize = Size(width: 125, height: 125)
  static let buttonSize = Size(width: 115, height: 30)
  static let buttonFontSize: Double = 15
  static let buttonBackground = RGBA(hex: 0x00C2A8)  // (0.00, 0.76, 0.66)
  static let messageFontSize: Double = 14
  static let messageColor = RGBA(hex: 0x00C4AD)  // (0.00, 0.77, 0.68)
  static let titleFontSize: Double = 19
  static let titleColor = RGBA(hex: 0x00C4AB)  // (0.00, 0.77, 0.67)
  static let buttonGap: Double = 24
  static let messageGap: Double = 21
  static let titleGap: Double = 12
  static let sideMargin: Double = 16

  func hostScreen(for context: LayoutContext) -> HostScreen {
    HostScreen(context: context, tabBarByDefault: true, title: .navigationStore)
  }

  func nodes(for context: LayoutContext, on host: HostScreen) -> [SceneNode] {
    let properties = context.properties
    if properties.state == .hasData {
      let rows = ListRows(context: context).nodes(sections: properties.sections ?? [12], in: host.contentFrame)
      return [ListView.node(frame: host.contentFrame, children: rows)]
    }
    // The seed's frame is (0, 0, screenWidth, screenHeight - 49): under the
    // translucent top bars, above the tab bar.
    let view = Rect(x: 0, y: 0, width: context.device.width, height: host.tabBarTop)
    let imageSize = context.imageSize(default: Self.imageSize)
    let imageFrame = Rect(centerX: view.midX, centerY: view.midY, size: imageSize)
    var children: [SceneNode] = []
    if let image = context.image(default: .builtin(.notFound404)) {
      children.append(SceneNode(id: "image", role: .image, frame: imageFrame, content: context.imageContent(image)))
    }

    let maxWidth = view.width - 2 * Self.sideMargin
    let message = context.label(
      context.text(properties.message, default: .noNetworkMessage),
      fontSize: context.fontSize(properties.messageFont, default: Self.messageFontSize),
      weight: context.weight(properties.messageFont), leading: context.leading(of: properties.messageFont),
      color: context.color(properties.messageColor, default: Self.messageColor), maxWidth: maxWidth)
    let messageFrame = Rect(
      x: view.midX - message.size.width / 2, y: imageFrame.minY - Self.messageGap - message.size.height,
      width: message.size.width, height: message.size.height)
    let title = context.label(
      context.text(properties.title, default: .noNetworkTitle),
      fontSize: context.fontSize(properties.titleFont, default: Self.titleFontSize),
      weight: context.weight(properties.titleFont), leading: context.leading(of: properties.titleFont),
      color: context.color(properties.titleColor, default: Self.titleColor), maxWidth: maxWidth)
    let titleFrame = Rect(
      x: view.midX - title.size.width / 2, y: messageFrame.minY - Self.titleGap - title.size.height,
      width: title.size.width, height: title.size.height)
    children.append(SceneNode(id: "title", role: .title, frame: titleFrame, content: .text(title.block)))
    children.append(SceneNode(id: "message", role: .message, frame: messageFrame, content: .text(message.block)))

    if let button = properties.button.resolved(default: ButtonDefinition()) {
      let size = button.size ?? Self.buttonSize
      let fontSize = context.fontSize(button.font, default: Self.buttonFontSize)
      let frame = Rect(
        x: view.midX - size.width / 2, y: imageFrame.maxY + Self.buttonGap, width: size.width, height: size.height)
      let titleBlock = context.fittedText(
        context.text(button.title, default: .noNetworkButton), fontSize: fontSize, weight: context.weight(button.font),
        leading: context.leading(of: button.font),
        color: context.color(button.textColor, default: .white),
        in: Size(width: size.width, height: TextMetrics.lineHeight(for: fontSize)), truncation: .middle,
        singleLine: true)
      let face = ButtonFace(
        fill: context.color(button.background, default: Self.buttonBackground), cornerRadius: button.cornerRadius ?? 0,
        title: titleBlock)
      let toast: String = {
        if case .value(let text) = properties.toast { return text.resolved(in: context.locale) }
        return DefaultString.noNetworkToast.text(in: context.locale)
      }()
      children.append(
        SceneNode(id: "button", role: .button, frame: frame, content: .button(face), action: .showToast(toast)))
    }
    // The seed paints the view white whatever the theme.
    let fill = context.color(properties.background, default: .white)
    return [
      SceneNode(
        id: "placeholder", role: .placeholder, frame: view, content: .box(BoxStyle(fill: fill)), children: children)
    ]
  }
}
