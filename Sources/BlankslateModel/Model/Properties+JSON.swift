import BlankslateSupport

extension Properties {
  /// The properties as a definition writes them, in the format's key order;
  /// what is not written is left out, `null` stays `null`. A text with more
  /// translations than a page shows keeps a window of them around `locale`
  /// (nil: all of them).
  package func json(around locale: String? = nil) -> JSONDocument {
    .object(PropertyKey.allCases.compactMap { key in key.codec.json(self, locale).map { (key.rawValue, $0) } })
  }
}

extension Nullable {
  /// nil when absent, `null` when written as null, else the value's JSON.
  package func json(_ encode: (Wrapped) -> JSONDocument) -> JSONDocument? {
    switch self {
    case .absent: nil
    case .null: .null
    case .value(let value): encode(value)
    }
  }
}

extension LocalizedText {
  /// How many translations of one text a page shows: a page per locale,
  /// each listing every locale, would grow with the square of the locales.
  package static let entriesShown = 12

  /// The text as written, or a window of `entriesShown` translations around `locale` when it has more
  /// (nil: every translation).
  package func json(around locale: String? = nil) -> JSONDocument {
    if entries.count == 1, entries[0].locale == nil { return .string(entries[0].text) }
    var shown = entries[...]
    if let locale, entries.count > Self.entriesShown {
      let position = entries.firstIndex { $0.locale == locale } ?? 0
      let start = max(0, min(position - Self.entriesShown / 2, entries.count - Self.entriesShown))
      shown = entries[start..<(start + Self.entriesShown)]
    }
    return .object(shown.map { ($0.locale ?? "", .string($0.text)) })
  }
}

extension Size {
  package var json: JSONDocument { .array([.number(width), .number(height)]) }
}

extension ImageSource {
  /// `builtin:NAME` or the path under the site folder.
  var written: String {
    switch self {
    case .builtin(let builtin): "builtin:" + builtin.rawValue
    case .asset(let path), .template(let path): path
    case .symbol(let symbol): "symbol:" + symbol.rawValue
    }
  }

  /// The image as a definition writes it: a string, or a template's object.
  package var json: JSONDocument {
    if case .template(let path) = self { return .object([("path", .string(path)), ("template", .bool(true))]) }
    return .string(written)
  }
}

extension ImageValue {
  /// The image as a definition writes it: one, one per theme, or one per locale.
  package var json: JSONDocument {
    switch self {
    case .one(let source): source.json
    case .perTheme(let light, let dark): .object([("light", light.json), ("dark", dark.json)])
    case .perLocale(let entries): .object(entries.map { ($0.locale, $0.image.json) })
    case .described(let image, let accessibility):
      .object(
        [("source", image.json)] + (accessibility.label.map { [("accessibilityLabel", $0.json(around: nil))] } ?? [])
          + (accessibility.isDecorative ? [("decorative", .bool(true))] : []))
    }
  }
}

extension ButtonDefinition {
  package func json(around locale: String?) -> JSONDocument {
    var members: [(String, JSONDocument)] = []
    if let id { members.append(("id", .string(id))) }
    if let title { members.append(("title", title.json(around: locale))) }
    if let textColor { members.append(("textColor", textColor.json)) }
    if let background { members.append(("background", background.json)) }
    if let size { members.append(("size", size.json)) }
    if let cornerRadius { members.append(("cornerRadius", .number(cornerRadius))) }
    if let font { members.append(("font", font.json)) }
    if let style { members.append(("style", .string(style.rawValue))) }
    if let role { members.append(("role", .string(role.rawValue))) }
    if let controlSize { members.append(("controlSize", .string(controlSize.rawValue))) }
    if let symbol { members.append(("symbol", .string(symbol.rawValue))) }
    if let accessibilityLabel { members.append(("accessibilityLabel", accessibilityLabel.json(around: locale))) }
    return .object(members)
  }
}

extension Spacing {
  package var json: JSONDocument {
    let gaps = [
      ("imageToTitle", imageToTitle), ("titleToMessage", titleToMessage), ("messageToButton", messageToButton),
      ("betweenButtons", betweenButtons),
    ]
    return .object(gaps.compactMap { key, gap in gap.map { (key, .number($0)) } })
  }
}

extension Insets {
  package var json: JSONDocument {
    if top == leading, top == bottom, top == trailing { return .number(top) }
    return .array([.number(top), .number(leading), .number(bottom), .number(trailing)])
  }
}

extension CustomViewDefinition {
  package func json(around locale: String?) -> JSONDocument {
    var members: [(String, JSONDocument)] = []
    if let size { members.append(("size", size.json)) }
    if let background { members.append(("background", background.json)) }
    if let text { members.append(("text", text.json(around: locale))) }
    if let textColor { members.append(("textColor", textColor.json)) }
    if let font { members.append(("font", font.json)) }
    if let accessibilityLabel { members.append(("accessibilityLabel", accessibilityLabel.json(around: locale))) }
    return .object(members)
  }
}

extension ChromeDefinition {
  package func json(around locale: String?) -> JSONDocument {
    var members: [(String, JSONDocument)] = []
    if let navigationTitle { members.append(("navigationTitle", navigationTitle.json(around: locale))) }
    if let tabItems {
      var tabs: [(String, JSONDocument)] = [
        (
          "items",
          .array(
            tabItems.map { item in
              .object(
                [("title", item.title?.json(around: locale)), ("symbol", item.symbol.map { .string($0.rawValue) })]
                  .compactMap { name, value in value.map { (name, $0) } })
            })
        )
      ]
      if let selectedTab { tabs.append(("selected", .number(Double(selectedTab)))) }
      members.append(("tabBar", .object(tabs)))
    } else if let tabBar {
      members.append(("tabBar", .bool(tabBar)))
    }
    if let navigationBar { members.append(("navigationBar", .bool(navigationBar))) }
    if let navigationTitleDisplayMode {
      members.append(("navigationTitleDisplayMode", .string(navigationTitleDisplayMode.rawValue)))
    }
    return .object(members)
  }
}

extension Design {
  /// Each variant's id, name and state, as `list --json` and the search index show them.
  package var variantSummaries: JSONDocument {
    .array(
      variants.map {
        .object([
          ("id", .string($0.id)), ("name", .string($0.name)), ("state", .string($0.state(in: layout).rawValue)),
        ])
      })
  }
}

extension FontSpec {
  /// The font as a definition writes it.
  package var json: JSONDocument {
    var members: [(String, JSONDocument)] = []
    switch size {
    case .fixed(let points):
      guard weight != nil else { return .number(points) }
      members.append(("size", .number(points)))
    case .style(let style): members.append(("style", .string(style.rawValue)))
    case .scaled(let points): members += [("size", .number(points)), ("scales", .bool(true))]
    }
    if let weight { members.append(("weight", .string(weight.rawValue))) }
    return .object(members)
  }
}

extension ColorValue {
  /// The colour as a definition writes it: a string, or the light and dark pair.
  package var json: JSONDocument {
    if case .perTheme(let light, let dark) = self { return .object([("light", light.json), ("dark", dark.json)]) }
    return .string(written)
  }
}

extension Suppression {
  /// The suppression as a definition writes it: `{"rule", "element", "value", "reason"}`, the optional keys when set.
  package var json: JSONDocument {
    .object(
      [("rule", .string(rule.rawValue))] + (element.map { [("element", JSONDocument.string($0))] } ?? [])
        + (value.map { [("value", JSONDocument.string($0))] } ?? []) + [("reason", .string(reason))])
  }
}
