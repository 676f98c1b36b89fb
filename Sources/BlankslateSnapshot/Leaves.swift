import BlankslateCore
import BlankslateSite
import BlankslateSupport
import BlankslateValidation

/// A record's values flattened to key paths, each with what it is (a text
/// entry, a colour, an image) read from the format's declared shapes.
struct Leaves {
  struct Leaf {
    var path: String
    /// The value as written: numbers and names bare, texts quoted.
    var text: String
    var scope: DefinitionEdit.Scope
    var theme: Theme?
    var localeGroup: String?
    var localeKey: String?
    var isColor = false
    /// The asset file an image leaf draws.
    var imagePath: String?
  }

  private(set) var leaves: [Leaf] = []
  /// Paths of the objects and arrays seen.
  private(set) var containers: Set<String> = []
  private(set) var localeKeys: [String: [String]] = [:]

  /// The leaves of a whole record.
  init(record: JSONValue) {
    if let definition = record["definition"] { walkProperties(definition) }
    // What the render's title says besides the properties: the variant's and the design's names.
    for (key, path) in [("layout", "layout"), ("name", "name"), ("designName", "design name")] {
      if let value = record[key]?.stringValue {
        leaves.append(
          Leaf(path: path, text: key == "layout" ? value : StructuralDiff.quoted(value), scope: .definition))
      }
    }
    if case .object(let members)? = record["site"]?.kind {
      for member in members {
        let shape: ValueShape? = member.key == "tint" ? .color : nil
        walk(member.value, shape: shape, path: member.key, scope: .site, context: Context())
      }
    }
    if case .object(let members)? = record["files"]?.kind {
      for member in members {
        leaves.append(Leaf(path: member.key, text: member.value.stringValue ?? "", scope: .file))
      }
    }
  }

  /// The leaves of the properties that can draw an image (`imagePaths`):
  /// a check computes every variant's files, and the other leaves' texts are not read.
  init(imagesOf properties: JSONValue) {
    guard case .object(let members) = properties.kind else { return }
    for member in members {
      guard let shape = PropertyKey(rawValue: member.key)?.declaration.shape, Self.canDrawAnImage(shape) else {
        continue
      }
      walk(member.value, shape: shape, path: member.key, scope: .definition, context: Context())
    }
  }

  /// Whether a value of `shape` can hold an image.
  private static func canDrawAnImage(_ shape: ValueShape) -> Bool {
    switch shape {
    case .image: true
    case .nullable(let inner), .list(let inner, _): canDrawAnImage(inner)
    case .either(let first, let second): canDrawAnImage(first) || canDrawAnImage(second)
    case .object(let fields): fields.contains { canDrawAnImage($0.shape) }
    default: false
    }
  }

  /// The asset paths the properties draw.
  var imagePaths: [String] {
    leaves.compactMap(\.imagePath)
  }

  private struct Context {
    var theme: Theme?
    var localeGroup: String?
    var localeKey: String?
  }

  private mutating func walkProperties(_ value: JSONValue) {
    guard case .object(let members) = value.kind else { return }
    for member in members {
      walk(
        member.value, shape: PropertyKey(rawValue: member.key)?.declaration.shape, path: member.key,
        scope: .definition, context: Context())
    }
  }

