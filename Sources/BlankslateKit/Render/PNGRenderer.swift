import CRsvg
import Foundation

/// Renders' SVGs drawn as PNG by librsvg: the SVGs carry their text as glyph
/// outlines, so the PNG shows the pinned fonts without any font installed,
/// and the same bytes come out on every run. librsvg is opened on first use.
public enum PNGRenderer {
  /// The scales a PNG may be drawn at: pixels per point, as @1x, @2x and @3x.
  public static let scales = 1...3

  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// librsvg's calls, or why they cannot be had (opened once, shared by every worker).
  nonisolated(unsafe) private static let library: Result<blankslate_rsvg_api, Failure> = {
    var api = blankslate_rsvg_api()
    var reason: UnsafePointer<CChar>?
    guard blankslate_rsvg_open(&api, &reason) == 0 else {
      return .failure(Failure(description: reason.map { String(cString: $0) } ?? "librsvg cannot be opened"))
    }
    return .success(api)
  }()

  /// `svg`, a document `size` points large, as PNG at `scale` pixels per point.
  public static func png(svg: [UInt8], size: Size, scale: Int) throws(Failure) -> [UInt8] {
    var api: blankslate_rsvg_api
    switch library {
    case .success(let opened): api = opened
    case .failure(let failure): throw failure
    }
    var buffer = blankslate_png_buffer(data: nil, length: 0, capacity: 0)
    defer { free(buffer.data) }
    var message: UnsafeMutablePointer<CChar>?
    let status = svg.withUnsafeBufferPointer { bytes in
      blankslate_render_png(
        &api, bytes.baseAddress, bytes.count, size.width, size.height, Double(scale), &buffer, &message)
    }
    defer { free(message) }
    guard status == 0, let data = buffer.data else {
      throw Failure(description: message.map { String(cString: $0) } ?? "librsvg failed")
    }
    return Array(UnsafeBufferPointer(start: data, count: buffer.length))
  }
}
