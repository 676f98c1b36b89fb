/// One render: a variant of a design on a device, in a theme and a locale.
public struct RenderJob: Sendable {
  public var design: Design
  public var variant: Variant { didSet { renderName = Self.name(variant, device, theme, locale, textSize) } }
  public var device: Device { didSet { renderName = Self.name(variant, device, theme, locale, textSize) } }
  public var theme: Theme { didSet { renderName = Self.name(variant, device, theme, locale, textSize) } }
  public var locale: String { didSet { renderName = Self.name(variant, device, theme, locale, textSize) } }
  /// The reader's Dynamic Type size.
  public var textSize: TextSize { didSet { renderName = Self.name(variant, device, theme, locale, textSize) } }
  /// `variant.device.theme.locale`: the render's name inside its design's folder,
  /// shared by its SVG, its page and its golden (made once: a build names each render often).
  public private(set) var renderName: String

  public init(
    design: Design, variant: Variant, device: Device, theme: Theme, locale: String,
    textSize: TextSize = .standard
  ) {
    self.design = design
    self.variant = variant
    self.device = device
    self.theme = theme
    self.locale = locale
    self.textSize = textSize
    renderName = Self.name(variant, device, theme, locale, textSize)
  }

  /// A fifth part only for a text size other than `large`, so every render
  /// named before text sizes existed keeps its name (and its permalink).
  private static func name(
    _ variant: Variant, _ device: Device, _ theme: Theme, _ locale: String, _ textSize: TextSize
  ) -> String {
    let name = "\(variant.id).\(device.rawValue).\(theme.rawValue).\(locale)"
    return textSize == .standard ? name : name + "." + textSize.rawValue
  }

  /// `design/variant device theme locale [text size]`, as messages name a render.
  public var displayName: String {
    "\(design.id)/\(variant.id) \(device.rawValue) \(theme.rawValue) \(locale)"
      + (textSize == .standard ? "" : " " + textSize.rawValue)
  }
}
