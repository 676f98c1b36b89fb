import BlankslateSupport

/// Decodes the placeholder properties of a design or a variant object.
struct PropertiesDecoder {
  let fields: FieldDecoder
  /// Checks `image` paths against the site's files.
  let assets: AssetResolver

  /// Reads every property key present in `object`; `keys`: those it names.
  ///
  /// `layout`: the design's layout when known; a property it does
  /// not read, or a state it cannot show, is refused.
  func decode(_ object: [String: JSONValue], at path: JSONPath, layout: LayoutKind?) -> (
    properties: Properties, keys: [PropertyKey]
  ) {
    var properties = Properties()
    // The keys the object has, in declaration order (an object names a few
    // of the thirty properties: looking each one up hashed every name).
    let present = object.keys.compactMap(PropertyKey.named).sorted { $0.order < $1.order }
    for key in present {
      guard let value = object[key.rawValue] else { continue }
      let keyPath = path.appending(key.rawValue)
      if let layout, !layout.reads(key) {
        fields.report(
          .propertyNotRead(
            fields.location(keyPath, value), key: key.rawValue, layout: layout.rawValue,
            reads: layout.reads.map(\.rawValue)))
        continue
      }
      decode(key, value, at: keyPath, layout: layout, into: &properties)
    }
    return (properties, present)
  }

  /// Reads one property; its ranges, keys and counts come from its declaration
  /// (`PropertyKey.declaration`), its field and kind from its codec.
  private func decode(
    _ key: PropertyKey, _ value: JSONValue, at path: JSONPath, layout: LayoutKind?, into properties: inout Properties
  ) {
    key.codec.decode(value, path, key.declaration.shape, layout, self, &properties)
  }

  /// An `image`: one image, `{"light": …, "dark": …}`, or locale → image
  /// (each entry one image or one per theme).
  func imageValue(
    _ value: JSONValue, at path: JSONPath, perLocale: Bool = true, describable: Bool = true
  ) -> ImageValue? {
    if perLocale, describable, case .object(let members) = value.kind,
      members.contains(where: { Self.accessibilityKeys.contains($0.key) })
    {
      return describedImage(value, members, at: path)
    }
    guard case .object(let members) = value.kind, !members.contains(where: { ["path", "template"].contains($0.key) })
    else {
      return image(value, at: path).map(ImageValue.one)
    }
    let keys = Set(members.map(\.key))
    if !keys.isDisjoint(with: ["light", "dark"]) {
      guard let object = fields.object(value, at: path, allowed: ["light", "dark"]) else { return nil }
      guard let lightValue = object["light"], let darkValue = object["dark"] else {
        fields.refuse(value, at: path, expected: "both \"light\" and \"dark\" images")
        return nil
      }
      let light = image(lightValue, at: path.appending("light"))
      let dark = image(darkValue, at: path.appending("dark"))
      guard let light, let dark else { return nil }
      return .perTheme(light: light, dark: dark)
    }
    guard perLocale else {
      fields.refuse(
        value, at: path, expected: "an image, {\"path\": …, \"template\": true} or {\"light\": …, \"dark\": …}")
      return nil
    }
    guard !members.isEmpty else {
      fields.report(
        .invalidValue(
          fields.location(path, value), found: "an empty object",
          expected: "an image, {\"light\": …, \"dark\": …} or at least one locale → image entry", allowed: []))
      return nil
    }
    var entries: [ImageValue.LocaleImage] = []
    var valid = true
    for member in members {
      let memberPath = path.appending(member.key)
      guard LocaleTag.isValid(member.key) else {
        fields.report(
          .invalidValue(
            SourceLocation(file: fields.file, path: memberPath, position: member.keyPosition),
            found: "\"\(TerminalText.oneLine(member.key))\"",
            expected: "\"light\", \"dark\", \"path\" or a locale tag such as \"en\" or \"zh-Hans\"", allowed: []))
        valid = false
        continue
      }
      guard let image = imageValue(member.value, at: memberPath, perLocale: false) else {
        valid = false
        continue
      }
      fields.noteLocale(member.key)
      entries.append(ImageValue.LocaleImage(locale: member.key, image: image))
    }
    return valid ? .perLocale(entries) : nil
  }

