import BlankslateSupport

extension StoredDesign {
  /// Reads what `Writer` wrote, refusing what the decoder would refuse.
  struct Reader {
    var fields: Netstrings
    let expected: Expected
    /// The design's layout, once read: a property it does not read is refused.
    var layout = LayoutKind.contentUnavailable
    /// The locale tags read so far.
    var locales: [String] = []

    init(fields: Netstrings, expected: Expected) {
      self.fields = fields
      self.expected = expected
    }

    mutating func design() -> (Design, SourcePosition)? {
      guard let id = string(), Identifier.isValid(id), let name = string(),
        let layout = choice(LayoutKind.self), let tagCount = fields.count()
      else { return nil }
      self.layout = layout
      var tags: [String] = []
      var seen: Set<String> = []
      for _ in 0..<tagCount {
        guard let tag = string(), !tag.isEmpty, tag.count <= 64, seen.insert(tag).inserted else { return nil }
        tags.append(tag)
      }
      guard let idPosition = position(), let variantCount = fields.count(),
        (1...expected.limits.variantsPerDesign).contains(variantCount)
      else { return nil }
      var variants: [Variant] = []
      var ids: Set<String> = []
      for _ in 0..<variantCount {
        guard let variant = variant(), ids.insert(variant.id).inserted else { return nil }
        variants.append(variant)
      }
      let design = Design(
        id: id, name: name, layout: layout, tags: tags, variants: variants, sourceFile: expected.sourceFile,
        sourceHash: expected.sourceHash)
      return (design, idPosition)
    }

    mutating func position() -> SourcePosition? {
      guard let line = fields.count(), let column = fields.count(), line >= 1, column >= 1 else { return nil }
      return SourcePosition(line: line, column: column)
    }

    mutating func variant() -> Variant? {
      guard let id = string(), Identifier.isValid(id), let name = string(), let place = fields.count(),
        place <= expected.limits.variantsPerDesign, let position = position(), let ruleCount = fields.count()
      else { return nil }
      let path = place == 0 ? JSONPath.root : JSONPath.root.appending("variants").appending(place - 1)
      var suppressions: [Suppression] = []
      for _ in 0..<ruleCount {
        guard let rule = choice(LintRule.self), let present = fields.count(), present < 4 else { return nil }
        func text(_ limit: Int) -> String? {
          guard let text = string(), !text.trimmingWhitespace.isEmpty, text.count <= limit else { return nil }
          return text
        }
        let element = present & 1 == 0 ? nil : text(200)
        let value = present & 2 == 0 ? nil : text(200)
        guard present & 1 == 0 || element != nil, present & 2 == 0 || value != nil, let reason = text(500) else {
          return nil
        }
        suppressions.append(Suppression(rule: rule, element: element, value: value, reason: reason))
      }
      guard let properties = properties() else { return nil }
      return Variant(
        id: id, name: name, properties: properties, path: path, position: position, suppressions: suppressions)
    }

    mutating func properties() -> Properties? {
      guard let count = fields.count() else { return nil }
      var properties = Properties()
      var last = -1
      for _ in 0..<count {
        // Each key once, in declaration order, and one the layout reads.
        guard let index = fields.count(), index > last, index < PropertyKey.allCases.count else { return nil }
        let key = PropertyKey.allCases[index]
        guard value(of: key, into: &properties),
          layout.reads(key) || Self.isLaidByTheOtherButtonKey(key, properties)
        else { return nil }
        last = index
      }
      return properties
    }

    /// Whether `key` holds what `Properties.laid(over:)` writes in it for the
    /// other key of buttons, which a layout may read alone: `"button": null`
    /// leaves `buttons` empty, `"buttons": []` leaves `button` null.
    static func isLaidByTheOtherButtonKey(_ key: PropertyKey, _ properties: Properties) -> Bool {
      switch key {
      case .buttons: properties.buttons == []
      case .button: properties.button == .null
      default: false
      }
    }

    /// One property's value, in the range, count and choices its declaration gives.
    mutating func value(of key: PropertyKey, into properties: inout Properties) -> Bool {
      // A value that did not read leaves its property unwritten: the record is refused.
      key.codec.read(&self, key.declaration.shape, &properties) && properties.writes(key)
    }

    /// A text of the site's length limit, in characters (counted only when the bytes could exceed it).
    mutating func string() -> String? {
      guard let text = fields.definitionText() else { return nil }
      let limit = expected.limits.textLength
      if text.utf8.count > limit, text.count > limit { return nil }
      return text
    }

