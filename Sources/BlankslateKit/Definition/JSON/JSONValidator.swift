/// Checks that bytes are one JSON document, without building any value:
/// the cheap check of the JSON files a build writes (`index.json`).
public enum JSONValidator {
  /// The position of the first error, or nil when the bytes are valid JSON.
  public static func firstError(in bytes: [UInt8], maximumDepth: Int = 64) -> (offset: Int, message: String)? {
    var index = 0
    func skip() {
      while index < bytes.count,
        bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09
      {
        index += 1
      }
    }
    func fail(_ message: String) -> (Int, String) { (index, message) }
    func value(_ depth: Int) -> (Int, String)? {
      guard depth <= maximumDepth else { return fail("nesting deeper than \(maximumDepth) levels") }
      skip()
      guard index < bytes.count else { return fail("expected a value, found end of file") }
      switch bytes[index] {
      case UInt8(ascii: "{"):
        index += 1
        skip()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
          index += 1
          return nil
        }
        while true {
          skip()
          guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return fail("expected a key") }
          if let error = string() { return error }
          skip()
          guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return fail("expected ':'") }
          index += 1
          if let error = value(depth + 1) { return error }
          skip()
          guard index < bytes.count else { return fail("unterminated object") }
          if bytes[index] == UInt8(ascii: ",") {
            index += 1
            continue
          }
          guard bytes[index] == UInt8(ascii: "}") else { return fail("expected ',' or '}'") }
          index += 1
          return nil
        }
      case UInt8(ascii: "["):
        index += 1
        skip()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
          index += 1
          return nil
        }
        while true {
          if let error = value(depth + 1) { return error }
          skip()
          guard index < bytes.count else { return fail("unterminated array") }
          if bytes[index] == UInt8(ascii: ",") {
            index += 1
            continue
          }
          guard bytes[index] == UInt8(ascii: "]") else { return fail("expected ',' or ']'") }
          index += 1
          return nil
        }
      case UInt8(ascii: "\""):
        return string()
      case UInt8(ascii: "t"): return word("true")
      case UInt8(ascii: "f"): return word("false")
      case UInt8(ascii: "n"): return word("null")
      default:
        return number()
      }
    }
    func word(_ text: StaticString) -> (Int, String)? {
      for offset in 0..<text.utf8CodeUnitCount {
        guard index < bytes.count, bytes[index] == text.utf8Start[offset] else { return fail("expected \(text)") }
        index += 1
      }
      return nil
    }
    func string() -> (Int, String)? {
      index += 1
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
          index += 1
          return nil
        }
        if byte < 0x20 { return fail("a raw control character in a string") }
        if byte == UInt8(ascii: "\\") {
          index += 1
          guard index < bytes.count else { break }
          if bytes[index] == UInt8(ascii: "u") {
            guard index + 4 < bytes.count,
              bytes[(index + 1)...(index + 4)].allSatisfy({
                ($0 >= 0x30 && $0 <= 0x39) || (($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x66)
              })
            else { return fail("a bad \\u escape") }
            index += 4
          } else if !"\"\\/bfnrt".utf8.contains(bytes[index]) {
            return fail("an unknown escape")
          }
        }
        index += 1
      }
      return fail("unterminated string")
    }
    func number() -> (Int, String)? {
      let start = index
      if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
      var digits = 0
      while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
        index += 1
        digits += 1
      }
      guard digits > 0 else { return (start, "expected a value") }
      if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
        index += 1
        var fraction = 0
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
          index += 1
          fraction += 1
        }
        guard fraction > 0 else { return fail("expected a digit") }
      }
      if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
        index += 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        var exponent = 0
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
          index += 1
          exponent += 1
        }
        guard exponent > 0 else { return fail("expected a digit in the exponent") }
      }
      return nil
    }
    if let error = value(0) { return (error.0, error.1) }
    skip()
    if index != bytes.count { return (index, "content after the end of the document") }
    return nil
  }
}