  /// The keys that say what VoiceOver is told of an image (format v4).
  static let accessibilityKeys: Set<String> = ["source", "accessibilityLabel", "decorative"]

  /// An image with what VoiceOver says of it: `{"source": IMAGE, "accessibilityLabel": TEXT}`,
  /// `{"source": IMAGE, "decorative": true}`, or the two keys beside an asset's `path`.
  private func describedImage(_ value: JSONValue, _ members: [JSONValue.Member], at path: JSONPath) -> ImageValue? {
    let hasSource = members.contains { $0.key == "source" }
    guard hasSource || members.contains(where: { $0.key == "path" }) else {
      fields.refuse(
        value, at: path,
        expected: "the image in \"source\" (or an asset's \"path\") beside \"accessibilityLabel\" or \"decorative\"")
      return nil
    }
    let allowed =
      hasSource
      ? ["source", "accessibilityLabel", "decorative"] : ["path", "template", "accessibilityLabel", "decorative"]
    guard let object = fields.object(value, at: path, allowed: allowed) else { return nil }
    let label = object["accessibilityLabel"].flatMap { fields.text($0, at: path.appending("accessibilityLabel")) }
    let isDecorative = object["decorative"].flatMap { fields.bool($0, at: path.appending("decorative")) } ?? false
    if label != nil, isDecorative {
      fields.report(
        .invalidValue(
          fields.location(path.appending("decorative"), object["decorative"] ?? value), found: "true",
          expected: "an image with an \"accessibilityLabel\" is read by VoiceOver: drop \"decorative\" or the label",
          allowed: []))
      return nil
    }
    let image: ImageValue?
    if let source = object["source"] {
      image = imageValue(source, at: path.appending("source"), describable: false)
    } else {
      let rest = members.filter { !Self.accessibilityKeys.contains($0.key) }
      image = self.image(JSONValue(.object(rest), at: value.position), at: path).map(ImageValue.one)
    }
    guard let image else { return nil }
    guard label != nil || isDecorative else { return image }
    return .described(image, ImageAccessibility(label: label, isDecorative: isDecorative))
  }

  /// One image: a name or a path, or `{"path": …, "template": true}` for an asset drawn as a template image.
  private func image(_ value: JSONValue, at path: JSONPath) -> ImageSource? {
    if case .object = value.kind {
      guard let object = fields.object(value, at: path, allowed: ["path", "template"]) else { return nil }
      guard let pathValue = object["path"] else {
        fields.refuse(value, at: path, expected: "a \"path\" under assets/")
        return nil
      }
      let template = object["template"].flatMap { fields.bool($0, at: path.appending("template")) } ?? false
      guard let text = fields.string(pathValue, at: path.appending("path")) else { return nil }
      return assetPath(text, pathValue, at: path.appending("path")).map { template ? .template($0) : .asset($0) }
    }
    guard let text = fields.string(value, at: path) else { return nil }
    if text.hasPrefix("symbol:") {
      let symbol: SymbolName? = named(
        text, prefix: "symbol:", value, at: path,
        expected: { _ in "one of Blankslate's symbols (README lists them; the gallery's symbols page shows them)" })
      return symbol.map(ImageSource.symbol)
    }
    if !text.hasPrefix("builtin:"), let colon = text.firstIndex(of: ":"), !text[..<colon].contains("/"),
      text[..<colon].count > 1
    {
      // `sf:heart`, `https://…`: a scheme this format does not know, not a path.
      let scheme = text[...colon]
      let rest = String(text[text.index(after: colon)...])
      let near = SymbolName(rawValue: rest).map { "; did you mean \"symbol:\($0.rawValue)\"?" } ?? ""
      fields.refuse(
        value, at: path,
        expected:
          "\"builtin:NAME\", \"symbol:NAME\" or a path under assets/ (\"\(scheme)\" is not an image source\(near))")
      return nil
    }
    if text.hasPrefix("builtin:") {
      let builtin: BuiltinImage? = named(
        text, prefix: "builtin:", value, at: path,
        expected: { "a built-in image (" + $0.joined(separator: ", ") + ") or a path under assets/" })
      return builtin.map(ImageSource.builtin)
    }
    return assetPath(text, value, at: path).map(ImageSource.asset)
  }

