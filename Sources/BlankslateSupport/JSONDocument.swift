/// A JSON value built in code and written deterministically: keys in the
/// order given, numbers through `NumberText`, strings escaped for JSON and
/// for embedding in a script file (U+2028, U+2029 and `</` escaped too).
package indirect enum JSONDocument: Sendable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONDocument])
  case object([(String, JSONDocument)])

  package static func == (lhs: JSONDocument, rhs: JSONDocument) -> Bool {
    lhs.rendered(pretty: false) == rhs.rendered(pretty: false)
  }

  /// The JSON text; `pretty` indents by two spaces, one key per line.
  package func rendered(pretty: Bool) -> String {
    String(decoding: renderedBytes(pretty: pretty), as: UTF8.self)
  }

  /// The JSON text as UTF-8 bytes (what a file receives).
  /// - `depth`: with `pretty`, indented as a value that many levels deep
  ///   in another document (`JSONWriter.value(json:)` puts it there).
  package func renderedBytes(pretty: Bool, depth: Int = 0) -> [UInt8] {
    var writer = JSONWriter(pretty: pretty, depth: depth)
    write(to: &writer)
    return writer.bytes
  }

  /// Writes the value through `writer`; short lists of plain values stay on one line even when pretty.
  package func write(to writer: inout JSONWriter) {
    switch self {
    case .null: writer.null()
    case .bool(let flag): writer.bool(flag)
    case .number(let number): writer.number(number)
    case .string(let text): writer.string(text)
    case .array(let items):
      writer.beginArray(inline: items.allSatisfy(\.isScalar) && items.count <= 8)
      for item in items { item.write(to: &writer) }
      writer.endArray()
    case .object(let members):
      writer.beginObject()
      for (key, value) in members {
        writer.key(key)
        value.write(to: &writer)
      }
      writer.endObject()
    }
  }

  private var isScalar: Bool {
    switch self {
    case .array, .object: false
    default: true
    }
  }

  /// Appends `text` as a JSON string, working on its UTF-8 bytes: runs that
  /// need no escape are copied whole.
  static func quote(_ text: String, into output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { bytes in
      var index = 0
      var runStart = 0
      func flush() {
        if runStart < index { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
      }
      while index < bytes.count {
        let byte = bytes[index]
        let escape: String
        switch byte {
        case UInt8(ascii: "\""): escape = #"\""#
        case UInt8(ascii: "\\"): escape = #"\\"#
        case UInt8(ascii: "\n"): escape = #"\n"#
        case UInt8(ascii: "\r"): escape = #"\r"#
        case UInt8(ascii: "\t"): escape = #"\t"#
        case UInt8(ascii: "/") where index > 0 && bytes[index - 1] == UInt8(ascii: "<"): escape = #"\/"#
        case 0xE2
        where index + 2 < bytes.count && bytes[index + 1] == 0x80
          && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
          // U+2028 and U+2029 end a line in a script.
          flush()
          output += (bytes[index + 2] == 0xA8 ? #"\u2028"# : #"\u2029"#).utf8
          index += 3
          runStart = index
          continue
        case ..<0x20:
          flush()
          output += #"\u00"#.utf8
          output.append(hexDigits[Int(byte >> 4)])
          output.append(hexDigits[Int(byte & 0xF)])
          index += 1
          runStart = index
          continue
        default:
          index += 1
          continue
        }
        flush()
        output += escape.utf8
        index += 1
        runStart = index
      }
      flush()
    }
    output.append(UInt8(ascii: "\""))
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)
}

extension JSONDocument: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral,
  ExpressibleByIntegerLiteral
{
  package init(stringLiteral value: String) { self = .string(value) }
  package init(integerLiteral value: Int) { self = .number(Double(value)) }
  package init(booleanLiteral value: Bool) { self = .bool(value) }
  package init(arrayLiteral elements: JSONDocument...) { self = .array(elements) }
}
