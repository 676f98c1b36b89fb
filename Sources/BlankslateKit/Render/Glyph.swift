/// The chrome's small glyphs, drawn as SVG in a 0…1 unit square scaled to the node's frame.
public enum Glyph {
  /// The file of `symbol` drawn in `color`, below the gallery's folder (`glyphs/wifi-000000.svg`).
  public static func fileName(_ symbol: Symbol, color: RGBA) -> String {
    "glyphs/\(symbol.rawValue)-\(color.hex.dropFirst()).svg"
  }

  /// `symbol` in `color` as a standalone SVG file.
  public static func file(_ symbol: Symbol, color: RGBA) -> String {
    let art = art(for: symbol, color: color)
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(NumberText.format(art.viewBox.width)) "
      + "\(NumberText.format(art.viewBox.height))\"><title>\(symbol.rawValue)</title>" + art.body + "</svg>\n"
  }

  /// SVG body of `symbol` in its own coordinate space, and that space's size.
  static func art(for symbol: Symbol, color: RGBA) -> (viewBox: Size, body: String) {
    let fill = color.hexRGB
    let opacity = color.isOpaque ? "" : " fill-opacity=\"\(NumberText.format(color.opacity))\""
    let strokeOpacity = color.isOpaque ? "" : " stroke-opacity=\"\(NumberText.format(color.opacity))\""
    switch symbol {
    case .cellularSignal:
      return (
        Size(width: 17, height: 11),
        "<g fill=\"\(fill)\"\(opacity)><rect x=\"0\" y=\"7\" width=\"3\" height=\"4\" rx=\"1\"/><rect x=\"4.7\" y=\"5\" width=\"3\" height=\"6\" rx=\"1\"/><rect x=\"9.3\" y=\"2.5\" width=\"3\" height=\"8.5\" rx=\"1\"/><rect x=\"14\" y=\"0\" width=\"3\" height=\"11\" rx=\"1\"/></g>"
      )
    case .wifi:
      return (
        Size(width: 16, height: 11.5),
        "<g fill=\"none\" stroke=\"\(fill)\"\(strokeOpacity) stroke-width=\"2\" stroke-linecap=\"round\"><path d=\"M1.5 4.2a9.5 9.5 0 0 1 13 0\"/><path d=\"M4.2 7a5.6 5.6 0 0 1 7.6 0\"/></g><circle cx=\"8\" cy=\"10\" r=\"1.5\" fill=\"\(fill)\"\(opacity)/>"
      )
    case .battery:
      return (
        Size(width: 25, height: 12),
        "<rect x=\"0.5\" y=\"0.5\" width=\"21.5\" height=\"11\" rx=\"3.2\" fill=\"none\" stroke=\"\(fill)\" stroke-opacity=\"0.4\"/><rect x=\"2\" y=\"2\" width=\"18.5\" height=\"8\" rx=\"1.8\" fill=\"\(fill)\"\(opacity)/><path d=\"M23.2 4v4a2.2 2.2 0 0 0 0-4z\" fill=\"\(fill)\" fill-opacity=\"0.4\"/>"
      )
    case .tabHome:
      return (
        Size(width: 25, height: 25),
        "<path d=\"M3 11.5L12.5 3l9.5 8.5V22a1 1 0 0 1-1 1h-5.5v-7h-6v7H4a1 1 0 0 1-1-1z\" fill=\"\(fill)\"\(opacity)/>"
      )
    case .tabDiscover:
      return (
        Size(width: 25, height: 25),
        "<circle cx=\"12.5\" cy=\"12.5\" r=\"10\" fill=\"none\" stroke=\"\(fill)\"\(strokeOpacity) stroke-width=\"2\"/><path d=\"M16.5 8.5l-2.5 5.5-5.5 2.5 2.5-5.5z\" fill=\"\(fill)\"\(opacity)/>"
      )
    case .tabMessages:
      return (
        Size(width: 25, height: 25),
        "<path d=\"M3 6a3 3 0 0 1 3-3h13a3 3 0 0 1 3 3v9a3 3 0 0 1-3 3h-8l-5 4v-4H6a3 3 0 0 1-3-3z\" fill=\"none\" stroke=\"\(fill)\"\(strokeOpacity) stroke-width=\"2\" stroke-linejoin=\"round\"/>"
      )
    case .tabProfile:
      return (
        Size(width: 25, height: 25),
        "<circle cx=\"12.5\" cy=\"8\" r=\"4.5\" fill=\"none\" stroke=\"\(fill)\"\(strokeOpacity) stroke-width=\"2\"/><path d=\"M4 22a8.5 8.5 0 0 1 17 0\" fill=\"none\" stroke=\"\(fill)\"\(strokeOpacity) stroke-width=\"2\" stroke-linecap=\"round\"/>"
      )
    }
  }
}
