import BlankslateSupport

/// A JSON value that remembers where it was written.
///
/// Blankslate parses definitions itself instead of using `JSONSerialization`:
/// errors must point at a line and column, objects must keep their key order
/// (a `Text`'s first entry is its fallback), and a duplicated key must be
/// refused rather than silently dropped.
package struct JSONValue: Sendable, Equatable {
  /// The kinds of JSON value.
  package indirect enum Kind: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, with the literal as written (for messages).
    case number(Double, literal: String)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, keys in the order written.
    case object([Member])
  }

  /// One key and value of an object.
  package struct Member: Sendable, Equatable {
    package var key: String
    package var value: JSONValue
    /// Where the key itself was written.
    package var keyPosition: SourcePosition
  }

  package var kind: Kind
  package var position: SourcePosition

  package init(_ kind: Kind, at position: SourcePosition) {
    self.kind = kind
    self.position = position
  }

  /// The JSON type's name as a user would say it (`string`, `number`, …).
  package var typeName: String {
    switch kind {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// A short rendering of the value for error messages.
  package var excerpt: String {
    switch kind {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .number(_, let literal): return TerminalText.excerpt(literal)
    case .string(let value): return "\"" + TerminalText.oneLine(TerminalText.excerpt(value), limit: 80) + "\""
    case .array(let items): return "an array of \(items.count)"
    case .object(let members): return "an object with \(members.count) keys"
    }
  }
}

/// A 1-based line and column in a source file (columns count characters).
public struct SourcePosition: Sendable, Hashable, Comparable {
  /// The line, from 1.
  public var line: Int
  /// The column, from 1.
  public var column: Int

  /// The position at `line` and `column`.
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// Whether `lhs` comes first in the file.
  public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }
}

extension JSONValue {
  /// The member `key` of an object.
  package subscript(key: String) -> JSONValue? {
    guard case .object(let members) = kind else { return nil }
    return members.first { $0.key == key }?.value
  }

  package var stringValue: String? {
    if case .string(let text) = kind { return text }
    return nil
  }

  package var numberValue: Double? {
    if case .number(let number, _) = kind { return number }
    return nil
  }

  package var arrayValue: [JSONValue]? {
    if case .array(let items) = kind { return items }
    return nil
  }
}

extension JSONValue {
  /// The value `document`'s JSON text parses to, made without writing and
  /// parsing the text: numbers as the writer writes them, keys in order.
  /// It was never a file, so every position is line 0.
  package init(_ document: JSONDocument) {
    let nowhere = SourcePosition(line: 0, column: 0)
    switch document {
    case .null:
      self.init(.null, at: nowhere)
    case .bool(let flag):
      self.init(.bool(flag), at: nowhere)
    case .number(let number):
      let literal = JSONWriter.text(of: number)
      self.init(.number(Double(literal) ?? number, literal: literal), at: nowhere)
    case .string(let text):
      self.init(.string(text), at: nowhere)
    case .array(let items):
      self.init(.array(items.map(JSONValue.init)), at: nowhere)
    case .object(let members):
      self.init(
        .object(members.map { Member(key: $0.0, value: JSONValue($0.1), keyPosition: nowhere) }), at: nowhere)
    }
  }
}
