import BlankslateSupport
import BlankslateModel

/// The site's own images, ready to embed: renders carry their images inside
/// them (as `data:` URIs) so that every SVG stands alone, also inside `<img>`.
public struct AssetCatalog: Sendable {
  /// One embeddable image.
  public struct Entry: Sendable, Equatable {
    /// The image's media type (`image/svg+xml`, `image/png`).
    public var mediaType: String
    /// The image's bytes, base64.
    public var base64: String
    /// The image's own size in points (an SVG's stated size, a PNG's pixels ÷
    /// its scale): what a layout shows it at when no `imageSize` is written.
    package var size: Size?

    /// An image of `mediaType` whose bytes are `base64`.
    public init(mediaType: String, base64: String) {
      self.mediaType = mediaType
      self.base64 = base64
    }

    /// An image of `mediaType` whose bytes are `base64`, `size` points big.
    package init(mediaType: String, base64: String, size: Size?) {
      self.init(mediaType: mediaType, base64: base64)
      self.size = size
    }

    /// The image as a `data:` URI, as SVGs embed it.
    public var dataURI: String { "data:\(mediaType);base64,\(base64)" }
  }

  private var entries: [String: Entry]

  /// A catalog of `entries`, by path under the site folder.
  public init(entries: [String: Entry] = [:]) {
    self.entries = entries
  }

  /// The image at `path` (relative to the site folder), if the catalog has it.
  public func entry(for path: String) -> Entry? {
    entries[path]
  }
}
