import BlankslateSupport

/// The settings of `site.json`; every key is optional.
struct SiteSettings {
  var title = "Placeholder Gallery"
  var devices: [Device] = [.iphoneSE, .iphone15]
  var themes: [Theme] = [.light, .dark]
  var locales: [String] = ["en"]
  var textSizes: [TextSize] = [.standard]
  var lint: [LintRule: LintSeverity] = [:]
  var limits = SiteLimits()
  /// The app's accent colour (UIKit's `tintColor`).
  var tint: ColorValue?
  /// A hash of the file's bytes.
  var hash = ""

  /// `$schema` names the file's JSON Schema for editors; it is checked to be a string and otherwise ignored.
  static let keys = ["$schema", "title", "devices", "themes", "locales", "textSizes", "tint", "lint", "limits"]

  static func decode(_ json: JSONValue, fields: FieldDecoder) -> SiteSettings {
    var settings = SiteSettings()
    guard let object = fields.object(json, at: .root, allowed: keys) else { return settings }
    if let value = object["$schema"] { _ = fields.string(value, at: .root.appending("$schema")) }
    if let value = object["title"], let title = fields.string(value, at: .root.appending("title")) {
      settings.title = title
    }
    if let value = object["devices"],
      let devices = fields.choices(value, at: .root.appending("devices"), among: Device.allCases, what: "a device")
    {
      settings.devices = devices
    }
    if let value = object["themes"],
      let themes = fields.choices(value, at: .root.appending("themes"), among: Theme.allCases, what: "a theme")
    {
      settings.themes = themes
    }
    if let value = object["locales"], let locales = decodeLocales(value, fields: fields) {
      settings.locales = locales
    }
    if let value = object["textSizes"],
      let sizes = fields.choices(
        value, at: .root.appending("textSizes"), among: TextSize.allCases, what: "a Dynamic Type size")
    {
      settings.textSizes = sizes
    }
    if let value = object["tint"] { settings.tint = fields.color(value, at: .root.appending("tint")) }
    if let value = object["lint"] {
      settings.lint = decodeLint(value, fields: fields)
    }
    if let value = object["limits"] {
      settings.limits = SiteLimits.decode(value, fields: fields)
    }
    return settings
  }

  private static func decodeLocales(_ value: JSONValue, fields: FieldDecoder) -> [String]? {
    let path = JSONPath.root.appending("locales")
    guard let items = fields.array(value, at: path, of: "locale tags") else { return nil }
    guard !items.isEmpty else {
      fields.report(
        .invalidValue(
          fields.location(path, value), found: "an empty array", expected: "at least one locale tag", allowed: []))
      return nil
    }
    var locales: [String] = []
    // Locale tags ignore case (BCP 47), and renders named `en` and `EN` would be one file on macOS.
    var seen: [String: String] = [:]
    for (index, item) in items.enumerated() {
      let itemPath = path.appending(index)
      guard let tag = fields.string(item, at: itemPath) else { continue }
      guard LocaleTag.isValid(tag) else {
        fields.report(
          .invalidValue(
            fields.location(itemPath, item), found: item.excerpt,
            expected: "a locale tag such as \"en\" or \"zh-Hans\"", allowed: []))
        continue
      }
      if let earlier = seen[tag.lowercased()] {
        let first =
          earlier == tag ? "an earlier entry of locales" : "\"\(earlier)\" earlier in locales (locale tags ignore case)"
        fields.report(.duplicateID(fields.location(itemPath, item), id: tag, firstUse: first))
        continue
      }
      seen[tag.lowercased()] = tag
      locales.append(tag)
    }
    return locales.count == items.count ? locales : nil
  }

  /// `"lint": { "contrast": "error", "tap-target": "warning", "dark-mode": "off" }`.
  private static func decodeLint(_ value: JSONValue, fields: FieldDecoder) -> [LintRule: LintSeverity] {
    let path = JSONPath.root.appending("lint")
    let ids = LintRule.allCases.map(\.rawValue)
    guard let object = fields.object(value, at: path, allowed: ids) else { return [:] }
    var result: [LintRule: LintSeverity] = [:]
    for rule in LintRule.allCases {
      guard let entry = object[rule.rawValue] else { continue }
      if let severity = fields.choice(
        entry, at: path.appending(rule.rawValue), among: LintSeverity.allCases, what: "a severity")
      {
        result[rule] = severity
      }
    }
    return result
  }
}
