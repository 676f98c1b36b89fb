import BlankslateSupport

/// A colour as written in a definition: fixed, or a semantic name that
/// follows the theme.
package enum ColorValue: Sendable, Equatable {
  /// A fixed colour, the same in every theme, written in hex.
  case fixed(RGBA)
  /// A fixed colour written as a UIKit name (`orange`), kept so it can be shown as written.
  case named(String, RGBA)
  /// A UIKit semantic colour, resolved per theme.
  case semantic(SemanticColor)
  /// One colour in the light theme and another in the dark (`{"light": …, "dark": …}`).
  indirect case perTheme(light: ColorValue, dark: ColorValue)

  /// The colour drawn in `theme`.
  /// The colour in `theme`, with `tintColor` resolved to the app's `tint` when there is one.
  package func resolved(in theme: Theme, tint: ColorValue?) -> RGBA {
    switch self {
    case .semantic(.tintColor): tint.map { $0.resolved(in: theme, tint: nil) } ?? resolved(in: theme)
    case .perTheme(let light, let dark): (theme == .light ? light : dark).resolved(in: theme, tint: tint)
    default: resolved(in: theme)
    }
  }

  package func resolved(in theme: Theme) -> RGBA {
    switch self {
    case .fixed(let rgba), .named(_, let rgba): rgba
    case .semantic(let semantic): semantic.resolved(in: theme)
    case .perTheme(let light, let dark): theme == .light ? light.resolved(in: theme) : dark.resolved(in: theme)
    }
  }

  /// The colour as a definition writes it: a name, or `#RRGGBB[AA]`.
  package var written: String {
    switch self {
    case .fixed(let rgba): rgba.hex
    case .named(let name, _): name
    case .semantic(let semantic): semantic.rawValue
    case .perTheme(let light, let dark): "{light: \(light.written), dark: \(dark.written)}"
    }
  }

  /// UIKit's named colours, with UIKit's values (`lightGray` is #AAAAAA, `orange` #FF8000).
  package static let uikitNames: [(name: String, rgba: RGBA)] = [
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
  package static var allNames: [String] {
    uikitNames.map(\.name) + SemanticColor.allCases.map(\.rawValue)
  }

  /// Parses `#RGB`, `#RRGGBB`, `#RRGGBBAA`, a UIKit name or a semantic name.
  ///
  /// - Returns: nil when the text is none of these.
  package init?(parsing text: String) {
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

/// UIKit's system colours, each with its light and dark value.
///
/// Values: Apple's Human Interface Guidelines, "Color" (the iOS/iPadOS system
/// colours, system grays, and the dynamic background, label, fill and separator
/// colours, default contrast), as UIKit returns them from iOS 15 to iOS 18.
/// `tintColor` is the default tint, `systemBlue`.
package enum SemanticColor: String, Sendable, CaseIterable {
  case systemRed, systemOrange, systemYellow, systemGreen, systemMint, systemTeal, systemCyan
  case systemBlue, systemIndigo, systemPurple, systemPink, systemBrown
  case systemGray, systemGray2, systemGray3, systemGray4, systemGray5, systemGray6
  case tintColor
  case label, secondaryLabel, tertiaryLabel, quaternaryLabel
  case systemFill, secondarySystemFill, tertiarySystemFill, quaternarySystemFill
  case placeholderText
  case systemBackground, secondarySystemBackground, tertiarySystemBackground
  case systemGroupedBackground, secondarySystemGroupedBackground, tertiarySystemGroupedBackground
  case separator, opaqueSeparator
  case link
  case darkText, lightText

  package func resolved(in theme: Theme) -> RGBA {
    let (light, dark) = values
    return theme == .light ? light : dark
  }

  /// The light and the dark value.
  package var values: (light: RGBA, dark: RGBA) {
    func pair(_ light: UInt32, _ dark: UInt32) -> (RGBA, RGBA) { (RGBA(hex: light), RGBA(hex: dark)) }
    /// A colour at an opacity out of 100, rounded to a byte as UIKit's `alpha` floats are.
    func faded(_ hex: UInt32, _ percent: Double) -> RGBA {
      RGBA(hex: hex, alpha: UInt8((percent * 255 / 100).rounded()))
    }
    switch self {
    case .systemRed: return pair(0xFF3B30, 0xFF453A)
    case .systemOrange: return pair(0xFF9500, 0xFF9F0A)
    case .systemYellow: return pair(0xFFCC00, 0xFFD60A)
    case .systemGreen: return pair(0x34C759, 0x30D158)
    case .systemMint: return pair(0x00C7BE, 0x63E6E2)
    case .systemTeal: return pair(0x30B0C7, 0x40C8E0)
    case .systemCyan: return pair(0x32ADE6, 0x64D2FF)
    case .systemBlue, .tintColor: return pair(0x007AFF, 0x0A84FF)
    case .systemIndigo: return pair(0x5856D6, 0x5E5CE6)
    case .systemPurple: return pair(0xAF52DE, 0xBF5AF2)
    case .systemPink: return pair(0xFF2D55, 0xFF375F)
    case .systemBrown: return pair(0xA2845E, 0xAC8E68)
    case .systemGray: return pair(0x8E8E93, 0x8E8E93)
    case .systemGray2: return pair(0xAEAEB2, 0x636366)
    case .systemGray3: return pair(0xC7C7CC, 0x48484A)
    case .systemGray4: return pair(0xD1D1D6, 0x3A3A3C)
    case .systemGray5: return pair(0xE5E5EA, 0x2C2C2E)
    case .systemGray6: return pair(0xF2F2F7, 0x1C1C1E)
    case .label: return pair(0x000000, 0xFFFFFF)
    case .secondaryLabel: return (faded(0x3C3C43, 60), faded(0xEBEBF5, 60))
    case .tertiaryLabel: return (faded(0x3C3C43, 30), faded(0xEBEBF5, 30))
    case .quaternaryLabel: return (faded(0x3C3C43, 18), faded(0xEBEBF5, 16))
    case .systemFill: return (faded(0x787880, 20), faded(0x787880, 36))
    case .secondarySystemFill: return (faded(0x787880, 16), faded(0x787880, 32))
    case .tertiarySystemFill: return (faded(0x767680, 12), faded(0x767680, 24))
    case .quaternarySystemFill: return (faded(0x747480, 8), faded(0x767680, 18))
    case .placeholderText: return (faded(0x3C3C43, 30), faded(0xEBEBF5, 30))
    case .systemBackground: return pair(0xFFFFFF, 0x000000)
    case .secondarySystemBackground: return pair(0xF2F2F7, 0x1C1C1E)
    case .tertiarySystemBackground: return pair(0xFFFFFF, 0x2C2C2E)
    case .systemGroupedBackground: return pair(0xF2F2F7, 0x000000)
    case .secondarySystemGroupedBackground: return pair(0xFFFFFF, 0x1C1C1E)
    case .tertiarySystemGroupedBackground: return pair(0xF2F2F7, 0x2C2C2E)
    case .separator: return (faded(0x3C3C43, 29), faded(0x545458, 60))
    case .opaqueSeparator: return pair(0xC6C6C8, 0x38383A)
    case .link: return pair(0x007AFF, 0x0984FF)
    case .darkText: return pair(0x000000, 0x000000)
    case .lightText: return (faded(0xFFFFFF, 60), faded(0xFFFFFF, 60))
    }
  }
}
