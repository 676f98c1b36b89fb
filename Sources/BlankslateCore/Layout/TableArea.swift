import BlankslateSupport
import BlankslateModel

/// A table view's frame split by its optional header view (`headerHeight`):
/// the header's node, and the frame below it for rows or a placeholder.
struct TableArea {
  let headerHeight: Double
  let headerNodes: [SceneNode]
  let list: Rect

  init(context: LayoutContext, frame table: Rect) {
    headerHeight = min(context.properties.headerHeight ?? 0, table.height)
    headerNodes =
      headerHeight > 0
      ? [
        TableHeader(context: context).node(
          in: Rect(x: table.minX, y: table.minY, width: table.width, height: headerHeight))
      ]
      : []
    list = Rect(x: table.minX, y: table.minY + headerHeight, width: table.width, height: table.height - headerHeight)
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
          frame: Rect(
            x: frame.minX + 16, y: frame.midY - min(frame.height, 18) / 2, width: frame.width - 32,
            height: min(frame.height, 18)),
          content: .text(label))
      ])
  }
}

/// The seed's custom view: a fixed-size label, 200×100 cyan by default,
/// that replaces the default placeholder.
struct CustomView {
  static let size = Size(width: 200, height: 100)
  static let background = RGBA(hex: 0x00FFFF)  // cyan
  static let fontSize: Double = 17  // UILabel's default font

  let definition: CustomViewDefinition

  func node(context: LayoutContext, centerX: Double, centerY: Double) -> SceneNode {
    let size = definition.size ?? Self.size
    let block = context.fittedText(
      context.text(definition.text, default: .customView),
      fontSize: context.fontSize(definition.font, default: Self.fontSize),
      weight: context.weight(definition.font), leading: context.leading(of: definition.font),
      color: context.color(definition.textColor, default: .black), in: size,
      background: context.color(definition.background, default: Self.background))
    return SceneNode(
      id: "custom-view", role: .customView, frame: Rect(centerX: centerX, centerY: centerY, size: size),
      content: .text(block))
  }
}
