import BlankslateSupport
import BlankslateModel

/// Colours as SVG and CSS write them (the model's `RGBA`, so here and not in Support).
extension MarkupWriter {
  /// A CSS colour: `#RRGGBB` when opaque, `rgba(r,g,b,opacity)` otherwise (no string made).
  mutating func cssColor(_ color: RGBA) {
    if color.isOpaque {
      hexRGB(color)
    } else {
      bytes += "rgba(".utf8
      NumberText.append(Double(color.red), to: &bytes)
      bytes.append(UInt8(ascii: ","))
      NumberText.append(Double(color.green), to: &bytes)
      bytes.append(UInt8(ascii: ","))
      NumberText.append(Double(color.blue), to: &bytes)
      bytes.append(UInt8(ascii: ","))
      NumberText.append(color.opacity, to: &bytes)
      bytes.append(UInt8(ascii: ")"))
    }
  }

  /// `#RRGGBB`, as `RGBA.hexRGB` writes it (no string made).
  mutating func hexRGB(_ color: RGBA) {
    let digits: StaticString = "0123456789ABCDEF"
    func hex(_ channel: UInt8) {
      bytes.append(digits.utf8Start[Int(channel >> 4)])
      bytes.append(digits.utf8Start[Int(channel & 0x0F)])
    }
    bytes.append(UInt8(ascii: "#"))
    hex(color.red)
    hex(color.green)
    hex(color.blue)
  }
}
