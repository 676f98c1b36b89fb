import BlankslateSupport

/// Reads typed values out of one file's JSON, collecting every problem
/// instead of stopping at the first.
///
/// Each reader returns nil when the value is unusable and records why, with
/// the file, the JSON path and the position, so one pass reports everything.
final class FieldDecoder {
  let file: String
  /// The longest string accepted, in characters.
  let maximumTextLength: Int
  private(set) var errors: [DefinitionError] = []
  /// Every locale a text or an image of the file is written in: the loader
  /// refuses one the site does not show (`SiteLoader.undeclaredLocales`).
  private(set) var localeKeys: Set<String> = []

  init(file: String, maximumTextLength: Int = SiteLimits().textLength) {
    self.file = file
    self.maximumTextLength = maximumTextLength
  }

  /// Reports `value` at `path` as not what the format takes there: `expected` says what it takes.
  func refuse(_ value: JSONValue, at path: JSONPath, expected: String) {
    report(.invalidValue(location(path, value), found: value.excerpt, expected: expected, allowed: []))
  }

  func report(_ error: DefinitionError) {
    errors.append(error)
  }

  func noteLocale(_ locale: String) {
    localeKeys.insert(locale)
  }

  func location(_ path: JSONPath, _ value: JSONValue?) -> SourceLocation {
    SourceLocation(file: file, path: path, position: value?.position)
  }

  /// The members of an object, after reporting any key outside `allowed`.
  func object(_ value: JSONValue, at path: JSONPath, allowed: [String]) -> [String: JSONValue]? {
    guard case .object(let members) = value.kind else {
      report(.wrongType(location(path, value), found: value.typeName, expected: "an object"))
      return nil
    }
    var fields: [String: JSONValue] = [:]
    for member in members {
      if allowed.contains(member.key) {
        fields[member.key] = member.value
      } else {
        let at = SourceLocation(file: file, path: path.appending(member.key), position: member.keyPosition)
        report(.unknownKey(at, key: member.key, allowed: allowed))
      }
    }
    return fields
  }

  package func string(_ value: JSONValue, at path: JSONPath) -> String? {
    guard case .string(let text) = value.kind else {
      report(.wrongType(location(path, value), found: value.typeName, expected: "a string"))
      return nil
    }
    return checkedForXML(text, value, at: path)
  }

  /// Refuses characters XML 1.0 cannot hold (C0 controls other than tab, line
  /// feed and carriage return; U+FFFE and U+FFFF).
  func checkedForXML(_ text: String, _ value: JSONValue, at path: JSONPath) -> String? {
    // Characters are counted only when the bytes alone could exceed the limit.
    if text.utf8.count > maximumTextLength {
      let length = text.count
      if length > maximumTextLength {
        report(
          .limitExceeded(
            location(path, value), what: "the text's length", found: length, limit: maximumTextLength, key: "textLength"
          ))
        return nil
      }
    }
    guard XMLCharacters.mayRefuse(text) else { return text }
    for (offset, scalar) in text.unicodeScalars.enumerated() where !XMLCharacters.allows(scalar) {
      report(.forbiddenCharacter(location(path, value), scalar: scalar, offset: offset))
      return nil
    }
    return text
  }

  /// An id: `[a-z0-9-]+`.
  func identifier(_ value: JSONValue, at path: JSONPath) -> String? {
    guard let text = string(value, at: path) else { return nil }
    guard Identifier.isValid(text) else {
      refuse(
        value, at: path,
        expected: "an id of lower-case letters, digits and '-' (such as \"\(Identifier.suggest(from: text))\")")
      return nil
    }
    return text
  }

  func number(_ value: JSONValue, at path: JSONPath, minimum: Double? = nil, maximum: Double? = nil) -> Double? {
    guard case .number(let number, _) = value.kind else {
      report(.wrongType(location(path, value), found: value.typeName, expected: expectation(minimum, maximum)))
      return nil
    }
    if let minimum, number < minimum {
      refuse(value, at: path, expected: expectation(minimum, maximum))
      return nil
    }
    if let maximum, number > maximum {
      refuse(value, at: path, expected: expectation(minimum, maximum))
      return nil
    }
    return number
  }

  private func expectation(_ minimum: Double?, _ maximum: Double?) -> String {
    switch (minimum, maximum) {
    case (0?, nil): "a number of points, 0 or more"
    case (0?, let high?): "a number of points from 0 to \(NumberText.format(high))"
    case (let low?, let high?): "a number from \(NumberText.format(low)) to \(NumberText.format(high))"
    case (let low?, nil): "a number of at least \(NumberText.format(low))"
    case (nil, let high?): "a number of at most \(NumberText.format(high))"
    case (nil, nil): "a number"
    }
  }

