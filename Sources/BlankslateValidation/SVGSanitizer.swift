@preconcurrency import CLibXML2
import Foundation
import BlankslateSupport

/// Rebuilds a user's SVG from an allowlist, after a strict libxml2 parse:
/// only drawing elements and presentation attributes survive. Scripts, event
/// attributes, `foreignObject`, animations, links and every reference that
/// leaves the document are removed and noted; a DOCTYPE (and with it any
/// entity) is refused outright, as is anything that is not well-formed SVG.
package struct SVGSanitizer: Sendable {
  /// The clean SVG and what was taken out of it.
  package struct Result: Sendable, Equatable {
    package var svg: String
    /// `line 3: removed <script>`, one per removal.
    package var removed: [String]
    /// The drawing's own size in points (`intrinsicSize(of:)`), nil when it states none.
    package var intrinsicSize: ImageExtent? = nil
  }

  /// Elements deeper than this are refused (a hostile file could nest without end).
  package var maximumDepth = 64
  /// The drawing work an asset may ask for, in elements drawn once every
  /// reference that draws a subtree is expanded where it is used (`DrawingCost`):
  /// a few kilobytes of nested `<use>`, masks or markers can stand for
  /// billions of shapes, so more is refused.
  package static let maximumInstances = 20_000
  /// The pixels of all the images one SVG embeds (`data:` URLs), together: as
  /// many as one image asset of the largest size.
  package static let maximumEmbeddedPixels = 8192 * 8192
  /// Attributes of one element: libxml2 2.9 adds each attribute to a tree
  /// node by walking the ones before it, so a file with 80,000 attributes on
  /// one element would take seconds; a drawing needs a few dozen.
  package static let maximumAttributes = 1_000

  package init() {}

  /// The size an asset catalog gives a vector image: the root's `width` and
  /// `height` (numbers, `px` or `pt`, one CSS pixel a point), else its
  /// `viewBox`'s; a percentage or a missing side states none.
  static func intrinsicSize(of root: XMLElementView) -> ImageExtent? {
    func attribute(_ name: String) -> String? { root.attributes.first { $0.name == name }?.value }
    func length(_ name: String) -> Double? {
      guard var value = attribute(name)?.trimmingCharacters(in: .whitespaces) else { return nil }
      if value.hasSuffix("px") || value.hasSuffix("pt") { value.removeLast(2) }
      return Double(value).flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    }
    if let width = length("width"), let height = length("height") { return ImageExtent(width: width, height: height) }
    let box = (attribute("viewBox") ?? "").split { $0 == " " || $0 == "," }.compactMap { Double($0) }
    guard box.count == 4, box[2].isFinite, box[3].isFinite, box[2] > 0, box[3] > 0 else { return nil }
    return ImageExtent(width: box[2], height: box[3])
  }

  static let elements: Set<String> = [
    "svg", "g", "defs", "symbol", "use", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "title",
    "desc", "linearGradient", "radialGradient", "stop", "clipPath", "mask", "pattern",
    "image", "style", "marker", "filter", "feGaussianBlur", "feOffset", "feBlend", "feColorMatrix", "feFlood",
    "feComposite", "feMerge", "feMergeNode", "feDropShadow", "switch",
  ]

  static let attributes: Set<String> = [
    "id", "class", "style", "transform", "viewBox", "preserveAspectRatio", "width", "height", "x", "y", "x1", "y1",
    "x2", "y2", "cx", "cy", "r", "rx", "ry", "fx", "fy", "fr", "d", "points", "pathLength", "fill", "fill-opacity",
    "fill-rule", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray",
    "stroke-dashoffset", "stroke-opacity", "opacity", "clip-path", "clip-rule", "mask", "filter", "font-family",
    "font-size", "font-weight", "font-style", "font-variant", "text-anchor", "dominant-baseline", "alignment-baseline",
    "baseline-shift", "letter-spacing", "word-spacing", "text-decoration", "offset", "stop-color", "stop-opacity",
    "gradientUnits", "gradientTransform", "spreadMethod", "patternUnits", "patternContentUnits", "patternTransform",
    "clipPathUnits", "maskUnits", "maskContentUnits", "filterUnits", "primitiveUnits", "visibility", "display",
    "color", "paint-order", "vector-effect", "shape-rendering", "text-rendering", "image-rendering",
    "color-interpolation-filters", "marker-start", "marker-mid", "marker-end", "markerWidth", "markerHeight", "refX",
    "refY", "orient", "markerUnits", "dx", "dy", "rotate", "textLength", "lengthAdjust", "startOffset", "in", "in2",
    "result", "stdDeviation", "mode", "values", "type", "operator", "k1", "k2", "k3", "k4", "flood-color",
    "flood-opacity", "version", "href", "xml:space", "xml:lang", "lang", "role", "aria-label", "aria-hidden",
    "overflow", "mix-blend-mode", "isolation", "media",
  ]

  /// The SVG with only what a gallery may draw.
  ///
  /// - Parameters:
  ///   - bytes: the file.
  ///   - file: how messages name it.
  ///   - size: the size in points the drawing is to have (its root's `width`
  ///     and `height`), its coordinates kept by a `viewBox` of its own size
  ///     where it has none: what an asset catalog shows it at. Nil: as written.
  /// - Returns: the clean SVG and what was taken out.
  /// - Throws: `AssetProblem` when the file is not well-formed SVG, has a
  ///   DOCTYPE, or nests deeper than `maximumDepth`.
  package func sanitize(_ bytes: [UInt8], file: String, size: (width: Double, height: Double)? = nil)
    throws(AssetProblem) -> Result
  {
    if let line = Self.lineWithTooManyAttributes(bytes) {
      throw AssetProblem(
        file: file, reason: "an element on line \(line) has more than \(Self.maximumAttributes) attributes")
    }
    var result: Result?
    var refusal: String?
    do {
      try bytes.withUnsafeBytes { buffer in
        try StrictXMLParser().withDocument(buffer, file: file) { document in
          if let doctype = document.doctypeName {
            refusal = "it has a document type declaration (<!DOCTYPE \(doctype)>); entities and DTDs are not allowed"
            return
          }
          guard let root = document.root, root.name == "svg", root.namespaceURI == XMLNamespace.svg else {
            refusal = "its root element is not <svg> in the SVG namespace"
            return
          }
          var writer = SanitizingWriter(maximumDepth: maximumDepth)
          writer.rootSize = size
          writer.write(root, depth: 0)
          if let tooDeep = writer.tooDeep {
            refusal = "its elements nest deeper than \(maximumDepth) levels (line \(tooDeep))"
            return
          }
          if let problem = writer.refusal {
            refusal = problem
            return
          }
          var cost = DrawingCost(root: root, limit: Self.maximumInstances)
          switch cost.problem() {
          case .cycle?:
            refusal = "its references (use, mask, clip-path, filter, marker, fill or stroke) form a cycle"
            return
          case .tooCostly?:
            refusal =
              "drawing it takes more than \(Self.maximumInstances) elements once its references (use, mask, clip-path, "
              + "filter, markers at each vertex, patterns) are expanded (SVGSanitizer.maximumInstances)"
            return
          case nil:
            break
          }
          result = Result(svg: writer.output, removed: writer.removed, intrinsicSize: Self.intrinsicSize(of: root))
        }
      }
    } catch let failure as XMLParseError {
      throw AssetProblem(
        file: file,
        reason: "it is not well-formed XML: "
          + (failure.issues.first.map { "line \($0.line): \($0.message)" } ?? "unknown error"))
    } catch {
      throw AssetProblem(file: file, reason: "\(error)")
    }
    if let refusal { throw AssetProblem(file: file, reason: refusal) }
    guard let result else { throw AssetProblem(file: file, reason: "it could not be read") }
    // What is published is the sanitised copy: it must itself be well-formed.
    do {
      try StrictXMLParser().check(Array(result.svg.utf8), file: file)
    } catch let failure as XMLParseError {
      let reason = failure.issues.first.map { "line \($0.line): \($0.message)" } ?? "unknown error"
      throw AssetProblem(file: file, reason: "its sanitised copy is not well-formed XML (\(reason))")
    } catch {
      throw AssetProblem(file: file, reason: "its sanitised copy cannot be checked: \(error)")
    }
    return result
  }
}

