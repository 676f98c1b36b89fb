import BlankslateSupport

/// One render: a variant of a design on a device, in a theme and a locale.
public struct RenderJob: Sendable {
  /// The design the render belongs to.
  public var design: Design { didSet { id = Self.id(design, variant, device, theme, locale, textSize) } }
  /// The variant rendered, resolved over the design.
  public var variant: Variant { didSet { id = Self.id(design, variant, device, theme, locale, textSize) } }
  /// The device it is rendered on.
  public var device: Device { didSet { id = Self.id(design, variant, device, theme, locale, textSize) } }
  /// The theme it is rendered in.
  public var theme: Theme { didSet { id = Self.id(design, variant, device, theme, locale, textSize) } }
  /// The locale its texts are shown in.
  public var locale: String { didSet { id = Self.id(design, variant, device, theme, locale, textSize) } }
  /// The reader's Dynamic Type size.
  public var textSize: TextSize { didSet { id = Self.id(design, variant, device, theme, locale, textSize) } }
  /// Which render this is: its name, paths and how it is shown (made once: a build names each render often).
  public private(set) var id: RenderID

  /// The render of `variant` of `design` on `device`, in `theme`, `locale` and `textSize`.
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
    id = Self.id(design, variant, device, theme, locale, textSize)
  }

  private static func id(
    _ design: Design, _ variant: Variant, _ device: Device, _ theme: Theme, _ locale: String, _ textSize: TextSize
  ) -> RenderID {
    RenderID(design: design.id, variant: variant.id, device: device, theme: theme, locale: locale, textSize: textSize)
  }

  /// `variant.device.theme.locale[.size]`: the render's name inside its design's folder (`RenderID.name`).
  public var renderName: String { id.name }

  /// `design/variant device theme locale [text size]`, as messages name a render.
  public var displayName: String { id.displayName }
}