    mutating func number(in range: ClosedRange<Double>) -> Double? {
      fields.number().flatMap { range.contains($0) ? $0 : nil }
    }

    mutating func text() -> LocalizedText? {
      guard let count = fields.count() else { return nil }
      if count == 0 { return string().map(LocalizedText.init) }
      var entries: [(locale: String?, text: String)] = []
      entries.reserveCapacity(min(count, 64))
      // A few locales are compared in place; past eight, a set keeps the read linear (72,000 took minutes).
      var seen: Set<String> = []
      for _ in 0..<count {
        guard let locale = locale() else { return nil }
        if entries.count < 8 {
          guard !entries.contains(where: { $0.locale == locale }) else { return nil }
        } else {
          if seen.isEmpty { seen = Set(entries.compactMap(\.locale)) }
          guard seen.insert(locale).inserted else { return nil }
        }
        guard let text = string() else { return nil }
        entries.append((locale, text))
      }
      return LocalizedText(localeEntries: entries)
    }

    mutating func color(perTheme: Bool = true) -> ColorValue? {
      switch fields.count() {
      case 0?:
        var channels: [UInt8] = []
        for _ in 0..<4 {
          guard let channel = fields.count(), channel <= 255 else { return nil }
          channels.append(UInt8(channel))
        }
        return .fixed(RGBA(red: channels[0], green: channels[1], blue: channels[2], alpha: channels[3]))
      case 1?:
        guard let index = fields.count(), ColorValue.uikitNames.indices.contains(index) else { return nil }
        let named = ColorValue.uikitNames[index]
        return .named(named.name, named.rgba)
      case 2?:
        return choice(SemanticColor.self).map(ColorValue.semantic)
      case 3? where perTheme:
        guard let light = color(perTheme: false), let dark = color(perTheme: false) else { return nil }
        return .perTheme(light: light, dark: dark)
      default:
        return nil
      }
    }

    mutating func font() -> FontSpec? {
      let size: FontSpec.Size
      switch fields.count() {
      case 0?:
        guard let points = number(in: FontSpec.points) else { return nil }
        size = .fixed(points)
      case 1?:
        guard let style = choice(TextStyle.self) else { return nil }
        size = .style(style)
      case 2?:
        guard let points = number(in: FontSpec.points) else { return nil }
        size = .scaled(points)
      default:
        return nil
      }
      // 0 for none, else the weight's place among the cases and one.
      guard let weight = fields.count(), weight <= FontWeight.allCases.count else { return nil }
      return FontSpec(size: size, weight: weight == 0 ? nil : FontWeight.allCases[weight - 1])
    }

    /// `[width, height]`, as `FieldDecoder.size` takes it.
    mutating func size() -> Size? {
      let range = 0...PropertyKey.points.upperBound
      guard let width = number(in: range), let height = number(in: range) else { return nil }
      return Size(width: width, height: height)
    }

    mutating func image(perLocale: Bool = true) -> ImageValue? {
      switch fields.count() {
      case 0?:
        return source().map(ImageValue.one)
      case 1?:
        guard let light = source(), let dark = source() else { return nil }
        return .perTheme(light: light, dark: dark)
      case 2? where perLocale:
        guard let count = fields.count(), count >= 1 else { return nil }
        var entries: [ImageValue.LocaleImage] = []
        for _ in 0..<count {
          guard let locale = locale(), let image = image(perLocale: false) else {
            return nil
          }
          entries.append(ImageValue.LocaleImage(locale: locale, image: image))
        }
        return .perLocale(entries)
      case 3? where perLocale:
        guard let image = image(), image.accessibility == nil, let present = mask(of: 2),
          let label = field(present[0], { $0.text() })
        else { return nil }
        return .described(image, ImageAccessibility(label: label, isDecorative: present[1]))
      default:
        return nil
      }
    }

    /// An image source; a file only when this load resolved it.
    mutating func source() -> ImageSource? {
      switch fields.count() {
      case 0?: return choice(BuiltinImage.self).map(ImageSource.builtin)
      case 1?: return resolvedPath().map(ImageSource.asset)
      case 2?: return resolvedPath().map(ImageSource.template)
      case 3?: return choice(SymbolName.self).map(ImageSource.symbol)
      default: return nil
      }
    }

    mutating func resolvedPath() -> String? {
      guard let path = fields.text(), expected.assets.values.contains(path) else { return nil }
      return path
    }

    /// The fields a mask of `count` bits says are written, or nil for a mask of more bits.
    mutating func mask(of count: Int) -> [Bool]? {
      guard let mask = fields.count(), mask < 1 << count else { return nil }
      return (0..<count).map { mask & 1 << $0 != 0 }
    }

