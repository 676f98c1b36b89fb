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
  static let customViewSize = Size(width: 200, height: 100)
  static let customViewBackground = RGBA(hex: 0x00FFFF)  // cyan

  func hostScreen(for context: LayoutContext) -> HostScreen {
    HostScreen(context: context, tabBarByDefault: false, title: .navigationList)
  }

  func nodes(for context: LayoutContext, on host: HostScreen) -> [SceneNode] {
    let table = host.contentFrame
    let properties = context.properties
    let headerHeight = min(properties.headerHeight ?? 0, table.height)
    var nodes: [SceneNode] = []
    if headerHeight > 0 {
      nodes.append(TableHeader(context: context).node(in: Rect(x: table.minX, y: table.minY, width: table.width, height: headerHeight)))
    }
    let below = Rect(x: table.minX, y: table.minY + headerHeight, width: table.width, height: table.height - headerHeight)
    let state = context.job.variant.state(in: .message)
    if state == .hasData {
      return nodes + ListRows(context: context).nodes(sections: properties.sections ?? [12], in: below)
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
      let size = custom.size ?? Self.customViewSize
      let block = context.fittedText(
        context.text(custom.text, default: .customView), fontSize: custom.font ?? Self.fontSize,
        color: context.color(custom.textColor, default: .black), in: size,
        background: context.color(custom.background, default: Self.customViewBackground))
      children.append(
        SceneNode(
          id: "custom-view", role: .customView, frame: Rect(centerX: center.x, centerY: center.y, size: size),
          content: .text(block)))
    } else {
      let label = context.label(
        context.text(properties.message, default: .messageNoData), fontSize: properties.messageFont ?? Self.fontSize,
        color: context.color(properties.messageColor, default: Self.color), maxWidth: table.width)
      if let image = properties.image.resolved(default: nil) {
        let size = context.imageSize(default: image.intrinsicSize)
        let imageFrame = Rect(centerX: center.x, centerY: center.y, size: size)
        children.append(SceneNode(id: "image", role: .image, frame: imageFrame, content: .image(image)))
        let messageFrame = Rect(x: table.minX, y: imageFrame.maxY + Self.imageGap, width: table.width, height: label.size.height)
        children.append(SceneNode(id: "message", role: .message, frame: messageFrame, content: .text(label.block), action: .reload))
      } else {
        let messageFrame = Rect(
          x: table.minX, y: center.y - label.size.height / 2, width: table.width, height: label.size.height)
        children.append(SceneNode(id: "message", role: .message, frame: messageFrame, content: .text(label.block), action: .reload))
      }
    }
    nodes.append(SceneNode(id: "placeholder", role: .placeholder, frame: below, content: .group, children: children))
    return nodes
  }
}

/// A table header view above the list (the seed's tableHeaderView case).
struct TableHeader {
  let context: LayoutContext

  func node(in frame: Rect) -> SceneNode {
    let label = context.fittedText(
      DefaultString.tableHeader.text(in: context.locale), fontSize: 15, color: context.color(.secondaryLabel),
      in: Size(width: frame.width - 32, height: min(frame.height, 18)))
    return SceneNode(
      id: "table-header", role: .tableHeader, frame: frame,
      content: .box(BoxStyle(fill: context.color(.secondarySystemBackground))),
      children: [
        SceneNode(
          id: "table-header-title", role: .decoration,
          frame: Rect(x: frame.minX + 16, y: frame.midY - min(frame.height, 18) / 2, width: frame.width - 32, height: min(frame.height, 18)),
          content: .text(label))
      ])
  }
}

extension ImageSource {
  /// The size the image is drawn at when no `imageSize` is written.
  var intrinsicSize: Size {
    switch self {
    case .builtin(let builtin): builtin.intrinsicSize
    case .asset: Size(width: 120, height: 120)
    }
  }
}
