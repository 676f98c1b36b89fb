import BlankslateCore
import BlankslateSite
import BlankslateSupport
import BlankslateValidation

/// The elements of a render as the diff sees them: every `<g id>` the SVG
/// renderer wrote for a scene node, with the attributes a designer talks about.
struct SVGStructure {
  /// One scene node read back from its `<g>`.
  struct Element: Equatable {
    var id: String
    /// The id of the enclosing node, if any.
    var parent: String?
    var role: String
    var frame: Rect?
    /// The fill of the node's own shape (its background), `#RRGGBB` or `#RRGGBB@opacity`.
    var fill: String?
    var textColor: String?
    var fontSize: String?
    var fontWeight: String?
    var text: String
    var scroll: String?
    /// The fills and strokes of what the node draws besides its background and
    /// its text (an image's artwork, a spinner's spokes), distinct, in order.
    var colors: [String] = []
    /// Everything else the node draws itself, to catch changes the fields above do not name.
    var ownMarkup: String

    /// `ownMarkup` with every position (`x`, `y`, `cx`, `cy`, `translate(x y)`)
    /// made relative to the frame's origin: the same drawing moved elsewhere reads the same.
    var relativeMarkup: String
  }

  /// The screen's size, from the root's `width` and `height` (nil when either is missing).
  var size: Size?
  var background: String?
  var title: String
  /// The elements in document order.
  var elements: [Element]

  /// Reads `svg`; nil when it is not well-formed XML.
  init?(_ svg: [UInt8], file: String) {
    var result: SVGStructure?
    try? svg.withUnsafeBytes { buffer in
      try StrictXMLParser().withDocument(buffer, file: file) { document in
        guard let root = document.root else { return }
        var elements: [Element] = []
        var background: String?
        for child in root.children where child.name == "rect" && child.attribute("id") == "bs-background" {
          background = Self.paint(child, "fill")
        }
        func visit(_ element: XMLElementView, parent: String?) {
          var enclosing = parent
          if element.name == "g", let id = element.attribute("id") {
            var summary = Self.element(element, id: id)
            summary.parent = parent
            elements.append(summary)
            enclosing = id
          }
          for child in element.children { visit(child, parent: enclosing) }
        }
        visit(root, parent: nil)
        result = SVGStructure(
          size: Self.size(of: root), background: background,
          title: root.children.first { $0.name == "title" }?.textContent ?? "", elements: elements)
      }
    }
    guard let result else { return nil }
    self = result
  }

  /// The screen's size of `svg` alone, as `SVGStructure(svg, file:)?.size`
  /// reads it, without reading its elements back (a report sizes every
  /// render it shows; its elements are the diff's).
  static func size(of svg: [UInt8], file: String) -> Size? {
    let size = try? svg.withUnsafeBytes { buffer in
      try StrictXMLParser().withDocument(buffer, file: file) { document -> Size? in
        guard let root = document.root else { return nil }
        return Self.size(of: root)
      }
    }
    return size ?? nil
  }

  /// The root's `width` and `height` (nil when either is missing or not a number).
  private static func size(of root: XMLElementView) -> Size? {
    root.attribute("width").flatMap(Double.init).flatMap { width in
      root.attribute("height").flatMap(Double.init).map { Size(width: width, height: $0) }
    }
  }

  private init(size: Size?, background: String?, title: String, elements: [Element]) {
    self.size = size
    self.background = background
    self.title = title
    self.elements = elements
  }

  private static func element(_ group: XMLElementView, id: String) -> Element {
    let own = group.children.filter { $0.name != "g" }
    let frameNumbers = (group.attribute("data-frame") ?? "").split(separator: " ").compactMap { Double($0) }
    let frame =
      frameNumbers.count == 4
      ? Rect(x: frameNumbers[0], y: frameNumbers[1], width: frameNumbers[2], height: frameNumbers[3]) : nil
    let shape = own.first { $0.name == "rect" }
    // A text is drawn as one outlined `<path role="img" aria-label>` per line;
    // goldens recorded before outlines hold a `<text>` with a `<tspan>` per line.
    let lines = own.filter { $0.name == "path" && $0.attribute("aria-label") != nil }
    let text = lines.first ?? own.first { $0.name == "text" }
    let words =
      lines.isEmpty
      ? own.filter { $0.name == "text" }.map { text in
        let spans = text.children.filter { $0.name == "tspan" }
        return spans.isEmpty ? text.textContent : spans.map(\.textContent).joined(separator: "\n")
      }.joined(separator: "\n")
      : lines.compactMap { $0.attribute("aria-label") }.joined(separator: "\n")
    var colors: [String] = []
    func collect(_ element: XMLElementView) {
      if element.name == "path", element.attribute("aria-label") != nil { return }
      for name in ["fill", "stroke", "flood-color", "stop-color"] {
        if let value = element.attribute(name), value != "none", !value.hasPrefix("url("), !colors.contains(value) {
          colors.append(value)
        }
      }
      for child in element.children { collect(child) }
    }
    for (index, child) in own.enumerated() where !(index == 0 && child.name == "rect") { collect(child) }
    return Element(
      id: id, parent: nil, role: group.attribute("data-role") ?? "", frame: frame,
      fill: shape.flatMap { paint($0, "fill") },
      textColor: text.flatMap { paint($0, "fill") },
      fontSize: text?.attribute("font-size"), fontWeight: text?.attribute("font-weight"),
      text: words,
      scroll: group.attribute("data-scroll"), colors: colors,
      ownMarkup: own.map { serialized($0) }.joined(),
      relativeMarkup: own.map { serialized($0, origin: frame.map { ($0.x, $0.y) }) }.joined())
  }

  /// A colour attribute with its opacity, as one comparable string.
  private static func paint(_ element: XMLElementView, _ name: String) -> String? {
    guard let color = element.attribute(name) else { return nil }
    guard let opacity = element.attribute(name + "-opacity") else { return color }
    return color + " at " + opacity
  }

  /// A stable text form of an element: name, sorted attributes, children;
  /// with an `origin`, its positions relative to it.
  private static func serialized(_ element: XMLElementView, origin: (x: Double, y: Double)? = nil) -> String {
    let attributes = element.attributes.sorted { $0.name < $1.name }.map { attribute in
      "\(attribute.name)=\(origin.map { relative(attribute.name, attribute.value, to: $0) } ?? attribute.value)"
    }
    let children = element.children
    let content = children.isEmpty ? element.textContent : children.map { serialized($0, origin: origin) }.joined()
    return "<\(element.name) \(attributes.joined(separator: " "))>\(content)</\(element.name)>"
  }

  private static func relative(_ name: String, _ value: String, to origin: (x: Double, y: Double)) -> String {
    func shifted(_ text: Substring, by offset: Double) -> String {
      Double(text).map { NumberText.format($0 - offset) } ?? String(text)
    }
    switch name {
    case "x", "cx", "x1", "x2": return shifted(Substring(value), by: origin.x)
    case "y", "cy", "y1", "y2": return shifted(Substring(value), by: origin.y)
    case "transform":
      guard let start = value.range(of: "translate("), let end = value[start.upperBound...].firstIndex(of: ")") else {
        return value
      }
      let numbers = value[start.upperBound..<end].split(separator: " ")
      guard numbers.count == 2 else { return value }
      return String(value[..<start.upperBound]) + shifted(numbers[0], by: origin.x) + " "
        + shifted(numbers[1], by: origin.y) + String(value[end...])
    default: return value
    }
  }
}
