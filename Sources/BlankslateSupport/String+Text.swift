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

extension String {
  /// `utf8` as a string, or nil when it is not UTF-8. Decoding repairs what
  /// is not UTF-8, and a repaired string's bytes differ from the ones it was
  /// made from; the generic `init?(validating:as:)` runs unspecialised
  /// (a metadata lookup on every call), and parsers make tens of thousands.
  /// Measured with the image answers shared between resolvers: a rebuild
  /// after one title edit, CPU 0.190 → 0.171 s (b6c4ec7).
  package init?(validatingUTF8Bytes utf8: UnsafeBufferPointer<UInt8>) {
    var text = String(decoding: utf8, as: UTF8.self)
    let same = text.withUTF8 { decoded in
      guard decoded.count == utf8.count, let left = decoded.baseAddress, let right = utf8.baseAddress else {
        return decoded.count == utf8.count
      }
      return memcmp(left, right, utf8.count) == 0
    }
    guard same else { return nil }
    self = text
  }
}

extension String {
  /// The string of `scalars`, Unicode scalar values (a value that is none,
  /// such as a surrogate, is left out), encoded as UTF-8 straight into the
  /// string's storage: the typesetter makes a string of every line and run
  /// it sets, and building a `UnicodeScalarView` one scalar at a time costs
  /// several times more.
  package init(scalars: ArraySlice<UInt32>) {
    self = scalars.withUnsafeBufferPointer { String(scalars: $0) }
  }

  /// The same over a buffer (a concrete type: a generic collection is not
  /// specialised across the targets, and is walked a witness call a scalar:
  /// about 5,000 instructions a line; the 1,008-render team site's full
  /// build 3.860 → 3.780 billion instructions, 5586614).
  package init(scalars: UnsafeBufferPointer<UInt32>) {
    self.init(unsafeUninitializedCapacity: scalars.count * 4) { storage in
      var count = 0
      func put(_ unit: UInt32) {
        storage[count] = UInt8(truncatingIfNeeded: unit)
        count += 1
      }
      for value in scalars {
        switch value {
        case 0..<0x80:
          put(value)
        case 0x80..<0x800:
          put(0xC0 | value >> 6)
          put(0x80 | value & 0x3F)
        case 0xD800...0xDFFF:
          continue
        case 0x800..<0x1_0000:
          put(0xE0 | value >> 12)
          put(0x80 | value >> 6 & 0x3F)
          put(0x80 | value & 0x3F)
        case 0x1_0000...0x10_FFFF:
          put(0xF0 | value >> 18)
          put(0x80 | value >> 12 & 0x3F)
          put(0x80 | value >> 6 & 0x3F)
          put(0x80 | value & 0x3F)
        default:
          continue
        }
      }
      return count
    }
  }
}
