/// Builds XML markup as UTF-8 bytes: elements, escaped attributes, numbers
/// written with `NumberText`.
///
/// Public, with its smallest writes inlinable, only so that other targets
/// inline them: each SVG and page is hundreds of thousands of short writes,
/// and a call across the targets' boundary for each cost 3 % of a build.
package struct MarkupWriter {
  package var bytes: [UInt8] = []

  @inlinable
  package init(capacity: Int = 4096) {
    bytes.reserveCapacity(capacity)
  }

  /// The markup as a string.
  package var output: String { String(decoding: bytes, as: UTF8.self) }

  /// An attribute value: a string (escaped) or a number (formatted).
  package enum Value {
    case text(String)
    case number(Double)
  }

  /// Markup made at run time. A literal takes the `StaticString` overload,
  /// which copies its bytes without making a string.
  @_disfavoredOverload
  package mutating func raw(_ markup: String) {
    append(markup)
  }

  /// Markup known when the program was compiled (no string is made).
  /// Bytes that are already markup (an outline's path data).
  @inlinable
  package mutating func rawBytes(_ markup: [UInt8]) {
    bytes.append(contentsOf: markup)
  }

  @inlinable
  package mutating func raw(_ markup: StaticString) {
    bytes.append(contentsOf: UnsafeBufferPointer(start: markup.utf8Start, count: markup.utf8CodeUnitCount))
  }

  /// Text escaped for a double-quoted attribute value.
  package mutating func attributeText(_ text: String) {
    Markup.append(text, attribute: true, to: &bytes)
  }

  /// A number, as `NumberText` writes it.
  package mutating func number(_ value: Double) {
    NumberText.append(value, to: &bytes)
  }

  /// `value` with up to `fractionDigits` decimals, no trailing zeros, as
  /// `NumberText.format(_:fractionDigits:)` writes it (without making a string).
  package mutating func number(_ value: Double, fractionDigits: Int) {
    var power: Int64 = 1
    for _ in 0..<fractionDigits { power *= 10 }
    let scaled = value.isFinite ? Int64((value * Double(power)).rounded()) : 0
    if scaled < 0 { bytes.append(UInt8(ascii: "-")) }
    let magnitude = scaled.magnitude
    NumberText.append(Double(magnitude / UInt64(power)), to: &bytes)
    var fraction = magnitude % UInt64(power)
    guard fraction != 0 else { return }
    var digits = fractionDigits
    while fraction % 10 == 0 {
      fraction /= 10
      digits -= 1
    }
    bytes.append(UInt8(ascii: "."))
    let start = bytes.count
    for _ in 0..<digits {
      bytes.append(UInt8(ascii: "0") + UInt8(fraction % 10))
      fraction /= 10
    }
    bytes[start...].reverse()
  }

  /// A CSS length: the number, then `px`.
  package mutating func px(_ value: Double) {
    NumberText.append(value, to: &bytes)
    raw("px")
  }

  package mutating func text(_ text: String) {
    Markup.append(text, attribute: false, to: &bytes)
  }

  package mutating func open(_ name: String, _ attributes: KeyValuePairs<String, Value?> = [:]) {
    bytes.append(UInt8(ascii: "<"))
    append(name)
    append(attributes)
    bytes.append(UInt8(ascii: ">"))
  }

  package mutating func empty(_ name: String, _ attributes: KeyValuePairs<String, Value?> = [:]) {
    bytes.append(UInt8(ascii: "<"))
    append(name)
    append(attributes)
    raw("/>")
  }

  /// ` name="value"`, the value escaped.
  package mutating func attribute(_ name: String, _ value: String) {
    bytes.append(UInt8(ascii: " "))
    append(name)
    raw("=\"")
    Markup.append(value, attribute: true, to: &bytes)
    bytes.append(UInt8(ascii: "\""))
  }

  /// ` name="number"`.
  package mutating func attribute(_ name: String, _ value: Double) {
    bytes.append(UInt8(ascii: " "))
    append(name)
    raw("=\"")
    NumberText.append(value, to: &bytes)
    bytes.append(UInt8(ascii: "\""))
  }

  package mutating func close(_ name: String) {
    raw("</")
    append(name)
    bytes.append(UInt8(ascii: ">"))
  }

  /// `<name …>text</name>`.
  package mutating func element(_ name: String, _ attributes: KeyValuePairs<String, Value?> = [:], text content: String)
  {
    open(name, attributes)
    text(content)
    close(name)
  }

  /// A string's UTF-8, copied as one block.
  private mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { bytes.append(contentsOf: $0) }
  }

  private mutating func append(_ attributes: KeyValuePairs<String, Value?>) {
    for (key, value) in attributes {
      switch value {
      case .text(let text)?: attribute(key, text)
      case .number(let number)?: attribute(key, number)
      case nil: continue
      }
    }
  }
}

extension MarkupWriter.Value: ExpressibleByStringLiteral, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
  package init(stringLiteral value: String) { self = .text(value) }
  package init(floatLiteral value: Double) { self = .number(value) }
  package init(integerLiteral value: Int) { self = .number(Double(value)) }
}
