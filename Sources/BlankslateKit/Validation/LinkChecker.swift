/// Checks the links between the files of one output folder: every local
/// `href`/`src` must name a file of the folder (and an `id` in it, for a
/// `#fragment`), and no link may climb out of the folder.
public struct LinkChecker: Sendable {
  /// What one file links to and which ids it has.
  public struct Page: Sendable {
    public var path: String
    public var links: [MarkupChecker.Link]
    public var ids: Set<String>

    public init(path: String, links: [MarkupChecker.Link], ids: Set<String>) {
      self.path = path
      self.links = links
      self.ids = ids
    }
  }

  /// Whether links to other sites (`https:`, `mailto:` …) are accepted.
  public var allowsExternalLinks: Bool

  public init(allowsExternalLinks: Bool) {
    self.allowsExternalLinks = allowsExternalLinks
  }

  /// - Parameters:
  ///   - pages: the checked files, with paths relative to the folder (`designs/a/index.html`).
  ///   - files: every file path in the folder, relative to it.
  ///   - displayRoot: how issues name the folder.
  public func check(_ pages: [Page], files: Set<String>, displayRoot: String) -> [ValidationIssue] {
    let idsByPath = Dictionary(pages.map { ($0.path, $0.ids) }, uniquingKeysWith: { first, _ in first })
    var issues: [ValidationIssue] = []
    for page in pages {
      let display = displayRoot.isEmpty ? page.path : displayRoot + "/" + page.path
      for link in page.links {
        let target = link.target
        if target.hasPrefix("data:") || target.isEmpty { continue }
        if Self.hasScheme(target) || target.hasPrefix("//") {
          if !allowsExternalLinks {
            issues.append(ValidationIssue(file: display, line: link.line, message: "links outside the site: \(target.prefix(80))"))
          }
          continue
        }
        let (pathPart, fragment) = Self.split(target)
        let resolved: String
        if pathPart.isEmpty {
          resolved = page.path
        } else {
          guard let path = Self.resolve(pathPart, from: page.path) else {
            issues.append(ValidationIssue(file: display, line: link.line, message: "\"\(target)\" climbs out of the site folder"))
            continue
          }
          resolved = files.contains(path) ? path : (files.contains(path + "/index.html") ? path + "/index.html" : path)
          guard files.contains(resolved) else {
            issues.append(ValidationIssue(file: display, line: link.line, message: "\"\(target)\" names no file of the site (\(path))"))
            continue
          }
        }
        if let fragment, !fragment.isEmpty, let ids = idsByPath[resolved], !ids.contains(fragment) {
          issues.append(ValidationIssue(file: display, line: link.line, message: "\"\(target)\": \(resolved) has no element with id \"\(fragment)\""))
        }
      }
    }
    return issues
  }

  static func hasScheme(_ target: String) -> Bool {
    guard let colon = target.firstIndex(of: ":") else { return false }
    let scheme = target[..<colon]
    return !scheme.isEmpty && !scheme.contains("/") && scheme.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) }
  }

  /// The path and the fragment of a link, without a query.
  static func split(_ target: String) -> (path: String, fragment: String?) {
    var path = Substring(target)
    var fragment: String?
    if let hash = path.firstIndex(of: "#") {
      fragment = String(path[path.index(after: hash)...])
      path = path[..<hash]
    }
    if let query = path.firstIndex(of: "?") { path = path[..<query] }
    return (percentDecoded(String(path)), fragment)
  }

  /// `target` resolved against the folder of `page`; nil when it climbs out.
  static func resolve(_ target: String, from page: String) -> String? {
    var parts = target.hasPrefix("/") ? [] : page.split(separator: "/").dropLast().map(String.init)
    for part in target.split(separator: "/", omittingEmptySubsequences: true) {
      switch part {
      case ".": continue
      case "..":
        guard !parts.isEmpty else { return nil }
        parts.removeLast()
      default: parts.append(String(part))
      }
    }
    var path = parts.joined(separator: "/")
    if target.hasSuffix("/") { path += path.isEmpty ? "index.html" : "/index.html" }
    return path
  }

  static func percentDecoded(_ text: String) -> String {
    guard text.contains("%") else { return text }
    var bytes: [UInt8] = []
    var iterator = Array(text.utf8).makeIterator()
    while let byte = iterator.next() {
      if byte == UInt8(ascii: "%"), let high = iterator.next(), let low = iterator.next(),
        let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
      {
        bytes.append(value)
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
