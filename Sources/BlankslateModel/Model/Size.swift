import BlankslateSupport

/// A width and height in points.
package struct Size: Sendable, Equatable, Hashable {
  package var width: Double
  package var height: Double

  package init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }
}
