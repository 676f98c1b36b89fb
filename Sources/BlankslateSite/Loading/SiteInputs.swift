import BlankslateCore
import BlankslateSupport
import BlankslateValidation
import Foundation

/// A site as every command reads it — `build`, `check`, `lint`, `list` and
/// `serve` alike: its definitions (strictly decoded) and, unless only the
/// definitions are wanted, every image they name, read and sanitised once.
///
/// With a memo (`serve`), a definition whose file is the same version is not
/// decoded again and an asset whose file is the same version is not read and
/// sanitised again.
package struct SiteInputs: Sendable {
  package var site: SiteDefinition
  /// Nil when only the definitions were loaded.
  var assets: AssetLoader.LoadedAssets?

  /// The assets' catalog, empty when they were not loaded.
  package var catalog: AssetCatalog { assets?.catalog ?? AssetCatalog() }

  /// What a long-lived process keeps between loads.
  package final class Memo: @unchecked Sendable {
    package let definitions: SiteLoader.Memo
    let assets = BlankslateSite.Memo<String, AssetLoader.Read, AssetInspector.Inspected>()

    package init(definitions: SiteLoader.Memo = SiteLoader.Memo()) {
      self.definitions = definitions
    }
  }

  /// The decoded definitions the last build of `output` kept for the site at
  /// `folder` (`SiteLoader.Memo.encoded`), or an empty memo when there are
  /// none, they were made by another tool or for another site, or any value is out of place.
  package static func storedDefinitions(for folder: URL, output: URL, workers: Int) -> SiteLoader.Memo {
    guard let bytes = StateFolder.read(StateFolder.definitions, of: output, limit: SiteLoader.Memo.maximumSize) else {
      return SiteLoader.Memo()
    }
    return SiteLoader.Memo(decoding: bytes, site: folder.standardizedFileURL.path, workers: workers)
      ?? SiteLoader.Memo()
  }

  /// Keeps `memo` in the state folder of `staging` for the next build, when
  /// it holds anything new. Only a help to the next build: when the file
  /// cannot be written (something that is not a file in its place), the next
  /// build decodes every definition.
  static func store(_ memo: SiteLoader.Memo, for folder: URL, in staging: StagingFolder) {
    let path = staging.statePath + "/" + StateFolder.definitions
    guard memo.hasChanged || FileTree.identity(of: path) == nil else { return }
    try? FileWriter.replace(path, with: memo.encoded(site: folder.standardizedFileURL.path))
  }

  /// `fonts`: whether every stand-in font must be found (not for `list` and `fonts`).
  /// - Throws: `BuildError.definitions` or `.assets`, every problem found.
  package static func load(
    _ folder: URL, display: String, workers: Int, memo: Memo? = nil, assets loadsAssets: Bool = true,
    fonts: Bool = true
  ) throws(BuildError) -> SiteInputs {
    let site: SiteDefinition
    do throws(DefinitionErrors) {
      var loader = SiteLoader(root: folder, displayRoot: display, workers: workers, memo: memo?.definitions)
      loader.requiresFonts = fonts
      site = try loader.load()
    } catch {
      throw .definitions(error)
    }
    guard loadsAssets else { return SiteInputs(site: site, assets: nil) }
    let assets = try AssetLoader(siteFolder: folder, siteDisplay: display, memo: memo?.assets).load(site)
    return SiteInputs(site: site, assets: assets)
  }
}