  /// `text` as a file under the site's `assets/`, or nil with the reason reported.
  private func assetPath(_ text: String, _ value: JSONValue, at path: JSONPath) -> String? {
    switch assets.resolve(text) {
    case .success(let relative):
      return relative
    case .failure(.outsideAssets):
      fields.report(.assetOutsideSite(fields.location(path, value), path: text))
    case .failure(.missing):
      fields.report(.assetMissing(fields.location(path, value), path: text))
    case .failure(.unsupportedType(let allowed)):
      fields.refuse(
        value, at: path, expected: "an image file ending in " + allowed.map { "." + $0 }.joined(separator: " or "))
    }
    return nil
  }

  /// `PREFIX:NAME` as one of `Name`'s cases; an unknown name is reported with
  /// `expected` (given every written name) and the nearest as a suggestion.
  private func named<Name: RawRepresentable & CaseIterable>(
    _ text: String, prefix: String, _ value: JSONValue, at path: JSONPath, expected: ([String]) -> String
  ) -> Name? where Name.RawValue == String {
    if let name = Name(rawValue: String(text.dropFirst(prefix.count))) { return name }
    let names = Name.allCases.map { prefix + $0.rawValue }
    fields.report(
      .invalidValue(fields.location(path, value), found: value.excerpt, expected: expected(names), allowed: names))
    return nil
  }

  func button(_ value: JSONValue, at path: JSONPath) -> ButtonDefinition? {
    let shape = PropertyKey.buttonShape
    guard let object = fields.object(value, at: path, allowed: shape.fieldNames) else { return nil }
    var button = ButtonDefinition()
    if let v = object["id"] { button.id = fields.identifier(v, at: path.appending("id")) }
    if let v = object["style"] {
      button.style = fields.choice(v, at: path.appending("style"), among: ButtonStyle.allCases, what: "a button style")
    }
    if let v = object["title"] { button.title = fields.text(v, at: path.appending("title")) }
    if let v = object["textColor"] { button.textColor = fields.color(v, at: path.appending("textColor")) }
    if let v = object["background"] { button.background = fields.color(v, at: path.appending("background")) }
    if let v = object["size"] { button.size = fields.size(v, at: path.appending("size")) }
    if let v = object["cornerRadius"] {
      let range = shape.field("cornerRadius")?.numberRange ?? PropertyKey.points
      button.cornerRadius = fields.number(
        v, at: path.appending("cornerRadius"), minimum: range.lowerBound, maximum: range.upperBound)
    }
    if let v = object["font"] { button.font = fields.font(v, at: path.appending("font")) }
    if let v = object["role"] {
      button.role = fields.choice(v, at: path.appending("role"), among: ButtonRole.allCases, what: "a button role")
    }
    if let v = object["controlSize"] {
      button.controlSize = fields.choice(
        v, at: path.appending("controlSize"), among: ControlSize.allCases, what: "a button size")
    }
    if let v = object["symbol"] {
      button.symbol = fields.choice(v, at: path.appending("symbol"), among: SymbolName.allCases, what: "a symbol")
    }
    if let v = object["accessibilityLabel"] {
      button.accessibilityLabel = fields.text(v, at: path.appending("accessibilityLabel"))
    }
    return button
  }

  func spacing(_ value: JSONValue, at path: JSONPath, shape: ValueShape) -> Spacing? {
    guard let object = fields.object(value, at: path, allowed: shape.fieldNames) else { return nil }
    var spacing = Spacing()
    func gap(_ key: String) -> Double? {
      let range = shape.field(key)?.numberRange ?? 0...0
      return object[key].flatMap {
        fields.number($0, at: path.appending(key), minimum: range.lowerBound, maximum: range.upperBound)
      }
    }
    spacing.imageToTitle = gap("imageToTitle")
    spacing.titleToMessage = gap("titleToMessage")
    spacing.messageToButton = gap("messageToButton")
    spacing.betweenButtons = gap("betweenButtons")
    return spacing
  }

