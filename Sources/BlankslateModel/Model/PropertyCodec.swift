import BlankslateSupport

/// A kind of value a property holds, in every form the tool keeps it:
/// decoded from a definition, kept on disk for the next build
/// (`StoredDesign`), and shown as JSON (a page's resolved definition, the
/// definition record beside the goldens). Each kind writes its forms once;
/// a property names only its field and its kind (`PropertyKey.codec`).
protocol PropertyKind {
  associatedtype Value: Sendable, Equatable
  /// The value as a definition writes it; a text shows a window of its translations around `locale` (nil: all).
  static func json(_ value: Value, around locale: String?) -> JSONDocument
  /// Writes the value as `StoredDesign` keeps it.
  static func store(_ value: Value, in writer: inout StoredDesign.Writer)
  /// The value `store` wrote, in `shape`'s ranges; nil when any part is out of place.
  static func read(from reader: inout StoredDesign.Reader, shape: ValueShape) -> Value?
  /// The value a definition writes at `path`, for a design of `layout` when
  /// known; nil when it does not decode (the problem is reported).
  static func decode(
    _ value: JSONValue, at path: JSONPath, shape: ValueShape, layout: LayoutKind?, by decoder: PropertiesDecoder
  ) -> Value?
}

/// How one property's field of `Properties` is tested, laid over a design's,
/// and shown: made from the field's getter and setter and its value's
/// kind, so that every form follows from the one declaration.
struct PropertyCodec: Sendable {
  /// Whether the properties write it (`null` counts).
  let writes: @Sendable (Properties) -> Bool
  /// Lays `top`'s field over `result`'s (which holds the base's).
  let lay: @Sendable (_ top: Properties, _ result: inout Properties) -> Void
  /// The value as a definition writes it; nil when not written.
  let json: @Sendable (Properties, _ locale: String?) -> JSONDocument?
  /// Writes the value (written: `writes` is true) as `StoredDesign` keeps it.
  let store: @Sendable (Properties, inout StoredDesign.Writer) -> Void
  /// Reads the value into the properties; false when it does not read.
  let read: @Sendable (inout StoredDesign.Reader, ValueShape, inout Properties) -> Bool
  /// Decodes a definition's value into the properties (left unwritten when it does not decode).
  let decode: @Sendable (JSONValue, JSONPath, ValueShape, LayoutKind?, PropertiesDecoder, inout Properties) -> Void

  /// A property that is written or not (`nil`), read and written through
  /// `get` and `set` (closures, not key paths: a key path is made at run time
  /// from its mangled types, 2.5 million instructions for the thirty, and each
  /// use walks it; `bench/rebuild_callgrind.sh`).
  static func optional<Kind: PropertyKind>(
    _ get: @escaping @Sendable (Properties) -> Kind.Value?,
    _ set: @escaping @Sendable (inout Properties, Kind.Value?) -> Void, _: Kind.Type,
    lay: (@Sendable (Kind.Value, Kind.Value?) -> Kind.Value)? = nil
  ) -> PropertyCodec {
    PropertyCodec(
      writes: { get($0) != nil },
      lay: { top, result in
        guard let value = get(top) else { return }
        set(&result, lay.map { $0(value, get(result)) } ?? value)
      },
      json: { properties, locale in get(properties).map { Kind.json($0, around: locale) } },
      store: { properties, writer in
        if let value = get(properties) { Kind.store(value, in: &writer) }
      },
      read: { reader, shape, properties in
        guard let value = Kind.read(from: &reader, shape: shape) else { return false }
        set(&properties, value)
        return true
      },
      decode: { value, path, shape, layout, decoder, properties in
        set(&properties, Kind.decode(value, at: path, shape: shape.unwrapped, layout: layout, by: decoder))
      })
  }

  /// A property that is absent, written as `null` (the layout's part left out), or a value.
  static func nullable<Kind: PropertyKind>(
    _ get: @escaping @Sendable (Properties) -> Nullable<Kind.Value>,
    _ set: @escaping @Sendable (inout Properties, Nullable<Kind.Value>) -> Void, _: Kind.Type
  ) -> PropertyCodec {
    PropertyCodec(
      writes: { if case .absent = get($0) { false } else { true } },
      lay: { top, result in
        let value = get(top)
        if case .absent = value { return }
        set(&result, value)
      },
      json: { properties, locale in get(properties).json { Kind.json($0, around: locale) } },
      store: { properties, writer in
        if case .value(let value) = get(properties) {
          writer.writer.count(1)
          Kind.store(value, in: &writer)
        } else {
          writer.writer.count(0)
        }
      },
      read: { reader, shape, properties in
        guard let present = reader.fields.count(), present <= 1 else { return false }
        guard present == 1 else {
          set(&properties, .null)
          return true
        }
        guard let value = Kind.read(from: &reader, shape: shape.unwrapped) else { return false }
        set(&properties, .value(value))
        return true
      },
      decode: { value, path, shape, layout, decoder, properties in
        if case .null = value.kind {
          set(&properties, .null)
        } else if let decoded = Kind.decode(value, at: path, shape: shape.unwrapped, layout: layout, by: decoder) {
          set(&properties, .value(decoded))
        }
      })
  }
}