extension SVGSanitizer {
  /// The line of the first start tag with more than `maximumAttributes`
  /// attributes, found in one pass over the bytes before any parse (comments,
  /// CDATA sections, processing instructions and quoted values are skipped).
  static func lineWithTooManyAttributes(_ bytes: [UInt8]) -> Int? {
    var index = 0
    var line = 1
    let count = bytes.count
    func skip(past terminator: [UInt8]) {
      while index < count {
        if bytes[index] == UInt8(ascii: "\n") { line += 1 }
        if bytes[index] == terminator[0], index + terminator.count <= count,
          bytes[index..<(index + terminator.count)].elementsEqual(terminator)
        {
          index += terminator.count
          return
        }
        index += 1
      }
    }
    while index < count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\n") { line += 1 }
      guard byte == UInt8(ascii: "<"), index + 1 < count else {
        index += 1
        continue
      }
      let next = bytes[index + 1]
      if next == UInt8(ascii: "!") {
        let isComment =
          index + 3 < count && bytes[index + 2] == UInt8(ascii: "-") && bytes[index + 3] == UInt8(ascii: "-")
        index += 2
        skip(
          past: isComment
            ? Array("-->".utf8) : (bytes[index...].starts(with: "[CDATA[".utf8) ? Array("]]>".utf8) : Array(">".utf8)))
        continue
      }
      if next == UInt8(ascii: "?") {
        index += 2
        skip(past: Array("?>".utf8))
        continue
      }
      // A start or end tag: count the `=` outside quoted values.
      let tagLine = line
      var attributes = 0
      var quote: UInt8 = 0
      index += 1
      while index < count {
        let current = bytes[index]
        if current == UInt8(ascii: "\n") { line += 1 }
        if quote != 0 {
          if current == quote { quote = 0 }
        } else if current == UInt8(ascii: "\"") || current == UInt8(ascii: "'") {
          quote = current
        } else if current == UInt8(ascii: "=") {
          attributes += 1
          if attributes > maximumAttributes { return tagLine }
        } else if current == UInt8(ascii: ">") {
          break
        }
        index += 1
      }
      index += 1
    }
    return nil
  }
}

