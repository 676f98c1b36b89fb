import CHarfBuzz
import Synchronization
import BlankslateModel
import BlankslateSupport

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
package final class GlyphOutlines: Sendable {
  /// The size of the grid outlines are written on, in points (a renderer scales them by it).
  package static let grid: Double = 0.05

  /// One glyph's outline: its first point from the glyph's origin, and the
  /// path from there (relative commands); both empty for a glyph that draws nothing.
  package struct Outline: Sendable {
    package var startX: Int32
    package var startY: Int32
    package var rest: [UInt8]

    package var isEmpty: Bool { rest.isEmpty }
  }

  private let library: FontLibrary
  /// Each glyph's outline as HarfBuzz draws it, in font units, by face and glyph.
  private let recorded = Mutex<[UInt64: Recording]>([:])
  private let outlines = Mutex<[Key: Outline]>([:])

  init(library: FontLibrary) {
    self.library = library
  }

  private struct Key: Hashable {
    var face: Int
    var glyph: UInt32
    var fontSize: Double

    /// One word for the hasher (a line looks up every glyph it draws).
    func hash(into hasher: inout Hasher) {
      hasher.combine(UInt64(truncatingIfNeeded: face) << 32 | UInt64(glyph))
      hasher.combine(fontSize.bitPattern)
    }
  }

  /// The outline of `glyph` in pinned face `face` set at `fontSize` points, in grid units.
  package func outline(face: Int, glyph: UInt32, fontSize: Double) -> Outline {
    let key = Key(face: face, glyph: glyph, fontSize: fontSize)
    if let outline = outlines.withLock({ $0[key] }) { return outline }
    let loaded = library.face(face)
    let outline = recording(loaded, glyph).written(scale: fontSize / Self.grid / loaded.unitsPerEm)
    outlines.withLock { $0[key] = outline }
    return outline
  }

  /// A glyph's drawing commands (`M L Q C Z`) and their points in font
  /// units, y up: drawn by HarfBuzz once, written at every size from here.
  final class Recording: @unchecked Sendable {
    var commands: [UInt8] = []
    var points: [Float] = []

    /// The pen HarfBuzz hands back to a drawing callback.
    static func at(_ pointer: UnsafeMutableRawPointer?) -> Recording? {
      pointer.map { Unmanaged<Recording>.fromOpaque($0).takeUnretainedValue() }
    }

    package func add(_ command: UInt8, _ values: Float...) {
      commands.append(command)
      points.append(contentsOf: values)
    }

    /// The outline on the grid, `scale` grid units per font unit, y down:
    /// relative commands, `h`/`v` for lines along an axis, `s`/`t` for a
    /// curve whose first control point is the one SVG infers (the previous
    /// curve's last one reflected, or the current point), no line of zero
    /// length and no line back to a contour's start before its `z`, and a
    /// repeated command's letter left out, as SVG allows. Every point is a
    /// whole number of grid units, so a viewer infers exactly the point left
    /// out and draws the same edges as from the long form.
    func written(scale: Double) -> Outline {
      var path = PathText(capacity: commands.count * 12)
      var start: (x: Int32, y: Int32)?
      var current: (x: Int32, y: Int32) = (0, 0)
      var contourStart = current
      /// The last control point of the curve just written, and whether it was cubic.
      var lastControl: (point: (x: Int32, y: Int32), cubic: Bool)?
      var index = 0
      points.withUnsafeBufferPointer { points in
        func point() -> (x: Int32, y: Int32) {
          defer { index += 2 }
          return (
            Int32((Double(points[index]) * scale).rounded()), Int32((-Double(points[index + 1]) * scale).rounded())
          )
        }
        /// The first control point SVG infers for `s` (cubic) or `t`.
        func inferred(cubic: Bool) -> (x: Int32, y: Int32) {
          guard let lastControl, lastControl.cubic == cubic else { return current }
          return (2 &* current.x &- lastControl.point.x, 2 &* current.y &- lastControl.point.y)
        }
        for (position, command) in commands.enumerated() {
          switch command {
          case 0x4D:  // move
            let to = point()
            if start == nil {
              start = to
            } else {
              path.last = 0
              path.write(0x6D, to.x - current.x, to.y - current.y)
              path.last = 0
            }
            current = to
            contourStart = to
            lastControl = nil
          case 0x4C:  // line
            let to = point()
            let closes = position + 1 < commands.count && commands[position + 1] == 0x5A && to == contourStart
            guard to != current, !closes else { continue }
            if to.y == current.y {
              path.value(to.x - current.x, separated: path.begin(0x68))
            } else if to.x == current.x {
              path.value(to.y - current.y, separated: path.begin(0x76))
            } else {
              path.write(0x6C, to.x - current.x, to.y - current.y)
            }
            current = to
            lastControl = nil
          case 0x51:  // quadratic
            let control = point()
            let to = point()
            if control == inferred(cubic: false) {
              path.write(0x74, to.x - current.x, to.y - current.y)
            } else {
              path.write(0x71, control.x - current.x, control.y - current.y)
              path.more(to.x - current.x, to.y - current.y)
            }
            current = to
            lastControl = (control, false)
          case 0x43:  // cubic
            let first = point()
            let second = point()
            let to = point()
            if first == inferred(cubic: true) {
              path.write(0x73, second.x - current.x, second.y - current.y)
            } else {
              path.write(0x63, first.x - current.x, first.y - current.y)
              path.more(second.x - current.x, second.y - current.y)
            }
            path.more(to.x - current.x, to.y - current.y)
            current = to
            lastControl = (second, true)
          default:  // close
            path.data.append(0x7A)
            path.last = 0
            current = contourStart
            lastControl = nil
          }
        }
      }
      guard let start, !path.data.isEmpty else { return Outline(startX: 0, startY: 0, rest: []) }
      return Outline(startX: start.x, startY: start.y, rest: path.data)
    }
  }

  /// Relative path commands being written, and the last command's letter.
  private struct PathText {
    var data: [UInt8] = []
    var last: UInt8 = 0

    init(capacity: Int) {
      data.reserveCapacity(capacity)
    }

    /// A command's letter, unless it repeats the last one; then whether the
    /// first number needs a space to part it from the one before.
    mutating func begin(_ letter: UInt8) -> Bool {
      defer { last = letter }
      guard letter != last else { return true }
      data.append(letter)
      return false
    }

    /// A whole number, after a space when it has no minus sign to part it from the one before.
    mutating func value(_ value: Int32, separated: Bool) {
      if value >= 0, separated { data.append(0x20) }
      NumberText.append(integer: value, to: &data)
    }

    mutating func write(_ letter: UInt8, _ x: Int32, _ y: Int32) {
      value(x, separated: begin(letter))
      value(y, separated: true)
    }

    /// The next pair of a command's numbers.
    mutating func more(_ x: Int32, _ y: Int32) {
      value(x, separated: true)
      value(y, separated: true)
    }
  }

  nonisolated(unsafe) private static let funcs: OpaquePointer = {
    guard let funcs = hb_draw_funcs_create() else { fatalError("HarfBuzz cannot allocate its drawing functions") }
    hb_draw_funcs_set_move_to_func(funcs, { _, pen, _, x, y, _ in Recording.at(pen)?.add(0x4D, x, y) }, nil, nil)
    hb_draw_funcs_set_line_to_func(funcs, { _, pen, _, x, y, _ in Recording.at(pen)?.add(0x4C, x, y) }, nil, nil)
    hb_draw_funcs_set_quadratic_to_func(
      funcs, { _, pen, _, cx, cy, x, y, _ in Recording.at(pen)?.add(0x51, cx, cy, x, y) }, nil, nil)
    hb_draw_funcs_set_cubic_to_func(
      funcs,
      { _, pen, _, c1x, c1y, c2x, c2y, x, y, _ in Recording.at(pen)?.add(0x43, c1x, c1y, c2x, c2y, x, y) }, nil,
      nil)
    hb_draw_funcs_set_close_path_func(funcs, { _, pen, _, _ in Recording.at(pen)?.add(0x5A) }, nil, nil)
    hb_draw_funcs_make_immutable(funcs)
    return funcs
  }()

  /// `glyph`'s recording, drawn by HarfBuzz on first use.
  func recording(_ face: LoadedFace, _ glyph: UInt32) -> Recording {
    let key = UInt64(face.font.id) << 32 | UInt64(glyph)
    if let recording = recorded.withLock({ $0[key] }) { return recording }
    let recording = Recording()
    withExtendedLifetime(recording) {
      hb_font_get_glyph_shape(face.hbFont, glyph, Self.funcs, Unmanaged.passUnretained(recording).toOpaque())
    }
    recorded.withLock { $0[key] = recording }
    return recording
  }
}
