import BlankslateSupport

/// The same-document references (`url(#id)`) a piece of CSS makes, and to
/// which elements a sheet's rules could apply them: what `DrawingCost`
/// needs to count the work a drawing does.
///
/// Matching is deliberately generous: only the rightmost compound of each
/// selector is kept (its element name, classes and id), and everything else
/// — ancestors, attribute selectors, pseudo-classes, `@media` conditions —
/// is ignored. An element that could match is taken to match, so the count
/// is never less than what a browser draws.
struct CSSRuleReferences {
  /// The rightmost compound of a selector: nil `tag` and no classes or id is `*`.
  struct Compound: Equatable {
    var tag: String?
    var classes: [String] = []
    var id: String?

    /// Whether an element with this name, class list and id could match.
    func matches(tag elementTag: String, classes elementClasses: Set<String>, id elementID: String?) -> Bool {
      if let tag, tag != elementTag { return false }
      if let id, id != elementID { return false }
      return classes.allSatisfy(elementClasses.contains)
    }
  }

  /// A property that names an element of the document (`mask: url(#m)`).
  struct Reference: Hashable {
    /// Lower-cased, escapes decoded (`m\61sk` is `mask`).
    var property: String
    /// The id, without `#`.
    var id: String
  }

  struct Rule: Equatable {
    var selectors: [Compound]
    var references: [Reference]
  }

  /// The rules of a `<style>` sheet that make at least one reference.
  static func rules(in sheet: String) -> [Rule] {
    var scanner = CSSReferences.Scanner(Array(sheet.unicodeScalars))
    var rules: [Rule] = []
    var selectors: [Compound] = []
    var current = Compound()
    var startsNew = false
    var pendingClass = false
    var pendingID = false
    while let token = scanner.next() {
      switch token {
      case .delimiter("{"):
        selectors.append(current)
        let references = declarations(&scanner, untilClosingBrace: true)
        if !references.isEmpty { rules.append(Rule(selectors: selectors, references: references)) }
        (selectors, current, startsNew) = ([], Compound(), false)
      case .atKeyword:
        // `@media …{`: its rules are read as if at the top level; others never reach here (the sanitiser removes them).
        while let next = scanner.next(), next != .delimiter("{"), next != .delimiter(";") {}
        (selectors, current, startsNew) = ([], Compound(), false)
      case .delimiter("}"):
        (selectors, current, startsNew) = ([], Compound(), false)
      case .delimiter(","):
        selectors.append(current)
        (current, startsNew) = (Compound(), false)
      case .delimiter(" "), .delimiter("\t"), .delimiter("\n"), .delimiter("\r"), .delimiter(">"), .delimiter("+"),
        .delimiter("~"):
        startsNew = true
      case .delimiter("."):
        pendingClass = true
        continue
      case .delimiter("#"):
        pendingID = true
        continue
      case .delimiter("["):
        while let next = scanner.next(), next != .delimiter("]") {}
      case .colon:
        // A pseudo-class or element: ignored (it only narrows the match), with a function's arguments.
        while scanner.peek() == .colon { _ = scanner.next() }
        switch scanner.next() {
        case .function?: skipArguments(&scanner)
        default: break
        }
      case .function:
        skipArguments(&scanner)
      case .ident(let name):
        if startsNew { (current, startsNew) = (Compound(), false) }
        if pendingClass {
          current.classes.append(name)
        } else if pendingID {
          current.id = name
        } else {
          current.tag = name
        }
      default:
        if startsNew { (current, startsNew) = (Compound(), false) }
      }
      pendingClass = false
      pendingID = false
    }
    return rules
  }

  /// The references of a `style` attribute's declarations.
  static func declarations(in style: String) -> [Reference] {
    var scanner = CSSReferences.Scanner(Array(style.unicodeScalars))
    return declarations(&scanner, untilClosingBrace: false)
  }

  /// The ids a presentation attribute's value names (`url(#a)`, `url("#b")`).
  static func ids(in value: String) -> [String] {
    var scanner = CSSReferences.Scanner(Array(value.unicodeScalars))
    var ids: [String] = []
    while let token = scanner.next() {
      if let id = reference(token, &scanner) { ids.append(id) }
    }
    return ids
  }

  /// Reads declarations up to the block's `}` (or the end).
  private static func declarations(
    _ scanner: inout CSSReferences.Scanner, untilClosingBrace: Bool
  ) -> [Reference] {
    var references: [Reference] = []
    var property: String?
    var inValue = false
    var depth = 0
    while let token = scanner.next() {
      switch token {
      case .delimiter("}") where untilClosingBrace && depth == 0:
        return references
      case .delimiter("{"):
        depth += 1
      case .delimiter("}"):
        depth -= 1
      case .delimiter(";"):
        (property, inValue) = (nil, false)
      case .colon where !inValue:
        inValue = property != nil
      case .ident(let name) where !inValue:
        property = name.lowercased()
      default:
        if inValue, let property, let id = reference(token, &scanner) {
          references.append(Reference(property: property, id: id))
        }
      }
    }
    return references
  }

  /// The id a `url(#id)` token names, reading its string argument when quoted.
  private static func reference(_ token: CSSReferences.Token, _ scanner: inout CSSReferences.Scanner) -> String? {
    var target: String?
    switch token {
    case .url(let url): target = url
    case .function(let name) where name.lowercased() == "url":
      if case .string(let url)? = scanner.next() { target = url }
    default: return nil
    }
    guard let target = target?.trimmingCharacters(in: .whitespaces), target.hasPrefix("#") else { return nil }
    return String(target.dropFirst())
  }

  /// Skips a function's arguments, up to its closing parenthesis.
  private static func skipArguments(_ scanner: inout CSSReferences.Scanner) {
    var depth = 1
    while depth > 0, let token = scanner.next() {
      switch token {
      case .delimiter("("), .function: depth += 1
      case .delimiter(")"): depth -= 1
      default: break
      }
    }
  }
}
