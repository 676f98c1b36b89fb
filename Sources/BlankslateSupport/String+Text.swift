import Foundation

// Small text helpers shared by the stages.

extension StringProtocol {
  /// How many times `character` occurs (inlinable: specialised in each caller's target).
  @inlinable
  package func count(of character: Character) -> Int {
    reduce(0) { $1 == character ? $0 + 1 : $0 }
  }

  package var trimmingWhitespace: String {
    var slice = Substring(self)
    while let first = slice.first, first.isWhitespace { slice.removeFirst() }
    while let last = slice.last, last.isWhitespace { slice.removeLast() }
    return String(slice)
  }
}

extension String {
  /// The string without leading and trailing `character`s.
  package func trimmingCharacters(in character: Character) -> String {
    var slice = Substring(self)
    while slice.first == character { slice.removeFirst() }
    while slice.last == character { slice.removeLast() }
    return String(slice)
  }
}

extension String {
  /// Whether the string sorts before `other` in UTF-8 byte order (code point
  /// order): the order of every listing, index and report, the same in any
  /// locale. Compares the bytes in place when both are contiguous.
  package func precedesInByteOrder(_ other: String) -> Bool {
    let inPlace = utf8.withContiguousStorageIfAvailable { left in
      other.utf8.withContiguousStorageIfAvailable { right -> Bool in
        let common = Swift.min(left.count, right.count)
        let order: Int32
        if common > 0, let leftBase = left.baseAddress, let rightBase = right.baseAddress {
          order = memcmp(leftBase, rightBase, common)
        } else {
          order = 0
        }
        return order == 0 ? left.count < right.count : order < 0
      }
    }
    if let inPlace, let result = inPlace { return result }
    return utf8.lexicographicallyPrecedes(other.utf8)
  }
}
