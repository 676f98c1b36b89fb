import BlankslateCore
import BlankslateSupport
import BlankslateValidation

/// A value a template can show: the context the gallery pages are rendered with.
public enum TemplateValue: Sendable, Equatable {
  /// Text; `{{name}}` escapes it, `{{{name}}}` inserts it as markup.
  case string(String)
  /// A flag for sections: `{{#flag}}…{{/flag}}` renders when true.
  case bool(Bool)
  /// A list: a section renders once per item, with the item on top of the context.
  case list([TemplateValue])
  /// Named values; a section pushes it on the context.
  case object([String: TemplateValue])

  /// Whether a section over this value renders (inverted sections render otherwise).
  var isTruthy: Bool {
    switch self {
    case .string(let text): !text.isEmpty
    case .bool(let flag): flag
    case .list(let items): !items.isEmpty
    case .object: true
    }
  }

  /// The value at `key`, when this is an object.
  subscript(key: String) -> TemplateValue? {
    if case .object(let fields) = self { return fields[key] }
    return nil
  }
}

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral,
  ExpressibleByDictionaryLiteral
{
  public init(stringLiteral value: String) { self = .string(value) }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
  public init(dictionaryLiteral elements: (String, TemplateValue)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
}

extension TemplateValue {
  /// Feeds the value to `hash`, objects in key order: equal values, equal hashes.
  func fingerprint(into hash: inout ContentHash) {
    switch self {
    case .string(let text):
      hash.add("s")
      hash.add(text)
    case .bool(let flag):
      hash.add(flag ? "t" : "f")
    case .list(let items):
      hash.add("l\(items.count)")
      for item in items { item.fingerprint(into: &hash) }
    case .object(let members):
      hash.add("o\(members.count)")
      for key in members.keys.sorted(by: { $0.precedesInByteOrder($1) }) {
        hash.add(key)
        members[key]?.fingerprint(into: &hash)
      }
    }
  }
}
