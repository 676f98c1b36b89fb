import BlankslateCore
import BlankslateSupport
import BlankslateValidation

/// A problem in a gallery template, located by template name and line.
public enum TemplateError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The template's tags do not parse (an unclosed tag, a section closed by the wrong name …).
  case syntax(template: String, line: Int, message: String)
  /// `{{> name}}` names no template.
  case missingPartial(template: String, line: Int, name: String)
  /// `{{name}}` names nothing in the context.
  case missingValue(template: String, line: Int, name: String)
  /// `{{name}}` names a list or an object, which has no text.
  case notText(template: String, line: Int, name: String)
  /// Partials include each other without end.
  case recursion(template: String, line: Int, depth: Int)
  /// A page grew past a bound while expanding the partial `partial` (included at `line` of `template`).
  case tooLarge(template: String, line: Int, partial: String, reason: String)
  /// A template named by the renderer does not exist.
  case missingTemplate(name: String)

  /// The problem as one sentence, naming the template and line.
  public var description: String {
    switch self {
    case .syntax(let template, let line, let message):
      "template \(template):\(line): \(message)."
    case .missingPartial(let template, let line, let name):
      "template \(template):\(line): the partial \"\(name)\" does not exist."
    case .missingValue(let template, let line, let name):
      "template \(template):\(line): \"\(name)\" is not a value this page provides."
    case .notText(let template, let line, let name):
      "template \(template):\(line): \"\(name)\" is a list or an object; use it as a section ({{#\(name)}}…{{/\(name)}})."
    case .recursion(let template, let line, let depth):
      "template \(template):\(line): partials nest deeper than \(depth) levels (a partial includes itself?)."
    case .tooLarge(let template, let line, let partial, let reason):
      "template \(template):\(line): the partial \"\(partial)\" makes the page too large: \(reason) "
        + "(do partials include each other many times over?)."
    case .missingTemplate(let name):
      "the template \"\(name)\" does not exist."
    }
  }
}
