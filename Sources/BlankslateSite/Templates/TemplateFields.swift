import Foundation

/// The named values of a template object, in the order they were first set,
/// each key's hash kept beside it.
///
/// A page's template looks up every tag it shows, each one down a stack of
/// objects: a key hashed once when the template is compiled
/// (`Template.Name`) is found by comparing words, where a dictionary hashed
/// the key again for every object it asked. Objects are small (a page's
/// context has a few dozen keys, a list item a handful), so a scan of their
/// hashes costs less than one hash. Equality does not depend on the order.
package struct TemplateFields: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral,
  CustomDebugStringConvertible
{
  fileprivate struct Entry: Sendable {
    var hash: UInt64
    var key: String
    var value: TemplateValue
  }

  /// One array (one allocation, one word in `TemplateValue.object`).
  private var entries: [Entry] = []

  package init() {}

  /// The fields of `dictionary`.
  package init(_ dictionary: [String: TemplateValue]) {
    reserveCapacity(dictionary.count)
    for (key, value) in dictionary { self[key] = value }
  }

  /// The fields of `pairs`; a key given twice keeps its last value.
  package init(_ pairs: some Sequence<(String, TemplateValue)>) {
    entries.reserveCapacity(pairs.underestimatedCount)
    for (key, value) in pairs { self[key] = value }
  }

  package init(dictionaryLiteral elements: (String, TemplateValue)...) {
    self.init(elements)
  }

  package var count: Int { entries.count }
  package var isEmpty: Bool { entries.isEmpty }

  package mutating func reserveCapacity(_ capacity: Int) {
    entries.reserveCapacity(capacity)
  }

  /// The value of `key`; setting nil removes it.
  package subscript(key: String) -> TemplateValue? {
    get { value(of: key, hash: Self.hash(key)) }
    set {
      let hash = Self.hash(key)
      if let position = position(of: key, hash: hash) {
        if let newValue {
          entries[position].value = newValue
        } else {
          entries.remove(at: position)
        }
      } else if let newValue {
        entries.append(Entry(hash: hash, key: key, value: newValue))
      }
    }
  }

  /// The value of `key`, whose hash (`TemplateFields.hash`) the caller made once.
  func value(of key: String, hash: UInt64) -> TemplateValue? {
    guard let position = position(of: key, hash: hash) else { return nil }
    return entries[position].value
  }

  /// Every field of `other` set here, `combine` choosing where both have a key.
  package mutating func merge(
    _ other: TemplateFields, uniquingKeysWith combine: (TemplateValue, TemplateValue) throws -> TemplateValue
  ) rethrows {
    for entry in other.entries {
      if let existing = position(of: entry.key, hash: entry.hash) {
        entries[existing].value = try combine(entries[existing].value, entry.value)
      } else {
        entries.append(entry)
      }
    }
  }

  private func position(of key: String, hash: UInt64) -> Int? {
    var position = 0
    while position < entries.count {
      if entries[position].hash == hash, entries[position].key == key { return position }
      position += 1
    }
    return nil
  }

  /// A key's hash: FNV-1a over its UTF-8 bytes in normalization form C, the
  /// same in every process (the keys are the gallery's and its templates' own
  /// names, not input to defend against). Keys equal as strings are
  /// canonically equivalent (`u\u{308}` is `ü`, the Kelvin sign is `K`), so
  /// a key that is not ASCII is hashed in its composed form.
  static func hash(_ key: String) -> UInt64 {
    let basis: UInt64 = 0xcbf2_9ce4_8422_2325
    func add(_ byte: UInt8, to hash: UInt64) -> UInt64 { (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    var contiguous = key
    let ascii: UInt64? = contiguous.withUTF8 { utf8 in
      var hash = basis
      for byte in utf8 {
        guard byte < 0x80 else { return nil }
        hash = add(byte, to: hash)
      }
      return hash
    }
    if let ascii { return ascii }
    return key.precomposedStringWithCanonicalMapping.utf8.reduce(basis) { add($1, to: $0) }
  }

  /// The fields in the order they were first set.
  package struct Iterator: IteratorProtocol {
    fileprivate let entries: [Entry]
    fileprivate var position = 0

    package mutating func next() -> (key: String, value: TemplateValue)? {
      guard position < entries.count else { return nil }
      defer { position += 1 }
      return (entries[position].key, entries[position].value)
    }
  }

  package func makeIterator() -> Iterator { Iterator(entries: entries) }

  /// As a dictionary literal (`["name": "Orders"]`), as test failures and debuggers show it.
  package var debugDescription: String {
    entries.isEmpty
      ? "[:]"
      : "[" + entries.map { String(reflecting: $0.key) + ": " + String(reflecting: $0.value) }.joined(separator: ", ")
        + "]"
  }

  package static func == (lhs: TemplateFields, rhs: TemplateFields) -> Bool {
    guard lhs.count == rhs.count else { return false }
    return lhs.entries.allSatisfy { rhs.value(of: $0.key, hash: $0.hash) == $0.value }
  }
}
