import BlankslateSupport
import BlankslateModel

/// The chrome's small glyphs (status bar and tab bar icons), each a few
/// layers of path data in its own coordinate space, drawn by this project.
///
/// One description serves every output: the gallery's glyph files, the live
/// rendition's inline art, and the SVG renderer, which writes each layer as
/// one `<path>` placed on the node's frame (no nested `<svg>`: an icon costs
/// a page one to three elements).
package enum Glyph {
  /// One layer of an icon: a filled or stroked path.
  struct Layer {
    enum Paint {
      case fill
      /// A fill whose inner subpaths are holes (`fill-rule="evenodd"`): a `.fill` symbol's knocked-out details.
      case evenOddFill
      /// A stroke of this width, with round caps and joins.
      case stroke(Double)
    }

    var path: String
    var paint: Paint
    /// The layer's own opacity, multiplied with the colour's.
    var opacity: Double = 1
  }

  /// The file of `symbol` in `color`, below the gallery's folder (`glyphs/wifi-000000.svg`).
  package static func fileName(_ symbol: Symbol, color: RGBA) -> String {
    // Joined piece by piece: the live rendition names a glyph file for every status bar icon.
    let hex = color.hex
    var name = "glyphs/"
    name.append(symbol.rawValue)
    name.append("-")
    name.append(contentsOf: hex[hex.index(after: hex.startIndex)...])
    name.append(".svg")
    return name
  }

  /// `symbol` in `color` as a standalone SVG file.
  package static func file(_ symbol: Symbol, color: RGBA) -> String {
    let art = art(for: symbol, color: color)
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(NumberText.format(art.viewBox.width)) "
      + "\(NumberText.format(art.viewBox.height))\"><title>\(symbol.rawValue)</title>" + art.body + "</svg>\n"
  }

  /// SVG body of `symbol` in its own coordinate space, and that space's size.
  package static func art(for symbol: Symbol, color: RGBA) -> (viewBox: Size, body: String) {
    let (size, layers) = self.layers(of: symbol)
    return art(layers, size: size, color: color)
  }

  /// SVG body of a definition's symbol on its grid.
  package static func art(for symbol: SymbolName, color: RGBA) -> (viewBox: Size, body: String) {
    art(SymbolArt.layers(of: symbol), size: SymbolArt.grid, color: color)
  }

  private static func art(_ layers: [Layer], size: Size, color: RGBA) -> (viewBox: Size, body: String) {
    var writer = MarkupWriter(capacity: 512)
    for layer in layers { write(layer, color: color, into: &writer) }
    return (size, writer.output)
  }

  /// Writes `symbol` in `color` into `frame` of an SVG, scaled to fit and centred (as `xMidYMid meet`).
  static func draw(_ symbol: Symbol, color: RGBA, in frame: Rect, into writer: inout MarkupWriter) {
    let (size, layers) = self.layers(of: symbol)
    draw(layers, size: size, color: color, in: frame, into: &writer)
  }

  /// Writes a definition's symbol in `color` into `frame`, as `draw(_:color:in:into:)` does a chrome glyph;
  /// `mirrored` flips it left to right (a directional symbol in a right-to-left screen).
  static func draw(
    _ symbol: SymbolName, color: RGBA, in frame: Rect, mirrored: Bool = false, into writer: inout MarkupWriter
  ) {
    draw(SymbolArt.layers(of: symbol), size: SymbolArt.grid, color: color, in: frame, mirrored: mirrored, into: &writer)
  }

  private static func draw(
    _ layers: [Layer], size: Size, color: RGBA, in frame: Rect, mirrored: Bool = false,
    into writer: inout MarkupWriter
  ) {
    let scale = min(frame.width / size.width, frame.height / size.height)
    let x = frame.x + (frame.width - size.width * scale) / 2
    let y = frame.y + (frame.height - size.height * scale) / 2
    // Mirrored: the art's right edge at the fitted box's left, drawn with a negative x scale.
    let placement = mirrored ? (x + size.width * scale, y, -scale) : (x, y, scale)
    for layer in layers { write(layer, color: color, at: placement, into: &writer) }
  }

  private static func write(
    _ layer: Layer, color: RGBA, at placement: (x: Double, y: Double, scale: Double)? = nil,
    into writer: inout MarkupWriter
  ) {
    writer.raw("<path")
    if let placement {
      writer.raw(" transform=\"translate(")
      writer.number(placement.x)
      writer.raw(" ")
      writer.number(placement.y)
      writer.raw(") scale(")
      writer.number(placement.scale, fractionDigits: 4)
      // A negative scale mirrors left to right only: the y scale stays positive.
      if placement.scale < 0 {
        writer.raw(" ")
        writer.number(-placement.scale, fractionDigits: 4)
      }
      writer.raw(")\"")
    }
    writer.raw(" d=\"")
    writer.raw(layer.path)
    writer.raw("\"")
    let opacity = color.opacity * layer.opacity
    switch layer.paint {
    case .fill, .evenOddFill:
      writer.raw(" fill=\"")
      writer.hexRGB(color)
      writer.raw("\"")
      if case .evenOddFill = layer.paint { writer.raw(" fill-rule=\"evenodd\"") }
      if opacity < 1 { writer.attribute("fill-opacity", opacity) }
    case .stroke(let width):
      writer.raw(" fill=\"none\" stroke=\"")
      writer.hexRGB(color)
      writer.raw("\"")
      if opacity < 1 { writer.attribute("stroke-opacity", opacity) }
      writer.attribute("stroke-width", width)
      writer.raw(" stroke-linecap=\"round\" stroke-linejoin=\"round\"")
    }
    writer.raw("/>")
  }

  /// A rounded rectangle as path data.
  static func roundedRect(_ x: Double, _ y: Double, _ width: Double, _ height: Double, _ r: Double) -> String {
    func f(_ value: Double) -> String { NumberText.format(value) }
    return "M\(f(x + r)) \(f(y))h\(f(width - 2 * r))a\(f(r)) \(f(r)) 0 0 1 \(f(r)) \(f(r))v\(f(height - 2 * r))"
      + "a\(f(r)) \(f(r)) 0 0 1 \(f(-r)) \(f(r))h\(f(-(width - 2 * r)))a\(f(r)) \(f(r)) 0 0 1 \(f(-r)) \(f(-r))"
      + "v\(f(-(height - 2 * r)))a\(f(r)) \(f(r)) 0 0 1 \(f(r)) \(f(-r))z"
  }

  /// A circle as path data.
  static func circle(_ cx: Double, _ cy: Double, _ r: Double) -> String {
    func f(_ value: Double) -> String { NumberText.format(value) }
    return "M\(f(cx - r)) \(f(cy))a\(f(r)) \(f(r)) 0 1 0 \(f(2 * r)) 0a\(f(r)) \(f(r)) 0 1 0 \(f(-2 * r)) 0z"
  }

  /// Each symbol's size and layers, made once.
  private static let table: [Symbol: (Size, [Layer])] = Dictionary(
    uniqueKeysWithValues: Symbol.allCases.map { ($0, drawing(of: $0)) })

  /// Each symbol's size and layers, back to front.
  static func layers(of symbol: Symbol) -> (Size, [Layer]) {
    table[symbol] ?? drawing(of: symbol)
  }

  private static func drawing(of symbol: Symbol) -> (Size, [Layer]) {
    switch symbol {
    case .cellularSignal:
      return (
        Size(width: 17, height: 11),
        [
          Layer(
            path: roundedRect(0, 7, 3, 4, 1) + roundedRect(4.7, 5, 3, 6, 1) + roundedRect(9.3, 2.5, 3, 8.5, 1)
              + roundedRect(14, 0, 3, 11, 1), paint: .fill)
        ]
      )
    case .wifi:
      return (
        Size(width: 16, height: 11.5),
        [
          // iOS's status Wi-Fi: two filled bands and a wedge, a fan of 90° from one point at the bottom
          // (drawn here from an iOS 17 screenshot's shape, `CalibrationTests`).
          Layer(
            path:
              "M0.01 3.31A11.3 11.3 0 0 1 15.99 3.31L13.94 5.36A8.4 8.4 0 0 0 2.06 5.36z"
              + "M3.12 6.42A6.9 6.9 0 0 1 12.88 6.42L10.97 8.33A4.2 4.2 0 0 0 5.03 8.33z"
              + "M8 11.3L6.09 9.39A2.7 2.7 0 0 1 9.91 9.39z",
            paint: .fill)
        ]
      )
    case .battery:
      return (
        Size(width: 25, height: 12),
        [
          Layer(path: roundedRect(0.5, 0.5, 21.5, 11, 3.2), paint: .stroke(1), opacity: 0.4),
          Layer(path: roundedRect(2, 2, 18.5, 8, 1.8), paint: .fill),
          Layer(path: "M23.2 4v4a2.2 2.2 0 0 0 0-4z", paint: .fill, opacity: 0.4),
        ]
      )
    case .tabHome:
      return (
        Size(width: 25, height: 25),
        [Layer(path: "M3 11.5L12.5 3l9.5 8.5V22a1 1 0 0 1-1 1h-5.5v-7h-6v7H4a1 1 0 0 1-1-1z", paint: .fill)]
      )
    case .tabDiscover:
      return (
        Size(width: 25, height: 25),
        [
          Layer(path: circle(12.5, 12.5, 10), paint: .stroke(2)),
          Layer(path: "M16.5 8.5l-2.5 5.5-5.5 2.5 2.5-5.5z", paint: .fill),
        ]
      )
    case .tabMessages:
      return (
        Size(width: 25, height: 25),
        [
          Layer(
            path: "M3 6a3 3 0 0 1 3-3h13a3 3 0 0 1 3 3v9a3 3 0 0 1-3 3h-8l-5 4v-4H6a3 3 0 0 1-3-3z", paint: .stroke(2))
        ]
      )
    case .tabProfile:
      return (
        Size(width: 25, height: 25),
        [Layer(path: circle(12.5, 8, 4.5) + "M4 22a8.5 8.5 0 0 1 17 0", paint: .stroke(2))]
      )
    }
  }
}
