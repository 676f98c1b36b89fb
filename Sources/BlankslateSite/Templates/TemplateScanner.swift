import BlankslateCore
import BlankslateSupport
import BlankslateValidation

/// Splits a template's source into text and tags, and removes the line of
/// every standalone section, comment and partial tag.
struct TemplateScanner {
  struct Token {
    enum Kind {
      case text(String)
      case variable(name: String, escaped: Bool)
      case open(name: String, inverted: Bool)
      case close(name: String)
      case partial(name: String, indentation: String)
      case comment
    }

    var kind: Kind
    var line: Int

    /// Whether the tag may stand alone on a line (and take the line with it).
    var canStandAlone: Bool {
      switch kind {
      case .open, .close, .partial, .comment: true
      case .text, .variable: false
      }
    }
  }

  let template: String
  let source: String

  func tokens() throws(TemplateError) -> [Token] {
    trimStandaloneLines(try scan())
  }

  /// The tags and the text between them, read over the source's UTF-8 bytes
  /// (`{{` and `}}` are ASCII, so a byte search finds them, in one pass).
  private func scan() throws(TemplateError) -> [Token] {
    let bytes = Array(source.utf8)
    let brace = UInt8(ascii: "{")
    let closing = UInt8(ascii: "}")
    let newline = UInt8(ascii: "\n")
    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
    func lines(_ range: Range<Int>) -> Int { bytes[range].reduce(0) { $0 + ($1 == newline ? 1 : 0) } }
    /// The first index at or after `start` where `count` `byte`s begin.
    func find(_ byte: UInt8, _ count: Int, from start: Int) -> Int? {
      var index = start
      while index + count <= bytes.count {
        if bytes[index] == byte {
          var run = 1
          while run < count, bytes[index + run] == byte { run += 1 }
          if run == count { return index }
        }
        index += 1
      }
      return nil
    }
    var tokens: [Token] = []
    var line = 1
    var position = 0
    while let open = find(brace, 2, from: position) {
      if open > position { tokens.append(Token(kind: .text(text(position..<open)), line: line)) }
      line += lines(position..<open)
      let tagLine = line
      let isTriple = open + 2 < bytes.count && bytes[open + 2] == brace
      let contentStart = open + (isTriple ? 3 : 2)
      guard let close = find(closing, isTriple ? 3 : 2, from: contentStart) else {
        throw .syntax(
          template: template, line: tagLine, message: "a tag opened with \(isTriple ? "{{{" : "{{") is never closed")
      }
      line += lines(contentStart..<close)
      tokens.append(
        Token(kind: try tagKind(text(contentStart..<close), triple: isTriple, line: tagLine), line: tagLine))
      position = close + (isTriple ? 3 : 2)
    }
    if position < bytes.count { tokens.append(Token(kind: .text(text(position..<bytes.count)), line: line)) }
    return tokens
  }

  private func tagKind(_ content: String, triple: Bool, line: Int) throws(TemplateError) -> Token.Kind {
    let trimmed = content.trimmingWhitespace
    if triple { return .variable(name: try name(trimmed, line: line), escaped: false) }
    guard let sigil = trimmed.first else {
      throw .syntax(template: template, line: line, message: "an empty tag {{}}")
    }
    let body = String(trimmed.dropFirst()).trimmingWhitespace
    switch sigil {
    case "!": return .comment
    case "#": return .open(name: try name(body, line: line), inverted: false)
    case "^": return .open(name: try name(body, line: line), inverted: true)
    case "/": return .close(name: try name(body, line: line))
    case ">": return .partial(name: try name(body, line: line, allowSlash: true), indentation: "")
    case "&": return .variable(name: try name(body, line: line), escaped: false)
    case "=": throw .syntax(template: template, line: line, message: "changing delimiters ({{=…=}}) is not supported")
    default: return .variable(name: try name(trimmed, line: line), escaped: true)
    }
  }

  /// `text` when it is a name a tag may hold: `.`, or ASCII letters, digits,
  /// `_`, `-`, `.` (and `/` in a partial's). Checked on the bytes: looking up
  /// Unicode's properties of each was most of parsing the built-in
  /// templates, which every process does (3.6 of 9.7 million instructions).
  private func name(_ text: String, line: Int, allowSlash: Bool = false) throws(TemplateError) -> String {
    let valid =
      !text.isEmpty
      && text.utf8.allSatisfy { byte in
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."):
          true
        case UInt8(ascii: "/"): allowSlash
        default: false
        }
      }
    guard valid else {
      throw .syntax(template: template, line: line, message: "\"\(text)\" is not a valid name in a tag")
    }
    return text
  }

  /// Mustache's standalone rule: a section, comment or partial tag alone on
  /// its line (only whitespace around it) removes that whole line.
  private func trimStandaloneLines(_ tokens: [Token]) -> [Token] {
    var dropPrefix = [Int](repeating: 0, count: tokens.count)  // characters to drop at the start
    var dropSuffix = [Int](repeating: 0, count: tokens.count)  // characters to drop at the end
    for (index, token) in tokens.enumerated() where token.canStandAlone {
      let before: (ok: Bool, trailing: Int) = {
        guard index > 0 else { return (true, 0) }
        guard case .text(let text) = tokens[index - 1].kind else { return (false, 0) }
        // Only the tail after the last line feed is walked (characters: `\r\n` is one, and not a line feed).
        let reversed = text.reversed()
        let tail = reversed.prefix { $0 != "\n" }
        let startsLine = tail.endIndex != reversed.endIndex || index - 1 == 0
        return (startsLine && tail.allSatisfy { $0 == " " || $0 == "\t" }, tail.count)
      }()
      let after: (ok: Bool, leading: Int) = {
        guard index + 1 < tokens.count else { return (true, 0) }
        guard case .text(let text) = tokens[index + 1].kind else { return (false, 0) }
        let head = text.prefix { $0 == " " || $0 == "\t" || $0 == "\r" }
        let rest = text.dropFirst(head.count)
        if rest.isEmpty { return (index + 2 == tokens.count, head.count) }
        return (rest.first == "\n", head.count + 1)
      }()
      guard before.ok, after.ok else { continue }
      if index > 0 { dropSuffix[index - 1] = before.trailing }
      if index + 1 < tokens.count { dropPrefix[index + 1] = after.leading }
    }
    return tokens.enumerated().compactMap { index, token in
      guard case .text(let text) = token.kind, dropPrefix[index] > 0 || dropSuffix[index] > 0 else { return token }
      // The characters dropped are counted from each end, without walking the text between.
      let start = text.index(text.startIndex, offsetBy: dropPrefix[index], limitedBy: text.endIndex) ?? text.endIndex
      let end = max(
        start, text.index(text.endIndex, offsetBy: -dropSuffix[index], limitedBy: text.startIndex) ?? text.startIndex)
      let kept = String(text[start..<end])
      return kept.isEmpty ? nil : Token(kind: .text(kept), line: token.line)
    }
  }
}
