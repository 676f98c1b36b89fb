import BlankslateSupport
import BlankslateModel

/// Text laid out into lines, as a label draws it.
package struct TextBlock: Sendable, Equatable {
  /// Font weights the layouts use.
  package typealias Weight = FontWeight

  /// Horizontal alignment of the lines in the frame.
  package enum Alignment: String, Sendable {
    case leading
    case center
  }

  /// The lines after wrapping, shaped with the pinned fonts, without trailing spaces.
  package var lines: [TypesetLine]
  package var fontSize: Double
  package var weight: Weight
  package var color: RGBA
  package var alignment: Alignment
  package var lineHeight: Double
  /// The label's own background, drawn over the whole frame.
  package var background: RGBA?
  package var cornerRadius: Double
  /// Whether text had to be cut to fit the frame (lines dropped).
  package var isTruncated: Bool
  /// The whole text of a truncated block, which VoiceOver reads as the label holds it; nil when nothing was cut.
  package var untruncated: String?
  /// Whether the text's locale is written right to left: leading is the right edge.
  package var isRightToLeft: Bool

  package init(
    lines: [TypesetLine], fontSize: Double, weight: Weight = .regular, color: RGBA,
    alignment: Alignment = .center, lineHeight: Double, background: RGBA? = nil, cornerRadius: Double = 0,
    isTruncated: Bool = false, isRightToLeft: Bool = false
  ) {
    self.lines = lines
    self.fontSize = fontSize
    self.weight = weight
    self.color = color
    self.alignment = alignment
    self.lineHeight = lineHeight
    self.background = background
    self.cornerRadius = cornerRadius
    self.isTruncated = isTruncated
    self.isRightToLeft = isRightToLeft
  }

  /// The lines' characters, in reading order.
  package var texts: [String] { lines.map(\.text) }

  /// Whether any line has a character to draw.
  package var hasText: Bool { lines.contains { !$0.text.isEmpty } }

  /// The frame of a label given a fixed `height`, centred on `centerY`: as
  /// tall as asked, or as its lines are where a script's ink needs taller
  /// lines (Arabic), so no glyph is drawn outside it.
  package func frame(x: Double, centerY: Double, width: Double, height: Double) -> Rect {
    let height = max(height, textHeight)
    return Rect(x: x, y: centerY - height / 2, width: width, height: height)
  }

  /// The left edge of `line` in a frame, as the block aligns it.
  package func lineX(_ line: TypesetLine, in frame: Rect) -> Double {
    switch alignment {
    case .center: frame.midX - line.width / 2
    case .leading: isRightToLeft ? frame.maxX - line.width : frame.minX
    }
  }

  /// The top of line `index` when the lines are centred vertically in `frame`, as a label centres them.
  package func lineTop(_ index: Int, in frame: Rect) -> Double {
    frame.midY - textHeight / 2 + Double(index) * lineHeight
  }

  /// The height the lines take.
  package var textHeight: Double { Double(lines.count) * lineHeight }
}
