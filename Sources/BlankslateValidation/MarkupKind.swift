import BlankslateSupport

/// The kinds of file the validator knows how to check.
package enum MarkupKind: String, Sendable, CaseIterable {
  /// A standalone SVG image.
  case svg
  /// A polyglot HTML page (HTML that is also well-formed XML).
  case html
  /// Any other XML (JUnit reports, feeds …): well-formedness only.
  case xml

  /// The kind a file's extension implies, if any.
  package init?(path: String) {
    let lower = path.lowercased()
    if lower.hasSuffix(".svg") {
      self = .svg
    } else if lower.hasSuffix(".html") || lower.hasSuffix(".xhtml") || lower.hasSuffix(".htm") {
      self = .html
    } else if lower.hasSuffix(".xml") {
      self = .xml
    } else {
      return nil
    }
  }
}
