import BlankslateSupport

/// A rectangle in points, origin at the top left, y growing downwards (as in UIKit).
public struct Rect: Sendable, Equatable, Hashable {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

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

  public var minX: Double { x }
  public var minY: Double { y }
  public var maxX: Double { x + width }
  public var maxY: Double { y + height }
  public var midX: Double { x + width / 2 }
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
