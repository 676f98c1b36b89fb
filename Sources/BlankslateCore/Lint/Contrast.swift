import Foundation
import BlankslateModel
import BlankslateSupport

/// WCAG 2.x colour contrast.
package enum Contrast {
  /// The relative luminance of an sRGB colour (its alpha ignored).
  package static func luminance(_ color: RGBA) -> Double {
    func channel(_ value: UInt8) -> Double {
      let c = Double(value) / 255
      return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * channel(color.red) + 0.7152 * channel(color.green) + 0.0722 * channel(color.blue)
  }

  /// The contrast ratio of two opaque colours, from 1 to 21.
  package static func ratio(_ first: RGBA, _ second: RGBA) -> Double {
    let a = luminance(first)
    let b = luminance(second)
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
  }

  /// `top` painted over an opaque `bottom`.
  package static func composite(_ top: RGBA, over bottom: RGBA) -> RGBA {
    top.composited(over: bottom)
  }

  /// Large text in WCAG's sense: 18 pt, or 14 pt bold.
  package static func isLarge(fontSize: Double, weight: TextBlock.Weight) -> Bool {
    fontSize >= 18 || (fontSize >= 14 && weight == .bold)
  }

  /// The AA minimum for text of this size: 3:1 for large text, 4.5:1 otherwise.
  package static func minimum(fontSize: Double, weight: TextBlock.Weight) -> Double {
    isLarge(fontSize: fontSize, weight: weight) ? 3 : 4.5
  }
}
