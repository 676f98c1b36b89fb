import BlankslateSupport

/// Caps that keep a mistaken or hostile site from exhausting memory or
/// hanging a CI job. `site.json` may lower or raise each one (`"limits"`),
/// but never past its ceiling.
public struct SiteLimits: Sendable, Equatable {
  /// Bytes of one definition file.
  public var fileSize = 1 << 20
  /// Characters of one string (a text, a name, a tag).
  public var textLength = 2_000
  /// Variants of one design.
  public var variantsPerDesign = 200
  /// Renders of the whole site: variants × devices × themes × locales.
  public var renders = 200_000
  /// Bytes of one image asset.
  public var assetSize = 5 << 20
  /// Nesting of arrays and objects in a definition file.
  public var depth = 32

  /// The defaults `site.json` starts from.
  public init() {}

  /// Each limit's key in `site.json`, its ceiling, and where it is kept.
  static let settings: [(key: String, ceiling: Int, keyPath: WritableKeyPath<SiteLimits, Int> & Sendable)] = [
    ("fileSize", 16 << 20, \.fileSize),
    ("textLength", 100_000, \.textLength),
    ("variantsPerDesign", 10_000, \.variantsPerDesign),
    ("renders", 5_000_000, \.renders),
    ("assetSize", 50 << 20, \.assetSize),
    ("depth", 256, \.depth),
  ]

  static func decode(_ value: JSONValue, fields: FieldDecoder) -> SiteLimits {
    var limits = SiteLimits()
    let path = JSONPath.root.appending("limits")
    guard let object = fields.object(value, at: path, allowed: settings.map(\.key)) else { return limits }
    for setting in settings {
      guard let entry = object[setting.key] else { continue }
      if let number = fields.integer(entry, at: path.appending(setting.key), minimum: 1, maximum: setting.ceiling) {
        limits[keyPath: setting.keyPath] = number
      }
    }
    return limits
  }
}