  /// A font: a number of points (fixed, as `systemFont(ofSize:)`), or
  /// `{"style": TextStyle, "weight": …}`, or `{"size": points, "weight": …, "scales": true}`.
  func font(_ value: JSONValue, at path: JSONPath) -> FontSpec? {
    if case .number = value.kind {
      return number(value, at: path, minimum: FontSpec.points.lowerBound, maximum: FontSpec.points.upperBound).map {
        FontSpec(size: .fixed($0))
      }
    }
    guard case .object = value.kind else {
      report(
        .wrongType(
          location(path, value), found: value.typeName,
          expected: "a number of points, {\"style\": \"body\"} or {\"size\": 17, \"scales\": true}"))
      return nil
    }
    guard let object = self.object(value, at: path, allowed: ["style", "size", "weight", "scales"]) else { return nil }
    var weight: FontWeight?
    if let written = object["weight"] {
      weight = name(written, at: path.appending("weight"), among: FontWeight.allCases.map(\.rawValue)).flatMap(
        FontWeight.init(rawValue:))
    }
    switch (object["style"], object["size"]) {
    case (let style?, nil):
      if let scales = object["scales"] {
        report(
          .invalidValue(
            location(path.appending("scales"), scales), found: scales.excerpt,
            expected: "no \"scales\" beside a text style (a style always follows Dynamic Type)", allowed: []))
      }
      guard
        let found = name(style, at: path.appending("style"), among: TextStyle.allCases.map(\.rawValue)).flatMap(
          TextStyle.init(rawValue:))
      else { return nil }
      return FontSpec(size: .style(found), weight: weight)
    case (nil, let size?):
      guard
        let points = number(
          size, at: path.appending("size"), minimum: FontSpec.points.lowerBound, maximum: FontSpec.points.upperBound)
      else { return nil }
      let scales = object["scales"].flatMap { bool($0, at: path.appending("scales")) } ?? false
      return FontSpec(size: scales ? .scaled(points) : .fixed(points), weight: weight)
    case (_?, _?):
      refuse(value, at: path, expected: "either \"style\" or \"size\", not both")
      return nil
    case (nil, nil):
      report(.missingKey(location(path, value), key: "style", expected: "a text style such as \"body\", or a \"size\""))
      return nil
    }
  }

  /// One of `names` (an unknown one is refused with the nearest as a suggestion).
  func name(_ value: JSONValue, at path: JSONPath, among names: [String]) -> String? {
    guard let text = string(value, at: path) else { return nil }
    guard names.contains(text) else {
      report(
        .invalidValue(
          location(path, value), found: value.excerpt, expected: "one of " + names.joined(separator: ", "),
          allowed: names))
      return nil
    }
    return text
  }

  func integer(_ value: JSONValue, at path: JSONPath, minimum: Int, maximum: Int) -> Int? {
    guard case .number(let number, _) = value.kind, number == number.rounded(), abs(number) < 1e9 else {
      report(
        .wrongType(
          location(path, value), found: value.excerpt, expected: "a whole number from \(minimum) to \(maximum)"))
      return nil
    }
    guard Int(number) >= minimum, Int(number) <= maximum else {
      refuse(value, at: path, expected: "a whole number from \(minimum) to \(maximum)")
      return nil
    }
    return Int(number)
  }

  func bool(_ value: JSONValue, at path: JSONPath) -> Bool? {
    guard case .bool(let flag) = value.kind else {
      report(.wrongType(location(path, value), found: value.typeName, expected: "true or false"))
      return nil
    }
    return flag
  }

  func array(_ value: JSONValue, at path: JSONPath, of what: String) -> [JSONValue]? {
    guard case .array(let items) = value.kind else {
      report(.wrongType(location(path, value), found: value.typeName, expected: "an array of \(what)"))
      return nil
    }
    return items
  }

  /// `[width, height]`, both 0 or more.
  func size(_ value: JSONValue, at path: JSONPath, maximum: Double = PropertyKey.points.upperBound) -> Size? {
    guard case .array(let items) = value.kind, items.count == 2 else {
      report(.wrongType(location(path, value), found: value.excerpt, expected: "[width, height] in points"))
      return nil
    }
    let width = number(items[0], at: path.appending(0), minimum: 0, maximum: maximum)
    let height = number(items[1], at: path.appending(1), minimum: 0, maximum: maximum)
    guard let width, let height else { return nil }
    return Size(width: width, height: height)
  }

