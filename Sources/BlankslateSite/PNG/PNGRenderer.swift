import CRsvg
import Foundation
import BlankslateCore
import BlankslateSupport
import BlankslateValidation

/// Renders' SVGs drawn as PNG by librsvg: the SVGs carry their text as glyph
/// outlines, so the PNG shows the pinned fonts without any font installed,
/// and the same bytes come out on every run. librsvg is opened on first use.
package enum PNGRenderer {
  /// The scales a PNG may be drawn at: pixels per point, as @1x, @2x and @3x.
  package static let scales = 1...3

  /// librsvg's calls, or why they cannot be had (opened once, shared by every worker).
  nonisolated(unsafe) private static let library: Result<blankslate_rsvg_api, PNGError> = {
    var api = blankslate_rsvg_api()
    var reason: UnsafePointer<CChar>?
    guard blankslate_rsvg_open(&api, &reason) == 0 else {
      return .failure(PNGError(description: reason.map { String(cString: $0) } ?? "librsvg cannot be opened"))
    }
    return .success(api)
  }()

  /// librsvg's version where it was found (`librsvg 2.54.7`), or why it was not, for `--version`.
  package static var libraryVersion: String {
    switch library {
    case .success(let api): "librsvg \(api.major).\(api.minor).\(api.micro)"
    case .failure(let error): "librsvg not found: \(error.description) (only --png and the report's heat maps need it)"
    }
  }

  /// Pixels as cairo keeps them: premultiplied ARGB in one native-endian word
  /// each (alpha in the top byte), row after row.
  package struct Bitmap: Sendable, Equatable {
    package var width: Int
    package var height: Int
    package var pixels: [UInt32]

    package init(width: Int, height: Int, pixels: [UInt32]) {
      self.width = width
      self.height = height
      self.pixels = pixels
    }

    /// The pixel at (`x`, `y`), transparent outside the bitmap.
    package subscript(x: Int, y: Int) -> UInt32 {
      x < width && y < height ? pixels[y * width + x] : 0
    }
  }

  private static func api() throws(PNGError) -> blankslate_rsvg_api {
    switch library {
    case .success(let opened): opened
    case .failure(let failure): throw failure
    }
  }

  /// The fonts librsvg can draw text with: none, whatever the machine has
  /// (its font configuration is empty), so no machine's fonts reach a PNG.
  package static func availableFonts() throws(PNGError) -> Int {
    var api = try api()
    return Int(blankslate_rsvg_font_count(&api))
  }

  /// Whether librsvg can be opened here (why not, when it cannot).
  package static var unavailable: String? {
    if case .failure(let failure) = library { failure.description } else { nil }
  }

  /// `svg`, a document `size` points large, drawn at `scale` pixels per point,
  /// within `DrawingDeadline.limit` (`label` names it if it runs past).
  package static func bitmap(svg: [UInt8], size: Size, scale: Int, label: String = "an SVG") throws(PNGError) -> Bitmap
  {
    var api = try api()
    let width = Int((size.width * Double(scale)).rounded(.up))
    let height = Int((size.height * Double(scale)).rounded(.up))
    var pixels = [UInt32](repeating: 0, count: width * height)
    var message: UnsafeMutablePointer<CChar>?
    defer { free(message) }
    let status = DrawingDeadline.watch(label) {
      Failpoint.hold("png.drawing")  // a test holds a drawing here to see the deadline end the run
      return svg.withUnsafeBufferPointer { bytes in
        pixels.withUnsafeMutableBufferPointer { out in
          blankslate_render_pixels(
            &api, bytes.baseAddress, bytes.count, Int32(width), Int32(height), out.baseAddress, &message)
        }
      }
    }
    guard status == 0 else { throw PNGError(description: message.map { String(cString: $0) } ?? "librsvg failed") }
    return Bitmap(width: width, height: height, pixels: pixels)
  }

  /// `bitmap` as PNG.
  package static func png(_ bitmap: Bitmap) throws(PNGError) -> [UInt8] {
    var api = try api()
    var pixels = bitmap.pixels
    var buffer = blankslate_png_buffer(data: nil, length: 0, capacity: 0)
    defer { free(buffer.data) }
    var message: UnsafeMutablePointer<CChar>?
    defer { free(message) }
    let status = pixels.withUnsafeMutableBufferPointer { out in
      blankslate_write_png(&api, out.baseAddress, Int32(bitmap.width), Int32(bitmap.height), &buffer, &message)
    }
    guard status == 0, let data = buffer.data else {
      throw PNGError(description: message.map { String(cString: $0) } ?? "cairo failed")
    }
    return Array(UnsafeBufferPointer(start: data, count: buffer.length))
  }

  /// `svg`, a document `size` points large, as PNG at `scale` pixels per point.
  package static func png(svg: [UInt8], size: Size, scale: Int, label: String = "an SVG") throws(PNGError) -> [UInt8] {
    try png(bitmap(svg: svg, size: size, scale: scale, label: label))
  }
}

/// Why librsvg or cairo could not draw or write a PNG.
package struct PNGError: Error, CustomStringConvertible {
  package var description: String
}
