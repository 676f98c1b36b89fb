/// Builds XML markup into one string: elements, escaped attributes, numbers
/// written with `NumberText`.
struct MarkupWriter {
  private(set) var output = ""

  init(capacity: Int = 4096) {
    output.reserveCapacity(capacity)
  }

  /// An attribute value: a string (escaped) or a number (formatted).
  enum Value {
    case text(String)
    case number(Double)

    var rendered: String {
      switch self {
      case .text(let text): Markup.escapeAttribute(text)
      case .number(let number): NumberText.format(number)
      }
    }
  }

  mutating func raw(_ markup: String) {
    output += markup
  }

  mutating func text(_ text: String) {
    output += Markup.escapeText(text)
  }

  mutating func open(_ name: String, _ attributes: KeyValuePairs<String, Value?> = [:]) {
    output += "<" + name
    append(attributes)
    output += ">"
  }

  mutating func empty(_ name: String, _ attributes: KeyValuePairs<String, Value?> = [:]) {
    output += "<" + name
    append(attributes)
    output += "/>"
  }

  /// ` name="value"`, the value escaped.
  mutating func attribute(_ name: String, _ value: String) {
    output += " "
    output += name
    output += "=\""
    output += Markup.escapeAttribute(value)
    output += "\""
  }

  /// ` name="number"`.
  mutating func attribute(_ name: String, _ value: Double) {
    output += " "
    output += name
    output += "=\""
    output += NumberText.format(value)
    output += "\""
  }

  mutating func close(_ name: String) {
    output += "</" + name + ">"
  }

  /// `<name …>text</name>`.
  mutating func element(_ name: String, _ attributes: KeyValuePairs<String, Value?> = [:], text content: String) {
    open(name, attributes)
    text(content)
    close(name)
  }

  private mutating func append(_ attributes: KeyValuePairs<String, Value?>) {
    for (key, value) in attributes {
      guard let value else { continue }
      output += " "
      output += key
      output += "=\""
      switch value {
      case .text(let text): output += Markup.escapeAttribute(text)
      case .number(let number): output += NumberText.format(number)
      }
      output += "\""
    }
  }
}

extension MarkupWriter.Value: ExpressibleByStringLiteral, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
  init(stringLiteral value: String) { self = .text(value) }
  init(floatLiteral value: Double) { self = .number(value) }
  init(integerLiteral value: Int) { self = .number(Double(value)) }
}
