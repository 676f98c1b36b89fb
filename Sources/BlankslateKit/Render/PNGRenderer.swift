import CRsvg

/// Renders' SVGs drawn as PNG by librsvg: the SVGs carry their text as glyph
/// outlines, so the PNG shows the pinned fonts without any font installed,
/// and the same bytes come out on every run.
public enum PNGRenderer {
  /// The scales a PNG may be drawn at: pixels per point, as @1x, @2x and @3x.
  public static let scales = 1...3

  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// `svg`, a document `size` points large, as PNG at `scale` pixels per point.
  public static func png(svg: [UInt8], size: Size, scale: Int) throws(Failure) -> [UInt8] {
    var buffer = blankslate_png_buffer(data: nil, length: 0, capacity: 0)
    defer { free(buffer.data) }
    var message: UnsafeMutablePointer<CChar>?
    let status = svg.withUnsafeBufferPointer { bytes in
      blankslate_render_png(bytes.baseAddress, bytes.count, size.width, size.height, Double(scale), &buffer, &message)
    }
    guard status == 0, let data = buffer.data else {
      let reason = message.map { String(cString: $0) } ?? "librsvg failed"
      g_free(message)
      throw Failure(description: reason)
    }
    return Array(UnsafeBufferPointer(start: data, count: buffer.length))
  }
}
