import BlankslateSupport
import BlankslateModel

/// Draws a scene as one standalone SVG document.
///
/// The output is deterministic (fixed attribute order, `NumberText` numbers),
/// escapes every string, and carries a `<title>` and `<desc>` as its
/// accessible name and description. Each node becomes a `<g>` whose `id` is
/// the node's id and whose `data-role` is its role, so a diff can name what changed.
public struct SVGRenderer: Sendable {
  /// The site's images, embedded where a scene draws them.
  public var assets: AssetCatalog

  /// A renderer that embeds `assets`.
  public init(assets: AssetCatalog = AssetCatalog()) {
    self.assets = assets
  }

  /// The SVG document's UTF-8 bytes, ending with a line feed. `Renderer`
  /// is the one caller that decides the title and description.
  ///
  /// `title`: the accessible name (`<title>`).
  /// `description`: the accessible description (`<desc>`).
  func renderBytes(_ scene: Scene, title: String, description: String) -> [UInt8] {
    var writer = MarkupWriter(capacity: 8192)
    writer.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
    writer.open(
      "svg",
      [
        "xmlns": "http://www.w3.org/2000/svg",
        "width": .number(scene.size.width), "height": .number(scene.size.height),
        "viewBox": .text("0 0 \(NumberText.format(scene.size.width)) \(NumberText.format(scene.size.height))"),
        "role": "img", "aria-labelledby": "bs-title bs-desc", "lang": .text(scene.locale),
        "data-theme": .text(scene.theme.rawValue),
      ])
    writer.raw("\n")
    writer.element("title", ["id": "bs-title"], text: title)
    writer.raw("\n")
    writer.element(
      "desc", ["id": "bs-desc"], text: description)
    writer.raw("\n")
    var scrollViews: [SceneNode] = []
    scene.forEachNode { if $0.scroll != nil { scrollViews.append($0) } }
    if !scrollViews.isEmpty {
      writer.open("defs")
      for node in scrollViews {
        writer.open("clipPath", ["id": .text(Self.clipID(node))])
        rect(node.frame, fill: .black, cornerRadius: 0, stroke: nil, into: &writer)
        writer.close("clipPath")
      }
      writer.close("defs")
      writer.raw("\n")
    }
    writer.empty(
      "rect",
      [
        "id": "bs-background", "width": .number(scene.size.width), "height": .number(scene.size.height),
        "fill": .text(scene.background.hexRGB),
      ])
    writer.raw("\n")
    for node in scene.nodes {
      write(node, into: &writer)
    }
    writer.raw("</svg>\n")
    return writer.bytes
  }

  private func write(_ node: SceneNode, into writer: inout MarkupWriter) {
    let frame = node.frame
    // The frame travels with the element, so diffs, reports and checks can
    // read what moved without re-running the layout (the bars' decoration,
    // drawn by Blankslate itself, is compared by its drawing instead).
    writer.raw("<g")
    writer.attribute("id", node.id)
    if node.role != .decoration {
      writer.raw(" data-role=\"")
      writer.raw(node.role.rawValue)
      writer.raw("\"")
      writer.raw(" data-frame=\"")
      writer.number(frame.x)
      writer.raw(" ")
      writer.number(frame.y)
      writer.raw(" ")
      writer.number(frame.width)
      writer.raw(" ")
      writer.number(frame.height)
      writer.raw("\"")
    }
    if let scroll = node.scroll {
      writer.raw(" data-scroll=\"" + scroll.rawValue + "\" clip-path=\"url(#")
      writer.raw(Markup.escapeAttribute(Self.clipID(node)))
      writer.raw(")\"")
    }
    writer.raw(">")
    switch node.content {
    case .group:
      break
    case .box(let style):
      rect(frame, fill: style.fill, cornerRadius: style.cornerRadius, stroke: style.stroke, into: &writer)
    case .text(let block):
      if let background = block.background {
        rect(frame, fill: background, cornerRadius: block.cornerRadius, stroke: nil, into: &writer)
      }
      text(block, in: frame, into: &writer)
    case .button(let face):
      rect(frame, fill: face.fill, cornerRadius: face.cornerRadius, stroke: nil, into: &writer)
      text(face.title, in: face.titleFrame(in: frame), into: &writer)
    case .image(let source):
      image(source, in: frame, into: &writer)
    case .spinner(let color, let spokes):
      spinner(in: frame, color: color, spokes: spokes, into: &writer)
    case .symbol(let symbol, let color):
      Glyph.draw(symbol, color: color, in: frame, into: &writer)
    case .symbolImage(let symbol, let color, let mirrored):
      Glyph.draw(symbol, color: color, in: frame, mirrored: mirrored, into: &writer)
    case .templateImage(let path, let color):
      templateImage(path, color: color, in: frame, id: Self.tintID(node), into: &writer)
    }
    for child in node.children {
      write(child, into: &writer)
    }
    writer.close("g")
    writer.raw("\n")
  }

