/// Text laid out into lines, as a label draws it.
public struct TextBlock: Sendable, Equatable {
  /// Font weights the layouts use.
  public enum Weight: String, Sendable {
    case regular
    case semibold
    case bold

    /// The CSS / SVG `font-weight`.
    public var cssValue: Int {
      switch self {
      case .regular: 400
      case .semibold: 600
      case .bold: 700
      }
    }
  }

  /// Horizontal alignment of the lines in the frame.
  public enum Alignment: String, Sendable {
    case leading
    case center
  }

  /// The lines after wrapping, without trailing spaces.
  public var lines: [String]
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

  public init(
    lines: [String], fontSize: Double, weight: Weight = .regular, color: RGBA, alignment: Alignment = .center,
    lineHeight: Double, background: RGBA? = nil, cornerRadius: Double = 0, isTruncated: Bool = false
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
  }

  /// The height the lines take.
  public var textHeight: Double { Double(lines.count) * lineHeight }
}
