import Foundation
import BlankslateCore
import BlankslateSupport
import BlankslateValidation

/// The gallery's templates and static files: the built-in set shipped inside
/// the binary, with a user's folder laid over it file by file.
package struct TemplateSet: Sendable {
  private var templates: [String: Template]
  /// Files copied verbatim into the output (`static/…`), path → bytes.
  package private(set) var staticFiles: [(path: String, bytes: [UInt8])]
  /// A hash of every file of the set (paths and bytes), for the build cache.
  package private(set) var fingerprint: String

  /// A file Blankslate ships beside its templates (`serve/live.js`), by its path below `Templates/`.
  package static func builtInFile(_ path: String) -> [UInt8]? {
    EmbeddedTemplates.base64Files.first { $0.path == path }.flatMap { Data(base64Encoded: $0.base64) }.map(Array.init)
  }

  /// The templates Blankslate ships.
  package static func builtIn() throws(TemplateError) -> TemplateSet {
    try builtInSet.get()
  }

  /// The built-in set, decoded and scanned once per process (it never changes).
  private static let builtInSet = Result { () throws(TemplateError) in
    try TemplateSet(
      files: EmbeddedTemplates.base64Files.map { ($0.path, Array(Data(base64Encoded: $0.base64) ?? Data())) })
  }

  /// The built-in set with every file of `folder` replacing the built-in file
  /// of the same path (a theme can override just `static/gallery.css`).
  package static func builtIn(overriddenBy folder: URL) throws -> TemplateSet {
    var files = EmbeddedTemplates.base64Files.map { ($0.path, Array(Data(base64Encoded: $0.base64) ?? Data())) }
    let root = folder.standardizedFileURL
    guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else {
      return try TemplateSet(files: files)
    }
    for case let url as URL in walker {
      guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
      let relative = String(url.standardizedFileURL.path.dropFirst(root.path.count + 1))
      guard !relative.hasPrefix("."), !relative.contains("/.") else { continue }
      let bytes: [UInt8]
      do throws(FileReadError) {
        bytes = try FileTree.read(url.path, limit: 16 << 20)
      } catch {
        throw TemplateError.syntax(template: relative, line: 0, message: "it cannot be read: \(error)")
      }
      files.removeAll { $0.0 == relative }
      files.append((relative, bytes))
    }
    return try TemplateSet(files: files)
  }

  /// `files`: paths below the templates folder and their bytes;
  /// `*.html` files are templates, files below `static/` are copied.
  package init(files: [(String, [UInt8])]) throws(TemplateError) {
    var templates: [String: Template] = [:]
    var statics: [(String, [UInt8])] = []
    var hash = ContentHash()
    for (path, bytes) in files.sorted(by: { $0.0.precedesInByteOrder($1.0) }) {
      hash.add(path)
      hash.add(bytes)
    }
    fingerprint = hash.hex
    for (path, bytes) in files {
      if path.hasPrefix("static/") {
        statics.append((String(path.dropFirst("static/".count)), bytes))
      } else if path.hasSuffix(".html") {
        let name = String(path.dropLast(".html".count))
        templates[name] = try Template(name: path, source: String(decoding: bytes, as: UTF8.self))
      }
    }
    self.templates = templates
    staticFiles = statics.sorted { $0.0.precedesInByteOrder($1.0) }.map { (path: $0.0, bytes: $0.1) }
  }

  /// Renders the template `name` (without `.html`) with `context`.
  package func render(_ name: String, _ context: TemplateValue) throws(TemplateError) -> String {
    String(decoding: try renderBytes(name, context), as: UTF8.self)
  }

  /// As `render`, the page's UTF-8 bytes (what is checked and written).
  package func renderBytes(_ name: String, _ context: TemplateValue) throws(TemplateError) -> [UInt8] {
    guard let template = templates[name] else { throw .missingTemplate(name: name + ".html") }
    var output: [UInt8] = []
    output.reserveCapacity(16_384)
    var stack = [context]
    stack.reserveCapacity(8)
    var expansions = 0
    try TemplateRenderer(templates: templates).render(
      template.nodes, template: template.name, stack: &stack, depth: 0, expansions: &expansions, into: &output)
    return output
  }
}