    mutating func button() -> ButtonDefinition? {
      guard let present = mask(of: 12) else { return nil }
      let radius = PropertyKey.buttonShape.field("cornerRadius")?.numberRange ?? PropertyKey.points
      guard let title = field(present[0], { $0.text() }), let textColor = field(present[1], { $0.color() }),
        let background = field(present[2], { $0.color() }), let size = field(present[3], { $0.size() }),
        let cornerRadius = field(present[4], { $0.number(in: radius) }), let font = field(present[5], { $0.font() }),
        let style = field(present[6], { $0.choice(ButtonStyle.self) }),
        let role = field(present[7], { $0.choice(ButtonRole.self) }),
        let controlSize = field(present[8], { $0.choice(ControlSize.self) }),
        let symbol = field(present[9], { $0.choice(SymbolName.self) }),
        let id = field(present[10], { $0.string().flatMap { Identifier.isValid($0) ? $0 : nil } }),
        let label = field(present[11], { $0.text() })
      else { return nil }
      var button = ButtonDefinition()
      (button.title, button.textColor, button.background, button.size) = (title, textColor, background, size)
      (button.cornerRadius, button.font, button.style, button.role) = (cornerRadius, font, style, role)
      (button.controlSize, button.symbol, button.id, button.accessibilityLabel) = (controlSize, symbol, id, label)
      return button
    }

    mutating func customView() -> CustomViewDefinition? {
      guard let present = mask(of: 6), let size = field(present[0], { $0.size() }),
        let background = field(present[1], { $0.color() }), let text = field(present[2], { $0.text() }),
        let textColor = field(present[3], { $0.color() }), let font = field(present[4], { $0.font() }),
        let label = field(present[5], { $0.text() })
      else { return nil }
      var custom = CustomViewDefinition()
      (custom.size, custom.background, custom.text, custom.textColor, custom.font, custom.accessibilityLabel) = (
        size, background, text, textColor, font, label
      )
      return custom
    }

    mutating func chrome() -> ChromeDefinition? {
      let tabBar = PropertyKey.chrome.declaration.shape.field("tabBar")
      let itemCount = tabBar?.field("items")?.count ?? 2...5
      let selected = tabBar?.field("selected")?.integerRange ?? 0...4
      guard let present = mask(of: 6), let title = field(present[0], { $0.text() }),
        let shown = field(present[1], { $0.fields.flag() }),
        let items = field(present[2], { $0.tabItems(count: itemCount) }),
        let selection = field(present[3], { $0.fields.count().flatMap { selected.contains($0) ? $0 : nil } }),
        let bar = field(present[4], { $0.fields.flag() }),
        let mode = field(present[5], { $0.choice(TitleDisplayMode.self) })
      else { return nil }
      var chrome = ChromeDefinition()
      (chrome.navigationTitle, chrome.tabBar, chrome.tabItems, chrome.selectedTab) = (title, shown, items, selection)
      (chrome.navigationBar, chrome.navigationTitleDisplayMode) = (bar, mode)
      return chrome
    }

    mutating func tabItems(count allowed: ClosedRange<Int>) -> [TabItem]? {
      guard let count = fields.count(), allowed.contains(count) else { return nil }
      var items: [TabItem] = []
      for _ in 0..<count {
        guard let parts = mask(of: 2), let title = field(parts[0], { $0.text() }),
          let symbol = field(parts[1], { $0.choice(SymbolName.self) })
        else { return nil }
        items.append(TabItem(title: title, symbol: symbol))
      }
      return items
    }

    /// One of a choice's raw values.
    mutating func choice<Choice: CaseIterable>(_: Choice.Type) -> Choice?
    where Choice.AllCases: RandomAccessCollection, Choice.AllCases.Index == Int {
      guard let index = fields.count(), Choice.allCases.indices.contains(index) else { return nil }
      return Choice.allCases[index]
    }

    /// A locale tag; the few a site has are made into strings once a record.
    mutating func locale() -> String? {
      guard let tag = fields.text(among: &locales), LocaleTag.isValid(tag) else { return nil }
      return tag
    }

    /// A field a mask says is written, read by `read`: `.some(nil)` when it is
    /// not written, nil when it is and does not read.
    mutating func field<Value>(_ isPresent: Bool, _ read: (inout Reader) -> Value?) -> Value?? {
      guard isPresent else { return .some(nil) }
      guard let value = read(&self) else { return nil }
      return .some(value)
    }
  }
}
