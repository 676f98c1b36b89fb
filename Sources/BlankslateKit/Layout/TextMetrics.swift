/// Measures and wraps text with metrics Blankslate ships, never with the
/// fonts of the machine it runs on, so layout is the same everywhere.
///
/// Advances are in ems: a Latin table (Helvetica's published widths, close to
/// San Francisco's), full width for CJK ideographs, kana, Hangul and
/// full-width forms, zero for combining and invisible marks, and a fixed
/// average for everything else.
public enum TextMetrics {
  /// The line height UIKit gives a system font of `fontSize`, rounded up to half a point.
  public static func lineHeight(for fontSize: Double) -> Double {
    (fontSize * 1.2 * 2).rounded(.up) / 2
  }

  /// The width of `text` on one line, in points.
  public static func width(of text: String, fontSize: Double, weight: TextBlock.Weight = .regular) -> Double {
    var ems = 0.0
    if let ascii = asciiEms(text) {
      ems = ascii
    } else {
      for character in text {
        ems += advance(of: character)
      }
    }
    return ems * fontSize * weightFactor(weight)
  }

  /// The width in ems of printable-ASCII text, read byte by byte (most
  /// Latin text: no grapheme breaking needed); nil for anything else.
  static func asciiEms(_ text: String) -> Double? {
    var thousandths = 0
    for byte in text.utf8 {
      guard byte >= 0x20, byte < 0x7F else { return nil }
      thousandths += latinAdvances[Int(byte - 0x20)]
    }
    return Double(thousandths) / 1000
  }

  /// The width of a single line as a label reports it: rounded up to half a point.
  public static func labelWidth(of text: String, fontSize: Double, weight: TextBlock.Weight = .regular) -> Double {
    (width(of: text, fontSize: fontSize, weight: weight) * 2).rounded(.up) / 2
  }

  /// Heavier weights are wider by a fixed factor.
  static func weightFactor(_ weight: TextBlock.Weight) -> Double {
    switch weight {
    case .regular: 1
    case .semibold: 1.04
    case .bold: 1.07
    }
  }

  /// The advance of one user-perceived character, in ems.
  static func advance(of character: Character) -> Double {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    // An emoji sequence (ZWJ, skin tone, flags) draws as one glyph.
    if scalars.count > 1, first.properties.isEmojiPresentation || first.properties.isEmoji && first.value > 0xFF {
      return 1.15
    }
    return scalars.reduce(0) { $0 + advance(of: $1) }
  }

  static func advance(of scalar: Unicode.Scalar) -> Double {
    let value = scalar.value
    if value >= 0x20, value < 0x7F {
      return Double(latinAdvances[Int(value - 0x20)]) / 1000
    }
    switch value {
    case 0x09: return 4 * 0.278
    case 0x0A, 0x0D: return 0
    case 0xA0: return 0.278
    case 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF, 0xFE00...0xFE0F:
      return 0
    default: break
    }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return 0
    default: break
    }
    if isHalfwidthForm(value) { return 0.5 }
    if isWide(value) { return 1 }
    if scalar.properties.isEmojiPresentation { return 1.15 }
    return 0.6
  }

  static func isHalfwidthForm(_ value: UInt32) -> Bool {
    (0xFF61...0xFFDC).contains(value) || (0xFFE8...0xFFEE).contains(value)
  }

  /// East Asian wide and full-width characters.
  static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x20000...0x3FFFD:
      true
    default:
      false
    }
  }

  /// Helvetica's advance widths for U+0020 … U+007E, in thousandths of an em.
  static let latinAdvances: [Int] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,  // space … /
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556,  // 0 … 9
    278, 278, 584, 584, 584, 556, 1015,  // : … @
    667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,  // A … M
    722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611,  // N … Z
    278, 278, 278, 469, 556, 333,  // [ … `
    556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833,  // a … m
    556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500,  // n … z
    334, 260, 334, 584,  // { … ~
  ]
}
