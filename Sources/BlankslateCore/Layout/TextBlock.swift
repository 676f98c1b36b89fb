import BlankslateSupport

/// Text laid out into lines, as a label draws it.
public struct TextBlock: Sendable, Equatable {
  /// Font weights the layouts use.
  public typealias Weight = FontWeight

  /// Horizontal alignment of the lines in the frame.
  public enum Alignment: String, Sendable {
    case leading
    case center
  }

  /// The lines after wrapping, shaped with the pinned fonts, without trailing spaces.
  public var lines: [TypesetLine]
  public var fontSize: Double
  public var weight: Weight
  public var color: RGBA
  public var alignment: Alignment
  public var lineHeight: Double
  /// The label's own background, drawn over the whole frame.
  public var background: RGBA?
  public var cornerRadius: Double
  /// Whether text had to be cut to fit the frame (lines dropped).
  public var isTruncated: Bool
  /// Whether the text's locale is written right to left: leading is the right edge.
  public var isRightToLeft: Bool

  public init(
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
  public var texts: [String] { lines.map(\.text) }

  /// Whether any line has a character to draw.
  public var hasText: Bool { lines.contains { !$0.text.isEmpty } }

  /// The frame of a label given a fixed `height`, centred on `centerY`: as
  /// tall as asked, or as its lines are where a script's ink needs taller
  /// lines (Arabic), so no glyph is drawn outside it.
  public func frame(x: Double, centerY: Double, width: Double, height: Double) -> Rect {
    let height = max(height, textHeight)
    return Rect(x: x, y: centerY - height / 2, width: width, height: height)
  }

  /// The left edge of `line` in a frame, as the block aligns it.
  public func lineX(_ line: TypesetLine, in frame: Rect) -> Double {
    switch alignment {
    case .center: frame.midX - line.width / 2
    case .leading: isRightToLeft ? frame.maxX - line.width : frame.minX
    }
  }

  /// The top of line `index` when the lines are centred vertically in `frame`, as a label centres them.
  public func lineTop(_ index: Int, in frame: Rect) -> Double {
    frame.midY - textHeight / 2 + Double(index) * lineHeight
  }

  /// The height the lines take.
  public var textHeight: Double { Double(lines.count) * lineHeight }
}
