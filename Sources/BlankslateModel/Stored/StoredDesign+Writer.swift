import BlankslateSupport

extension StoredDesign {
  /// Writes a design as netstrings, in the order `Reader` reads them back.
  struct Writer {
    var writer: Netstrings.Writer

    mutating func design(_ design: Design, idPosition: SourcePosition) {
      writer.text(design.id)
      writer.text(design.name)
      choice(design.layout)
      writer.count(design.tags.count)
      for tag in design.tags { writer.text(tag) }
      position(idPosition)
      writer.count(design.variants.count)
      for variant in design.variants { self.variant(variant) }
    }

    mutating func position(_ position: SourcePosition) {
      writer.count(position.line)
      writer.count(position.column)
    }

    mutating func variant(_ variant: Variant) {
      writer.text(variant.id)
      writer.text(variant.name)
      // The root (a design without `variants`), or `variants[N]`.
      if case .index(let index)? = variant.path.components.last, variant.path.components.count == 2 {
        writer.count(index + 1)
      } else {
        writer.count(0)
      }
      position(variant.position)
      writer.count(variant.suppressions.count)
      for suppression in variant.suppressions {
        choice(suppression.rule)
        writer.count(Self.mask([suppression.element != nil, suppression.value != nil]))
        if let element = suppression.element { writer.text(element) }
        if let value = suppression.value { writer.text(value) }
        writer.text(suppression.reason)
      }
      properties(variant.properties)
    }

    mutating func properties(_ properties: Properties) {
      let keys = PropertyKey.allCases.filter(properties.writes)
      writer.count(keys.count)
      for key in keys {
        choice(key)
        value(of: key, in: properties)
      }
    }

    /// One property's value (written: `Properties.writes` says so), as its codec keeps it.
    mutating func value(of key: PropertyKey, in properties: Properties) {
      key.codec.store(properties, &self)
    }

    /// Which of `values` are written (one bit each, first lowest), then each of them.
    mutating func optionals<Value>(_ values: [Value?], _ write: (inout Writer, Value) -> Void) {
      var mask = 0
      for (index, value) in values.enumerated() where value != nil { mask |= 1 << index }
      writer.count(mask)
      for value in values {
        if let value { write(&self, value) }
      }
    }

    mutating func text(_ text: LocalizedText?) {
      let entries = text?.entries ?? []
      if entries.count == 1, entries[0].locale == nil {
        writer.count(0)
        writer.text(entries[0].text)
        return
      }
      writer.count(entries.count)
      for entry in entries {
        writer.text(entry.locale ?? "")
        writer.text(entry.text)
      }
    }

    mutating func color(_ color: ColorValue?) {
      switch color ?? .semantic(.label) {
      case .fixed(let rgba):
        writer.count(0)
        for channel in [rgba.red, rgba.green, rgba.blue, rgba.alpha] { writer.count(Int(channel)) }
      case .named(let name, _):
        writer.count(1)
        writer.count(ColorValue.uikitNames.firstIndex { $0.name == name } ?? 0)
      case .semantic(let semantic):
        writer.count(2)
        choice(semantic)
      case .perTheme(let light, let dark):
        writer.count(3)
        self.color(light)
        self.color(dark)
      }
    }

    mutating func font(_ font: FontSpec?) {
      let font = font ?? FontSpec(size: .style(.body))
      switch font.size {
      case .fixed(let points):
        writer.count(0)
        writer.number(points)
      case .style(let style):
        writer.count(1)
        choice(style)
      case .scaled(let points):
        writer.count(2)
        writer.number(points)
      }
      writer.count(font.weight.map { FontWeight.allCases.firstIndex(of: $0).map { $0 + 1 } ?? 0 } ?? 0)
    }

    mutating func size(_ size: Size?) {
      writer.number(size?.width ?? 0)
      writer.number(size?.height ?? 0)
    }

