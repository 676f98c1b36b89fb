/// A colour as written in a definition: fixed, or a semantic name that
/// follows the theme.
public enum ColorValue: Sendable, Equatable {
  /// A fixed colour, the same in every theme, written in hex.
  case fixed(RGBA)
  /// A fixed colour written as a UIKit name (`orange`), kept so it can be shown as written.
  case named(String, RGBA)
  /// A UIKit semantic colour, resolved per theme.
  case semantic(SemanticColor)

  /// The colour drawn in `theme`.
  public func resolved(in theme: Theme) -> RGBA {
    switch self {
    case .fixed(let rgba), .named(_, let rgba): rgba
    case .semantic(let semantic): semantic.resolved(in: theme)
    }
  }

  /// The colour as a definition writes it: a name, or `#RRGGBB[AA]`.
  public var written: String {
    switch self {
    case .fixed(let rgba): rgba.hex
    case .named(let name, _): name
    case .semantic(let semantic): semantic.rawValue
    }
  }

  /// UIKit's named colours, with UIKit's values (`lightGray` is #AAAAAA, `orange` #FF8000).
  public static let uikitNames: [(name: String, rgba: RGBA)] = [
    ("black", RGBA(hex: 0x000000)),
    ("darkGray", RGBA(hex: 0x555555)),
    ("lightGray", RGBA(hex: 0xAAAAAA)),
    ("white", RGBA(hex: 0xFFFFFF)),
    ("gray", RGBA(hex: 0x808080)),
    ("red", RGBA(hex: 0xFF0000)),
    ("green", RGBA(hex: 0x00FF00)),
    ("blue", RGBA(hex: 0x0000FF)),
    ("cyan", RGBA(hex: 0x00FFFF)),
    ("yellow", RGBA(hex: 0xFFFF00)),
    ("magenta", RGBA(hex: 0xFF00FF)),
    ("orange", RGBA(hex: 0xFF8000)),
    ("purple", RGBA(hex: 0x800080)),
    ("brown", RGBA(hex: 0x996633)),
    ("clear", RGBA.clear),
  ]

  /// Every name a colour may be written as, for messages and suggestions.
  public static var allNames: [String] {
    uikitNames.map(\.name) + SemanticColor.allCases.map(\.rawValue)
  }

  /// Parses `#RGB`, `#RRGGBB`, `#RRGGBBAA`, a UIKit name or a semantic name.
  ///
  /// - Returns: nil when the text is none of these.
  public init?(parsing text: String) {
    if text.hasPrefix("#") {
      guard let rgba = Self.parseHex(text.dropFirst()) else { return nil }
      self = .fixed(rgba)
    } else if let named = Self.uikitNames.first(where: { $0.name == text }) {
      self = .named(named.name, named.rgba)
    } else if let semantic = SemanticColor(rawValue: text) {
      self = .semantic(semantic)
    } else {
      return nil
    }
  }

  private static func parseHex(_ digits: Substring) -> RGBA? {
    let values = digits.compactMap(\.hexDigitValue).map(UInt8.init)
    guard values.count == digits.count else { return nil }
    switch values.count {
    case 3:
      return RGBA(red: values[0] * 17, green: values[1] * 17, blue: values[2] * 17)
    case 6, 8:
      let bytes = stride(from: 0, to: values.count, by: 2).map { values[$0] * 16 + values[$0 + 1] }
      return RGBA(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 255)
    default:
      return nil
    }
  }
}

/// UIKit's dynamic system colours, with their light and dark values.
public enum SemanticColor: String, Sendable, CaseIterable {
  /// `systemBackground`: white / black.
  case systemBackground
  /// `secondarySystemBackground`: #F2F2F7 / #1C1C1E.
  case secondarySystemBackground
  /// `label`: black / white.
  case label
  /// `secondaryLabel`: #3C3C43 at 60 % / #EBEBF5 at 60 %.
  case secondaryLabel
  /// `tertiaryLabel`: #3C3C43 at 30 % / #EBEBF5 at 30 %.
  case tertiaryLabel
  /// `separator`: #3C3C43 at 29 % / #545458 at 60 %.
  case separator
  /// `systemGray`: #8E8E93 in both.
  case systemGray
  /// `systemBlue`: #007AFF / #0A84FF.
  case systemBlue

  public func resolved(in theme: Theme) -> RGBA {
    let light = theme == .light
    switch self {
    case .systemBackground: return light ? RGBA(hex: 0xFFFFFF) : RGBA(hex: 0x000000)
    case .secondarySystemBackground: return light ? RGBA(hex: 0xF2F2F7) : RGBA(hex: 0x1C1C1E)
    case .label: return light ? RGBA(hex: 0x000000) : RGBA(hex: 0xFFFFFF)
    case .secondaryLabel: return light ? RGBA(hex: 0x3C3C43, alpha: 153) : RGBA(hex: 0xEBEBF5, alpha: 153)
    case .tertiaryLabel: return light ? RGBA(hex: 0x3C3C43, alpha: 77) : RGBA(hex: 0xEBEBF5, alpha: 77)
    case .separator: return light ? RGBA(hex: 0x3C3C43, alpha: 74) : RGBA(hex: 0x545458, alpha: 153)
    case .systemGray: return RGBA(hex: 0x8E8E93)
    case .systemBlue: return light ? RGBA(hex: 0x007AFF) : RGBA(hex: 0x0A84FF)
    }
  }
}
