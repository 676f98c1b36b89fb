import CHarfBuzz
import Synchronization

/// Glyph outlines as SVG path data, drawn by HarfBuzz from the pinned fonts.
///
/// A path is in font units with y pointing down (the font's y flipped), every
/// coordinate rounded to a whole unit (1/1000 em for Noto, 1/2048 em for
/// Inter: under 0.01 pt at any text size a layout uses). A standalone SVG
/// draws text with these paths, so it shows the measured glyphs in any viewer,
/// with no font installed and nothing loaded.
public final class GlyphOutlines: Sendable {
  public static let shared = GlyphOutlines(library: .shared)

  private let library: FontLibrary
  private let paths = Mutex<[UInt64: String]>([:])

  init(library: FontLibrary) {
    self.library = library
  }

  /// The outline of `glyph` in pinned face `face`; empty for a glyph that draws nothing (a space).
  public func path(face: Int, glyph: UInt32) -> String {
    let key = UInt64(face) << 32 | UInt64(glyph)
    if let path = paths.withLock({ $0[key] }) { return path }
    let path = draw(library.face(face), glyph)
    paths.withLock { $0[key] = path }
    return path
  }

  private final class Pen {
    var data: [UInt8] = []

    /// The pen HarfBuzz hands back to a drawing callback.
    static func at(_ pointer: UnsafeMutableRawPointer?) -> Pen? {
      pointer.map { Unmanaged<Pen>.fromOpaque($0).takeUnretainedValue() }
    }

    func command(_ letter: UInt8, _ points: Float...) {
      data.append(letter)
      for (index, value) in points.enumerated() {
        // y is flipped: fonts point up, SVG down.
        let number = Int((index % 2 == 1 ? -value : value).rounded())
        if index > 0 && number >= 0 { data.append(0x20) }
        data.append(contentsOf: String(number).utf8)
      }
    }
  }

  nonisolated(unsafe) private static let funcs: OpaquePointer = {
    guard let funcs = hb_draw_funcs_create() else { fatalError("HarfBuzz cannot allocate its drawing functions") }
    hb_draw_funcs_set_move_to_func(
      funcs, { _, pen, _, x, y, _ in Pen.at(pen)?.command(0x4D, x, y) },
      nil, nil)
    hb_draw_funcs_set_line_to_func(
      funcs, { _, pen, _, x, y, _ in Pen.at(pen)?.command(0x4C, x, y) },
      nil, nil)
    hb_draw_funcs_set_quadratic_to_func(
      funcs,
      { _, pen, _, cx, cy, x, y, _ in
        Pen.at(pen)?.command(0x51, cx, cy, x, y)
      }, nil, nil)
    hb_draw_funcs_set_cubic_to_func(
      funcs,
      { _, pen, _, c1x, c1y, c2x, c2y, x, y, _ in
        Pen.at(pen)?.command(0x43, c1x, c1y, c2x, c2y, x, y)
      }, nil, nil)
    hb_draw_funcs_set_close_path_func(
      funcs, { _, pen, _, _ in Pen.at(pen)?.data.append(0x5A) }, nil, nil)
    hb_draw_funcs_make_immutable(funcs)
    return funcs
  }()

  private func draw(_ face: LoadedFace, _ glyph: UInt32) -> String {
    let pen = Pen()
    withExtendedLifetime(pen) {
      hb_font_get_glyph_shape(face.hbFont, glyph, Self.funcs, Unmanaged.passUnretained(pen).toOpaque())
    }
    return String(decoding: pen.data, as: UTF8.self)
  }
}