  /// The outline grid's size, as every text path's scale writes it (formatted once).
  private static let gridScale = NumberText.format(GlyphOutlines.grid, fractionDigits: 6)

  /// The id of a scroll view's clip path (`bs-` ids never clash with node ids).
  static func clipID(_ node: SceneNode) -> String {
    "bs-clip-" + node.id
  }

  /// The id of a template image's tint filter.
  static func tintID(_ node: SceneNode) -> String {
    "bs-tint-" + node.id
  }

  /// A template image, as UIKit draws one: the asset's alpha filled with the
  /// tint (a flood composited into the source's alpha), its own colours unused.
  static func tintFilter(id: String, color: RGBA, into writer: inout MarkupWriter) {
    writer.raw("<filter id=\"")
    writer.attributeText(id)
    writer.raw("\" color-interpolation-filters=\"sRGB\"><feFlood flood-color=\"")
    writer.hexRGB(color)
    writer.raw("\"")
    if !color.isOpaque { writer.attribute("flood-opacity", color.opacity) }
    writer.raw("/><feComposite in2=\"SourceAlpha\" operator=\"in\"/></filter>")
  }

  private func templateImage(
    _ path: String, color: RGBA, in frame: Rect, id: String, into writer: inout MarkupWriter
  ) {
    guard let entry = assets.entry(for: path) else { return }
    Self.tintFilter(id: id, color: color, into: &writer)
    writer.empty(
      "image",
      [
        "x": .number(frame.x), "y": .number(frame.y), "width": .number(frame.width), "height": .number(frame.height),
        "preserveAspectRatio": "xMidYMid meet", "href": .text(entry.dataURI), "filter": .text("url(#\(id))"),
      ])
  }

  private func rect(_ frame: Rect, fill: RGBA, cornerRadius: Double, stroke: RGBA?, into writer: inout MarkupWriter) {
    writer.raw("<rect")
    writer.attribute("x", frame.x)
    writer.attribute("y", frame.y)
    writer.attribute("width", frame.width)
    writer.attribute("height", frame.height)
    if cornerRadius > 0 { writer.attribute("rx", cornerRadius) }
    writer.raw(" fill=\"")
    writer.hexRGB(fill)
    writer.raw("\"")
    if !fill.isOpaque { writer.attribute("fill-opacity", fill.opacity) }
    if let stroke {
      writer.raw(" stroke=\"")
      writer.hexRGB(stroke)
      writer.raw("\"")
      if !stroke.isOpaque { writer.attribute("stroke-opacity", stroke.opacity) }
    }
    writer.raw("/>")
  }