    mutating func image(_ image: ImageValue) {
      switch image {
      case .one(let source):
        writer.count(0)
        self.source(source)
      case .perTheme(let light, let dark):
        writer.count(1)
        source(light)
        source(dark)
      case .perLocale(let entries):
        writer.count(2)
        writer.count(entries.count)
        for entry in entries {
          writer.text(entry.locale)
          self.image(entry.image)
        }
      case .described(let image, let accessibility):
        writer.count(3)
        self.image(image)
        writer.count(Self.mask([accessibility.label != nil, accessibility.isDecorative]))
        if let label = accessibility.label { text(label) }
      }
    }

    mutating func source(_ source: ImageSource) {
      switch source {
      case .builtin(let builtin):
        writer.count(0)
        choice(builtin)
      case .asset(let path):
        writer.count(1)
        writer.text(path)
      case .template(let path):
        writer.count(2)
        writer.text(path)
      case .symbol(let symbol):
        writer.count(3)
        choice(symbol)
      }
    }

    mutating func button(_ button: ButtonDefinition) {
      writer.count(
        Self.mask([
          button.title != nil, button.textColor != nil, button.background != nil, button.size != nil,
          button.cornerRadius != nil, button.font != nil, button.style != nil, button.role != nil,
          button.controlSize != nil, button.symbol != nil, button.id != nil, button.accessibilityLabel != nil,
        ]))
      if let title = button.title { text(title) }
      if let color = button.textColor { self.color(color) }
      if let color = button.background { self.color(color) }
      if let size = button.size { self.size(size) }
      if let radius = button.cornerRadius { writer.number(radius) }
      if let font = button.font { self.font(font) }
      if let style = button.style { choice(style) }
      if let role = button.role { choice(role) }
      if let size = button.controlSize { choice(size) }
      if let symbol = button.symbol { choice(symbol) }
      if let id = button.id { writer.text(id) }
      if let label = button.accessibilityLabel { text(label) }
    }

    mutating func customView(_ custom: CustomViewDefinition) {
      writer.count(
        Self.mask([
          custom.size != nil, custom.background != nil, custom.text != nil, custom.textColor != nil, custom.font != nil,
          custom.accessibilityLabel != nil,
        ]))
      if let size = custom.size { self.size(size) }
      if let color = custom.background { self.color(color) }
      if let text = custom.text { self.text(text) }
      if let color = custom.textColor { self.color(color) }
      if let font = custom.font { self.font(font) }
      if let label = custom.accessibilityLabel { text(label) }
    }

    mutating func chrome(_ chrome: ChromeDefinition) {
      writer.count(
        Self.mask([
          chrome.navigationTitle != nil, chrome.tabBar != nil, chrome.tabItems != nil, chrome.selectedTab != nil,
          chrome.navigationBar != nil, chrome.navigationTitleDisplayMode != nil,
        ]))
      if let title = chrome.navigationTitle { text(title) }
      if let tabBar = chrome.tabBar { writer.flag(tabBar) }
      if let items = chrome.tabItems {
        writer.count(items.count)
        for item in items {
          writer.count(Self.mask([item.title != nil, item.symbol != nil]))
          if let title = item.title { text(title) }
          if let symbol = item.symbol { choice(symbol) }
        }
      }
      if let selected = chrome.selectedTab { writer.count(selected) }
      if let shown = chrome.navigationBar { writer.flag(shown) }
      if let mode = chrome.navigationTitleDisplayMode { choice(mode) }
    }

    /// A case of a fixed set, as its place among the cases (the file names
    /// the tool that wrote it, so the order is this build's).
    mutating func choice<Choice: CaseIterable & Equatable>(_ value: Choice) {
      writer.count(
        Choice.allCases.firstIndex(of: value).map { Choice.allCases.distance(from: Choice.allCases.startIndex, to: $0) }
          ?? 0)
    }

    /// One bit a flag, the first lowest.
    static func mask(_ flags: [Bool]) -> Int {
      flags.enumerated().reduce(0) { $0 | ($1.element ? 1 << $1.offset : 0) }
    }
  }
}