extension PropertyKey {
  /// Where this property lives in `Properties`, and so how it is decoded,
  /// laid and shown (made once: every variant is laid over its design).
  var codec: PropertyCodec { Self.codecs[order] }

  private static let codecs = allCases.map(\.madeCodec)

  /// The one place a property is tied to its field.
  private var madeCodec: PropertyCodec {
    switch self {
    case .state: .optional({ $0.state }, { $0.state = $1 }, ContentState.self)
    case .title: .optional({ $0.title }, { $0.title = $1 }, LocalizedText.self)
    case .message: .optional({ $0.message }, { $0.message = $1 }, LocalizedText.self)
    case .titleColor: .optional({ $0.titleColor }, { $0.titleColor = $1 }, ColorValue.self)
    case .messageColor: .optional({ $0.messageColor }, { $0.messageColor = $1 }, ColorValue.self)
    case .background: .optional({ $0.background }, { $0.background = $1 }, ColorValue.self)
    case .titleFont: .optional({ $0.titleFont }, { $0.titleFont = $1 }, FontSpec.self)
    case .messageFont: .optional({ $0.messageFont }, { $0.messageFont = $1 }, FontSpec.self)
    case .image: .nullable({ $0.image }, { $0.image = $1 }, ImageValue.self)
    case .imageTint: .optional({ $0.imageTint }, { $0.imageTint = $1 }, ColorValue.self)
    case .imageSize: .optional({ $0.imageSize }, { $0.imageSize = $1 }, Size.self)
    case .button: .nullable({ $0.button }, { $0.button = $1 }, ButtonDefinition.self)
    case .buttons: .optional({ $0.buttons }, { $0.buttons = $1 }, ListOf<ButtonDefinition>.self)
    case .spacing: .optional({ $0.spacing }, { $0.spacing = $1 }, Spacing.self)
    case .margins: .optional({ $0.margins }, { $0.margins = $1 }, Insets.self)
    case .messageBackground: .optional({ $0.messageBackground }, { $0.messageBackground = $1 }, ColorValue.self)
    case .textAlignment: .optional({ $0.textAlignment }, { $0.textAlignment = $1 }, TextAlignment.self)
    case .query: .optional({ $0.query }, { $0.query = $1 }, LocalizedText.self)
    case .offsetY: .optional({ $0.offsetY }, { $0.offsetY = $1 }, Points.self)
    case .headerHeight: .optional({ $0.headerHeight }, { $0.headerHeight = $1 }, Points.self)
    case .sections: .optional({ $0.sections }, { $0.sections = $1 }, ListOf<RowCount>.self)
    case .scrollEnabled: .optional({ $0.scrollEnabled }, { $0.scrollEnabled = $1 }, Flag.self)
    case .scrolls: .optional({ $0.scrolls }, { $0.scrolls = $1 }, Flag.self)
    case .customView: .nullable({ $0.customView }, { $0.customView = $1 }, CustomViewDefinition.self)
    case .loading: .optional({ $0.loading }, { $0.loading = $1 }, Flag.self)
    case .toast: .nullable({ $0.toast }, { $0.toast = $1 }, LocalizedText.self)
    // Laid key by key: a variant that asks for a large title keeps its design's title and tabs.
    case .chrome: .optional({ $0.chrome }, { $0.chrome = $1 }, ChromeDefinition.self, lay: { $0.laid(over: $1) })
    }
  }
}

// MARK: - The kinds of value

