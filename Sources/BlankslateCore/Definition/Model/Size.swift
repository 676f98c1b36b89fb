import BlankslateSupport

/// A width and height in points.
public struct Size: Sendable, Equatable, Hashable {
  public var width: Double
  public var height: Double

  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }
}
