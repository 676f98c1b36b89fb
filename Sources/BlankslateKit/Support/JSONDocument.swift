/// A JSON value built in code and written deterministically: keys in the
/// order given, numbers through `NumberText`, strings escaped for JSON and
/// for embedding in a script file (U+2028, U+2029 and `</` escaped too).
public indirect enum JSONDocument: Sendable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONDocument])
  case object([(String, JSONDocument)])

  public static func == (lhs: JSONDocument, rhs: JSONDocument) -> Bool {
    lhs.rendered(pretty: false) == rhs.rendered(pretty: false)
  }

  /// The JSON text; `pretty` indents by two spaces, one key per line.
  public func rendered(pretty: Bool) -> String {
    String(decoding: renderedBytes(pretty: pretty), as: UTF8.self)
  }

  /// The JSON text as UTF-8 bytes (what a file receives).
  public func renderedBytes(pretty: Bool) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(4096)
    write(into: &output, pretty: pretty, indent: 0)
    return output
  }

  private func write(into output: inout [UInt8], pretty: Bool, indent: Int) {
    switch self {
    case .null: output += "null".utf8
    case .bool(let flag): output += (flag ? "true" : "false").utf8
    case .number(let number):
      output +=
        (number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : NumberText.format(number)).utf8
    case .string(let text): Self.quote(text, into: &output)
    case .array(let items):
      guard !items.isEmpty else {
        output += "[]".utf8
        return
      }
      // Short lists of plain values stay on one line even when pretty.
      let inline = !pretty || items.allSatisfy(\.isScalar) && items.count <= 8
      output.append(UInt8(ascii: "["))
      for (index, item) in items.enumerated() {
        if index > 0 { output += (inline && pretty ? ", " : ",").utf8 }
        if !inline { Self.newline(indent + 1, into: &output) }
        item.write(into: &output, pretty: pretty, indent: indent + 1)
      }
      if !inline { Self.newline(indent, into: &output) }
      output.append(UInt8(ascii: "]"))
    case .object(let members):
      guard !members.isEmpty else {
        output += "{}".utf8
        return
      }
      output.append(UInt8(ascii: "{"))
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        if pretty { Self.newline(indent + 1, into: &output) }
        Self.quote(key, into: &output)
        output += (pretty ? ": " : ":").utf8
        value.write(into: &output, pretty: pretty, indent: indent + 1)
      }
      if pretty { Self.newline(indent, into: &output) }
      output.append(UInt8(ascii: "}"))
    }
  }

  private static func newline(_ depth: Int, into output: inout [UInt8]) {
    output.append(UInt8(ascii: "\n"))
    output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
  }

  private var isScalar: Bool {
    switch self {
    case .array, .object: false
    default: true
    }
  }

  /// Appends `text` as a JSON string, working on its UTF-8 bytes.
  static func quote(_ text: String, into output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { bytes in
      var previous: UInt8 = 0
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\""): output += #"\""#.utf8
        case UInt8(ascii: "\\"): output += #"\\"#.utf8
        case UInt8(ascii: "\n"): output += #"\n"#.utf8
        case UInt8(ascii: "\r"): output += #"\r"#.utf8
        case UInt8(ascii: "\t"): output += #"\t"#.utf8
        case UInt8(ascii: "/") where previous == UInt8(ascii: "<"): output += #"\/"#.utf8
        case 0xE2
        where index + 2 < bytes.count && bytes[index + 1] == 0x80
          && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
          // U+2028 and U+2029 end a line in a script.
          output += (bytes[index + 2] == 0xA8 ? #"\u2028"# : #"\u2029"#).utf8
          index += 3
          previous = 0
          continue
        case ..<0x20:
          output += #"\u00"#.utf8
          output.append(hexDigits[Int(byte >> 4)])
          output.append(hexDigits[Int(byte & 0xF)])
        default:
          output.append(byte)
        }
        previous = byte
        index += 1
      }
    }
    output.append(UInt8(ascii: "\""))
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)
}

extension JSONDocument: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral {
  public init(stringLiteral value: String) { self = .string(value) }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(arrayLiteral elements: JSONDocument...) { self = .array(elements) }
}
