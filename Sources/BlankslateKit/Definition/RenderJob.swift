/// One render: a variant of a design on a device, in a theme and a locale.
public struct RenderJob: Sendable {
  public var design: Design
  public var variant: Variant { didSet { renderName = Self.name(variant, device, theme, locale) } }
  public var device: Device { didSet { renderName = Self.name(variant, device, theme, locale) } }
  public var theme: Theme { didSet { renderName = Self.name(variant, device, theme, locale) } }
  public var locale: String { didSet { renderName = Self.name(variant, device, theme, locale) } }
  /// `variant.device.theme.locale`: the render's name inside its design's folder,
  /// shared by its SVG, its page and its golden (made once: a build names each render often).
  public private(set) var renderName: String

  public init(design: Design, variant: Variant, device: Device, theme: Theme, locale: String) {
    self.design = design
    self.variant = variant
    self.device = device
    self.theme = theme
    self.locale = locale
    renderName = Self.name(variant, device, theme, locale)
  }

  private static func name(_ variant: Variant, _ device: Device, _ theme: Theme, _ locale: String) -> String {
    "\(variant.id).\(device.rawValue).\(theme.rawValue).\(locale)"
  }

  /// `design/variant device theme locale`, as messages name a render.
  public var displayName: String {
    "\(design.id)/\(variant.id) \(device.rawValue) \(theme.rawValue) \(locale)"
  }
}
