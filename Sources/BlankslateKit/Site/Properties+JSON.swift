extension Properties {
  /// The properties as a definition writes them, in the format's key order;
  /// what is not written is left out, `null` stays `null`.
  var json: JSONDocument {
    var members: [(String, JSONDocument)] = []
    func add(_ key: PropertyKey, _ value: JSONDocument?) {
      if let value { members.append((key.rawValue, value)) }
    }
    add(.state, state.map { .string($0.rawValue) })
    add(.title, title.map(\.json))
    add(.message, message.map(\.json))
    add(.titleColor, titleColor.map { .string($0.written) })
    add(.messageColor, messageColor.map { .string($0.written) })
    add(.background, background.map { .string($0.written) })
    add(.titleFont, titleFont.map(JSONDocument.number))
    add(.messageFont, messageFont.map(JSONDocument.number))
    add(.image, image.json { .string($0.written) })
    add(.imageSize, imageSize.map(\.json))
    add(.button, button.json(\.json))
    add(.offsetY, offsetY.map(JSONDocument.number))
    add(.headerHeight, headerHeight.map(JSONDocument.number))
    add(.sections, sections.map { .array($0.map { .number(Double($0)) }) })
    add(.scrollEnabled, scrollEnabled.map(JSONDocument.bool))
    add(.customView, customView.json(\.json))
    add(.loading, loading.map(JSONDocument.bool))
    add(.toast, toast.json(\.json))
    add(.chrome, chrome.map(\.json))
    return .object(members)
  }
}

extension Nullable {
  /// nil when absent, `null` when written as null, else the value's JSON.
  func json(_ encode: (Wrapped) -> JSONDocument) -> JSONDocument? {
    switch self {
    case .absent: nil
    case .null: .null
    case .value(let value): encode(value)
    }
  }
}

extension LocalizedText {
  var json: JSONDocument {
    if entries.count == 1, entries[0].locale == nil { return .string(entries[0].text) }
    return .object(entries.map { ($0.locale ?? "", .string($0.text)) })
  }
}

extension Size {
  var json: JSONDocument { .array([.number(width), .number(height)]) }
}

extension ImageSource {
  /// `builtin:NAME` or the path under the site folder.
  var written: String {
    switch self {
    case .builtin(let builtin): "builtin:" + builtin.rawValue
    case .asset(let path): path
    }
  }
}

extension ButtonDefinition {
  var json: JSONDocument {
    var members: [(String, JSONDocument)] = []
    if let title { members.append(("title", title.json)) }
    if let textColor { members.append(("textColor", .string(textColor.written))) }
    if let background { members.append(("background", .string(background.written))) }
    if let size { members.append(("size", size.json)) }
    if let cornerRadius { members.append(("cornerRadius", .number(cornerRadius))) }
    if let font { members.append(("font", .number(font))) }
    return .object(members)
  }
}

extension CustomViewDefinition {
  var json: JSONDocument {
    var members: [(String, JSONDocument)] = []
    if let size { members.append(("size", size.json)) }
    if let background { members.append(("background", .string(background.written))) }
    if let text { members.append(("text", text.json)) }
    if let textColor { members.append(("textColor", .string(textColor.written))) }
    if let font { members.append(("font", .number(font))) }
    return .object(members)
  }
}

extension ChromeDefinition {
  var json: JSONDocument {
    var members: [(String, JSONDocument)] = []
    if let navigationTitle { members.append(("navigationTitle", navigationTitle.json)) }
    if let tabBar { members.append(("tabBar", .bool(tabBar))) }
    if let navigationBar { members.append(("navigationBar", .bool(navigationBar))) }
    return .object(members)
  }
}
