import BlankslateSupport

/// A strict RFC 8259 JSON parser that records the position of every value.
///
/// No comments, no trailing commas, no duplicate keys, no lone surrogates,
/// and a bounded nesting depth, so a hostile file cannot exhaust the stack.
package struct JSONParser {
  /// A JSON syntax error at a position.
  package struct SyntaxError: Error, Sendable, Equatable {
    package var position: SourcePosition
    package var message: String
  }

  /// The deepest nesting of arrays and objects accepted.
  package var maximumDepth: Int

  package init(maximumDepth: Int = 64) {
    self.maximumDepth = maximumDepth
  }

  /// Parses one JSON document.
  ///
  /// - Throws: `SyntaxError` naming the first position where the text stops
  ///   being JSON.
  package func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSONValue {
    var reader = Reader(bytes: bytes, maximumDepth: maximumDepth)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
    reader.skipWhitespace()
    let value = try reader.parseValue(depth: 0)
    reader.skipWhitespace()
    guard reader.index == bytes.count else {
      throw reader.error("unexpected \(reader.describeCurrent()) after the end of the document")
    }
    return value
  }

  package func parse(_ text: String) throws(SyntaxError) -> JSONValue {
    try parse(Array(text.utf8))
  }
}

extension JSONParser {
  fileprivate struct Reader {
    package let bytes: [UInt8]
    let maximumDepth: Int
    var index = 0
    var line = 1
    var lineStart = 0
    /// Where the column was last counted up to, and the column there: values
    /// are visited left to right, so each byte is counted once (a long
    /// one-line document stays linear).
    private var countedTo = 0
    private var countedColumn = 1

    init(bytes: [UInt8], maximumDepth: Int) {
      self.bytes = bytes
      self.maximumDepth = maximumDepth
    }

    /// The line and column of `index`. Columns count characters, not bytes.
    var position: SourcePosition {
      mutating get {
        if countedTo < lineStart || countedTo > index {
          countedTo = lineStart
          countedColumn = 1
        }
        while countedTo < index {
          if bytes[countedTo] & 0xC0 != 0x80 { countedColumn += 1 }
          countedTo += 1
        }
        return SourcePosition(line: line, column: countedColumn)
      }
    }

    mutating func error(_ message: String) -> SyntaxError {
      SyntaxError(position: position, message: message)
    }

    func describeCurrent() -> String {
      guard index < bytes.count else { return "end of file" }
      let byte = bytes[index]
      if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
      let hex = String(byte, radix: 16, uppercase: true)
      return "byte 0x" + (hex.count == 1 ? "0" + hex : hex)
    }

    mutating func skipWhitespace() {
      while index < bytes.count {
        switch bytes[index] {
        case 0x20, 0x09, 0x0D:
          index += 1
        case 0x0A:
          index += 1
          line += 1
          lineStart = index
        default:
          return
        }
      }
    }

    mutating func parseValue(depth: Int) throws(SyntaxError) -> JSONValue {
      guard index < bytes.count else { throw error("expected a value, found end of file") }
      let start = position
      switch bytes[index] {
      case UInt8(ascii: "{"): return try parseObject(depth: depth + 1, start: start)
      case UInt8(ascii: "["): return try parseArray(depth: depth + 1, start: start)
      case UInt8(ascii: "\""): return JSONValue(.string(try parseString()), at: start)
      case UInt8(ascii: "t"): try expectWord("true"); return JSONValue(.bool(true), at: start)
      case UInt8(ascii: "f"): try expectWord("false"); return JSONValue(.bool(false), at: start)
      case UInt8(ascii: "n"): try expectWord("null"); return JSONValue(.null, at: start)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber(start: start)
      default: throw error("expected a value, found \(describeCurrent())")
      }
    }

    mutating func expectWord(_ word: String) throws(SyntaxError) {
      for byte in word.utf8 {
        guard index < bytes.count, bytes[index] == byte else {
          throw error("expected '\(word)', found \(describeCurrent())")
        }
        index += 1
      }
    }

    mutating func parseObject(depth: Int, start: SourcePosition) throws(SyntaxError) -> JSONValue {
      guard depth <= maximumDepth else { throw error("nesting deeper than \(maximumDepth) levels") }
      index += 1
      var members: [JSONValue.Member] = []
      var seen: Set<String> = []
      skipWhitespace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
        index += 1
        return JSONValue(.object(members), at: start)
      }
      while true {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
          throw error("expected a key in double quotes, found \(describeCurrent())")
        }
        let keyPosition = position
        let key = try parseString()
        // Small objects (nearly all) look through their keys; large ones keep a set.
        let duplicate =
          members.count < 16 ? members.contains { $0.key == key } : !seen.insert(key).inserted
        if members.count == 15 { seen = Set(members.map(\.key) + [key]) }
        guard !duplicate else {
          throw SyntaxError(
            position: keyPosition, message: "duplicate key \"\(TerminalText.excerpt(key))\" in one object")
        }
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
          throw error("expected ':' after the key \"\(TerminalText.excerpt(key))\", found \(describeCurrent())")
        }
        index += 1
        skipWhitespace()
        let value = try parseValue(depth: depth)
        members.append(JSONValue.Member(key: key, value: value, keyPosition: keyPosition))
        skipWhitespace()
        guard index < bytes.count else { throw error("unterminated object: expected ',' or '}'") }
        if bytes[index] == UInt8(ascii: ",") {
          index += 1
          skipWhitespace()
          if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            throw error("trailing comma before '}'")
          }
          continue
        }
        if bytes[index] == UInt8(ascii: "}") {
          index += 1
          return JSONValue(.object(members), at: start)
        }
        throw error("expected ',' or '}' in an object, found \(describeCurrent())")
      }
    }

    mutating func parseArray(depth: Int, start: SourcePosition) throws(SyntaxError) -> JSONValue {
      guard depth <= maximumDepth else { throw error("nesting deeper than \(maximumDepth) levels") }
      index += 1
      var items: [JSONValue] = []
      skipWhitespace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
        index += 1
        return JSONValue(.array(items), at: start)
      }
      while true {
        skipWhitespace()
        items.append(try parseValue(depth: depth))
        skipWhitespace()
        guard index < bytes.count else { throw error("unterminated array: expected ',' or ']'") }
        if bytes[index] == UInt8(ascii: ",") {
          index += 1
          skipWhitespace()
          if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            throw error("trailing comma before ']'")
          }
          continue
        }
        if bytes[index] == UInt8(ascii: "]") {
          index += 1
          return JSONValue(.array(items), at: start)
        }
        throw error("expected ',' or ']' in an array, found \(describeCurrent())")
      }
    }

    mutating func parseNumber(start: SourcePosition) throws(SyntaxError) -> JSONValue {
      let begin = index
      if bytes[index] == UInt8(ascii: "-") { index += 1 }
      guard index < bytes.count, isDigit(bytes[index]) else {
        throw error("expected a digit, found \(describeCurrent())")
      }
      if bytes[index] == UInt8(ascii: "0") {
        index += 1
        if index < bytes.count, isDigit(bytes[index]) {
          throw error("a number cannot have a leading zero")
        }
      } else {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
      }
      if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
        index += 1
        guard index < bytes.count, isDigit(bytes[index]) else {
          throw error("expected a digit after the decimal point, found \(describeCurrent())")
        }
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
      }
      if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
        index += 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
          index += 1
        }
        guard index < bytes.count, isDigit(bytes[index]) else {
          throw error("expected a digit in the exponent, found \(describeCurrent())")
        }
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
      }
      let literal = String(decoding: bytes[begin..<index], as: UTF8.self)
      guard let value = Double(literal), value.isFinite else {
        throw SyntaxError(position: start, message: "the number \(TerminalText.excerpt(literal)) is out of range")
      }
      return JSONValue(.number(value, literal: literal), at: start)
    }

    func isDigit(_ byte: UInt8) -> Bool {
      byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    mutating func parseString() throws(SyntaxError) -> String {
      index += 1  // opening quote
      var runStart = index
      var pending: [UInt8]?  // the string so far, once an escape sequence was met
      while true {
        guard index < bytes.count else { throw error("unterminated string") }
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") { break }
        if byte < 0x20 {
          throw error(
            byte == 0x0A
              ? "unterminated string (a raw line break is not allowed; write \\n)"
              : "a raw control character (\(describeCurrent())) is not allowed in a string; escape it")
        }
        if byte == UInt8(ascii: "\\") {
          var unescaped = pending.take() ?? []
          unescaped.append(contentsOf: bytes[runStart..<index])
          index += 1
          guard index < bytes.count else { throw error("unterminated escape sequence") }
          let escape = bytes[index]
          index += 1
          switch escape {
          case UInt8(ascii: "\""): unescaped.append(0x22)
          case UInt8(ascii: "\\"): unescaped.append(0x5C)
          case UInt8(ascii: "/"): unescaped.append(0x2F)
          case UInt8(ascii: "b"): unescaped.append(0x08)
          case UInt8(ascii: "f"): unescaped.append(0x0C)
          case UInt8(ascii: "n"): unescaped.append(0x0A)
          case UInt8(ascii: "r"): unescaped.append(0x0D)
          case UInt8(ascii: "t"): unescaped.append(0x09)
          case UInt8(ascii: "u"):
            let scalar = try parseUnicodeEscape()
            unescaped.append(contentsOf: String(Character(scalar)).utf8)
          default:
            index -= 1
            throw error("unknown escape sequence \\\(describeCurrent())")
          }
          pending = unescaped
          runStart = index
          continue
        }
        index += 1
      }
      let run = bytes[runStart..<index]
      index += 1  // closing quote
      // The whole string's UTF-8 is validated at once.
      let text: String?
      if var unescaped = pending {
        unescaped.append(contentsOf: run)
        text = unescaped.withUnsafeBufferPointer { String(validatingUTF8Bytes: $0) }
      } else {
        text = bytes.withUnsafeBufferPointer {
          String(validatingUTF8Bytes: UnsafeBufferPointer(rebasing: $0[run.indices]))
        }
      }
      guard let text else { throw error("the string is not valid UTF-8") }
      return text
    }

    mutating func parseUnicodeEscape() throws(SyntaxError) -> Unicode.Scalar {
      let high = try parseHex4()
      if (0xD800...0xDBFF).contains(high) {
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
        else { throw error("a lone high surrogate \\u\(hex(high)) cannot be a character") }
        index += 2
        let low = try parseHex4()
        guard (0xDC00...0xDFFF).contains(low) else {
          throw error("\\u\(hex(high)) must be followed by a low surrogate, found \\u\(hex(low))")
        }
        let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
        guard let scalar = Unicode.Scalar(value) else { throw error("invalid surrogate pair") }
        return scalar
      }
      guard let scalar = Unicode.Scalar(high) else {
        throw error("a lone low surrogate \\u\(hex(high)) cannot be a character")
      }
      return scalar
    }

    package func hex(_ value: UInt32) -> String {
      let digits = String(value, radix: 16, uppercase: true)
      return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    mutating func parseHex4() throws(SyntaxError) -> UInt32 {
      var value: UInt32 = 0
      for _ in 0..<4 {
        guard index < bytes.count else { throw error("unterminated \\u escape") }
        let byte = bytes[index]
        let digit: UInt32
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
        default: throw error("expected four hexadecimal digits after \\u, found \(describeCurrent())")
        }
        value = value * 16 + digit
        index += 1
      }
      return value
    }
  }
}
