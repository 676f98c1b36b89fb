import BlankslateSupport
import BlankslateModel

/// The host list with data: section headers and rows.
struct ListRows {
  let context: LayoutContext

  static let rowHeight: Double = 44
  static let sectionHeaderHeight: Double = 28

  /// Rows beyond this many are not laid out (the list would hold more).
  static let maximumRows = 200

  /// The rows of `sections` laid out from the top of `frame`, all of them: the
  /// list that holds them clips what lies below its frame and scrolls to it.
  func nodes(sections: [Int], in frame: Rect) -> [SceneNode] {
    var nodes: [SceneNode] = []
    var y = frame.minY
    let showsHeaders = sections.count > 1
    let ink = context.color(.label)
    let secondary = context.color(.secondaryLabel)
    let separator = context.color(.separator)
    var rowNumber = 0
    for (sectionIndex, rows) in sections.enumerated() where rowNumber < Self.maximumRows {
      if showsHeaders {
        let header = Rect(x: frame.minX, y: y, width: frame.width, height: Self.sectionHeaderHeight)
        let title = context.fittedText(
          DefaultString.section(sectionIndex + 1, in: context.locale), fontSize: 13, color: secondary,
          in: Size(width: frame.width - 32, height: 16))
        var text = title
        text.alignment = .leading
        nodes.append(
          SceneNode(
            id: "section-\(sectionIndex + 1)", role: .sectionHeader, frame: header,
            content: .box(BoxStyle(fill: context.color(.secondarySystemBackground))),
            children: [
              SceneNode(
                id: "section-\(sectionIndex + 1)-title", role: .decoration,
                frame: text.frame(x: header.minX + 16, centerY: header.midY, width: header.width - 32, height: 16),
                content: .text(text))
            ]))
        y += Self.sectionHeaderHeight
      }
      for _ in 0..<rows where rowNumber < Self.maximumRows {
        rowNumber += 1
        let row = Rect(x: frame.minX, y: y, width: frame.width, height: Self.rowHeight)
        var title = context.fittedText(
          DefaultString.row(rowNumber, in: context.locale), fontSize: 17, color: ink,
          in: Size(width: frame.width - 32, height: 20.5))
        title.alignment = .leading
        let children = [
          SceneNode(
            id: "row-\(rowNumber)-title", role: .decoration,
            frame: title.frame(x: row.minX + 16, centerY: row.midY, width: frame.width - 32, height: 20.5),
            content: .text(title)),
          SceneNode(
            id: "row-\(rowNumber)-separator", role: .separator,
            frame: Rect(x: row.minX + 16, y: y + Self.rowHeight - 0.5, width: frame.width - 16, height: 0.5),
            content: .box(BoxStyle(fill: separator))),
        ]
        nodes.append(SceneNode(id: "row-\(rowNumber)", role: .row, frame: row, content: .group, children: children))
        y += Self.rowHeight
      }
    }
    return nodes
  }
}

/// The host list itself: a table view that clips and scrolls what it holds.
enum ListView {
  /// A scroll view node of `frame` around `children`.
  static func node(frame: Rect, scroll: ScrollBehavior = .enabled, children: [SceneNode]) -> SceneNode {
    SceneNode(id: "list", role: .list, frame: frame, content: .group, children: children, scroll: scroll)
  }
}
