import BlankslateCore
import BlankslateSite
import BlankslateSupport
import BlankslateValidation

/// Two drawings of a render compared pixel by pixel: how many pixels differ,
/// where, and a heat map that shows them over a faded copy of the current
/// render (pale yellow where a pixel barely moved, as an anti-aliased edge
/// does; deep red where it changed outright).
package struct PixelDiff: Sendable {
  /// Pixels whose colour differs in any channel.
  package var changed: Int
  /// Pixels compared: the larger width by the larger height.
  package var total: Int
  /// The smallest rectangle holding every changed pixel, in pixels.
  package var bounds: (x: Int, y: Int, width: Int, height: Int)?
  package var heatMap: PNGRenderer.Bitmap

  package var fraction: Double { total == 0 ? 0 : Double(changed) / Double(total) }

  /// Compares `golden` and `current`; a pixel outside one of them counts as changed.
  package init(golden: PNGRenderer.Bitmap, current: PNGRenderer.Bitmap) {
    let width = max(golden.width, current.width)
    let height = max(golden.height, current.height)
    var heat = [UInt32](repeating: 0, count: width * height)
    var changed = 0
    var (minX, minY, maxX, maxY) = (width, height, -1, -1)
    for y in 0..<height {
      for x in 0..<width {
        let before = golden[x, y]
        let after = current[x, y]
        let base = Self.faded(after == 0 ? before : after)
        guard before != after else {
          heat[y * width + x] = base
          continue
        }
        var difference: UInt32 = 0
        for shift in stride(from: 0, through: 24, by: 8) {
          let a = (before >> UInt32(shift)) & 0xFF
          let b = (after >> UInt32(shift)) & 0xFF
          difference = max(difference, a > b ? a - b : b - a)
        }
        changed += 1
        (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
        heat[y * width + x] = Self.hot(difference, over: base)
      }
    }
    self.changed = changed
    total = width * height
    bounds = maxX < 0 ? nil : (minX, minY, maxX - minX + 1, maxY - minY + 1)
    heatMap = PNGRenderer.Bitmap(width: width, height: height, pixels: heat)
  }

  /// An opaque pixel, premultiplied ARGB.
  private static func opaque(_ red: UInt32, _ green: UInt32, _ blue: UInt32) -> UInt32 {
    0xFF00_0000 | red << 16 | green << 8 | blue
  }

  /// `pixel` as a pale grey over white: lightness kept at a fifth of its contrast.
  private static func faded(_ pixel: UInt32) -> UInt32 {
    let alpha = pixel >> 24
    // Premultiplied channels over white: c + (255 − alpha).
    let red = ((pixel >> 16) & 0xFF) + 255 - alpha
    let green = ((pixel >> 8) & 0xFF) + 255 - alpha
    let blue = (pixel & 0xFF) + 255 - alpha
    let luma = (red * 54 + green * 183 + blue * 19) >> 8
    let pale = 255 - (255 - min(luma, 255)) / 5
    return opaque(pale, pale, pale)
  }

  /// The heat of a change of `difference` (the largest channel's, 1…255) over `base`.
  private static func hot(_ difference: UInt32, over base: UInt32) -> UInt32 {
    // From yellow (255, 204, 0) at the faintest to red (215, 0, 21) at 128 and above.
    let t = min(difference, 128)
    let red = 255 - (40 * t) / 128
    let green = 204 - (204 * t) / 128
    let blue = (21 * t) / 128
    // Even a one-level change stays visible: at least 60 % of the heat colour.
    let weight = 154 + (101 * t) / 128
    let pale = base & 0xFF
    func mix(_ heat: UInt32) -> UInt32 { (heat * weight + pale * (255 - weight)) / 255 }
    return opaque(mix(red), mix(green), mix(blue))
  }
}