  private mutating func walk(
    _ value: JSONValue, shape declared: ValueShape?, path: String, scope: DefinitionEdit.Scope, context: Context
  ) {
    var shape = declared
    while case .nullable(let inner)? = shape { shape = inner }
    if case .either(let a, let b)? = shape {
      let isComposite: Bool
      switch value.kind {
      case .object, .array: isComposite = true
      default: isComposite = false
      }
      shape = (isComposite == Self.isComposite(a)) ? a : b
    }
    func leaf(_ text: String, color: Bool = false, image: String? = nil) {
      leaves.append(
        Leaf(
          path: path, text: text, scope: scope, theme: context.theme, localeGroup: context.localeGroup,
          localeKey: context.localeKey, isColor: color, imagePath: image))
    }
    switch (shape, value.kind) {
    case (.color?, .object(let members)),
      (.image?, .object(let members))
    where !members.isEmpty && members.allSatisfy({ Theme(rawValue: $0.key) != nil }):
      containers.insert(path)
      for member in members {
        var inner = context
        inner.theme = Theme(rawValue: member.key)
        walk(member.value, shape: shape, path: path + "." + member.key, scope: scope, context: inner)
      }
    case (.image?, .object(let members))
    where members.contains(where: { ["source", "accessibilityLabel", "decorative"].contains($0.key) }):
      // An image with what VoiceOver says of it: the image itself stays at this path, so that
      // describing an image is the label's edit alone, and its label is a text like any other.
      containers.insert(path)
      if let source = value["source"] {
        walk(source, shape: .image, path: path, scope: scope, context: context)
      } else {
        let file = value["path"]?.stringValue ?? ""
        let isTemplate = value["template"]?.kind == .bool(true)
        leaf(file + (isTemplate ? " (template)" : ""), image: file)
      }
      if let label = value["accessibilityLabel"] {
        walk(label, shape: .text, path: path + ".accessibilityLabel", scope: scope, context: context)
      }
      if let decorative = value["decorative"] {
        walk(decorative, shape: .bool, path: path + ".decorative", scope: scope, context: context)
      }
    case (.image?, .object(let members)) where members.contains(where: { $0.key == "path" }):
      let file = value["path"]?.stringValue ?? ""
      var isTemplate = false
      if case .bool(true)? = value["template"]?.kind { isTemplate = true }
      leaf(file + (isTemplate ? " (template)" : ""), image: file)
    case (.text?, .object(let members)), (.image?, .object(let members)):
      // One entry per locale: each reaches the renders that choose it.
      containers.insert(path)
      localeKeys[path] = members.map(\.key)
      for member in members {
        var inner = context
        (inner.localeGroup, inner.localeKey) = (path, member.key)
        walk(member.value, shape: shape, path: path + "." + member.key, scope: scope, context: inner)
      }
    case (.image?, .string(let text)):
      leaf(text, image: text.hasPrefix("builtin:") || text.hasPrefix("symbol:") ? nil : text)
    case (.color?, .string(let text)):
      leaf(text, color: true)
    case (.size?, _), (.insets?, _):
      leaf(Self.compact(value))
    case (.list(let item, _)?, .array(let items)):
      containers.insert(path)
      for (index, element) in items.enumerated() {
        walk(element, shape: item, path: path + "[\(index)]", scope: scope, context: context)
      }
    case (.object(let fields)?, .object(let members)):
      containers.insert(path)
      for member in members {
        let field = fields.first { $0.name == member.key }?.shape
        walk(member.value, shape: field, path: path + "." + member.key, scope: scope, context: context)
      }
    case (_, .object(let members)):
      containers.insert(path)
      for member in members {
        walk(member.value, shape: nil, path: path + "." + member.key, scope: scope, context: context)
      }
    case (_, .array(let items)):
      containers.insert(path)
      for (index, element) in items.enumerated() {
        walk(element, shape: nil, path: path + "[\(index)]", scope: scope, context: context)
      }
    case (.text?, .string(let text)), (nil, .string(let text)):
      leaf(StructuralDiff.quoted(text))
    default:
      leaf(Self.compact(value))
    }
  }

  private static func isComposite(_ shape: ValueShape) -> Bool {
    switch shape {
    case .object, .list: true
    case .nullable(let inner): isComposite(inner)
    default: false
    }
  }

  /// The value at a leaf path of the record's definition (`spacing`, `buttons[1]`).
  static func value(at path: String, in record: JSONValue) -> JSONValue? {
    var value = record["definition"]
    var rest = Substring(path)
    while !rest.isEmpty, let current = value {
      if rest.hasPrefix("[") {
        guard let close = rest.firstIndex(of: "]"), let index = Int(rest[rest.index(after: rest.startIndex)..<close]),
          let items = current.arrayValue, items.indices.contains(index)
        else { return nil }
        value = items[index]
        rest = rest[rest.index(after: close)...]
      } else {
        if rest.hasPrefix(".") { rest = rest.dropFirst() }
        let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
        value = current[String(rest[..<end])]
        rest = rest[end...]
      }
    }
    return value
  }

  /// A value in one line: `6`, `true`, `plain`, `[120, 44]`, `{"style": "body"}`.
  static func compact(_ value: JSONValue) -> String {
    switch value.kind {
    case .null: "null"
    case .bool(let flag): flag ? "true" : "false"
    case .number(let number, _): NumberText.format(number)
    case .string(let text): text
    case .array(let items): "[" + items.map(compact).joined(separator: ", ") + "]"
    case .object(let members): "{" + members.map { "\($0.key): \(compact($0.value))" }.joined(separator: ", ") + "}"
    }
  }

  /// The key of `keys` a render in `locale` shows, by the texts' own rule
  /// (`LocalizedText.resolved(in:)`: exact, the pseudo-locale's base, the
  /// language fallback, then the first).
  static func chosenKey(for locale: String, among keys: [String]) -> String? {
    guard !keys.isEmpty else { return nil }
    let probe = PseudoLocale.isPseudo(locale) ? "en" : locale
    return LocalizedText(entries: keys.map { ($0, $0) }).resolved(in: probe)
  }
}
