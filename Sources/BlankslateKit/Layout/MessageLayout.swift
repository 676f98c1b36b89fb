/// The zero-code table placeholder (seed 002): by default one line 暂无数据 in
/// 17 pt light grey; with an image, the image centred at 0.382·H + offsetY +
/// 0.618·headerHeight and the message full width 24 below it; a spinner at
/// that point while loading; or a custom view there instead.
struct MessageLayout: LayoutGenerator {
  static let fontSize: Double = 17
  static let color = RGBA(hex: 0xAAAAAA)  // lightGray
  static let imageGap: Double = 24
  static let spinnerSize = Size(width: 20, height: 20)
  static let spinnerColor = RGBA(hex: 0x8E8E93)

  func hostScreen(for context: LayoutContext) -> HostScreen {
    HostScreen(context: context, tabBarByDefault: false, title: .navigationList)
  }

  func nodes(for context: LayoutContext, on host: HostScreen) -> [SceneNode] {
    let table = host.contentFrame
    let properties = context.properties
    let area = TableArea(context: context, frame: table)
    let headerHeight = area.headerHeight
    let below = area.list
    let state = context.job.variant.state(in: .message)
    if state == .hasData {
      let rows = ListRows(context: context).nodes(sections: properties.sections ?? [12], in: below)
      return [ListView.node(frame: table, children: area.headerNodes + rows)]
    }

    // The original adds offsetY twice when loading; the spinner here uses the
    // same centre as every other placeholder.
    let centerY = table.minY + 0.382 * table.height + (properties.offsetY ?? 0) + 0.618 * headerHeight
    let center = (x: table.midX, y: centerY)
    var children: [SceneNode] = []
    if state == .loading {
      children.append(
        SceneNode(
          id: "spinner", role: .spinner, frame: Rect(centerX: center.x, centerY: center.y, size: Self.spinnerSize),
          content: .spinner(color: Self.spinnerColor)))
    } else if let custom = properties.customView.resolved(default: nil) {
      children.append(CustomView(definition: custom).node(context: context, centerX: center.x, centerY: center.y))
    } else {
      let label = context.label(
        context.text(properties.message, default: .messageNoData),
        fontSize: context.fontSize(properties.messageFont, default: Self.fontSize),
        weight: context.weight(properties.messageFont),
        color: context.color(properties.messageColor, default: Self.color), maxWidth: table.width)
      if let image = properties.image.resolved(default: nil) {
        let size = context.imageSize(default: image.intrinsicSize)
        let imageFrame = Rect(centerX: center.x, centerY: center.y, size: size)
        children.append(SceneNode(id: "image", role: .image, frame: imageFrame, content: context.imageContent(image)))
        let messageFrame = Rect(
          x: table.minX, y: imageFrame.maxY + Self.imageGap, width: table.width, height: label.size.height)
        children.append(SceneNode(id: "message", role: .message, frame: messageFrame, content: .text(label.block)))
      } else {
        let messageFrame = Rect(
          x: table.minX, y: center.y - label.size.height / 2, width: table.width, height: label.size.height)
        children.append(SceneNode(id: "message", role: .message, frame: messageFrame, content: .text(label.block)))
      }
    }
    // The seed's default placeholder is one view that reloads when tapped
    // anywhere (sp_placeHolderViewClick); a custom view handles its own taps.
    let tappable = state != .loading && properties.customView.resolved(default: nil) == nil
    let placeholder = SceneNode(
      id: "placeholder", role: .placeholder, frame: below, content: .group, children: children,
      action: tappable ? .reload : nil)
    return [ListView.node(frame: table, children: area.headerNodes + [placeholder])]
  }
}

extension ImageSource {
  /// The size the image is drawn at when no `imageSize` is written.
  var intrinsicSize: Size {
    switch self {
    case .builtin(let builtin): builtin.intrinsicSize
    case .asset: Size(width: 120, height: 120)
    case .symbol: SymbolName.defaultSize
    }
  }
}
