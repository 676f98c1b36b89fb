import BlankslateSupport

/// Checks that bytes are one JSON document, without building any value:
/// the cheap check of the JSON files a build writes (`index.json`, megabytes
/// on a large site, checked on every build: it reads the bytes in place).
package enum JSONValidator {
  /// The position of the first error, or nil when the bytes are valid JSON.
  package static func firstError(in bytes: [UInt8], maximumDepth: Int = 64) -> (offset: Int, message: String)? {
    bytes.withUnsafeBytes { firstError(in: $0, maximumDepth: maximumDepth) }
  }

  /// As `firstError(in:)`, for a slice (offsets from its start).
  package static func firstError(in bytes: ArraySlice<UInt8>, maximumDepth: Int = 64) -> (
    offset: Int, message: String
  )? {
    bytes.withUnsafeBytes { firstError(in: $0, maximumDepth: maximumDepth) }
  }

  /// As `firstError(in:)`, for bytes in place. `trusted`: ranges, in order,
  /// that each hold one value already checked (a part copied from a file
  /// that passed this check); a value starting where one starts is skipped.
  package static func firstError(
    in bytes: UnsafeRawBufferPointer, maximumDepth: Int = 64, trusting trusted: [Range<Int>] = []
  ) -> (offset: Int, message: String)? {
    let buffer = bytes.bindMemory(to: UInt8.self)
    var cursor = Cursor(bytes: buffer, maximumDepth: maximumDepth)
    cursor.trusted = trusted.filter { $0.upperBound <= buffer.count }
    if let error = cursor.value(0) { return error }
    cursor.skip()
    if cursor.index != buffer.count { return (cursor.index, "content after the end of the document") }
    return nil
  }

  private struct Cursor {
    package let bytes: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    var index = 0
    /// Values already checked, in order, and the next one that may come.
    var trusted: [Range<Int>] = []
    var nextTrusted = 0

    init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
      self.bytes = bytes
      self.maximumDepth = maximumDepth
    }

    /// The byte at the cursor, or nil at the end.
    package var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skip() {
      while index < bytes.count {
        let byte = bytes[index]
        guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
        index += 1
      }
    }

    func fail(_ message: String) -> (offset: Int, message: String) { (index, message) }

    package mutating func value(_ depth: Int) -> (offset: Int, message: String)? {
      guard depth <= maximumDepth else { return fail("nesting deeper than \(maximumDepth) levels") }
      skip()
      while nextTrusted < trusted.count, trusted[nextTrusted].lowerBound < index { nextTrusted += 1 }
      if nextTrusted < trusted.count, trusted[nextTrusted].lowerBound == index {
        index = trusted[nextTrusted].upperBound
        nextTrusted += 1
        return nil
      }
      guard let first = current else { return fail("expected a value, found end of file") }
      switch first {
      case UInt8(ascii: "{"):
        index += 1
        skip()
        if current == UInt8(ascii: "}") {
          index += 1
          return nil
        }
        while true {
          skip()
          guard current == UInt8(ascii: "\"") else { return fail("expected a key") }
          if let error = string() { return error }
          skip()
          guard current == UInt8(ascii: ":") else { return fail("expected ':'") }
          index += 1
          if let error = value(depth + 1) { return error }
          skip()
          guard let next = current else { return fail("unterminated object") }
          if next == UInt8(ascii: ",") {
            index += 1
            continue
          }
          guard next == UInt8(ascii: "}") else { return fail("expected ',' or '}'") }
          index += 1
          return nil
        }
      case UInt8(ascii: "["):
        index += 1
        skip()
        if current == UInt8(ascii: "]") {
          index += 1
          return nil
        }
        while true {
          if let error = value(depth + 1) { return error }
          skip()
          guard let next = current else { return fail("unterminated array") }
          if next == UInt8(ascii: ",") {
            index += 1
            continue
          }
          guard next == UInt8(ascii: "]") else { return fail("expected ',' or ']'") }
          index += 1
          return nil
        }
      case UInt8(ascii: "\""): return string()
      case UInt8(ascii: "t"): return word("true")
      case UInt8(ascii: "f"): return word("false")
      case UInt8(ascii: "n"): return word("null")
      default: return number()
      }
    }

    mutating func word(_ text: StaticString) -> (offset: Int, message: String)? {
      for offset in 0..<text.utf8CodeUnitCount {
        guard current == text.utf8Start[offset] else { return fail("expected \(text)") }
        index += 1
      }
      return nil
    }

    /// A string from its opening quote. Plain bytes are passed eight at a
    /// time: a word with no quote, backslash or control byte is skipped
    /// whole. A build checks `index.json` and every kept index entry
    /// (megabytes on a large site); byte by byte, strings were 15
    /// instructions a byte, 31 million for the 10,000-render team site's
    /// `index.json` (2.6 MB) and 61 million for its kept entries.
    package mutating func string() -> (offset: Int, message: String)? {
      let bytes = self.bytes
      var at = index + 1
      defer { index = at }
      while at < bytes.count {
        if let base = bytes.baseAddress {
          while at + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self)
            if Self.hasByte(below: 0x20, in: word) || Self.hasByte(below: 1, in: word ^ 0x2222_2222_2222_2222)
              || Self.hasByte(below: 1, in: word ^ 0x5C5C_5C5C_5C5C_5C5C)
            {
              break
            }
            at += 8
          }
        }
        // Then byte by byte to the quote, backslash or control byte that stopped it.
        while at < bytes.count {
          let byte = bytes[at]
          if byte == UInt8(ascii: "\"") || byte < 0x20 || byte == UInt8(ascii: "\\") { break }
          at += 1
        }
        guard at < bytes.count else { break }
        let byte = bytes[at]
        if byte == UInt8(ascii: "\"") {
          at += 1
          return nil
        }
        if byte < 0x20 { return (at, "a raw control character in a string") }
        if byte == UInt8(ascii: "\\") {
          at += 1
          guard at < bytes.count else { break }
          let escape = bytes[at]
          if escape == UInt8(ascii: "u") {
            guard at + 4 < bytes.count else { return (at, "a bad \\u escape") }
            for offset in 1...4 {
              let digit = bytes[at + offset]
              let lower = digit | 0x20
              guard (digit >= 0x30 && digit <= 0x39) || (lower >= 0x61 && lower <= 0x66) else {
                return (at, "a bad \\u escape")
              }
            }
            at += 4
          } else {
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
              UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
              break
            default: return (at, "an unknown escape")
            }
          }
        }
        at += 1
      }
      return (at, "unterminated string")
    }

    /// Whether any of the eight bytes of `word` is below `limit` (at most
    /// 0x80): exact for whether there is one, if not for which it is.
    static func hasByte(below limit: UInt64, in word: UInt64) -> Bool {
      (word &- 0x0101_0101_0101_0101 &* limit) & ~word & 0x8080_8080_8080_8080 != 0
    }

    mutating func digits() -> Int {
      let start = index
      while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
      return index - start
    }

    mutating func number() -> (offset: Int, message: String)? {
      let start = index
      if current == UInt8(ascii: "-") { index += 1 }
      guard digits() > 0 else { return (start, "expected a value") }
      if current == UInt8(ascii: ".") {
        index += 1
        guard digits() > 0 else { return fail("expected a digit") }
      }
      if let byte = current, byte | 0x20 == UInt8(ascii: "e") {
        index += 1
        if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
        guard digits() > 0 else { return fail("expected a digit in the exponent") }
      }
      return nil
    }
  }
}