/// Writes the allowed part of an element tree.
private struct SanitizingWriter {
  let maximumDepth: Int
  var output = ""
  var removed: [String] = []
  var tooDeep: Int?
  /// Why the file cannot be used at all (text, an embedded image too large), the first found.
  var refusal: String?
  var ids: Set<String> = []
  /// The root's `width` and `height`, in place of its own.
  var rootSize: (width: Double, height: Double)?
  /// The pixels of the images embedded so far.
  var embeddedPixels = 0

  init(maximumDepth: Int) {
    self.maximumDepth = maximumDepth
  }

  package mutating func write(_ element: XMLElementView, depth: Int) {
    guard depth <= maximumDepth else {
      tooDeep = tooDeep ?? element.line
      return
    }
    var name = element.name
    guard element.namespaceURI == XMLNamespace.svg else {
      removed.append("line \(element.line): removed <\(name)> (not an SVG element)")
      return
    }
    if ["text", "tspan", "textPath"].contains(name) {
      // Text would be drawn with whatever fonts the machine has, and so differ from machine to machine.
      refusal =
        refusal
        ?? "it has text (<\(name)> on line \(element.line)), which each machine would draw with its own fonts; "
        + "convert the text to outlines (Inkscape: Path > Object to Path; Illustrator: Create Outlines)"
      return
    }
    if name == "a" {
      // A link becomes a plain group: its drawing stays, its destination goes.
      removed.append("line \(element.line): removed the link of <a>")
      name = "g"
    } else if !SVGSanitizer.elements.contains(name) {
      removed.append("line \(element.line): removed <\(name)>")
      return
    }
    if name == "style" {
      let css = element.textContent
      if let problem = CSSReferences.problem(in: css) {
        removed.append("line \(element.line): removed <style> (\(problem))")
        return
      }
    }
    output += "<" + name
    if depth == 0 { output += " xmlns=\"\(XMLNamespace.svg)\"" }
    var written: Set<String> = []
    // `href` wins over `xlink:href`, as in SVG 2: the plain one goes first.
    let attributes = element.attributes.sorted { ($0.name == "href" ? 0 : 1) < ($1.name == "href" ? 0 : 1) }
    for (attribute, value) in attributes {
      let key = attribute == "xlink:href" ? "href" : attribute
      guard !written.contains(key) else {
        removed.append("line \(element.line): removed \(attribute) of <\(name)> (it repeats \(key))")
        continue
      }
      guard SVGSanitizer.attributes.contains(key) else {
        removed.append("line \(element.line): removed the attribute \(attribute) of <\(name)>")
        continue
      }
      if key == "href", name == "image", !value.hasPrefix("#") {
        if let problem = embeddedImageProblem(value) {
          refusal = refusal ?? "its <image> on line \(element.line) \(problem)"
          return
        }
      }
      if let problem = problem(attribute: key, value: value, element: name) {
        removed.append("line \(element.line): removed \(attribute) of <\(name)> (\(problem))")
        continue
      }
      if key == "id", value.isEmpty || !ids.insert(value).inserted {
        removed.append("line \(element.line): removed \(value.isEmpty ? "an empty" : "a duplicate") id of <\(name)>")
        continue
      }
      if depth == 0, rootSize != nil, key == "width" || key == "height" { continue }
      written.insert(key)
      output += " " + key + "=\"" + Markup.escapeAttribute(value) + "\""
    }
    if depth == 0, let rootSize {
      // The drawing's own coordinates, in a viewBox, where the size it had was its only one.
      func points(_ name: String) -> Double? {
        guard let value = element.attributes.first(where: { $0.name == name })?.value else { return nil }
        let number = value.hasSuffix("px") ? String(value.dropLast(2)) : value
        return Double(number).flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
      }
      if !written.contains("viewBox"), let width = points("width"), let height = points("height") {
        output += " viewBox=\"0 0 \(NumberText.format(width)) \(NumberText.format(height))\""
      }
      output += " width=\"\(NumberText.format(rootSize.width))\" height=\"\(NumberText.format(rootSize.height))\""
    }
    output += ">"
    var child = element.node.pointee.children
    while let current = child {
      switch current.pointee.type {
      case XML_ELEMENT_NODE:
        write(XMLElementView(node: current, document: element.document), depth: depth + 1)
      case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
        if let content = LibXMLString.take(xmlNodeGetContent(current)) {
          output += Markup.escapeText(content)
        }
      default:
        break  // comments, processing instructions, entity references
      }
      child = current.pointee.next
    }
    output += "</" + name + ">"
  }

