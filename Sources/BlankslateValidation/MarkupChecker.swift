import BlankslateSupport

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

  public init() {}

  public func check(_ bytes: [UInt8], file: String, kind: MarkupKind) -> Result {
    bytes.withUnsafeBytes { check($0, file: file, kind: kind) }
  }

  public func check(_ bytes: UnsafeRawBufferPointer, file: String, kind: MarkupKind) -> Result {
    StreamingChecker().check(bytes, file: file, kind: kind)
  }
}
