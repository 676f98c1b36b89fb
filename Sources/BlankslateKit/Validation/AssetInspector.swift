/// Checks a site's own image files before they are embedded in renders.
///
/// PNGs must carry the PNG signature and a header with sane dimensions; SVGs
/// must parse strictly and hold nothing active or external: no DOCTYPE, no
/// script, no event attributes, no foreignObject, no link that leaves the file.
public struct AssetInspector: Sendable {
  /// The largest asset accepted, in bytes.
  public var maximumSize: Int

  public init(maximumSize: Int = 5 << 20) {
    self.maximumSize = maximumSize
  }

  /// The media type of an acceptable asset.
  ///
  /// - Throws: `AssetProblem` saying why the file cannot be used.
  public func inspect(_ bytes: [UInt8], path: String) throws(AssetProblem) -> String {
    guard bytes.count <= maximumSize else {
      throw AssetProblem(file: path, reason: "it is \(bytes.count) bytes; assets are limited to \(maximumSize) bytes")
    }
    if path.lowercased().hasSuffix(".png") {
      try inspectPNG(bytes, path: path)
      return "image/png"
    }
    try inspectSVG(bytes, path: path)
    return "image/svg+xml"
  }

  private func inspectPNG(_ bytes: [UInt8], path: String) throws(AssetProblem) {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
      throw AssetProblem(file: path, reason: "it is not a PNG file (no PNG signature and header)")
    }
    let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
    let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
    guard (1...8192).contains(width), (1...8192).contains(height) else {
      throw AssetProblem(file: path, reason: "its size \(width)×\(height) is outside 1…8192 pixels a side")
    }
  }

  private func inspectSVG(_ bytes: [UInt8], path: String) throws(AssetProblem) {
    var problems: [String] = []
    do {
      try bytes.withUnsafeBytes { buffer in
        try StrictXMLParser().withDocument(buffer, file: path) { document in
          if let doctype = document.doctypeName { problems.append("it has a document type declaration (<!DOCTYPE \(doctype)>)") }
          guard let root = document.root, root.name == "svg", root.namespaceURI == MarkupChecker.svgNamespace else {
            problems.append("its root element is not <svg> in the SVG namespace")
            return
          }
          root.forEachElement { element in
            if ["script", "foreignObject", "iframe", "embed", "object"].contains(element.name) {
              problems.append("line \(element.line): <\(element.name)> is not allowed")
            }
            if element.name == "style", element.textContent.contains("@import") || element.textContent.contains("url(") {
              problems.append("line \(element.line): <style> may not import or reference other files")
            }
            for (name, value) in element.attributes {
              if name.lowercased().hasPrefix("on") {
                problems.append("line \(element.line): the event attribute \(name) is not allowed")
              }
              if (name == "href" || name == "xlink:href"), !value.hasPrefix("#"), !value.hasPrefix("data:image/") {
                problems.append("line \(element.line): \(name)=\"\(value.prefix(60))\" refers outside the file")
              }
              if name == "style", value.contains("url(") && !value.contains("url(#") {
                problems.append("line \(element.line): a style refers outside the file")
              }
            }
          }
        }
      }
    } catch let failure as StrictXMLParser.Failure {
      throw AssetProblem(file: path, reason: "it is not well-formed SVG: " + failure.issues.map(\.description).joined(separator: "; "))
    } catch {
      throw AssetProblem(file: path, reason: "\(error)")
    }
    if !problems.isEmpty {
      throw AssetProblem(file: path, reason: problems.prefix(5).joined(separator: "; "))
    }
  }
}

/// Why an asset was refused.
public struct AssetProblem: Error, Sendable, Equatable, CustomStringConvertible {
  public var file: String
  public var reason: String

  public var description: String { "\(file): cannot be used as an image: \(reason)." }
}