  /// Why an embedded image (`data:image/…;base64,…`) cannot be drawn: its
  /// header must have the format's signature and declare 1–8192 pixels a
  /// side, as for an image asset, and the file's images together at most
  /// `SVGSanitizer.maximumEmbeddedPixels`.
  private mutating func embeddedImageProblem(_ value: String) -> String? {
    let lower = value.lowercased()
    guard lower.hasPrefix("data:image/"), let comma = value.firstIndex(of: ",") else { return nil }
    let header = lower[lower.startIndex..<comma]
    let mediaType = String(header.prefix { $0 != ";" }.dropFirst(5))
    guard ["image/png", "image/jpeg", "image/gif", "image/webp"].contains(mediaType) else { return nil }
    guard header.hasSuffix(";base64") else { return "embeds an image that is not base64 (data:…;base64,…)" }
    guard
      let decoded = Data(base64Encoded: String(value[value.index(after: comma)...]), options: .ignoreUnknownCharacters)
    else { return "embeds an image whose base64 does not decode" }
    switch ImageHeader.size(of: [UInt8](decoded), mediaType: mediaType) {
    case .failure(let refusal):
      return "embeds an image that cannot be used: \(refusal.reason)"
    case .success(let size):
      embeddedPixels += size.width * size.height
      guard embeddedPixels <= SVGSanitizer.maximumEmbeddedPixels else {
        return "brings the images it embeds to more than \(SVGSanitizer.maximumEmbeddedPixels) pixels "
          + "(the size of one 8192 × 8192 image)"
      }
      return nil
    }
  }

  /// Why an allowed attribute's value must still go, if it must.
  private func problem(attribute: String, value: String, element: String) -> String? {
    let lower = value.lowercased().filter { !$0.isWhitespace }
    if lower.contains("javascript:") || lower.contains("vbscript:") { return "a script URL" }
    if attribute == "href" {
      if value.hasPrefix("#") { return nil }
      let imageData = ["data:image/png;", "data:image/jpeg;", "data:image/gif;", "data:image/webp;"]
      if element == "image", imageData.contains(where: { lower.hasPrefix($0) }) { return nil }
      return "a reference outside the file"
    }
    // Every other value is CSS to a browser (a presentation attribute, `style`, `media`): read it as CSS.
    return CSSReferences.problem(in: value)
  }
}
