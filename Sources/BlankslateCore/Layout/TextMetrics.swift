import BlankslateSupport
import BlankslateModel

/// The one metric a layout takes from UIKit rather than from the fonts: how
/// tall a line of a system font is. Widths come from `Typesetter`.
package enum TextMetrics {
  /// The line height UIKit gives a system font of `fontSize`, rounded up to half a point.
  package static func lineHeight(for fontSize: Double) -> Double {
    (fontSize * 1.2 * 2).rounded(.up) / 2
  }
}