  /// A number for every side, or `[top, leading, bottom, trailing]`.
  func margins(_ value: JSONValue, at path: JSONPath, range: ClosedRange<Double>) -> Insets? {
    if case .number = value.kind {
      return fields.number(value, at: path, minimum: range.lowerBound, maximum: range.upperBound).map(
        Insets.init(all:))
    }
    guard let items = fields.array(value, at: path, of: "margins: top, leading, bottom, trailing") else { return nil }
    guard items.count == 4 else {
      fields.refuse(value, at: path, expected: "a number, or four numbers [top, leading, bottom, trailing]")
      return nil
    }
    let sides = items.enumerated().map {
      fields.number($1, at: path.appending($0), minimum: range.lowerBound, maximum: range.upperBound)
    }
    guard let top = sides[0], let leading = sides[1], let bottom = sides[2], let trailing = sides[3] else {
      return nil
    }
    return Insets(top: top, leading: leading, bottom: bottom, trailing: trailing)
  }

  func customView(_ value: JSONValue, at path: JSONPath, allowed: [String]) -> CustomViewDefinition? {
    guard let object = fields.object(value, at: path, allowed: allowed) else { return nil }
    var custom = CustomViewDefinition()
    if let v = object["size"] { custom.size = fields.size(v, at: path.appending("size")) }
    if let v = object["background"] { custom.background = fields.color(v, at: path.appending("background")) }
    if let v = object["text"] { custom.text = fields.text(v, at: path.appending("text")) }
    if let v = object["textColor"] { custom.textColor = fields.color(v, at: path.appending("textColor")) }
    if let v = object["font"] { custom.font = fields.font(v, at: path.appending("font")) }
    if let v = object["accessibilityLabel"] {
      custom.accessibilityLabel = fields.text(v, at: path.appending("accessibilityLabel"))
    }
    return custom
  }

  func chrome(_ value: JSONValue, at path: JSONPath, allowed: [String]) -> ChromeDefinition? {
    guard let object = fields.object(value, at: path, allowed: allowed) else { return nil }
    var chrome = ChromeDefinition()
    if let v = object["navigationTitle"] {
      chrome.navigationTitle = fields.text(v, at: path.appending("navigationTitle"))
    }
    if let v = object["tabBar"] { decodeTabBar(v, at: path.appending("tabBar"), into: &chrome) }
    if let v = object["navigationBar"] { chrome.navigationBar = fields.bool(v, at: path.appending("navigationBar")) }
    if let v = object["navigationTitleDisplayMode"] {
      chrome.navigationTitleDisplayMode = fields.choice(
        v, at: path.appending("navigationTitleDisplayMode"), among: TitleDisplayMode.allCases,
        what: "a title display mode")
    }
    return chrome
  }

  /// `true`/`false`, or `{items: [{title, symbol}], selected}`: the app's own tabs.
  private func decodeTabBar(_ value: JSONValue, at path: JSONPath, into chrome: inout ChromeDefinition) {
    if case .bool = value.kind {
      chrome.tabBar = fields.bool(value, at: path)
      return
    }
    let shape = PropertyKey.chrome.declaration.shape.field("tabBar") ?? .bool
    guard let object = fields.object(value, at: path, allowed: shape.fieldNames) else { return }
    chrome.tabBar = true
    let itemsShape = shape.field("items") ?? .bool
    if let v = object["items"], let items = fields.array(v, at: path.appending("items"), of: "tabs") {
      guard itemsShape.count.contains(items.count) else {
        fields.report(
          .invalidValue(
            fields.location(path.appending("items"), v), found: "\(items.count) tabs",
            expected: "from \(itemsShape.count.lowerBound) to \(itemsShape.count.upperBound) tabs", allowed: []))
        return
      }
      chrome.tabItems = items.enumerated().compactMap { index, item in
        let itemPath = path.appending("items").appending(index)
        guard let fieldsOfItem = fields.object(item, at: itemPath, allowed: PropertyKey.tabItemShape.fieldNames)
        else { return nil }
        var tab = TabItem()
        if let t = fieldsOfItem["title"] { tab.title = fields.text(t, at: itemPath.appending("title")) }
        if let s = fieldsOfItem["symbol"] {
          tab.symbol = fields.choice(s, at: itemPath.appending("symbol"), among: SymbolName.allCases, what: "a symbol")
        }
        return tab
      }
    }
    if let v = object["selected"] {
      let count = chrome.tabItems?.count ?? 4
      chrome.selectedTab = fields.integer(v, at: path.appending("selected"), minimum: 0, maximum: count - 1)
    }
  }
}
