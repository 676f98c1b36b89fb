@testable import BlankslateCore
@testable import BlankslateModel
import BlankslateCoreTestSupport
import BlankslateTestSupport
import Foundation
import Testing

/// Glyph outlines are written short (`s`/`t` where SVG infers the first
/// control point, no empty lines, no line back to a contour's start before
/// `z`) and still say exactly what HarfBuzz drew: read as a viewer reads
/// them, their edges are the drawing's, point for point on the grid.
@Suite("Glyph outlines in their short form")
struct GlyphOutlinesTests {
  /// The edges of `recording` written naively (absolute, every point, every
  /// line) on the grid at `scale`, as a viewer reads them.
  static func naive(_ recording: GlyphOutlines.Recording, scale: Double) throws -> SVGPathEdges {
    var data = ""
    var index = 0
    func point() -> String {
      defer { index += 2 }
      let x = Int32((Double(recording.points[index]) * scale).rounded())
      let y = Int32((-Double(recording.points[index + 1]) * scale).rounded())
      return "\(x) \(y) "
    }
    for command in recording.commands {
      switch command {
      case 0x4D: data += "M" + point()
      case 0x4C: data += "L" + point()
      case 0x51: data += "Q" + point() + point()
      case 0x43: data += "C" + point() + point() + point()
      default: data += "Z"
      }
    }
    return try SVGPathEdges(data, droppingEmptyLines: true)
  }

  /// The short form of `recording`, as a renderer places it at the origin.
  static func short(_ recording: GlyphOutlines.Recording, scale: Double) throws -> (SVGPathEdges, String) {
    let outline = recording.written(scale: scale)
    let data = "M\(outline.startX) \(outline.startY)" + String(decoding: outline.rest, as: UTF8.self)
    return (try SVGPathEdges(data), data)
  }

  @Test(arguments: [
    ("No saved orders yet. Pull down to refresh, or check your Wi‑Fi settings — ffi ½ @ & ?", "en", 400),
    ("Keine Einträge gefunden. Überprüfe die Schreibweise: „Straße“, Größe, ÄÖÜ äöü ß", "de", 700),
    ("保存済みの注文はありません。今週追加すると、ここに表示されます。参照番号０１２３", "ja", 400),
    ("暂无数据，下拉刷新或检查网络设置。", "zh-Hans", 700),
    ("ستظهر طلبات محفوظة هذا الأسبوع هنا بعد إضافتها. المرجع ١٢٣", "ar", 400),
    ("لا توجد بيانات", "ar", 700),
  ])
  func everyGlyphSaysWhatHarfBuzzDrew(text: String, locale: String, weight: Int) throws {
    let outlines = GlyphOutlines(library: .shared)
    let line = Typesetter.shared.line(text, fontSize: 17, weight: weight, locale: locale)
    var checked = 0
    var shortened = 0
    for run in line.runs {
      let face = FontLibrary.shared.face(run.face)
      for glyph in Set(run.glyphs) {
        let recording = outlines.recording(face, glyph)
        guard !recording.commands.isEmpty else { continue }
        for fontSize in [11.0, 17, 22, 34, 53] {
          let scale = fontSize / GlyphOutlines.grid / face.unitsPerEm
          let (edges, data) = try Self.short(recording, scale: scale)
          let expected = try Self.naive(recording, scale: scale)
          #expect(edges == expected, "\(locale) glyph \(glyph) at \(fontSize) pt: \(data)")
          if data.contains(where: { $0 == "s" || $0 == "t" }) { shortened += 1 }
          checked += 1
        }
      }
    }
    #expect(checked > 20)
    #expect(shortened > 0, "no outline of \(text) used an inferred control point")
  }

  /// Random contours with joins that are smooth on the grid, corners,
  /// empty lines, curves whose first control point is their start, and lines
  /// back to the start: the short form reads back as the same edges.
  @Test func randomContoursReadBackAsTheirEdges() throws {
    let (seed, iterations) = SeededRandom.fuzzSettings(defaultIterations: 2_000)
    var random = SeededRandom(seed: seed)
    var inferred = 0
    var dropped = 0
    for iteration in 0..<iterations {
      let recording = GlyphOutlines.Recording()
      var current: (x: Float, y: Float) = (0, 0)
      var lastControl: (x: Float, y: Float, cubic: Bool)?
      func value() -> Float { Float(Int.random(in: -400...400, using: &random)) }
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        let start = (x: value(), y: value())
        recording.add(0x4D, start.x, start.y)
        current = start
        lastControl = nil
        for _ in 0..<Int.random(in: 1...8, using: &random) {
          let to = (x: value(), y: value())
          // Half the curves start with the control point SVG would infer.
          let reflected: (x: Float, y: Float) =
            lastControl.map { (x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
          let first = Bool.random(using: &random) ? reflected : (x: value(), y: value())
          switch Int.random(in: 0..<5, using: &random) {
          case 0:
            recording.add(0x4C, to.x, to.y)
            current = to
            lastControl = nil
          case 1:
            recording.add(0x4C, current.x, current.y)  // an empty line
            lastControl = nil
          case 2:
            recording.add(0x51, first.x, first.y, to.x, to.y)
            current = to
            lastControl = (first.x, first.y, false)
          default:
            let second = (x: value(), y: value())
            recording.add(0x43, first.x, first.y, second.x, second.y, to.x, to.y)
            current = to
            lastControl = (second.x, second.y, true)
          }
        }
        if Bool.random(using: &random) { recording.add(0x4C, start.x, start.y) }
        recording.add(0x5A)
      }
      // Scale 1 keeps every point on the grid, so inferred points are exact.
      let (edges, data) = try Self.short(recording, scale: 1)
      let expected = try Self.naive(recording, scale: 1)
      guard edges == expected else {
        Issue.record("seed \(seed) iteration \(iteration): \(data) reads as \(edges), drawn as \(expected)")
        return
      }
      inferred += data.filter { $0 == "s" || $0 == "t" }.count
      dropped += recording.commands.count - data.filter { $0.isLetter }.count
    }
    #expect(inferred > iterations)
    #expect(dropped > iterations / 2)
  }

  /// The reader the tests compare with reads SVG as viewers do.
  @Test func theReaderInfersControlPointsAndClosesSubpaths() throws {
    let edges = try SVGPathEdges("M10 10c0 10 10 20 20 20s10 0 10-10q5 5 10 0t10 0h5zm5 5l1 1")
    #expect(
      edges.long
        == "M10 10C10 20 20 30 30 30C40 30 40 30 40 20Q45 25 50 20Q55 15 60 20L65 20L10 10ZM15 15L16 16")
    #expect(try SVGPathEdges("M0 0s10 10 20 0").long == "M0 0C0 0 10 10 20 0")
    #expect(throws: SVGPathEdges.Failure.self) { try SVGPathEdges("M0 0c1 2") }
  }
}
