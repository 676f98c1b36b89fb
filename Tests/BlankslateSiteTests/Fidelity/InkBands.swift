@testable import BlankslateSite
import BlankslateCore
import Foundation

/// How the references in `../shared/fidelity-truth` were measured (their
/// SOURCES.md), as code that measures a reference and a render alike: a pixel
/// is ink when |ΔR|+|ΔG|+|ΔB| against the background exceeds 60; rows with
/// ink form bands (the symbol, each text line, a button); a band's baseline is
/// its last row holding at least 25 % of its busiest row's ink. Pixels ÷ scale
/// give points.
struct InkBands {
  /// One band of rows with ink, in points.
  struct Band: CustomStringConvertible {
    var top: Double
    var bottom: Double
    var left: Double
    var right: Double
    var baseline: Double
    var width: Double { right - left }
    var height: Double { bottom - top }
    var description: String {
      "\(fmt(left)),\(fmt(top)) \(fmt(width))×\(fmt(height)) baseline \(fmt(baseline))"
    }
    private func fmt(_ value: Double) -> String { String(format: "%.1f", value) }
  }

  let bitmap: PNGRenderer.Bitmap
  let scale: Double
  let background: (Int, Int, Int)

  /// The colour of a pixel, composited over white (cairo's words are premultiplied ARGB).
  func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) {
    let pixel = bitmap[x, y]
    let alpha = Int(pixel >> 24)
    let (red, green, blue) = (Int((pixel >> 16) & 0xFF), Int((pixel >> 8) & 0xFF), Int(pixel & 0xFF))
    return (red + 255 - alpha, green + 255 - alpha, blue + 255 - alpha)
  }

  func isInk(_ x: Int, _ y: Int) -> Bool {
    let (red, green, blue) = rgb(x, y)
    return abs(red - background.0) + abs(green - background.1) + abs(blue - background.2) > 60
  }

  /// The bands inside the rectangle `rows` × `columns` (pixels), top to bottom;
  /// a run of `gap` or fewer empty rows does not end a band.
  func bands(rows: Range<Int>, columns: Range<Int>, gap: Int = 0) -> [Band] {
    var counts: [(row: Int, ink: Int, left: Int, right: Int)] = []
    for y in rows where y >= 0 && y < bitmap.height {
      var ink = 0
      var left = Int.max
      var right = Int.min
      for x in columns where x >= 0 && x < bitmap.width && isInk(x, y) {
        ink += 1
        left = min(left, x)
        right = max(right, x)
      }
      counts.append((y, ink, left, right))
    }
    var bands: [Band] = []
    var current: [(row: Int, ink: Int, left: Int, right: Int)] = []
    var empty = 0
    // Ends the band being read, if it has ink (trailing empty rows are left out).
    func close() {
      let inked = current.filter { $0.ink > 0 }
      if let first = inked.first, let last = inked.last {
        let busiest = inked.map(\.ink).max() ?? 0
        let baselineRow = inked.last { Double($0.ink) >= 0.25 * Double(busiest) }?.row ?? last.row
        bands.append(
          Band(
            top: Double(first.row) / scale, bottom: Double(last.row + 1) / scale,
            left: Double(inked.map(\.left).min() ?? 0) / scale,
            right: Double((inked.map(\.right).max() ?? 0) + 1) / scale,
            baseline: Double(baselineRow + 1) / scale))
      }
      current = []
    }
    for count in counts {
      if count.ink > 0 {
        current.append(count)
        empty = 0
      } else if !current.isEmpty {
        empty += 1
        if empty > gap { close() } else { current.append(count) }
      }
    }
    close()
    return bands
  }

  /// The runs of columns with ink inside `rows` × `columns` (pixels), left to
  /// right, each with the rows its ink spans; a run of `gap` or fewer empty
  /// columns does not end one (a battery's cap beside its body).
  func glyphs(rows: Range<Int>, columns: Range<Int>, gap: Int) -> [Band] {
    var runs: [Band] = []
    var start: Int?
    var last = 0
    var top = Int.max
    var bottom = Int.min
    // Ends the run being read, if one has begun.
    func close() {
      if let first = start {
        runs.append(
          Band(
            top: Double(top) / scale, bottom: Double(bottom + 1) / scale, left: Double(first) / scale,
            right: Double(last + 1) / scale, baseline: Double(bottom + 1) / scale))
      }
      (start, top, bottom) = (nil, Int.max, Int.min)
    }
    for x in columns {
      let inked = rows.filter { isInk(x, $0) }
      if let first = inked.first, let final = inked.last {
        if start != nil, x - last > gap + 1 { close() }
        if start == nil { start = x }
        last = x
        (top, bottom) = (min(top, first), max(bottom, final))
      }
    }
    close()
    return runs
  }

  /// The bitmap of a PNG file, read by drawing it (librsvg reads PNG through an SVG `<image>`).
  static func reference(_ path: URL, width: Int, height: Int) throws -> PNGRenderer.Bitmap {
    let data = try Data(contentsOf: path).base64EncodedString()
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)">\
      <image width="\(width)" height="\(height)" href="data:image/png;base64,\(data)"/></svg>
      """
    return try PNGRenderer.bitmap(
      svg: Array(svg.utf8), size: Size(width: Double(width), height: Double(height)), scale: 1)
  }
}
