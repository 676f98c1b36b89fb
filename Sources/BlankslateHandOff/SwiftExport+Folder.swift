import BlankslateModel
import BlankslateSupport

extension SwiftExport {
  /// What an export into a folder did, or with `check`, found.
  package struct Outcome: Sendable, Equatable {
    /// How many files the export has.
    package var files: Int
    /// How many variants it exports.
    package var variants: Int
    /// Whether it has an asset catalog.
    package var hasAssets: Bool
    /// With `check`: the files that are not what the site exports now, or
    /// that it no longer exports, by name inside the folder; otherwise empty.
    package var stale: [String]
  }

  /// Writes `site`'s export into `folder`, or with `check` compares it with
  /// what lies there: the export's files are its own, written only into a real
  /// folder outside the site and never through a link, and an asset-catalog
  /// file it no longer writes is stale (removed when writing).
  ///
  /// - Parameters:
  ///   - site: The loaded definitions.
  ///   - root: The site folder's path (assets are read from it).
  ///   - siteDisplay: How messages name the site folder.
  ///   - folder: The output folder, as typed.
  ///   - workingFolder: The folder a relative `folder` is named from.
  ///   - bundle: The bundle the Swift finds the catalogs in: an app's or a package target's.
  ///   - check: Compare instead of writing.
  /// - Returns: What was written or found.
  /// - Throws: `Failure` when the export cannot be made or the folder lies in the
  ///   site; `OwnedFolder.Refusal` when a file or folder on the way is not the export's own.
  package static func export(
    _ site: SiteDefinition, root: String, siteDisplay: String, into folder: String, workingFolder: String,
    bundle: ResourceBundle = .main, check: Bool
  ) throws -> Outcome {
    let files = try files(for: site, root: root, bundle: bundle)
    let absolute = folder.hasPrefix("/") ? folder : workingFolder + "/" + folder
    if ContainedFolder(root).holds(resolved: OwnedFolder.resolvedPath(absolute)) {
      throw Failure(
        description:
          "\(folder): lies inside the site folder \(siteDisplay); the export never writes among the site's files")
    }
    let output = try OwnedFolder(folder, workingFolder: workingFolder, display: folder)
    let exported = Set(files.map(\.name))
    let leftOver = try output.entries(under: assetCatalog).filter { !exported.contains($0) }
    var outcome = Outcome(
      files: files.count, variants: variantCount(of: site),
      hasAssets: files.contains { $0.name.hasPrefix(assetCatalog + "/") }, stale: [])
    if check {
      outcome.stale = leftOver
      for file in files where try output.read(path: file.name, limit: file.bytes.count + 1) != file.bytes {
        outcome.stale.append(file.name)
      }
      return outcome
    }
    for file in files { try output.write(path: file.name, file.bytes) }
    for path in leftOver { try output.remove(path: path) }
    return outcome
  }
}
