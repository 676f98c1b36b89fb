import BlankslateSupport
import BlankslateModel

/// Draws a scene as HTML/CSS: absolutely positioned elements at the same
/// frames as the SVG, with real text and a real `<button>`, so the gallery
/// can show a live rendition that behaves like the phone.
///
/// The fragment is polyglot markup (well-formed XML) and relies on the
/// gallery stylesheet's `bs-` classes for resets and animation.
public struct HTMLRenderer: Sendable {
  /// The site's images, embedded where a scene shows them.
  public var assets: AssetCatalog

  /// A renderer that embeds `assets`.
  public init(assets: AssetCatalog = AssetCatalog()) {
    self.assets = assets
  }

  /// Where the gallery's art and glyph files are, relative to the page
  /// (`../../_gallery/`); nil draws them inline, for a fragment that stands alone.
  public var artFolder: String?

  /// `idPrefix`: prepended to every element id, so several
  /// renditions can share a page.
  public func render(_ scene: Scene, idPrefix: String = "") -> String {
    var writer = MarkupWriter(capacity: 8192)
    writer.open(
      "div",
      [
        "class": "bs-screen", "id": .text(idPrefix + "screen"), "lang": .text(scene.locale),
        "dir": scene.isRightToLeft ? "rtl" : nil,
        "data-theme": .text(scene.theme.rawValue),
        "data-spokes": scene.indicatorSpokes == 12 ? nil : .number(Double(scene.indicatorSpokes)),
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

  /// `inButton`: the node is drawn inside a `<button>`, whose content may
  /// only be phrasing content, so its boxes are `<span>`s (positioned
  /// absolutely, a span is laid out as a block all the same).
  private func write(
    _ node: SceneNode, parent: Rect, idPrefix: String, inButton: Bool = false, into writer: inout MarkupWriter
  ) {
    let frame = node.frame
    let box: StaticString = inButton ? "span" : "div"
    let tag: StaticString
    let kind: StaticString
    switch node.content {
    case .text:
      (tag, kind) = (box, " bs-text")
    case .button:
      (tag, kind) = ("button", " bs-text bs-button")
    case .spinner(_, let spokes):
      (tag, kind) = (box, spokes == 8 ? " bs-spinner bs-spinner-8" : " bs-spinner")
    case .group, .image, .symbol, .symbolImage, .templateImage, .box:
      (tag, kind) = (box, "")
    }
    let childrenInButton: Bool
    if case .button = node.content { childrenInButton = true } else { childrenInButton = inButton }
    // Written piece by piece: a gallery writes tens of thousands of these elements.
    writer.raw("<")
    writer.raw(tag)
    writer.raw(" class=\"bs-node")
    writer.raw(kind)
    if node.role == .toast { writer.raw(" bs-toast") }
    if node.scroll != nil { writer.raw(" bs-list") }
    writer.raw("\"")

    // Decoration (the bars' contents) needs no id or role: only the design's own parts are addressed.
    if node.role != .decoration {
      writer.raw(" id=\"")
      writer.attributeText(idPrefix)
      writer.attributeText(node.id)
      writer.raw("\" data-role=\"")
      writer.raw(node.role.rawValue)
      writer.raw("\"")
    }
    if case .button = node.content { writer.raw(" type=\"button\"") }
    switch node.action {
    case .reload?:
      writer.raw(" data-action=\"reload\"")
    case .showToast(let text)?:
      writer.raw(" data-action=\"toast\" data-toast=\"")
      writer.raw(Markup.escapeAttribute(text))
      writer.raw("\"")
    case nil:
      break
    }
    if let scroll = node.scroll { writer.raw(" data-scroll=\"" + scroll.rawValue + "\"") }

    // The style holds only numbers and colours, which need no escaping.
    writer.raw(" style=\"left:")
    writer.px(frame.x - parent.x)
    writer.raw(";top:")
    writer.px(frame.y - parent.y)
    writer.raw(";width:")
    writer.px(frame.width)
    writer.raw(";height:")
    writer.px(frame.height)
    switch node.content {
    case .group, .image, .symbol, .symbolImage, .templateImage, .spinner:
      break
    case .box(let box):
      shape(fill: box.fill, cornerRadius: box.cornerRadius, into: &writer)
      if let stroke = box.stroke {
        writer.raw(";box-shadow:inset 0 0 0 1px ")
        writer.cssColor(stroke)
      }
    case .text(let block):
      textStyle(block, into: &writer)
      shape(fill: block.background, cornerRadius: block.cornerRadius, into: &writer)
    case .button(let face):
      textStyle(face.title, into: &writer)
      shape(fill: face.fill, cornerRadius: face.cornerRadius, into: &writer)
    }
    if let scroll = node.scroll {
      writer.raw(scroll == .enabled ? ";overflow-x:hidden;overflow-y:auto" : ";overflow:hidden")
    }
    writer.raw("\">")

    switch node.content {
    case .text(let block):
      lines(block, in: Rect(x: 0, y: 0, width: frame.width, height: frame.height), into: &writer)
    case .button(let face):
      let title = face.titleFrame(in: frame)
      lines(face.title, in: Rect(x: title.x - frame.x, y: 0, width: frame.width, height: frame.height), into: &writer)
    case .image(let source):
      image(source, into: &writer)
    case .symbol(let symbol, let color):
      if let artFolder {
        writer.raw("<img class=\"bs-fill\" alt=\"\" src=\"")
        writer.raw(artFolder)
        writer.raw(Glyph.fileName(symbol, color: color))
        writer.raw("\"/>")
      } else {
        let art = Glyph.art(for: symbol, color: color)
        inlineSVG(art.viewBox, art.body, into: &writer)
      }
    case .symbolImage(let symbol, let color, let mirrored):
      let art = Glyph.art(for: symbol, color: color)
      inlineSVG(art.viewBox, art.body, mirrored: mirrored, into: &writer)
    case .templateImage(let path, let color):
      // The SVG's own filter, inline: the page draws what the SVG draws.
      guard let entry = assets.entry(for: path) else { break }
      var art = MarkupWriter(capacity: entry.base64.count + 400)
      let id = "bs-tint-" + idPrefix + node.id
      SVGRenderer.tintFilter(id: id, color: color, into: &art)
      art.empty(
        "image",
        [
          "width": .number(frame.width), "height": .number(frame.height), "preserveAspectRatio": "xMidYMid meet",
          "href": .text(entry.dataURI), "filter": .text("url(#\(id))"),
        ])
      inlineSVG(Size(width: frame.width, height: frame.height), art.output, into: &writer)
    case .spinner(let color, let spokes):
      let fade = SVGRenderer.spokeShape(spokes).fade
      for spoke in 0..<spokes {
        let age = (spokes - spoke) % spokes
        writer.raw(
          "<i style=\"transform:rotate(\(spoke * 360 / spokes)deg);background-color:\(css(color));opacity:\(NumberText.format(1 - Double(age) * fade))\"></i>"
        )
      }
    case .group, .box:
      break
    }
    if node.scroll != nil {
      // A scroll view's content: as tall as what it holds, so rows beyond the
      // frame scroll into view, and a drag can move it (gallery.js).
      let bottom = node.children.map { Self.lowestEdge(of: $0) }.max() ?? frame.maxY
      writer.raw("<")
      writer.raw(box)
      writer.raw(" class=\"bs-list-content\" style=\"height:\(px(max(frame.height, bottom - frame.y)))\">")
    }
    for child in node.children {
      write(child, parent: frame, idPrefix: idPrefix, inButton: childrenInButton, into: &writer)
    }
    if node.scroll != nil {
      writer.raw("</")
      writer.raw(box)
      writer.raw(">")
    }
    writer.raw("</")
    writer.raw(tag)
    writer.raw(">\n")
  }

  private static func lowestEdge(of node: SceneNode) -> Double {
    node.children.reduce(node.frame.maxY) { max($0, lowestEdge(of: $1)) }
  }

  /// A node's background and rounded corners, when it has them.
  private func shape(fill: RGBA?, cornerRadius: Double, into writer: inout MarkupWriter) {
    if let fill {
      writer.raw(";background-color:")
      writer.cssColor(fill)
    }
    if cornerRadius > 0 {
      writer.raw(";border-radius:")
      writer.px(cornerRadius)
    }
  }

  private func textStyle(_ block: TextBlock, into writer: inout MarkupWriter) {
    writer.raw(";font-size:")
    writer.px(block.fontSize)
    writer.raw(";line-height:")
    writer.px(block.lineHeight)
    writer.raw(";color:")
    writer.cssColor(block.color)
    if block.weight != .regular {
      writer.raw(";font-weight:")
      writer.number(Double(block.weight.cssValue))
    }
  }

  /// Each line at the place the layout gave it, in the face its first run is
  /// shaped with (the line's strut, as in the SVG); runs in another face are
  /// spans of that face with no line height of their own, so they never move
  /// the baseline. The browser shapes the same characters with the same
  /// pinned fonts (gallery `fonts.css`), so it draws the measured width.
  /// `local` is the frame the lines are placed in, relative to the element's own box.
  private func lines(_ block: TextBlock, in local: Rect, into writer: inout MarkupWriter) {
    for (index, line) in block.lines.enumerated() where !line.text.isEmpty {
      let primary = PinnedFont.cssClasses[line.primaryFace]
      writer.raw("<span class=\"bs-line ")
      writer.raw(primary)
      writer.raw("\"")
      // A paragraph whose first strong character runs against the screen's direction keeps its own.
      if line.isRightToLeft != block.isRightToLeft { writer.raw(line.isRightToLeft ? " dir=\"rtl\"" : " dir=\"ltr\"") }
      writer.raw(" style=\"left:")
      writer.px(block.lineX(line, in: local))
      writer.raw(";top:")
      writer.px(block.lineTop(index, in: local))
      writer.raw(";width:")
      writer.px(line.width)
      writer.raw("\">")
      // Runs in reading order (most lines have one run, and need no sorting).
      let runs = line.runs.count == 1 ? line.runs : line.runs.sorted { $0.logicalStart < $1.logicalStart }
      for run in runs {
        let family = PinnedFont.cssClasses[run.face]
        if family == primary && run.tracking == 0 {
          writer.text(run.text)
        } else {
          writer.raw("<span class=\"bs-run ")
          writer.raw(family)
          writer.raw("\"")
          // Tracked text (`"tracking": "sf-pro"`) spaced as the layout spaced it: after each character.
          if run.tracking != 0 {
            writer.raw(" style=\"letter-spacing:")
            writer.px(run.tracking)
            writer.raw("\"")
          }
          writer.raw(">")
          writer.text(run.text)
          writer.raw("</span>")
        }
      }
      writer.raw("</span>")
    }
  }

  private func image(_ source: ImageSource, into writer: inout MarkupWriter) {
    switch source {
    case .symbol(let symbol):
      let art = Glyph.art(for: symbol, color: SemanticColor.secondaryLabel.resolved(in: .light))
      inlineSVG(art.viewBox, art.body, into: &writer)
    case .builtin(let builtin):
      if let artFolder {
        writer.raw("<img class=\"bs-fill\" alt=\"\" src=\"\(artFolder)\(Illustration.fileName(builtin))\"/>")
      } else {
        let art = Illustration.art(for: builtin)
        inlineSVG(art.viewBox, art.body, into: &writer)
      }
    case .asset(let path), .template(let path):
      guard let entry = assets.entry(for: path) else { return }
      writer.raw("<img class=\"bs-fill\" alt=\"\" src=\"\(Markup.escapeAttribute(entry.dataURI))\"/>")
    }
  }

  private func inlineSVG(_ viewBox: Size, _ body: String, mirrored: Bool = false, into writer: inout MarkupWriter) {
    writer.raw(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"bs-fill\" aria-hidden=\"true\"\(mirrored ? " style=\"transform:scaleX(-1)\"" : "") viewBox=\"0 0 \(NumberText.format(viewBox.width)) \(NumberText.format(viewBox.height))\">"
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
