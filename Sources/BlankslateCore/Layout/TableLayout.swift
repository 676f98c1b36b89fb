import BlankslateSupport
import BlankslateModel

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
      // The seed's label keeps 16 points from each side; `margins` (format v2) set all four.
      let insets = properties.margins ?? Insets(top: 0, leading: 16, bottom: 0, trailing: 16)
      let column = Rect(
        x: list.minX + insets.leading, y: list.minY + insets.top,
        width: max(1, list.width - insets.leading - insets.trailing),
        height: max(1, list.height - insets.top - insets.bottom))
      let spacing = properties.spacing ?? Spacing()
      let message = context.label(
        context.text(properties.message, default: .tableNoData),
        fontSize: context.fontSize(properties.messageFont, default: Self.messageFontSize),
        weight: context.weight(properties.messageFont), leading: context.leading(of: properties.messageFont),
        color: context.color(properties.messageColor, default: Self.messageColor(context.theme)),
        maxWidth: column.width)
      var stack = PlaceholderStack()
      if let image = context.image(default: .builtin(.noteListNoData)) {
        let size = context.imageSize(default: context.intrinsicSize(of: image))
        stack.add(id: "image", role: .image, gap: 0, size: size) {
          SceneNode(id: "image", role: .image, frame: $0, content: context.imageContent(image))
        }
      }
      let imageGap = spacing.imageToTitle ?? Self.imageGap
      if let title = properties.title {
        let label = context.label(
          title.resolved(in: context.locale),
          fontSize: context.fontSize(properties.titleFont, default: Self.messageFontSize),
          weight: context.weight(properties.titleFont, default: .semibold),
          leading: context.leading(of: properties.titleFont),
          color: context.color(properties.titleColor, default: context.color(.label)), maxWidth: column.width)
        stack.add(id: "title", role: .title, gap: imageGap, size: label.size) {
          SceneNode(id: "title", role: .title, frame: $0, content: .text(label.block))
        }
      }
      stack.add(
        id: "message", role: .message, gap: properties.title == nil ? imageGap : spacing.titleToMessage ?? 8,
        size: message.size
      ) {
        SceneNode(id: "message", role: .message, frame: $0, content: .text(message.block))
      }
      ActionButtons(context: context, defaultFont: 17).add(
        (properties.buttons ?? []).map { ($0, nil) }, to: &stack, maxWidth: column.width,
        messageToButton: spacing.messageToButton ?? 24, betweenButtons: spacing.betweenButtons ?? 12)
      children += stack.nodes(top: column.midY - stack.height / 2, centerX: column.midX)
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
