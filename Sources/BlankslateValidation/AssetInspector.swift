import BlankslateSupport

/// Checks a site's own image files before they are embedded in renders.
///
/// PNGs must carry the PNG signature and a header with sane dimensions; SVGs
/// are parsed strictly and rebuilt by `SVGSanitizer`, so nothing active or
/// external survives.
package struct AssetInspector: Sendable {
  /// The largest asset accepted, in bytes.
  package var maximumSize: Int

  package init(maximumSize: Int = 5 << 20) {
    self.maximumSize = maximumSize
  }

  /// An asset ready to embed: its media type, its bytes (for an SVG, the
  /// sanitised rebuild), and what the sanitiser removed.
  package struct Inspected: Sendable, Equatable {
    package var mediaType: String
    package var bytes: [UInt8]
    package var removed: [String]
    /// The image's own size in points, nil for an SVG that states none.
    package var intrinsicSize: ImageExtent?
  }

  /// Checks a PNG, or sanitises an SVG.
  ///
  /// - Throws: `AssetProblem` saying why the file cannot be used.
  package func inspect(_ bytes: [UInt8], path: String) throws(AssetProblem) -> Inspected {
    guard bytes.count <= maximumSize else {
      throw AssetProblem(file: path, reason: "it is \(bytes.count) bytes; assets are limited to \(maximumSize) bytes")
    }
    if path.lowercased().hasSuffix(".png") {
      switch ImageHeader.size(of: bytes, mediaType: "image/png") {
      case .failure(let refusal): throw AssetProblem(file: path, reason: refusal.reason)
      case .success(let pixels):
        return Inspected(
          mediaType: "image/png", bytes: bytes, removed: [], intrinsicSize: ImageExtent(pixels: pixels, path: path))
      }
    }
    let clean = try SVGSanitizer().sanitize(bytes, file: path)
    return Inspected(
      mediaType: "image/svg+xml", bytes: Array(clean.svg.utf8), removed: clean.removed,
      intrinsicSize: clean.intrinsicSize)
  }
}

/// Why an asset was refused.
public struct AssetProblem: Error, Sendable, Equatable, CustomStringConvertible {
  /// The image's path as messages name it.
  public var file: String
  /// Why it cannot be used.
  public var reason: String

  /// A problem with the image at `file`.
  public init(file: String, reason: String) {
    self.file = file
    self.reason = reason
  }

  /// The problem as one sentence.
  public var description: String { "\(file): cannot be used as an image: \(reason)." }
}
