import BlankslateValidation
import Foundation

/// Reads back the geometry of a rendered SVG with libxml2: for every `<g id>`,
/// its frame (`data-frame`), the fill of its first shape and its text (the
/// accessible names of its outlined lines), as the round-trip tests need.
package struct SVGProbe {
  package struct Element {
    package var role: String
    package var x: Double
    package var y: Double
    package var width: Double
    package var height: Double
    package var fill: String?
    package var text: String
  }

  package private(set) var elements: [String: Element] = [:]
  package private(set) var rootAttributes: [String: String] = [:]
  package private(set) var title = ""

  package init(_ svg: String) throws {
    var found: [String: Element] = [:]
    var root: [String: String] = [:]
    var title = ""
    try Array(svg.utf8).withUnsafeBytes { buffer in
      try StrictXMLParser().withDocument(buffer, file: "probe.svg") { document in
        guard let svg = document.root else { return }
        for (name, value) in svg.attributes { root[name] = value }
        title = svg.children.first { $0.name == "title" }?.textContent ?? ""
        svg.forEachElement { element in
          guard element.name == "g", let id = element.attribute("id") else { return }
          let shape = element.children.first { ["rect", "svg", "image"].contains($0.name) }
          let frame = (element.attribute("data-frame") ?? "").split(separator: " ").compactMap { Double($0) }
          guard frame.count == 4 else { return }
          // Each line of a text is an outlined path whose accessible name is the line.
          let text = element.children.filter { $0.name == "path" && $0.attribute("role") == "img" }
            .compactMap { $0.attribute("aria-label") }.joined()
          found[id] = Element(
            role: element.attribute("data-role") ?? "", x: frame[0], y: frame[1], width: frame[2], height: frame[3],
            fill: shape?.attribute("fill"), text: text)
        }
      }
    }
    elements = found
    rootAttributes = root
    self.title = title
  }

  package subscript(id: String) -> Element? { elements[id] }
}
