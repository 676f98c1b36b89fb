/// The UITableView category (seed 001): when every section is empty the
/// placeholder view fills the table's frame, and scrolling is enabled or not;
/// with any row, the table shows its rows.
struct TableLayout: LayoutGenerator {
  static let imageGap: Double = 16
  static let messageFontSize: Double = 15

  /// A grey that keeps WCAG AA (4.5:1) on the system background in both
  /// themes; UIKit's secondaryLabel does not (3.4:1 on white).
  static func messageColor(_ theme: Theme) -> RGBA {
    theme == .light ? RGBA(hex: 0x6C6C70) : RGBA(hex: 0xAEAEB2)
  }

  func hostScreen(for context: LayoutContext) -> HostScreen {
    HostScreen(context: context, tabBarByDefault: false, title: .navigationList)
  }

  func nodes(for context: LayoutContext, on host: HostScreen) -> [SceneNode] {
    let properties = context.properties
    let table = host.contentFrame
    let area = TableArea(context: context, frame: table)
    let list = area.list
    let sections = properties.sections ?? [0]
    if context.job.variant.state(in: .table) == .hasData {
      // With rows the category always turns scrolling back on.
      let rows = ListRows(context: context).nodes(sections: sections, in: list)
      return [ListView.node(frame: table, children: area.headerNodes + rows)]
    }

    var children: [SceneNode] = []
    if let custom = properties.customView.resolved(default: nil) {
      children.append(CustomView(definition: custom).node(context: context, centerX: list.midX, centerY: list.midY))
    } else {
      let message = context.label(
        context.text(properties.message, default: .tableNoData),
        fontSize: context.fontSize(properties.messageFont, default: Self.messageFontSize),
        weight: context.weight(properties.messageFont),
        color: context.color(properties.messageColor, default: Self.messageColor(context.theme)),
        maxWidth: list.width - 32)
      let image = properties.image.resolved(default: .builtin(.noteListNoData))
      let imageSize = image.map { context.imageSize(default: $0.intrinsicSize) } ?? Size(width: 0, height: 0)
      let gap = image == nil ? 0 : Self.imageGap
      var top = list.midY - (imageSize.height + gap + message.size.height) / 2
      if let image {
        let frame = Rect(x: list.midX - imageSize.width / 2, y: top, width: imageSize.width, height: imageSize.height)
        children.append(SceneNode(id: "image", role: .image, frame: frame, content: context.imageContent(image)))
        top = frame.maxY + gap
      }
      children.append(
        SceneNode(
          id: "message", role: .message,
          frame: Rect(
            x: list.midX - message.size.width / 2, y: top, width: message.size.width, height: message.size.height),
          content: .text(message.block)))
    }
    let scrolls = properties.scrollEnabled ?? true
    if scrolls {
      let ink = context.theme == .light ? RGBA(hex: 0x000000, alpha: 89) : RGBA(hex: 0xFFFFFF, alpha: 89)
      children.append(
        SceneNode(
          id: "scroll-indicator", role: .scrollIndicator,
          frame: Rect(x: list.maxX - 6, y: list.minY + 4, width: 3, height: 48),
          content: .box(BoxStyle(fill: ink, cornerRadius: 1.5))))
    }
    let placeholder = SceneNode(
      id: "placeholder", role: .placeholder, frame: list, content: .box(BoxStyle(fill: context.hostBackground)),
      children: children)
    return [
      ListView.node(frame: table, scroll: scrolls ? .enabled : .disabled, children: area.headerNodes + [placeholder])
    ]
  }
}
