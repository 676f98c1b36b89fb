import BlankslateSupport

/// A colour in sRGB, 8 bits a channel.
package struct RGBA: Sendable, Equatable, Hashable {
  package var red: UInt8
  package var green: UInt8
  package var blue: UInt8
  package var alpha: UInt8

  package init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// A colour from a 24-bit `0xRRGGBB` literal.
  package init(hex: UInt32, alpha: UInt8 = 255) {
    self.init(
      red: UInt8((hex >> 16) & 0xFF), green: UInt8((hex >> 8) & 0xFF), blue: UInt8(hex & 0xFF),
      alpha: alpha)
  }

  /// `#RRGGBB`, upper case, without alpha.
  package var hexRGB: String { "#" + Self.pairs[Int(red)] + Self.pairs[Int(green)] + Self.pairs[Int(blue)] }

  /// `#RRGGBB` when opaque, `#RRGGBBAA` otherwise.
  package var hex: String { alpha == 255 ? hexRGB : hexRGB + Self.pairs[Int(alpha)] }

  /// Each byte's two upper-case hexadecimal digits (a string of seven or
  /// nine bytes is made without an allocation).
  private static let pairs: [String] = (0...255).map { byte in
    let digits = Array("0123456789ABCDEF")
    return String([digits[byte >> 4], digits[byte & 0x0F]])
  }

  /// Opacity from 0 to 1.
  package var opacity: Double { Double(alpha) / 255 }

  package var isOpaque: Bool { alpha == 255 }

  /// This colour painted over an opaque `bottom`.
  package func composited(over bottom: RGBA) -> RGBA {
    guard alpha != 255 else { return self }
    let alpha = opacity
    func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
      UInt8((Double(a) * alpha + Double(b) * (1 - alpha)).rounded())
    }
    return RGBA(red: mix(red, bottom.red), green: mix(green, bottom.green), blue: mix(blue, bottom.blue))
  }

  /// This colour at `opacity` (0 to 1) of its own.
  package func withOpacity(_ factor: Double) -> RGBA {
    RGBA(red: red, green: green, blue: blue, alpha: UInt8((Double(alpha) * factor).rounded()))
  }

  package static let black = RGBA(hex: 0x000000)
  package static let white = RGBA(hex: 0xFFFFFF)
  package static let clear = RGBA(red: 0, green: 0, blue: 0, alpha: 0)
}
