import BlankslateSupport
import Foundation

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
  /// The team's own font files and the tracking it asks for.
  var typography = SiteTypography.standIns
  /// The states every design should have (`coverage.states`); empty: not reviewed.
  var coverage: [ContentState] = []
  /// A hash of the file's bytes.
  var hash = ""
  /// A hash of what the file says besides which devices, themes, locales
  /// and text sizes there are (`SiteDefinition.settingsHashWithoutLists`).
  var hashWithoutLists = ""

  /// The keys whose lists make the render matrix.
  static let listKeys: Set<String> = ["devices", "themes", "locales", "textSizes"]

  /// `json`'s content without the top-level `listKeys`: every member, name
  /// and value, by kind, so that no two documents that say different things
  /// hash alike (white space and the lists aside).
  static func hashWithoutLists(_ json: JSONValue) -> String {
    var hash = ContentHash()
    func add(_ value: JSONValue, top: Bool) {
      switch value.kind {
      case .null: hash.add("n")
      case .bool(let flag): hash.add(flag ? "t" : "f")
      case .number(_, let literal): hash.add("#" + literal)
      case .string(let text): hash.add("s" + text)
      case .array(let items):
        hash.add("[\(items.count)")
        for item in items { add(item, top: false) }
      case .object(let members):
        let kept = members.filter { !top || !listKeys.contains($0.key) }
        hash.add("{\(kept.count)")
        for member in kept {
          hash.add(member.key)
          add(member.value, top: false)
        }
      }
    }
    add(json, top: true)
    return hash.hex
  }

  /// `$schema` names the file's JSON Schema for editors; it is checked to be a string and otherwise ignored.
  static let keys = [
    "$schema", "title", "devices", "themes", "locales", "textSizes", "tint", "fonts", "tracking", "coverage", "lint",
    "limits",
  ]

  /// A team font file's largest size: a whole CJK collection fits.
  static let maximumFontBytes = 64 << 20

  static func decode(_ json: JSONValue, fields: FieldDecoder, root: URL, fonts: any SiteFontReader) -> SiteSettings {
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
    if let value = object["fonts"] {
      settings.typography.fonts = decodeFonts(value, fields: fields, root: root, reader: fonts)
    }
    if let value = object["coverage"] {
      let path = JSONPath.root.appending("coverage")
      if let coverage = fields.object(value, at: path, allowed: ["states"]), let states = coverage["states"] {
        settings.coverage =
          fields.choices(states, at: path.appending("states"), among: ContentState.allCases, what: "a state") ?? []
      }
    }
    if let value = object["tracking"] {
      settings.typography.tracking = fields.choice(
        value, at: .root.appending("tracking"), among: TrackingTable.allCases, what: "a tracking table")
    }
    if let value = object["lint"] {
      settings.lint = decodeLint(value, fields: fields)
    }
    if let value = object["limits"] {
      settings.limits = SiteLimits.decode(value, fields: fields)
    }
    return settings
  }

  /// `"fonts": [{"file": "fonts/SF-Pro-Text-Regular.otf", "sha256": "…"}]`: each
  /// file inside the site, a regular file no larger than `maximumFontBytes`,
  /// its bytes the hash written, a font with a script Blankslate sets; no two
  /// files for the same script and weight.
  private static func decodeFonts(
    _ value: JSONValue, fields: FieldDecoder, root: URL, reader: any SiteFontReader
  ) -> [TeamFont] {
    let path = JSONPath.root.appending("fonts")
    guard let items = fields.array(value, at: path, of: "font files") else { return [] }
    let realRoot = root.resolvingSymlinksInPath().standardizedFileURL.path
    var fonts: [TeamFont] = []
    var slots: [String: String] = [:]
    for (index, item) in items.enumerated() {
      let itemPath = path.appending(index)
      guard let object = fields.object(item, at: itemPath, allowed: ["file", "sha256"]) else { continue }
      guard let fileValue = object["file"], let hashValue = object["sha256"] else {
        fields.report(
          .invalidValue(
            fields.location(itemPath, item), found: item.excerpt, expected: "both \"file\" and \"sha256\"",
            allowed: []))
        continue
      }
      guard let file = fields.string(fileValue, at: itemPath.appending("file")),
        let expected = fields.string(hashValue, at: itemPath.appending("sha256"))
      else { continue }
      let hashPath = itemPath.appending("sha256")
      guard expected.count == 64, expected.allSatisfy(\.isHexDigit) else {
        fields.report(
          .invalidValue(
            fields.location(hashPath, hashValue), found: hashValue.excerpt,
            expected: "the file's SHA-256 as 64 hex digits (sha256sum prints it)", allowed: []))
        continue
      }
      let filePath = itemPath.appending("file")
      func refuse(_ why: String) {
        fields.report(
          .invalidValue(fields.location(filePath, fileValue), found: fileValue.excerpt, expected: why, allowed: []))
      }
      // Inside the site, after every link is followed, and a regular file of a sane size.
      let url = root.appending(path: file)
      let real = url.resolvingSymlinksInPath().standardizedFileURL.path
      guard !file.hasPrefix("/"), real.hasPrefix(realRoot + "/") else {
        refuse("a font file inside the site folder (\"\(file)\" leaves it)")
        continue
      }
      var status = stat()
      guard stat(real, &status) == 0 else {
        refuse("a font file inside the site folder (\"\(file)\" does not exist)")
        continue
      }
      guard (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) <= maximumFontBytes else {
        refuse("a regular font file of at most \(maximumFontBytes >> 20) MB")
        continue
      }
      guard let bytes = FileManager.default.contents(atPath: real) else {
        refuse("a readable font file")
        continue
      }
      let found = SHA256.hex(Array(bytes))
      guard found == expected.lowercased() else {
        fields.report(
          .invalidValue(
            fields.location(hashPath, hashValue), found: "\"\(expected)\" for \(file), whose bytes hash to \(found)",
            expected: "the SHA-256 of the file named (a different file is never drawn with)", allowed: []))
        continue
      }
      switch reader.inspect(path: real) {
      case .failure(let problem):
        let why: String
        switch problem {
        case .unreadable: why = "a readable font file"
        case .notAFont: why = "an OpenType or TrueType font (.otf, .ttf)"
        case .noScript: why = "a font with Latin, CJK, Arabic or Hebrew letters (the scripts Blankslate sets)"
        }
        refuse(why)
      case .success(let inspected):
        let font = TeamFont(
          file: file, path: real, sha256: found, coverages: inspected.coverages, weight: inspected.weight)
        var clash: String?
        for coverage in font.coverages {
          let slot = "\(coverage) \(font.weight)"
          if let earlier = slots[slot] { clash = earlier } else { slots[slot] = file }
        }
        if let clash {
          refuse("one file per script and weight (\(file) and \(clash) are both weight \(font.weight))")
          continue
        }
        fonts.append(font)
      }
    }
    return fonts
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