extension ContentState: PropertyKind {
  static func json(_ value: Self, around locale: String?) -> JSONDocument { .string(value.rawValue) }
  static func store(_ value: Self, in writer: inout StoredDesign.Writer) { writer.choice(value) }
  static func read(from reader: inout StoredDesign.Reader, shape: ValueShape) -> Self? {
    reader.choice(ContentState.self).flatMap { reader.layout.states.contains($0) ? $0 : nil }
  }
  static func decode(
    _ value: JSONValue, at path: JSONPath, shape: ValueShape, layout: LayoutKind?, by decoder: PropertiesDecoder
  ) -> Self? {
    decoder.fields.choice(
      value, at: path, among: layout?.states ?? ContentState.allCases,
      what: layout.map { "a state of the \($0.rawValue) layout" } ?? "a state")
  }
}

extension LocalizedText: PropertyKind {
  static func json(_ value: Self, around locale: String?) -> JSONDocument { value.json(around: locale) }
  static func store(_ value: Self, in writer: inout StoredDesign.Writer) { writer.text(value) }
  static func read(from reader: inout StoredDesign.Reader, shape: ValueShape) -> Self? { reader.text() }
  static func decode(
    _ value: JSONValue, at path: JSONPath, shape: ValueShape, layout: LayoutKind?, by decoder: PropertiesDecoder
  ) -> Self? {
    decoder.fields.text(value, at: path)
  }
}

extension ColorValue: PropertyKind {
  static func json(_ value: Self, around locale: String?) -> JSONDocument { value.json }
  static func store(_ value: Self, in writer: inout StoredDesign.Writer) { writer.color(value) }
  static func read(from reader: inout StoredDesign.Reader, shape: ValueShape) -> Self? { reader.color() }
  static func decode(
    _ value: JSONValue, at path: JSONPath, shape: ValueShape, layout: LayoutKind?, by decoder: PropertiesDecoder
  ) -> Self? {
    decoder.fields.color(value, at: path)
  }
}

extension FontSpec: PropertyKind {
  static func json(_ value: Self, around locale: String?) -> JSONDocument { value.json }
  static func store(_ value: Self, in writer: inout StoredDesign.Writer) { writer.font(value) }
  static func read(from reader: inout StoredDesign.Reader, shape: ValueShape) -> Self? { reader.font() }
  static func decode(
    _ value: JSONValue, at path: JSONPath, shape: ValueShape, layout: LayoutKind?, by decoder: PropertiesDecoder
  ) -> Self? {
    decoder.fields.font(value, at: path)
  }
}

extension ImageValue: PropertyKind {
  static func json(_ value: Self, around locale: String?) -> JSONDocument { value.json }
  static func store(_ value: Self, in writer: inout StoredDesign.Writer) { writer.image(value) }
  static func read(from reader: inout StoredDesign.Reader, shape: ValueShape) -> Self? { reader.image() }
  static func decode(
    _ value: JSONValue, at path: JSONPath, shape: ValueShape, layout: LayoutKind?, by decoder: PropertiesDecoder
  ) -> Self? {
    decoder.imageValue(value, at: path)
  }
}

extension Size: PropertyKind {
  static func json(_ value: Self, around locale: String?) -> JSONDocument { value.json }
  static func store(_ value: Self, in writer: inout StoredDesign.Writer) { writer.size(value) }
  static func read(from reader: inout StoredDesign.Reader, shape: ValueShape) -> Self? { reader.size() }
  static func decode(
    _ value: JSONValue, at path: JSONPath, shape: ValueShape, layout: LayoutKind?, by decoder: PropertiesDecoder
  ) -> Self? {
    decoder.fields.size(value, at: path)
  }
}

extension ButtonDefinition: PropertyKind {
  static func json(_ value: Self, around locale: String?) -> JSONDocument { value.json(around: locale) }
  static func store(_ value: Self, in writer: inout StoredDesign.Writer) { writer.button(value) }
  static func read(from reader: inout StoredDesign.Reader, shape: ValueShape) -> Self? { reader.button() }
  static func decode(
    _ value: JSONValue, at path: JSONPath, shape: ValueShape, layout: LayoutKind?, by decoder: PropertiesDecoder
  ) -> Self? {
    decoder.button(value, at: path)
  }
}

