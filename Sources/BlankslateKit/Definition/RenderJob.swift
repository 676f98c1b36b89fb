/// One render: a variant of a design on a device, in a theme and a locale.
public struct RenderJob: Sendable {
  public var design: Design
  public var variant: Variant
  public var device: Device
  public var theme: Theme
  public var locale: String

  public init(design: Design, variant: Variant, device: Device, theme: Theme, locale: String) {
    self.design = design
    self.variant = variant
    self.device = device
    self.theme = theme
    self.locale = locale
  }

  /// `variant.device.theme.locale`: the render's name inside its design's folder,
  /// shared by its SVG, its page and its golden.
  public var renderName: String {
    "\(variant.id).\(device.rawValue).\(theme.rawValue).\(locale)"
  }

  /// `design/variant device theme locale`, as messages name a render.
  public var displayName: String {
    "\(design.id)/\(variant.id) \(device.rawValue) \(theme.rawValue) \(locale)"
  }
}
