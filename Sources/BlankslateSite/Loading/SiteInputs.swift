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