extension Spacing: PropertyKind {
  static func json(_ value: Self, around locale: String?) -> JSONDocument { value.json }
  static func store(_ value: Self, in writer: inout StoredDesign.Writer) {
    writer.optionals(
      [value.imageToTitle, value.titleToMessage, value.messageToButton, value.betweenButtons]
    ) { $0.writer.number($1) }
  }
  static func read(from reader: inout StoredDesign.Reader, shape: ValueShape) -> Self? {
    func gap(_ name: String) -> ClosedRange<Double> { shape.field(name)?.numberRange ?? 0...0 }
    guard let present = reader.mask(of: 4),
      let imageToTitle = reader.field(present[0], { $0.number(in: gap("imageToTitle")) }),
      let titleToMessage = reader.field(present[1], { $0.number(in: gap("titleToMessage")) }),
      let messageToButton = reader.field(present[2], { $0.number(in: gap("messageToButton")) }),
      let betweenButtons = reader.field(present[3], { $0.number(in: gap("betweenButtons")) })
    else { return nil }
    var spacing = Spacing()
    (spacing.imageToTitle, spacing.titleToMessage) = (imageToTitle, titleToMessage)
    (spacing.messageToButton, spacing.betweenButtons) = (messageToButton, betweenButtons)
    return spacing
  }
  static func decode(
    _ value: JSONValue, at path: JSONPath, shape: ValueShape, layout: LayoutKind?, by decoder: PropertiesDecoder
  ) -> Self? {
    decoder.spacing(value, at: path, shape: shape)
  }
}

extension Insets: PropertyKind {
  static func json(_ value: Self, around locale: String?) -> JSONDocument { value.json }
  static func store(_ value: Self, in writer: inout StoredDesign.Writer) {
    for side in [value.top, value.leading, value.bottom, value.trailing] { writer.writer.number(side) }
  }
  static func read(from reader: inout StoredDesign.Reader, shape: ValueShape) -> Self? {
    let range = shape.numberRange
    guard let top = reader.number(in: range), let leading = reader.number(in: range),
      let bottom = reader.number(in: range), let trailing = reader.number(in: range)
    else { return nil }
    return Insets(top: top, leading: leading, bottom: bottom, trailing: trailing)
  }
  static func decode(
    _ value: JSONValue, at path: JSONPath, shape: ValueShape, layout: LayoutKind?, by decoder: PropertiesDecoder
  ) -> Self? {
    decoder.margins(value, at: path, range: shape.numberRange)
  }
}

extension TextAlignment: PropertyKind {
  static func json(_ value: Self, around locale: String?) -> JSONDocument { .string(value.rawValue) }
  static func store(_ value: Self, in writer: inout StoredDesign.Writer) { writer.choice(value) }
  static func read(from reader: inout StoredDesign.Reader, shape: ValueShape) -> Self? {
    reader.choice(TextAlignment.self)
  }
  static func decode(
    _ value: JSONValue, at path: JSONPath, shape: ValueShape, layout: LayoutKind?, by decoder: PropertiesDecoder
  ) -> Self? {
    decoder.fields.choice(value, at: path, among: TextAlignment.allCases, what: "a text alignment")
  }
}

extension CustomViewDefinition: PropertyKind {
  static func json(_ value: Self, around locale: String?) -> JSONDocument { value.json(around: locale) }
  static func store(_ value: Self, in writer: inout StoredDesign.Writer) { writer.customView(value) }
  static func read(from reader: inout StoredDesign.Reader, shape: ValueShape) -> Self? { reader.customView() }
  static func decode(
    _ value: JSONValue, at path: JSONPath, shape: ValueShape, layout: LayoutKind?, by decoder: PropertiesDecoder
  ) -> Self? {
    decoder.customView(value, at: path, allowed: shape.fieldNames)
  }
}

extension ChromeDefinition: PropertyKind {
  static func json(_ value: Self, around locale: String?) -> JSONDocument { value.json(around: locale) }
  static func store(_ value: Self, in writer: inout StoredDesign.Writer) { writer.chrome(value) }
  static func read(from reader: inout StoredDesign.Reader, shape: ValueShape) -> Self? { reader.chrome() }
  static func decode(
    _ value: JSONValue, at path: JSONPath, shape: ValueShape, layout: LayoutKind?, by decoder: PropertiesDecoder
  ) -> Self? {
    decoder.chrome(value, at: path, allowed: shape.fieldNames)
  }
}

/// A number of points, in the range its declaration gives.
enum Points: PropertyKind {
  typealias Value = Double
  static func json(_ value: Value, around locale: String?) -> JSONDocument { .number(value) }
  static func store(_ value: Value, in writer: inout StoredDesign.Writer) { writer.writer.number(value) }
  static func read(from reader: inout StoredDesign.Reader, shape: ValueShape) -> Value? {
    reader.number(in: shape.numberRange)
  }
  static func decode(
    _ value: JSONValue, at path: JSONPath, shape: ValueShape, layout: LayoutKind?, by decoder: PropertiesDecoder
  ) -> Value? {
    decoder.fields.number(
      value, at: path, minimum: shape.numberRange.lowerBound, maximum: shape.numberRange.upperBound)
  }
}

