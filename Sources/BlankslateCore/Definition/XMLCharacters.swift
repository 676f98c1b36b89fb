import BlankslateSupport

/// The characters an XML 1.0 document can hold.
package enum XMLCharacters {
  /// Whether `scalar` is a legal XML 1.0 character
  /// (#x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]).
  static func allows(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x9, 0xA, 0xD: true
    case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
    default: false
    }
  }

  /// Whether `text` may hold a character XML refuses: a false answer is
  /// certain, from its UTF-8 alone (a C0 control byte, or U+FFFE/U+FFFF,
  /// which start with EF BF; a Swift string holds no lone surrogate).
  package static func mayRefuse(_ text: String) -> Bool {
    // Over the string's own bytes when it has them in one piece (a native
    // string does): iterating `utf8` byte by byte was a tenth of reading a build cache.
    if let answer = text.utf8.withContiguousStorageIfAvailable(mayRefuse) { return answer }
    return Array(text.utf8).withUnsafeBufferPointer(mayRefuse)
  }

  /// `mayRefuse(_:)` over UTF-8 bytes.
  package static func mayRefuse(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    // Two comparisons for most bytes: text is rarely below 0x20 or at 0xEF.
    let count = bytes.count
    var index = 0
    while index < count {
      let byte = bytes[index]
      if byte < 0x20 {
        if byte != 0x9, byte != 0xA, byte != 0xD { return true }
      } else if byte == 0xEF, index + 2 < count, bytes[index + 1] == 0xBF,
        bytes[index + 2] == 0xBE || bytes[index + 2] == 0xBF
      {
        return true
      }
      index += 1
    }
    return false
  }
}
