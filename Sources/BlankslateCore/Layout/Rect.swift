import BlankslateSupport
import BlankslateModel

/// A rectangle in points, origin at the top left, y growing downwards (as in UIKit).
public struct Rect: Sendable, Equatable, Hashable {
  /// The left edge, in points.
  public var x: Double
  /// The top edge, in points.
  public var y: Double
  /// The width, in points.
  public var width: Double
  /// The height, in points.
  public var height: Double

  /// A rectangle at `x`, `y` of `width` × `height`.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// A rectangle of `size` whose centre is at (`centerX`, `centerY`).
  package init(centerX: Double, centerY: Double, size: Size) {
    self.init(x: centerX - size.width / 2, y: centerY - size.height / 2, width: size.width, height: size.height)
  }

  /// The left edge.
  public var minX: Double { x }
  /// The top edge.
  public var minY: Double { y }
  /// The right edge.
  public var maxX: Double { x + width }
  /// The bottom edge.
  public var maxY: Double { y + height }
  /// The horizontal centre.
  public var midX: Double { x + width / 2 }
  /// The vertical centre.
  public var midY: Double { y + height / 2 }
  package var size: Size { Size(width: width, height: height) }

  /// Whether `other` lies wholly inside this rectangle.
  public func contains(_ other: Rect) -> Bool {
    other.minX >= minX && other.minY >= minY && other.maxX <= maxX && other.maxY <= maxY
  }

  /// Whether the two rectangles share any area.
  public func intersects(_ other: Rect) -> Bool {
    other.minX < maxX && other.maxX > minX && other.minY < maxY && other.maxY > minY
  }
}
