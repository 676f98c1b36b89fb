import BlankslateSupport

/// One render's identity — design, variant, device, theme, locale and text
/// size — and the one place that knows how it is written: its name, its
/// paths (SVG, page, PNG, golden), how it parses and how people read it.
///
/// Nothing else builds or takes apart a render's name. The parts are kept as
/// written (a golden of a device the site no longer has still has an id), and
/// each is `[A-Za-z0-9-]+`, so the dots between them read back one way only.
public struct RenderID: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The design's id.
  public let design: String
  /// The variant's id.
  public let variant: String
  /// The device's name (`iphone-15`).
  public let device: String
  /// The theme's name (`light`, `dark`).
  public let theme: String
  /// The locale (`en`, `zh-Hans`).
  public let locale: String
  /// The text size's name; nil for `large`, which names leave out, so every
  /// render named before text sizes existed keeps its name (and permalink).
  public let textSize: String?
  /// `variant.device.theme.locale[.size]`: the render's name inside its
  /// design's folder, shared by its SVG, page, PNG and golden (made once: a
  /// build names each render often).
  public let name: String

  /// The render of `variant` of `design` on `device` in `theme`, `locale` and `textSize`.
  public init(design: String, variant: String, device: String, theme: String, locale: String, textSize: String?) {
    self.design = design
    self.variant = variant
    self.device = device
    self.theme = theme
    self.locale = locale
    self.textSize = textSize
    name = Self.name(variant, device, theme, locale, textSize)
  }

  /// `variant.device.theme.locale[.size]`, its bytes written once into a
  /// string of their length: a build names every render of the site when
  /// it plans (joining an array and appending the size, for the 10,000
  /// renders of the team bench site, had been 6 % of a rebuild's instructions).
  private static func name(
    _ variant: String, _ device: String, _ theme: String, _ locale: String, _ textSize: String?
  ) -> String {
    let count =
      variant.utf8.count + device.utf8.count + theme.utf8.count + locale.utf8.count + 3
      + (textSize.map { $0.utf8.count + 1 } ?? 0)
    return String(unsafeUninitializedCapacity: count) { buffer in
      var end = 0
      // Each part copied whole: byte by byte through its UTF-8 view had been
      // most of a rebuild's making of the render matrix.
      func put(_ part: String, after dot: Bool = true) {
        if dot {
          buffer[end] = UInt8(ascii: ".")
          end += 1
        }
        var part = part
        end = part.withUTF8 { bytes in buffer[end...].initialize(fromContentsOf: bytes) }
      }
      put(variant, after: false)
      put(device)
      put(theme)
      put(locale)
      if let textSize { put(textSize) }
      return end
    }
  }

  /// The identity of a render of the site.
  public init(
    design: String, variant: String, device: Device, theme: Theme, locale: String, textSize: TextSize
  ) {
    self.init(
      design: design, variant: variant, device: device.rawValue, theme: theme.rawValue, locale: locale,
      textSize: textSize == .standard ? nil : textSize.rawValue)
  }

  /// Reads `design/variant.device.theme.locale[.size]` (`description`); nil for anything else.
  public init?(_ text: some StringProtocol) {
    self.init(parsing: String(text), suffix: 0)
  }

  /// Reads a golden's path in the store, `design/name.svg`; nil for any other shape.
  public init?(goldenPath path: some StringProtocol) {
    let path = String(path)
    guard path.hasSuffix(".svg") else { return nil }
    self.init(parsing: path, suffix: 4)
  }

  /// Reads a render's `name` inside the folder of `design`.
  init?(design: some StringProtocol, name: some StringProtocol) {
    self.init(parsing: String(design) + "/" + String(name), suffix: 0)
  }

  /// Reads `text` without its last `suffix` bytes as `design/name`: one pass
  /// over the bytes, at every golden of a check (a generic split there cost
  /// a sixth of an unchanged check).
  private init?(parsing text: String, suffix: Int) {
    let bytes = text.utf8
    let end = bytes.index(bytes.endIndex, offsetBy: -suffix)
    var parts: [Substring] = []
    var start = bytes.startIndex
    var index = start
    var separator = UInt8(ascii: "/")
    while index < end {
      let byte = bytes[index]
      if byte == separator || byte == UInt8(ascii: ".") && separator == UInt8(ascii: ".") {
        guard index > start, parts.count < 5 else { return nil }
        parts.append(text[start..<index])
        separator = UInt8(ascii: ".")
        start = bytes.index(after: index)
      } else if !Self.isPartByte(byte) {
        return nil
      }
      index = bytes.index(after: index)
    }
    guard index > start, separator == UInt8(ascii: "."), parts.count == 4 || parts.count == 5 else { return nil }
    parts.append(text[start..<end])
    self.init(
      design: String(parts[0]), variant: String(parts[1]), device: String(parts[2]), theme: String(parts[3]),
      locale: String(parts[4]), textSize: parts.count == 6 ? String(parts[5]) : nil)
  }

  /// Whether `byte` may be in a part: letters, digits and hyphens.
  private static func isPartByte(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
      || byte == UInt8(ascii: "-")
  }

  /// `design/variant.device.theme.locale[.size]`: how results, findings,
  /// summaries and decisions name the render.
  public var description: String { design + "/" + name }

  /// `design/variant`.
  public var variantPath: String { design + "/" + variant }

  /// `device theme locale [size]`: where the render lies among its variant's, as people read it.
  public var placement: String {
    [device, theme, locale].joined(separator: " ") + (textSize.map { " " + $0 } ?? "")
  }

  /// `design/variant device theme locale [size]`, as messages name a render.
  public var displayName: String { variantPath + " " + placement }

  /// The golden's path in the store: `<design>/<name>.svg`.
  public var goldenPath: String { design + "/" + name + ".svg" }

  /// In the output: `designs/<design>/<name>.svg`, `.html` and `.png`.
  public var svgPath: String { Self.designFolder(design) + "/" + svgName }
  /// The render's page, relative to the gallery's root.
  public var pagePath: String { Self.designFolder(design) + "/" + pageName }
  /// The render's PNG, relative to the gallery's root.
  public var pngPath: String { Self.designFolder(design) + "/" + pngName }
  /// The SVG's, the page's and the PNG's names inside their design's folder.
  public var svgName: String { name + ".svg" }
  /// The page's file name.
  public var pageName: String { name + ".html" }
  /// The PNG's file name.
  public var pngName: String { name + ".png" }

  /// `design--name`: one file name for the render among every design's (the report's images).
  public var flatName: String { design + "--" + name }

  /// A design's folder in the output.
  public static func designFolder(_ design: String) -> String { "designs/" + design }

  /// In byte order of the whole name, as goldens and results are sorted.
  public static func < (lhs: RenderID, rhs: RenderID) -> Bool {
    lhs.description.utf8.lexicographicallyPrecedes(rhs.description.utf8)
  }
}
