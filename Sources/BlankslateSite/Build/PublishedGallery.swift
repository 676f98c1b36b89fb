import Foundation
import BlankslateCore
import BlankslateSupport

/// What a built gallery holds, as a command that reads one (`check
/// --gallery`) asks for it. The build owns the answer: how it knows which
/// renders are current (its caches, their format) stays inside the build.
package enum PublishedGallery {
  /// A render's SVG as the gallery at `gallery` holds it, when its design's
  /// inputs are the same as when the gallery was built (nil otherwise, and
  /// for every render when the gallery has no cache of this tool and these
  /// fonts); read inside the gallery, the file itself never through a link.
  package static func svg(
    in gallery: URL, site: SiteDefinition, assets: AssetCatalog
  ) -> @Sendable (RenderID) -> [UInt8]? {
    guard let fonts = try? BuildPlan.fonts(of: site) else { return { _ in nil } }
    let current = BuildCache.currentDesigns(in: gallery, site: site, assets: assets, fonts: fonts)
    guard !current.isEmpty else { return { _ in nil } }
    let folder = ContainedFolder(gallery.path)
    return { id in
      guard current.contains(id.design), let path = try? folder.checkFolders(of: id.svgPath) else { return nil }
      return try? FileTree.read(path, limit: SitePaths.maximumSVGSize, noFollow: true)
    }
  }
}
