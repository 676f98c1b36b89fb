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
    var output = ""
    write(into: &output, pretty: pretty, indent: 0)
    return output
  }

  private func write(into output: inout String, pretty: Bool, indent: Int) {
    switch self {
    case .null: output += "null"
    case .bool(let flag): output += flag ? "true" : "false"
    case .number(let number):
      output += number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : NumberText.format(number)
    case .string(let text): Self.quote(text, into: &output)
    case .array(let items):
      guard !items.isEmpty else {
        output += "[]"
        return
      }
      // Short lists of plain values stay on one line even when pretty.
      let inline = !pretty || items.allSatisfy(\.isScalar) && items.count <= 8
      output += "["
      for (index, item) in items.enumerated() {
        if index > 0 { output += inline && pretty ? ", " : "," }
        if !inline { output += "\n" + String(repeating: "  ", count: indent + 1) }
        item.write(into: &output, pretty: pretty, indent: indent + 1)
      }
      if !inline { output += "\n" + String(repeating: "  ", count: indent) }
      output += "]"
    case .object(let members):
      guard !members.isEmpty else {
        output += "{}"
        return
      }
      output += "{"
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { output += "," }
        if pretty { output += "\n" + String(repeating: "  ", count: indent + 1) }
        Self.quote(key, into: &output)
        output += pretty ? ": " : ":"
        value.write(into: &output, pretty: pretty, indent: indent + 1)
      }
      if pretty { output += "\n" + String(repeating: "  ", count: indent) }
      output += "}"
    }
  }

  private var isScalar: Bool {
    switch self {
    case .array, .object: false
    default: true
    }
  }

  static func quote(_ text: String, into output: inout String) {
    output += "\""
    var previous: Unicode.Scalar?
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "/" where previous == "<": output += "\\/"
      case "\u{2028}": output += "\\u2028"
      case "\u{2029}": output += "\\u2029"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
      previous = scalar
    }
    output += "\""
  }
}

extension JSONDocument: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral {
  public init(stringLiteral value: String) { self = .string(value) }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(arrayLiteral elements: JSONDocument...) { self = .array(elements) }
}
