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
  package var hexRGB: String {
    String(unsafeUninitializedCapacity: 7) { buffer in
      buffer[0] = UInt8(ascii: "#")
      Self.writeHex(red, into: buffer, at: 1)
      Self.writeHex(green, into: buffer, at: 3)
      Self.writeHex(blue, into: buffer, at: 5)
      return 7
    }
  }

  /// `#RRGGBB` when opaque, `#RRGGBBAA` otherwise.
  package var hex: String {
    guard alpha != 255 else { return hexRGB }
    return String(unsafeUninitializedCapacity: 9) { buffer in
      buffer[0] = UInt8(ascii: "#")
      Self.writeHex(red, into: buffer, at: 1)
      Self.writeHex(green, into: buffer, at: 3)
      Self.writeHex(blue, into: buffer, at: 5)
      Self.writeHex(alpha, into: buffer, at: 7)
      return 9
    }
  }

  private static func writeHex(_ byte: UInt8, into buffer: UnsafeMutableBufferPointer<UInt8>, at index: Int) {
    let digits: StaticString = "0123456789ABCDEF"
    buffer[index] = digits.utf8Start[Int(byte >> 4)]
    buffer[index + 1] = digits.utf8Start[Int(byte & 0x0F)]
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