  /// The lines centred vertically in the frame, as a label draws them: each
  /// line one `<path>` of its glyph outlines (the line's outline, made once by
  /// the Typesetter, scaled from its grid to points), so
  /// what was measured is what every viewer draws. Each line is an image
  /// whose accessible name is its text; the snapshot diff reads the same
  /// label, size, weight and fill.
  private func text(_ block: TextBlock, in frame: Rect, into writer: inout MarkupWriter) {
    for (index, line) in block.lines.enumerated() where !line.outline.isEmpty {
      writer.raw("<path role=\"img\"")
      writer.attribute("aria-label", line.text)
      writer.raw(" font-size=\"")
      writer.number(block.fontSize)
      writer.raw("\"")
      if block.weight != .regular { writer.attribute("font-weight", Double(block.weight.cssValue)) }
      writer.raw(" fill=\"")
      writer.hexRGB(block.color)
      writer.raw("\"")
      if !block.color.isOpaque { writer.attribute("fill-opacity", block.color.opacity) }
      writer.raw(" transform=\"translate(")
      writer.number(block.lineX(line, in: frame))
      writer.raw(" ")
      writer.number(
        block.lineTop(index, in: frame) + line.baseline(fontSize: block.fontSize, lineHeight: block.lineHeight))
      writer.raw(") scale(")
      writer.raw(Self.gridScale)
      writer.raw(")\" d=\"")
      writer.rawBytes(line.outline)
      writer.raw("\"/>")
    }
  }

  private func image(_ source: ImageSource, in frame: Rect, into writer: inout MarkupWriter) {
    switch source {
    case .symbol(let symbol):
      // Layouts draw symbols as `symbolImage`, in their tint; untinted, a symbol takes the label grey.
      Glyph.draw(symbol, color: SemanticColor.secondaryLabel.resolved(in: .light), in: frame, into: &writer)
    case .builtin(let builtin):
      let art = Illustration.art(for: builtin)
      nested(art.viewBox, art.body, in: frame, into: &writer)
    case .asset(let path), .template(let path):
      // Layouts draw templates as `templateImage`, tinted; a bare template draws as the file is.
      guard let entry = assets.entry(for: path) else { return }
      writer.empty(
        "image",
        [
          "x": .number(frame.x), "y": .number(frame.y), "width": .number(frame.width), "height": .number(frame.height),
          "preserveAspectRatio": "xMidYMid meet", "href": .text(entry.dataURI),
        ])
    }
  }

  private func nested(_ viewBox: Size, _ body: String, in frame: Rect, into writer: inout MarkupWriter) {
    writer.open(
      "svg",
      [
        "x": .number(frame.x), "y": .number(frame.y), "width": .number(frame.width), "height": .number(frame.height),
        "viewBox": .text("0 0 \(NumberText.format(viewBox.width)) \(NumberText.format(viewBox.height))"),
        "preserveAspectRatio": "xMidYMid meet",
      ])
    writer.raw(body)
    writer.close("svg")
  }

  /// Where a spoke starts and ends (fractions of the radius) and how much
  /// each step behind the head fades: one shape for the SVG and the live page.
  static func spokeShape(_ spokes: Int) -> (inner: Double, outer: Double, fade: Double) {
    spokes == 8 ? (0.42, 0.92, 0.1) : (0.5, 0.95, 0.07)
  }

  /// UIActivityIndicatorView's spokes, fading clockwise from the top: twelve
  /// thin ones before iOS 13, eight shorter and wider ones since.
  private func spinner(in frame: Rect, color: RGBA, spokes: Int, into writer: inout MarkupWriter) {
    let radius = min(frame.width, frame.height) / 2
    writer.open(
      "g",
      [
        "transform": .text("translate(\(NumberText.format(frame.midX)) \(NumberText.format(frame.midY)))"),
        "stroke": .text(color.hexRGB), "stroke-width": .number(radius * (spokes == 8 ? 0.26 : 0.2)),
        "stroke-linecap": "round",
      ])
    let shape = Self.spokeShape(spokes)
    for spoke in 0..<spokes {
      // The head points up; the spokes behind it (anticlockwise) fade out.
      let age = (spokes - spoke) % spokes
      writer.empty(
        "line",
        [
          "x1": 0, "y1": .number(-radius * shape.inner), "x2": 0, "y2": .number(-radius * shape.outer),
          "stroke-opacity": .number((1 - Double(age) * shape.fade) * color.opacity),
          "transform": spoke == 0 ? nil : .text("rotate(\(spoke * 360 / spokes))"),
        ])
    }
    writer.close("g")
  }
}