  /// `#RGB`, `#RRGGBB`, `#RRGGBBAA`, a UIKit colour name, or `{"light": colour, "dark": colour}`.
  func color(_ value: JSONValue, at path: JSONPath, perTheme: Bool = true) -> ColorValue? {
    if perTheme, case .object = value.kind {
      guard let object = object(value, at: path, allowed: ["light", "dark"]) else { return nil }
      guard let lightValue = object["light"], let darkValue = object["dark"] else {
        refuse(value, at: path, expected: "both \"light\" and \"dark\" colours")
        return nil
      }
      let light = color(lightValue, at: path.appending("light"), perTheme: false)
      let dark = color(darkValue, at: path.appending("dark"), perTheme: false)
      guard let light, let dark else { return nil }
      return .perTheme(light: light, dark: dark)
    }
    guard let text = string(value, at: path) else { return nil }
    guard let color = ColorValue(parsing: text) else {
      let hex = text.hasPrefix("#")
      report(
        .invalidValue(
          location(path, value), found: value.excerpt,
          expected: hex
            ? "a colour in hex: #RGB, #RRGGBB or #RRGGBBAA"
            : "a colour: #RGB, #RRGGBB, #RRGGBBAA, a UIKit name (systemRed … systemPink, systemGray … systemGray6,"
              + " tintColor, label, secondaryLabel, systemBackground …; README lists them all)"
              + (perTheme ? " or {\"light\": …, \"dark\": …}" : ""),
          allowed: hex ? [] : ColorValue.allNames))
      return nil
    }
    return color
  }

  /// A string, or an object of locale → string.
  func text(_ value: JSONValue, at path: JSONPath) -> LocalizedText? {
    switch value.kind {
    case .string:
      return string(value, at: path).map(LocalizedText.init)
    case .object(let members):
      guard !members.isEmpty else {
        report(
          .invalidValue(
            location(path, value), found: "an empty object", expected: "at least one locale → text entry", allowed: []))
        return nil
      }
      var entries: [(locale: String, text: String)] = []
      var valid = true
      for member in members {
        let memberPath = path.appending(member.key)
        if !LocaleTag.isValid(member.key) {
          let at = SourceLocation(file: file, path: memberPath, position: member.keyPosition)
          report(
            .invalidValue(
              at, found: "\"\(TerminalText.oneLine(member.key))\"",
              expected: "a locale tag such as \"en\" or \"zh-Hans\"", allowed: []))
          valid = false
          continue
        }
        guard let text = string(member.value, at: memberPath) else {
          valid = false
          continue
        }
        noteLocale(member.key)
        entries.append((member.key, text))
      }
      return valid ? LocalizedText(entries: entries) : nil
    default:
      report(
        .wrongType(location(path, value), found: value.typeName, expected: "a string or an object of locale → string"))
      return nil
    }
  }

  /// One of a fixed set of raw values.
  func choice<Value: RawRepresentable>(
    _ value: JSONValue, at path: JSONPath, among allowed: [Value], what: String
  ) -> Value? where Value.RawValue == String {
    guard let text = string(value, at: path) else { return nil }
    if let match = allowed.first(where: { $0.rawValue == text }) { return match }
    let names = allowed.map(\.rawValue)
    report(
      .invalidValue(
        location(path, value), found: value.excerpt,
        expected: "\(what): " + names.map { "\"\($0)\"" }.joined(separator: ", "), allowed: names))
    return nil
  }

  /// A list of distinct choices, at least one.
  func choices<Value: RawRepresentable & Equatable>(
    _ value: JSONValue, at path: JSONPath, among allowed: [Value], what: String
  ) -> [Value]? where Value.RawValue == String {
    guard let items = array(value, at: path, of: what) else { return nil }
    guard !items.isEmpty else {
      report(
        .invalidValue(location(path, value), found: "an empty array", expected: "at least one \(what)", allowed: []))
      return nil
    }
    var result: [Value] = []
    var valid = true
    for (index, item) in items.enumerated() {
      guard let choice = choice(item, at: path.appending(index), among: allowed, what: what) else {
        valid = false
        continue
      }
      if result.contains(choice) {
        report(
          .duplicateID(
            location(path.appending(index), item), id: choice.rawValue, firstUse: "an earlier entry of \(path)"))
        valid = false
      }
      result.append(choice)
    }
    return valid ? result : nil
  }
}