/// `true` or `false`.
enum Flag: PropertyKind {
  typealias Value = Bool
  static func json(_ value: Value, around locale: String?) -> JSONDocument { .bool(value) }
  static func store(_ value: Value, in writer: inout StoredDesign.Writer) { writer.writer.flag(value) }
  static func read(from reader: inout StoredDesign.Reader, shape: ValueShape) -> Value? { reader.fields.flag() }
  static func decode(
    _ value: JSONValue, at path: JSONPath, shape: ValueShape, layout: LayoutKind?, by decoder: PropertiesDecoder
  ) -> Value? {
    decoder.fields.bool(value, at: path)
  }
}

/// A kind of item of a list property: a button of `buttons`, a row count of `sections`.
protocol PropertyListKind: PropertyKind {
  /// What the items are, as a message names them (`buttons`, `row counts`).
  static var listName: String { get }
  /// The message of a list whose length `count` is not in `allowed`: what was found, and what was expected.
  static func wrongCount(_ count: Int, of value: JSONValue, allowed: ClosedRange<Int>) -> (
    found: String, expected: String
  )
}

extension ButtonDefinition: PropertyListKind {
  static var listName: String { "buttons" }
  static func wrongCount(_ count: Int, of _: JSONValue, allowed _: ClosedRange<Int>) -> (
    found: String, expected: String
  ) {
    ("\(count) buttons", "at most two buttons (a primary and a secondary action; [] for none)")
  }
}

/// A section's row count, in the range its declaration gives.
enum RowCount: PropertyListKind {
  typealias Value = Int
  static var listName: String { "row counts" }
  static func wrongCount(_ count: Int, of value: JSONValue, allowed: ClosedRange<Int>) -> (
    found: String, expected: String
  ) {
    (value.excerpt, "from \(allowed.lowerBound) to \(allowed.upperBound) sections (row counts)")
  }
  static func json(_ value: Int, around _: String?) -> JSONDocument { .number(Double(value)) }
  static func store(_ value: Int, in writer: inout StoredDesign.Writer) { writer.writer.count(value) }
  static func read(from reader: inout StoredDesign.Reader, shape: ValueShape) -> Int? {
    reader.fields.count().flatMap { shape.integerRange.contains($0) ? $0 : nil }
  }
  static func decode(
    _ value: JSONValue, at path: JSONPath, shape: ValueShape, layout: LayoutKind?, by decoder: PropertiesDecoder
  ) -> Int? {
    decoder.fields.integer(
      value, at: path, minimum: shape.integerRange.lowerBound, maximum: shape.integerRange.upperBound)
  }
}

/// A list of `Item`s, as many as its declaration allows.
enum ListOf<Item: PropertyListKind>: PropertyKind {
  typealias Value = [Item.Value]
  static func json(_ value: Value, around locale: String?) -> JSONDocument {
    .array(value.map { Item.json($0, around: locale) })
  }
  static func store(_ value: Value, in writer: inout StoredDesign.Writer) {
    writer.writer.count(value.count)
    for item in value { Item.store(item, in: &writer) }
  }
  static func read(from reader: inout StoredDesign.Reader, shape: ValueShape) -> Value? {
    guard case .list(let itemShape, let allowed) = shape, let count = reader.fields.count(), allowed.contains(count)
    else { return nil }
    var items: Value = []
    for _ in 0..<count {
      guard let item = Item.read(from: &reader, shape: itemShape) else { return nil }
      items.append(item)
    }
    return items
  }
  static func decode(
    _ value: JSONValue, at path: JSONPath, shape: ValueShape, layout: LayoutKind?, by decoder: PropertiesDecoder
  ) -> Value? {
    guard case .list(let itemShape, let allowed) = shape,
      let items = decoder.fields.array(value, at: path, of: Item.listName)
    else { return nil }
    guard allowed.contains(items.count) else {
      let (found, expected) = Item.wrongCount(items.count, of: value, allowed: allowed)
      decoder.fields.report(
        .invalidValue(decoder.fields.location(path, value), found: found, expected: expected, allowed: []))
      return nil
    }
    let decoded = items.enumerated().map {
      Item.decode($1, at: path.appending($0), shape: itemShape, layout: layout, by: decoder)
    }
    guard decoded.allSatisfy({ $0 != nil }) else { return nil }
    return decoded.compactMap { $0 }
  }
}
