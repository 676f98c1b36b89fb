/// A 64-bit FNV-1a hash of the inputs behind an output, for the build cache.
///
/// Not a security boundary: it only decides whether a design's previous
/// output can be reused, and the inputs it hashes are the project's own.
///
/// `add` is inlinable so that each caller's sequence type is specialised where
/// it is called: across the targets' boundary a generic call runs unspecialised,
/// an iterator's `next` through a witness table for every byte (4 % of a build).
package struct ContentHash: Sendable {
  @usableFromInline var value: UInt64 = 0xcbf2_9ce4_8422_2325

  package init() {}

  @inlinable
  package mutating func add(_ bytes: some Sequence<UInt8>) {
    for byte in bytes { mix(byte) }
    separate()
  }

  /// `add` for the form most callers hold: compiled here for arrays, so it
  /// runs at full speed whether or not a caller's module specialises the
  /// generic one (a change elsewhere in a target once left the definitions'
  /// and the templates' hashes unspecialised: 15 % of a rebuild).
  package mutating func add(_ bytes: [UInt8]) {
    for byte in bytes { mix(byte) }
    separate()
  }

  @inlinable @inline(__always)
  mutating func mix(_ byte: UInt8) {
    value ^= UInt64(byte)
    value = value &* 0x0000_0100_0000_01B3
  }

  /// A separator, so that ("ab", "c") and ("a", "bc") differ.
  @inlinable @inline(__always)
  mutating func separate() {
    value ^= 0xFF
    value = value &* 0x0000_0100_0000_01B3
  }

  package mutating func add(_ text: String) {
    add(text.utf8)
  }

  /// A 64-bit word (a count, a tag, another hash's value), as its eight bytes.
  package mutating func add(word: UInt64) {
    var rest = word
    for _ in 0..<8 {
      value ^= rest & 0xFF
      value = value &* 0x0000_0100_0000_01B3
      rest >>= 8
    }
  }

  /// The hash as a number, to combine hashes made apart.
  package var word: UInt64 { value }

  package var hex: String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  @inlinable
  package static func of(_ bytes: some Sequence<UInt8>) -> ContentHash {
    var hash = ContentHash()
    hash.add(bytes)
    return hash
  }

  /// `of` for an array (see `add(_:)` for arrays).
  package static func of(_ bytes: [UInt8]) -> ContentHash {
    var hash = ContentHash()
    hash.add(bytes)
    return hash
  }
}
