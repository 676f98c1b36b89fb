import CHarfBuzz
import Synchronization

/// Glyph outlines as SVG path data, drawn by HarfBuzz from the pinned fonts.
///
/// Coordinates are on a grid of `grid` points (a twentieth of a point) at
/// the size the text is set, with y pointing down: every point of an outline
/// lies within 0.025 pt of the font's own, at any size, and small text costs
/// no more digits than its detail needs. An outline is written relative to its first point, so a
/// renderer places it anywhere by writing that one point (`M x y`) and
/// appending the rest; a whole text block is then one `<path>`. A standalone
/// SVG draws text this way, so it shows the measured glyphs in any viewer,
/// with no font installed and nothing loaded.
public final class GlyphOutlines: Sendable {
  public static let shared = GlyphOutlines(library: .shared)

  /// The size of the grid outlines are written on, in points (a renderer scales them by it).
  public static let grid: Double = 0.05

  /// One glyph's outline: its first point from the glyph's origin, and the
  /// path from there (relative commands); both empty for a glyph that draws nothing.
  public struct Outline: Sendable {
    public var startX: Int32
    public var startY: Int32
    public var rest: [UInt8]

    public var isEmpty: Bool { rest.isEmpty }
  }

  private let library: FontLibrary
  private let outlines = Mutex<[Key: Outline]>([:])

  init(library: FontLibrary) {
    self.library = library
  }

  private struct Key: Hashable {
    var face: Int
    var glyph: UInt32
    var fontSize: Double
  }

  /// The outline of `glyph` in pinned face `face` set at `fontSize` points, in grid units.
  public func outline(face: Int, glyph: UInt32, fontSize: Double) -> Outline {
    let key = Key(face: face, glyph: glyph, fontSize: fontSize)
    if let outline = outlines.withLock({ $0[key] }) { return outline }
    let loaded = library.face(face)
    let outline = draw(loaded, glyph, unitsPerGridUnit: fontSize / Self.grid / loaded.unitsPerEm)
    outlines.withLock { $0[key] = outline }
    return outline
  }

  private final class Pen {
    /// Grid units per font unit.
    let scale: Float
    var start: (x: Int32, y: Int32)?
    var data: [UInt8] = []
    /// The current point and the current contour's first point, in thousandths of an em.
    var current: (x: Int32, y: Int32) = (0, 0)
    var contourStart: (x: Int32, y: Int32) = (0, 0)

    init(scale: Double) {
      self.scale = Float(scale)
    }

    /// The pen HarfBuzz hands back to a drawing callback.
    static func at(_ pointer: UnsafeMutableRawPointer?) -> Pen? {
      pointer.map { Unmanaged<Pen>.fromOpaque($0).takeUnretainedValue() }
    }

    func point(_ x: Float, _ y: Float) -> (x: Int32, y: Int32) {
      (Int32((x * scale).rounded()), Int32((-y * scale).rounded()))
    }

    func move(_ x: Float, _ y: Float) {
      let to = point(x, y)
      if start == nil {
        start = to
      } else {
        data.append(0x6D)  // m
        numbers([to.x - current.x, to.y - current.y])
        lastLetter = nil
      }
      current = to
      contourStart = to
    }

    /// The last command letter written, which SVG lets the next identical command omit.
    var lastLetter: UInt8?

    /// A relative command through `points` (control points, then the end
    /// point), written as short as SVG allows: `h`/`v` for lines along an
    /// axis, and no letter where it repeats the one before.
    func command(_ letter: UInt8, _ points: [(x: Int32, y: Int32)]) {
      var letter = letter
      var values = points.flatMap { [$0.x - current.x, $0.y - current.y] }
      if letter == 0x6C, values[1] == 0 {
        letter = 0x68  // h
        values = [values[0]]
      } else if letter == 0x6C, values[0] == 0 {
        letter = 0x76  // v
        values = [values[1]]
      }
      let repeats = letter == lastLetter
      if !repeats { data.append(letter) }
      numbers(values, separated: repeats)
      lastLetter = letter
      if let last = points.last { current = last }
    }

    func close() {
      data.append(0x7A)  // z
      lastLetter = nil
      current = contourStart
    }

    /// `values`, a space before each one that has no minus sign to part it
    /// from the one before (and before the first when `separated`).
    private func numbers(_ values: [Int32], separated: Bool = false) {
      for (index, value) in values.enumerated() {
        if (index > 0 || separated) && value >= 0 { data.append(0x20) }
        data.append(contentsOf: String(value).utf8)
      }
    }
  }

  nonisolated(unsafe) private static let funcs: OpaquePointer = {
    guard let funcs = hb_draw_funcs_create() else { fatalError("HarfBuzz cannot allocate its drawing functions") }
    hb_draw_funcs_set_move_to_func(funcs, { _, pen, _, x, y, _ in Pen.at(pen)?.move(x, y) }, nil, nil)
    hb_draw_funcs_set_line_to_func(
      funcs,
      { _, pen, _, x, y, _ in
        guard let pen = Pen.at(pen) else { return }
        pen.command(0x6C, [pen.point(x, y)])
      }, nil, nil)
    hb_draw_funcs_set_quadratic_to_func(
      funcs,
      { _, pen, _, cx, cy, x, y, _ in
        guard let pen = Pen.at(pen) else { return }
        pen.command(0x71, [pen.point(cx, cy), pen.point(x, y)])
      }, nil, nil)
    hb_draw_funcs_set_cubic_to_func(
      funcs,
      { _, pen, _, c1x, c1y, c2x, c2y, x, y, _ in
        guard let pen = Pen.at(pen) else { return }
        pen.command(0x63, [pen.point(c1x, c1y), pen.point(c2x, c2y), pen.point(x, y)])
      }, nil, nil)
    hb_draw_funcs_set_close_path_func(funcs, { _, pen, _, _ in Pen.at(pen)?.close() }, nil, nil)
    hb_draw_funcs_make_immutable(funcs)
    return funcs
  }()

  private func draw(_ face: LoadedFace, _ glyph: UInt32, unitsPerGridUnit scale: Double) -> Outline {
    let pen = Pen(scale: scale)
    withExtendedLifetime(pen) {
      hb_font_get_glyph_shape(face.hbFont, glyph, Self.funcs, Unmanaged.passUnretained(pen).toOpaque())
    }
    guard let start = pen.start, !pen.data.isEmpty else { return Outline(startX: 0, startY: 0, rest: []) }
    return Outline(startX: start.x, startY: start.y, rest: pen.data)
  }
}
