import BlankslateKit
import Foundation

/// Reads back the geometry of a rendered SVG with libxml2: for every `<g id>`,
/// its frame (`data-frame`), the fill of its first shape and its text (the
/// accessible names of its outlined lines), as the round-trip tests need.
struct SVGProbe {
  struct Element {
    var role: String
    var x: Double
    var y: Double
    var width: Double
    var height: Double
    var fill: String?
    var text: String
  }

  private(set) var elements: [String: Element] = [:]
  private(set) var rootAttributes: [String: String] = [:]
  private(set) var title = ""

  init(_ svg: String) throws {
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

  subscript(id: String) -> Element? { elements[id] }
}
