import BlankslateCore
import BlankslateSupport
import BlankslateValidation

/// A compiled template of the project's Mustache-like language.
///
/// Supported: `{{name}}` (escaped), `{{{name}}}` and `{{& name}}` (raw),
/// dotted names and `{{.}}`, sections `{{#name}}…{{/name}}` over booleans,
/// lists and objects, inverted sections `{{^name}}…{{/name}}`, partials
/// `{{> name}}` and comments `{{! … }}`. A line holding only a section,
/// comment or partial tag leaves no blank line behind.
package struct Template: Sendable {
  indirect enum Node: Sendable {
    case text(String)
    /// `inAttribute`: the tag stands inside a markup tag (an attribute value),
    /// where quotes must be escaped too.
    case variable(name: Name, escaped: Bool, inAttribute: Bool, line: Int)
    case section(name: Name, inverted: Bool, body: [Node], line: Int)
    case partial(name: String, indentation: String, line: Int)
  }

  /// A name of a tag, split at its dots and each part hashed once, when the template is compiled.
  struct Name: Sendable, CustomStringConvertible {
    let text: String
    /// Empty for `.` (the current value).
    let parts: [String]
    /// Each part's `TemplateFields.hash`.
    let hashes: [UInt64]

    init(_ text: String) {
      self.text = text
      parts = text == "." ? [] : text.split(separator: ".").map(String.init)
      hashes = parts.map(TemplateFields.hash)
    }

    var description: String { text }
  }

  package let name: String
  let nodes: [Node]

  /// Compiles `source`.
  ///
  /// - Throws: `TemplateError.syntax` naming the template and line.
  package init(name: String, source: String) throws(TemplateError) {
    self.name = name
    let tokens = try TemplateScanner(template: name, source: source).tokens()
    var index = 0
    var insideTag = false
    nodes = try Self.parse(tokens, &index, template: name, closing: nil, insideTag: &insideTag)
  }

  /// `insideTag`: whether the text so far has opened a markup tag
  /// (`<…`) and not closed it, which puts a variable in an attribute.
  private static func parse(
    _ tokens: [TemplateScanner.Token], _ index: inout Int, template: String, closing: (name: String, line: Int)?,
    insideTag: inout Bool
  ) throws(TemplateError) -> [Node] {
    var nodes: [Node] = []
    while index < tokens.count {
      let token = tokens[index]
      index += 1
      switch token.kind {
      case .text(let text):
        nodes.append(.text(text))
        for byte in text.utf8 {
          if byte == UInt8(ascii: "<") { insideTag = true }
          if byte == UInt8(ascii: ">") { insideTag = false }
        }
      case .comment:
        break
      case .variable(let name, let escaped):
        nodes.append(.variable(name: Name(name), escaped: escaped, inAttribute: insideTag, line: token.line))
      case .partial(let name, let indentation):
        nodes.append(.partial(name: name, indentation: indentation, line: token.line))
      case .open(let name, let inverted):
        let body = try parse(tokens, &index, template: template, closing: (name, token.line), insideTag: &insideTag)
        nodes.append(.section(name: Name(name), inverted: inverted, body: body, line: token.line))
      case .close(let name):
        guard let closing else {
          throw .syntax(
            template: template, line: token.line, message: "{{/\(name)}} closes a section that was never opened")
        }
        guard closing.name == name else {
          throw .syntax(
            template: template, line: token.line,
            message: "{{/\(name)}} closes {{#\(closing.name)}} opened on line \(closing.line)")
        }
        return nodes
      }
    }
    if let closing {
      throw .syntax(template: template, line: closing.line, message: "the section {{#\(closing.name)}} is never closed")
    }
    return nodes
  }
}
