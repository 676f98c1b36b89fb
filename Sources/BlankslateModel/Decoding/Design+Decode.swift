import BlankslateSupport

extension Design {
  /// Decodes one definition (a `placeholders/*.json` file's bytes) with no
  /// folder on disk: the same strict decoding `build` uses, the same errors
  /// (with `file`, line and JSON path), and `SiteLimits` as `site.json` would
  /// set them. Without a site there is no `assets/` folder, so an image path
  /// is refused; built-in art and `symbol:` images work.
  ///
  /// - Parameters:
  ///   - bytes: the definition's JSON.
  ///   - file: the file's name, as errors name it; its stem is the id when the
  ///     definition writes none.
  ///   - limits: the caps `site.json` would set.
  /// - Returns: the design, its variants resolved over it.
  /// - Throws: `DefinitionErrors`, every problem found.
  public static func decode(
    _ bytes: [UInt8], file: String = "design.json", limits: SiteLimits = SiteLimits()
  ) throws(DefinitionErrors) -> Design {
    let name = file.hasSuffix(".json") ? file : file + ".json"
    let loaded = SiteLoader.decode(
      bytes, hash: SHA256.hex(bytes), file: name, display: name, limits: limits,
      resolver: AssetResolver(siteRoot: nil))
    guard let design = loaded.design, loaded.errors.isEmpty else { throw DefinitionErrors(loaded.errors) }
    return design
  }
}
