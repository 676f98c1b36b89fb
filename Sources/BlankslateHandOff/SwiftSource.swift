/// The one way a definition's words become Swift source: string literals,
/// comment text and identifiers. Every text the hand-off snippets and
/// `export swift` write into Swift goes through here, so no name or text can
/// end a comment, close a literal or declare anything.
///
/// Swift's lexer ends a line comment at a line feed or a carriage return
/// (`Lexer::skipToEndOfLine`), and a string literal may hold neither; the
/// other line separators (VT, FF, NEL, U+2028, U+2029), the C0 and C1
/// controls and the bidirectional controls (which make code read otherwise
/// than it compiles, CVE-2021-42574) are kept out too.
package enum SwiftSource {
  /// A Swift string literal of `text`: quotes, backslashes, every control,
  /// line separator and bidirectional control escaped (`\u{2028}`).
  package static func literal(_ text: String) -> String {
    // Most texts need no escape: quoted whole (appending scalar by scalar cost a thousand instructions a text).
    if !text.unicodeScalars.contains(where: { $0 == "\"" || $0 == "\\" || isUnsafe($0) }) {
      return "\"" + text + "\""
    }
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default:
        if isUnsafe(scalar) {
          result += "\\u{" + String(scalar.value, radix: 16) + "}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }

  /// `text` as it may stand in a `//` or `///` comment: on one line, each
  /// run of controls, line separators and bidirectional controls one space,
  /// trimmed, at most 200 characters.
  package static func comment(_ text: String) -> String {
    var result = ""
    var pendingSpace = false
    for scalar in text.unicodeScalars {
      if isUnsafe(scalar) || scalar == " " {
        pendingSpace = !result.isEmpty
        continue
      }
      if pendingSpace { result.unicodeScalars.append(" ") }
      pendingSpace = false
      result.unicodeScalars.append(scalar)
    }
    return result.count > 200 ? String(result.prefix(199)) + "…" : result
  }

  /// Whether `scalar` is kept out of comments and written escaped in
  /// literals: C0 and C1 controls (line feed, carriage return, tab, vertical
  /// tab, form feed, NEL among them), the line and paragraph separators, and
  /// the bidirectional controls (marks, embeddings, overrides, isolates).
  package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F...0x9F: true
    case 0x2028, 0x2029: true
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    case 0xFEFF: true
    default: false
    }
  }

  /// A Swift name for an id (`[a-z0-9-]+`): its words in camel case
  /// (`favourites-empty` → `FavouritesEmpty` or `favouritesEmpty`), `_` before
  /// a leading digit (`3d-view` → `_3dView`), a keyword quoted (`` `default` ``),
  /// and `_` after a name Swift gives a meaning of its own in a member's
  /// place (`self`, `Type`, `Protocol`, `init`: `Type_`). No id gives a name
  /// that ends in `_` otherwise, so these cannot meet another id's name.
  package static func identifier(_ id: String, upper: Bool) -> String {
    let words = id.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.map(String.init)
    var name = words.enumerated().map { index, word in
      index == 0 && !upper
        ? word.prefix(1).lowercased() + word.dropFirst() : word.prefix(1).uppercased() + word.dropFirst()
    }.joined()
    if name.isEmpty { name = upper ? "Design" : "variant" }
    if let first = name.first, first.isNumber { name = "_" + name }
    if memberReserved.contains(name) { return name + "_" }
    return keywords.contains(name) ? "`\(name)`" : name
  }

  /// Names that mean something else after a dot (`X.self`, `X.Type`), even quoted.
  private static let memberReserved: Set<String> = ["self", "Self", "Type", "Protocol", "init", "deinit", "subscript"]

  /// Swift's keywords (The Swift Programming Language, "Lexical Structure":
  /// declarations, statements, expressions and types, and the contextual
  /// ones that cannot name a declaration unquoted).
  private static let keywords: Set<String> = [
    "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
    "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "precedencegroup", "private",
    "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch",
    "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
    "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super",
    "throws", "true", "try", "some", "Type", "Protocol", "async", "actor", "macro", "package",
  ]
}
