import BlankslateSupport

/// A Dynamic Type size: UIContentSizeCategory's name without its prefix.
/// `large` is iOS's default; the five `accessibility` sizes are the larger
/// sizes of Settings › Accessibility › Display & Text Size › Larger Text.
public enum TextSize: String, Sendable, CaseIterable, Hashable, Comparable {
  case extraSmall
  case small
  case medium
  case large
  case extraLarge
  case extraExtraLarge
  case extraExtraExtraLarge
  case accessibilityMedium
  case accessibilityLarge
  case accessibilityExtraLarge
  case accessibilityExtraExtraLarge
  case accessibilityExtraExtraExtraLarge

  /// The size a render has when its name has no fifth part.
  public static let standard = TextSize.large

  /// Short labels for the gallery's switch: xS S M L xL xxL xxxL AX1…AX5.
  public var label: String {
    switch self {
    case .extraSmall: "xS"
    case .small: "S"
    case .medium: "M"
    case .large: "L"
    case .extraLarge: "xL"
    case .extraExtraLarge: "xxL"
    case .extraExtraExtraLarge: "xxxL"
    case .accessibilityMedium: "AX1"
    case .accessibilityLarge: "AX2"
    case .accessibilityExtraLarge: "AX3"
    case .accessibilityExtraExtraLarge: "AX4"
    case .accessibilityExtraExtraExtraLarge: "AX5"
    }
  }

  var index: Int { Self.allCases.firstIndex(of: self) ?? 3 }

  /// Whether `lhs` is the smaller size.
  public static func < (lhs: TextSize, rhs: TextSize) -> Bool { lhs.index < rhs.index }
}

/// A font weight the layouts draw with (the pinned fonts have these three).
public enum FontWeight: String, Sendable, CaseIterable {
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

/// UIFont.TextStyle: a size that follows the reader's Dynamic Type setting.
public enum TextStyle: String, Sendable, CaseIterable {
  case largeTitle
  case title1
  case title2
  case title3
  case headline
  case body
  case callout
  case subheadline
  case footnote
  case caption1
  case caption2

  /// The style's point size at `size`: Apple's Human Interface Guidelines,
  /// Typography › Specifications › "iOS, iPadOS Dynamic Type sizes" and
  /// "larger accessibility type sizes" (columns xSmall … xxxLarge, then AX1 …
  /// AX5), the "Size (points)" column. The body column agrees with what
  /// `UIFont.preferredFont(forTextStyle: .body)` returns in the simulator.
  public func pointSize(at size: TextSize) -> Double {
    Self.table[self]?[size.index] ?? 17
  }

  /// The style's leading at `size`, the distance from one baseline to the
  /// next: the same HIG tables' "Leading (points)" column. A label in a text
  /// style sets its lines this far apart, not at the font's own line gap
  /// (iOS's Subheadline lines are 20 pt apart in `swiftui-bootcamp-cuv-iphone15.png`).
  public func leading(at size: TextSize) -> Double {
    Self.leadings[self]?[size.index] ?? 22
  }

  /// The weight UIKit gives the style (headline is the one semibold style).
  public var weight: FontWeight { self == .headline ? .semibold : .regular }

  private static let table: [TextStyle: [Double]] = [
    .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60],
    .title1: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58],
    .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56],
    .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55],
    .headline: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
    .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
    .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51],
    .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49],
    .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44],
    .caption1: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43],
    .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40],
  ]

  private static let leadings: [TextStyle: [Double]] = [
    .largeTitle: [38, 39, 40, 41, 43, 46, 48, 52, 57, 61, 66, 70],
    .title1: [31, 32, 33, 34, 37, 39, 41, 46, 51, 57, 62, 68],
    .title2: [24, 25, 26, 28, 30, 32, 34, 41, 47, 52, 59, 66],
    .title3: [22, 23, 24, 25, 28, 30, 32, 38, 44, 51, 58, 65],
    .headline: [19, 20, 21, 22, 24, 26, 29, 34, 40, 48, 56, 62],
    .body: [19, 20, 21, 22, 24, 26, 29, 34, 40, 48, 56, 62],
    .callout: [18, 19, 20, 21, 23, 25, 28, 32, 39, 46, 52, 60],
    .subheadline: [16, 18, 19, 20, 22, 24, 28, 31, 37, 43, 50, 58],
    .footnote: [16, 16, 16, 18, 20, 22, 24, 29, 33, 40, 46, 52],
    .caption1: [13, 13, 13, 16, 19, 21, 23, 28, 32, 39, 44, 51],
    .caption2: [13, 13, 13, 13, 18, 20, 22, 25, 30, 35, 41, 48],
  ]
}

/// How a definition sets a text's font: a fixed size (as
/// `UIFont.systemFont(ofSize:)`, which never scales), a text style (as
/// `UIFont.preferredFont(forTextStyle:)`), or a size that scales with the
/// body style (as `UIFontMetrics.default.scaledFont(for:)`).
public struct FontSpec: Sendable, Equatable {
  /// Points, a text style, or points that scale with the text size.
  public enum Size: Sendable, Equatable {
    case fixed(Double)
    case style(TextStyle)
    case scaled(Double)
  }

  /// The point sizes a definition may write.
  public static let points: ClosedRange<Double> = 1...200

  /// The font's size.
  public var size: Size
  /// The written weight; nil keeps the style's or the layout's own.
  public var weight: FontWeight?

  /// A font of `size` and `weight`.
  public init(size: Size, weight: FontWeight? = nil) {
    self.size = size
    self.weight = weight
  }

  /// The point size at a Dynamic Type size.
  public func pointSize(at textSize: TextSize) -> Double {
    switch size {
    case .fixed(let points): points
    case .style(let style): style.pointSize(at: textSize)
    case .scaled(let points):
      (points * TextStyle.body.pointSize(at: textSize) / TextStyle.body.pointSize(at: .standard) * 2).rounded() / 2
    }
  }

  /// The distance between its lines at a Dynamic Type size when the font is a
  /// text style (the style's leading); nil for a point size, whose lines are
  /// as far apart as the font's own metrics set them.
  public func leading(at textSize: TextSize) -> Double? {
    if case .style(let style) = size { return style.leading(at: textSize) }
    return nil
  }

  /// The weight to draw with: the written one, else the style's, else `fallback`.
  public func weight(default fallback: FontWeight) -> FontWeight {
    if let weight { return weight }
    if case .style(let style) = size { return style.weight }
    return fallback
  }
}

/// A number is a fixed size, as a definition writes it (`"messageFont": 15`).
extension FontSpec: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
  /// A font of `points`, fixed.
  public init(integerLiteral points: Int) {
    self.init(size: .fixed(Double(points)))
  }

  /// A font of `points`, fixed.
  public init(floatLiteral points: Double) {
    self.init(size: .fixed(points))
  }
}
