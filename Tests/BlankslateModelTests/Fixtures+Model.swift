import BlankslateModel
import BlankslateTestSupport
import Foundation

/// The model's tests load sites as the hand-off does: no font is read
/// (`FontsNotRead`), so they link no C library. Fonts are the typesetter's
/// (`BlankslateCoreTests`).
extension TemporarySite {
  func load() throws(DefinitionErrors) -> SiteDefinition {
    try SiteLoader(root: root, displayRoot: "Site", fonts: FontsNotRead()).load()
  }

  /// The errors loading this site reports, or none.
  func errors() -> [DefinitionError] {
    do {
      _ = try load()
      return []
    } catch {
      return error.errors
    }
  }
}

extension Repository {
  /// The bundled site, loaded.
  static func bundledSite() throws -> SiteDefinition {
    try SiteLoader(root: site, displayRoot: "Site", fonts: FontsNotRead()).load()
  }
}