/// Walks a compiled template against a context stack.
package struct TemplateRenderer {
  let templates: [String: Template]
  static let maximumDepth = 16
  /// Partials one page may expand: depth alone does not bound a theme whose
  /// partials each include four others (11 levels make millions).
  package static let maximumExpansions = 200_000
  /// The bytes one page may come to (the largest the built-in templates make is a few megabytes).
  static let maximumPageBytes = 64 << 20

  func render(
    _ nodes: [Template.Node], template: String, stack: inout [TemplateValue], depth: Int, expansions: inout Int,
    into output: inout [UInt8]
  ) throws(TemplateError) {
    for node in nodes {
      switch node {
      case .text(let text):
        output.append(contentsOf: text.utf8)
      case .variable(let name, let escaped, let inAttribute, let line):
        guard let value = lookup(name, in: stack) else {
          throw .missingValue(template: template, line: line, name: name.text)
        }
        switch value {
        case .string(let text):
          // In an attribute, quotes are escaped too; in content, only & < >.
          if escaped {
            Markup.appendTemplateValue(text, inAttribute: inAttribute, to: &output)
          } else {
            output.append(contentsOf: text.utf8)
          }
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .list, .object: throw .notText(template: template, line: line, name: name.text)
        }
      case .section(let name, let inverted, let body, _):
        let value = lookup(name, in: stack)
        if inverted {
          if !(value?.isTruthy ?? false) {
            try render(body, template: template, stack: &stack, depth: depth, expansions: &expansions, into: &output)
          }
          continue
        }
        guard let value, value.isTruthy else { continue }
        switch value {
        case .list(let items):
          // The item is pushed on the stack for its body and taken off after (no copy of the stack).
          for item in items {
            stack.append(item)
            defer { stack.removeLast() }
            try render(body, template: template, stack: &stack, depth: depth, expansions: &expansions, into: &output)
          }
        case .object, .string:
          stack.append(value)
          defer { stack.removeLast() }
          try render(body, template: template, stack: &stack, depth: depth, expansions: &expansions, into: &output)
        case .bool:
          try render(body, template: template, stack: &stack, depth: depth, expansions: &expansions, into: &output)
        }
      case .partial(let name, _, let line):
        guard let partial = templates[name] else {
          throw .missingPartial(template: template, line: line, name: name)
        }
        guard depth < Self.maximumDepth else {
          throw .recursion(template: template, line: line, depth: Self.maximumDepth)
        }
        expansions += 1
        guard expansions <= Self.maximumExpansions else {
          throw .tooLarge(
            template: template, line: line, partial: name,
            reason: "the page expands more than \(Self.maximumExpansions) partials")
        }
        try render(
          partial.nodes, template: partial.name, stack: &stack, depth: depth + 1, expansions: &expansions, into: &output
        )
        guard output.count <= Self.maximumPageBytes else {
          throw .tooLarge(
            template: template, line: line, partial: name,
            reason: "the page comes to more than \(Self.maximumPageBytes >> 20) MiB")
        }
      }
    }
  }

  /// Mustache lookup: the first name searched from the top of the stack down,
  /// the rest of a dotted name inside what was found.
  func lookup(_ name: Template.Name, in stack: [TemplateValue]) -> TemplateValue? {
    guard let first = name.parts.first else { return stack.last }
    let firstHash = name.hashes[0]
    var found: TemplateValue?
    var index = stack.count - 1
    while index >= 0 {
      if let value = stack[index].field(first, hash: firstHash) {
        found = value
        break
      }
      index -= 1
    }
    guard var value = found else { return nil }
    for position in name.parts.indices.dropFirst() {
      guard let next = value.field(name.parts[position], hash: name.hashes[position]) else { return nil }
      value = next
    }
    return value
  }
}
