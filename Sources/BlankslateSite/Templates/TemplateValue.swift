import BlankslateCore
import BlankslateSupport
import BlankslateValidation

/// A value a template can show: the context the gallery pages are rendered with.
package enum TemplateValue: Sendable, Equatable {
  /// Text; `{{name}}` escapes it, `{{{name}}}` inserts it as markup.
  case string(String)
  /// A flag for sections: `{{#flag}}…{{/flag}}` renders when true.
  case bool(Bool)
  /// A list: a section renders once per item, with the item on top of the context.
  case list([TemplateValue])
  /// Named values; a section pushes it on the context.
  case object(TemplateFields)

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
    field(key, hash: TemplateFields.hash(key))
  }

  /// The value at `key`, whose hash a compiled name carries, when this is an object.
  func field(_ key: String, hash: UInt64) -> TemplateValue? {
    switch self {
    case .object(let fields): fields.value(of: key, hash: hash)
    case .string, .bool, .list: nil
    }
  }
}

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral,
  ExpressibleByDictionaryLiteral
{
  package init(stringLiteral value: String) { self = .string(value) }
  package init(booleanLiteral value: Bool) { self = .bool(value) }
  package init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
  package init(dictionaryLiteral elements: (String, TemplateValue)...) {
    self = .object(TemplateFields(elements))
  }
}

extension TemplateValue {
  /// Feeds the value to `hash`: equal values, equal hashes.
  ///
  /// An object's members are hashed each on its own and their hashes summed,
  /// so the result does not depend on the dictionary's order and needs no
  /// sort: an index page fingerprints every card it shows on every build.
  func fingerprint(into hash: inout ContentHash) {
    switch self {
    case .string(let text):
      hash.add(word: 0x73)
      hash.add(text)
    case .bool(let flag):
      hash.add(word: flag ? 0x74 : 0x66)
    case .list(let items):
      hash.add(word: 0x6C)
      hash.add(word: UInt64(items.count))
      for item in items { item.fingerprint(into: &hash) }
    case .object(let members):
      var sum: UInt64 = 0
      for (key, value) in members {
        var member = ContentHash()
        member.add(key)
        value.fingerprint(into: &member)
        sum &+= member.word
      }
      hash.add(word: 0x6F)
      hash.add(word: UInt64(members.count))
      hash.add(word: sum)
    }
  }
}
