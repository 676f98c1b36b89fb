import BlankslateSupport

/// A decoded design as the loader keeps it between processes
/// (`SiteLoader.Memo.encoded`), so that `build` decodes again only the
/// definitions whose files changed.
///
/// The writer writes every value the decoder made; the reader is the
/// decoder's equal in what it accepts: every text is UTF-8 of XML characters
/// within the site's length limit, every id, locale tag and name is one the
/// decoder takes, every number lies in its property's declared range
/// (`PropertyKey.declaration`), every list within its count, every property
/// one the design's layout reads, every image path one the load resolved.
/// A stored design is therefore one some definition file could have decoded
/// to; anything else makes the reader answer nil, and the file is decoded.
package enum StoredDesign {
  /// Writes `design` (and where its `id` was written).
  package static func write(_ design: Design, idPosition: SourcePosition, into writer: inout Netstrings.Writer) {
    var out = Writer(writer: writer)
    out.design(design, idPosition: idPosition)
    writer = out.writer
  }

  /// What a stored design must agree with: the load's limits and resolved images, and its file.
  package struct Expected {
    var limits: SiteLimits
    /// The image paths the file names, each resolved (as written → as resolved).
    var assets: [String: String]
    /// `placeholders/NAME.json`.
    var sourceFile: String
    var sourceHash: String

    package init(limits: SiteLimits, assets: [String: String], sourceFile: String, sourceHash: String) {
      self.limits = limits
      self.assets = assets
      self.sourceFile = sourceFile
      self.sourceHash = sourceHash
    }
  }

  /// The design in `fields` and where its `id` was written, or nil when any
  /// value is out of place or is not one a definition could have held.
  package static func read(_ fields: Netstrings, expected: Expected) -> (Design, SourcePosition)? {
    var reader = Reader(fields: fields, expected: expected)
    guard let read = reader.design(), reader.fields.isAtEnd else { return nil }
    return read
  }
}
