import BlankslateSupport

extension DefinitionError: CustomStringConvertible {
  /// One line: `file:line:column: path: what was found; what was expected.`
  public var description: String {
    switch self {
    case .unreadable(let file, let reason):
      return "\(file): cannot be read: \(reason)."
    case .font(let file, let message):
      return "\(file): \(message)"
    case .syntax(let file, let position, let message):
      return "\(file):\(position.line):\(position.column): not valid JSON: \(message)."
    case .unknownKey(let location, let key, let allowed):
      return prefix(location)
        + "unknown key \"\(TerminalText.oneLine(key))\"; expected one of \(list(allowed))."
        + hint(key, allowed)
    case .missingKey(let location, let key, let expected):
      return prefix(location) + "the key \"\(key)\" is required (\(expected))."
    case .wrongType(let location, let found, let expected):
      return prefix(location) + "found \(found), expected \(expected)."
    case .invalidValue(let location, let found, let expected, let allowed):
      let bare = found.hasPrefix("\"") && found.hasSuffix("\"") ? String(found.dropFirst().dropLast()) : found
      return prefix(location) + "found \(found), expected \(expected)." + hint(bare, allowed)
    case .duplicateID(let location, let id, let firstUse):
      return prefix(location) + "the id \"\(id)\" is already used by \(firstUse); ids must be unique."
    case .forbiddenCharacter(let location, let scalar, let offset):
      return prefix(location)
        + "the character U+\(hex(scalar.value)) at position \(offset + 1) cannot be represented in XML;"
        + " remove it (allowed: tab, line feed, carriage return and printable characters)."
    case .assetOutsideSite(let location, let path):
      return prefix(location)
        + "the image path \"\(path)\" leaves the site's assets/ folder;"
        + " expected a relative path under assets/ such as \"assets/empty.svg\"."
    case .assetMissing(let location, let path):
      return prefix(location) + "the image \"\(path)\" does not exist under the site folder."
    case .limitExceeded(let location, let what, let found, let limit, let key):
      return prefix(location)
        + "\(what) is \(found), over the limit of \(limit); raise \"limits\": { \"\(key)\": … } in site.json if this is intended."
    case .propertyNotRead(let location, let key, let layout, let reads):
      return prefix(location)
        + "the layout \"\(layout)\" does not read \"\(key)\"; it reads \(list(reads))."
        + hint(key, reads)
    }
  }

  private func prefix(_ location: SourceLocation) -> String {
    var text = location.file
    if let position = location.position {
      text += ":\(position.line):\(position.column)"
    }
    return text + ": " + location.path.description + ": "
  }

  private func list(_ values: [String]) -> String {
    values.map { "\"\($0)\"" }.joined(separator: ", ")
  }

  private func hint(_ found: String, _ allowed: [String]) -> String {
    guard let nearest = Suggestion.nearest(to: found, among: allowed) else { return "" }
    return " Did you mean \"\(nearest)\"?"
  }

  private func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
