/// Checks one file: parses it strictly with libxml2 (XML rules even for HTML,
/// since libxml2's HTML parser is HTML4-only), then applies the project's
/// structural rules for its kind.
public struct MarkupChecker: Sendable {
  /// What a check found, and what a site-wide check needs from the file.
  public struct Result: Sendable {
    public var issues: [ValidationIssue] = []
    /// Every `href`/`src` in the file, for link checks.
    public var links: [Link] = []
    /// Every `id` in the file, for fragment checks.
    public var ids: Set<String> = []
  }

  /// A reference from a page to another file.
  public struct Link: Sendable, Equatable {
    public var line: Int
    public var target: String

    public init(line: Int, target: String) {
      self.line = line
      self.target = target
    }
  }

  static let svgNamespace = "http://www.w3.org/2000/svg"
  static let xhtmlNamespace = "http://www.w3.org/1999/xhtml"

  let parser = StrictXMLParser()

  public init() {}

  public func check(_ bytes: [UInt8], file: String, kind: MarkupKind) -> Result {
    bytes.withUnsafeBytes { check($0, file: file, kind: kind) }
  }

  public func check(_ bytes: UnsafeRawBufferPointer, file: String, kind: MarkupKind) -> Result {
    do {
      return try parser.withDocument(bytes, file: file) { document in
        var result = Result()
        StructureRules(file: file, kind: kind).apply(to: document, into: &result)
        return result
      }
    } catch let failure as StrictXMLParser.Failure {
      return Result(issues: failure.issues)
    } catch {
      return Result(issues: [ValidationIssue(file: file, line: 0, message: "\(error)")])
    }
  }
}

/// The structural rules of each kind of file.
struct StructureRules {
  let file: String
  let kind: MarkupKind

  func apply(to document: XMLDocumentView, into result: inout MarkupChecker.Result) {
    func issue(_ line: Int, _ message: String) {
      result.issues.append(ValidationIssue(file: file, line: line, message: message))
    }
    if let doctype = document.doctypeName {
      if kind != .html || doctype.lowercased() != "html" {
        issue(1, "a document type declaration (<!DOCTYPE \(doctype)>) is not allowed here")
      } else if document.doctypeHasDeclarations {
        issue(1, "the document type declaration may only be <!DOCTYPE html>, without identifiers or declarations")
      }
    }
    guard let root = document.root else {
      issue(1, "the document has no root element")
      return
    }

    var firstLineOfID: [String: Int] = [:]
    root.forEachElement { element in
      for (name, value) in element.attributes {
        if name == "id" || name == "xml:id" {
          if value.isEmpty {
            issue(element.line, "<\(element.name)> has an empty id")
          } else if let first = firstLineOfID[value] {
            issue(element.line, "the id \"\(value)\" is used twice (first on line \(first))")
          } else {
            firstLineOfID[value] = element.line
          }
        }
        if name.lowercased().hasPrefix("on") {
          issue(element.line, "<\(element.name)> has an event handler attribute \(name); scripts belong in script files")
        }
        if name == "href" || name == "src" || name == "xlink:href" {
          result.links.append(MarkupChecker.Link(line: element.line, target: value))
        }
      }
    }
    result.ids = Set(firstLineOfID.keys)

    switch kind {
    case .svg: checkSVG(root, issue)
    case .html: checkHTML(root, issue)
    case .xml: break
    }
  }

  private func checkSVG(_ root: XMLElementView, _ issue: (Int, String) -> Void) {
    guard root.name == "svg", root.namespaceURI == MarkupChecker.svgNamespace else {
      issue(root.line, "the root element must be <svg> in the SVG namespace (\(MarkupChecker.svgNamespace))")
      return
    }
    if root.attribute("viewBox") == nil { issue(root.line, "<svg> has no viewBox") }
    let title = root.children.first { $0.name == "title" }
    if title?.textContent.trimmingWhitespace.isEmpty ?? true {
      issue(root.line, "<svg> has no <title> (its accessible name)")
    }
    root.forEachElement { element in
      switch element.name {
      case "script", "foreignObject":
        issue(element.line, "<\(element.name)> is not allowed in an SVG image")
      default:
        break
      }
      for (name, value) in element.attributes where name == "href" || name == "xlink:href" {
        if !value.hasPrefix("#") && !value.hasPrefix("data:") {
          issue(element.line, "<\(element.name) \(name)=\"\(value.prefix(60))\"> refers outside the image")
        }
      }
    }
  }

  private func checkHTML(_ root: XMLElementView, _ issue: (Int, String) -> Void) {
    guard root.name == "html", root.namespaceURI == MarkupChecker.xhtmlNamespace else {
      issue(root.line, "the root element must be <html xmlns=\"\(MarkupChecker.xhtmlNamespace)\"> (polyglot markup)")
      return
    }
    if (root.attribute("lang") ?? "").isEmpty { issue(root.line, "<html> has no lang attribute") }
    guard let head = root.children.first(where: { $0.name == "head" }) else {
      issue(root.line, "the page has no <head>")
      return
    }
    if !head.children.contains(where: { $0.name == "meta" && $0.attribute("charset") != nil }) {
      issue(head.line, "<head> has no <meta charset=\"utf-8\"/>")
    }
    if head.children.first(where: { $0.name == "title" })?.textContent.trimmingWhitespace.isEmpty ?? true {
      issue(head.line, "<head> has no <title>")
    }
    if !root.children.contains(where: { $0.name == "body" }) { issue(root.line, "the page has no <body>") }
    root.forEachElement { element in
      if element.name == "img", element.attribute("alt") == nil {
        issue(element.line, "<img> has no alt attribute (use alt=\"\" for decoration)")
      }
    }
  }
}
