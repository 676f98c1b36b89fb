import BlankslateSupport

/// Checks one file: parses it strictly with libxml2 (XML rules even for HTML,
/// since libxml2's HTML parser is HTML4-only), then applies the project's
/// structural rules for its kind.
package struct MarkupChecker: Sendable {
  /// What a check found, and what a site-wide check needs from the file.
  package struct Result: Sendable {
    package var issues: [ValidationIssue] = []
    /// Every `href`/`src` in the file, for link checks.
    package var links: [Link] = []
    /// Every `id` in the file, for fragment checks.
    package var ids: Set<String> = []
  }

  /// A reference from a page to another file.
  package struct Link: Sendable, Equatable {
    package var line: Int
    package var target: String

    package init(line: Int, target: String) {
      self.line = line
      self.target = target
    }
  }

  package init() {}

  package func check(_ bytes: [UInt8], file: String, kind: MarkupKind) -> Result {
    bytes.withUnsafeBytes { check($0, file: file, kind: kind) }
  }

  package func check(_ bytes: UnsafeRawBufferPointer, file: String, kind: MarkupKind) -> Result {
    StreamingChecker().check(bytes, file: file, kind: kind)
  }
}
