/// Draws a scene as HTML/CSS: absolutely positioned elements at the same
/// frames as the SVG, with real text and a real `<button>`, so the gallery
/// can show a live rendition that behaves like the phone.
///
/// The fragment is polyglot markup (well-formed XML) and relies on the
/// gallery stylesheet's `bs-` classes for resets and animation.
public struct HTMLRenderer: Sendable {
  public var assets: AssetCatalog

  public init(assets: AssetCatalog = AssetCatalog()) {
    self.assets = assets
  }

  /// - Parameter idPrefix: prepended to every element id, so several
  ///   renditions can share a page.
  public func render(_ scene: Scene, idPrefix: String = "") -> String {
    var writer = MarkupWriter(capacity: 8192)
    writer.open(
      "div",
      [
        "class": "bs-screen", "id": .text(idPrefix + "screen"), "lang": .text(scene.locale),
        "data-theme": .text(scene.theme.rawValue),
        "style": .text(
          "width:\(px(scene.size.width));height:\(px(scene.size.height));background-color:\(css(scene.background))"),
      ])
    writer.raw("\n")
    let origin = Rect(x: 0, y: 0, width: scene.size.width, height: scene.size.height)
    for node in scene.nodes {
      write(node, parent: origin, idPrefix: idPrefix, into: &writer)
    }
    writer.close("div")
    writer.raw("\n")
    return writer.output
  }

  private func write(_ node: SceneNode, parent: Rect, idPrefix: String, into writer: inout MarkupWriter) {
    let frame = node.frame
    var style =
      "left:\(px(frame.x - parent.x));top:\(px(frame.y - parent.y));width:\(px(frame.width));height:\(px(frame.height))"
    var tag = "div"
    var classes = "bs-node"
    var extra: [(String, String)] = []
    switch node.content {
    case .group, .image, .symbol:
      break
    case .box(let box):
      style += ";background-color:\(css(box.fill))"
      if box.cornerRadius > 0 { style += ";border-radius:\(px(box.cornerRadius))" }
      if let stroke = box.stroke { style += ";box-shadow:inset 0 0 0 1px \(css(stroke))" }
    case .text(let block):
      classes += " bs-text"
      style += textStyle(block)
      if let background = block.background { style += ";background-color:\(css(background))" }
      if block.cornerRadius > 0 { style += ";border-radius:\(px(block.cornerRadius))" }
    case .button(let face):
      tag = "button"
      classes += " bs-text bs-button"
      style += textStyle(face.title) + ";background-color:\(css(face.fill))"
      if face.cornerRadius > 0 { style += ";border-radius:\(px(face.cornerRadius))" }
      extra.append(("type", "button"))
    case .spinner:
      classes += " bs-spinner"
    }
    switch node.action {
    case .reload?:
      extra.append(("data-action", "reload"))
    case .showToast(let text)?:
      extra.append(("data-action", "toast"))
      extra.append(("data-toast", text))
    case nil:
      break
    }
    if node.role == .toast { classes += " bs-toast" }
    if let scroll = node.scroll {
      classes += " bs-list"
      extra.append(("data-scroll", scroll.rawValue))
      style += scroll == .enabled ? ";overflow-x:hidden;overflow-y:auto" : ";overflow:hidden"
    }

    writer.raw("<\(tag) class=\"\(classes)\" id=\"\(Markup.escapeAttribute(idPrefix + node.id))\" data-role=\"\(node.role.rawValue)\"")
    for (key, value) in extra {
      writer.raw(" \(key)=\"\(Markup.escapeAttribute(value))\"")
    }
    writer.raw(" style=\"\(Markup.escapeAttribute(style))\">")

    switch node.content {
    case .text(let block):
      lines(block, into: &writer)
    case .button(let face):
      lines(face.title, into: &writer)
    case .image(let source):
      image(source, into: &writer)
    case .symbol(let symbol, let color):
      let art = Glyph.art(for: symbol, color: color)
      inlineSVG(art.viewBox, art.body, into: &writer)
    case .spinner(let color):
      for spoke in 0..<12 {
        let age = (12 - spoke) % 12
        writer.raw(
          "<i style=\"transform:rotate(\(spoke * 30)deg);background-color:\(css(color));opacity:\(NumberText.format(1 - Double(age) * 0.07))\"></i>")
      }
    case .group, .box:
      break
    }
    if node.scroll != nil {
      // A scroll view's content: as tall as what it holds, so rows beyond the
      // frame scroll into view, and a drag can move it (gallery.js).
      let bottom = node.children.map { Self.lowestEdge(of: $0) }.max() ?? frame.maxY
      writer.raw("<div class=\"bs-list-content\" style=\"height:\(px(max(frame.height, bottom - frame.y)))\">")
    }
    for child in node.children {
      write(child, parent: frame, idPrefix: idPrefix, into: &writer)
    }
    if node.scroll != nil { writer.raw("</div>") }
    writer.raw("</\(tag)>\n")
  }

  private static func lowestEdge(of node: SceneNode) -> Double {
    node.children.reduce(node.frame.maxY) { max($0, lowestEdge(of: $1)) }
  }

  private func textStyle(_ block: TextBlock) -> String {
    var style = ";font-size:\(px(block.fontSize));line-height:\(px(block.lineHeight));color:\(css(block.color))"
    if block.weight != .regular { style += ";font-weight:\(block.weight.cssValue)" }
    style += block.alignment == .center ? ";align-items:center;text-align:center" : ";align-items:flex-start;text-align:left"
    return style
  }

  private func lines(_ block: TextBlock, into writer: inout MarkupWriter) {
    for line in block.lines {
      writer.raw("<span class=\"bs-line\">")
      writer.text(line)
      writer.raw("</span>")
    }
  }

  private func image(_ source: ImageSource, into writer: inout MarkupWriter) {
    switch source {
    case .builtin(let builtin):
      let art = Illustration.art(for: builtin)
      inlineSVG(art.viewBox, art.body, into: &writer)
    case .asset(let path):
      guard let entry = assets.entry(for: path) else { return }
      writer.raw("<img class=\"bs-fill\" alt=\"\" src=\"\(Markup.escapeAttribute(entry.dataURI))\"/>")
    }
  }

  private func inlineSVG(_ viewBox: Size, _ body: String, into writer: inout MarkupWriter) {
    writer.raw(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"bs-fill\" aria-hidden=\"true\" viewBox=\"0 0 \(NumberText.format(viewBox.width)) \(NumberText.format(viewBox.height))\">"
    )
    writer.raw(body)
    writer.raw("</svg>")
  }

  private func px(_ value: Double) -> String {
    NumberText.format(value) + "px"
  }

  private func css(_ color: RGBA) -> String {
    color.isOpaque
      ? color.hexRGB
      : "rgba(\(color.red),\(color.green),\(color.blue),\(NumberText.format(color.opacity)))"
  }
}
