import BlankslateSupport
import BlankslateModel

/// The zero-code table placeholder (seed 002): by default one line 暂无数据 in
/// 17 pt light grey; with an image, the image centred at 0.382·H + offsetY +
/// 0.618·headerHeight and the message full width 24 below it; a spinner at
/// that point while loading; or a custom view there instead.
struct MessageLayout: LayoutGenerator {
  static let fontSize: Double = 17
  static let color = RGBA(hex: 0xAAAAAA)  // lightGray
  static let imageGap: Double = 24
  /// Format v2's title and buttons around the seed's message: the system's gaps.
  static let titleGap: Double = 8
  static let buttonGap: Double = 24
  static let betweenButtons: Double = 12
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
          content: .spinner(color: Self.spinnerColor, spokes: 12)))
    } else if let custom = properties.customView.resolved(default: nil) {
      children.append(CustomView(definition: custom).node(context: context, centerX: center.x, centerY: center.y))
    } else {
      // `margins` (format v2) inset the column the texts wrap in; the seed's is the table's full width.
      let insets = properties.margins ?? Insets(all: 0)
      let column = Rect(
        x: table.minX + insets.leading, y: table.minY, width: max(1, table.width - insets.leading - insets.trailing),
        height: table.height)
      let anchorY = center.y + (insets.top - insets.bottom) / 2
      let spacing = properties.spacing ?? Spacing()
      let label = context.label(
        context.text(properties.message, default: .messageNoData),
        fontSize: context.fontSize(properties.messageFont, default: Self.fontSize),
        weight: context.weight(properties.messageFont), leading: context.leading(of: properties.messageFont),
        color: context.color(properties.messageColor, default: Self.color), maxWidth: column.width)
      // Below the image (or around the message's centre): the title, the message and the buttons.
      var stack = PlaceholderStack()
      var aboveMessage: Double = 0
      if let title = properties.title {
        let titleLabel = context.label(
          title.resolved(in: context.locale), fontSize: context.fontSize(properties.titleFont, default: Self.fontSize),
          weight: context.weight(properties.titleFont, default: .semibold),
          leading: context.leading(of: properties.titleFont),
          color: context.color(properties.titleColor, default: context.color(.label)), maxWidth: column.width)
        let size = Size(width: column.width, height: titleLabel.size.height)
        stack.add(id: "title", role: .title, gap: 0, size: size) {
          SceneNode(id: "title", role: .title, frame: $0, content: .text(titleLabel.block))
        }
        aboveMessage = size.height + (spacing.titleToMessage ?? Self.titleGap)
      }
      stack.add(
        id: "message", role: .message, gap: spacing.titleToMessage ?? Self.titleGap,
        size: Size(width: column.width, height: label.size.height)
      ) {
        SceneNode(id: "message", role: .message, frame: $0, content: .text(label.block))
      }
      ActionButtons(context: context, defaultFont: 17).add(
        (properties.buttons ?? []).map { ($0, nil) }, to: &stack, maxWidth: column.width,
        messageToButton: spacing.messageToButton ?? Self.buttonGap,
        betweenButtons: spacing.betweenButtons ?? Self.betweenButtons)
      if let image = context.image(default: nil) {
        let size = context.imageSize(default: context.intrinsicSize(of: image))
        let imageFrame = Rect(centerX: column.midX, centerY: anchorY, size: size)
        children.append(SceneNode(id: "image", role: .image, frame: imageFrame, content: context.imageContent(image)))
        children += stack.nodes(top: imageFrame.maxY + (spacing.imageToTitle ?? Self.imageGap), centerX: column.midX)
      } else {
        children += stack.nodes(top: anchorY - label.size.height / 2 - aboveMessage, centerX: column.midX)
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
