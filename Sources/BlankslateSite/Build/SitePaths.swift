import BlankslateCore
import BlankslateSupport
import BlankslateValidation

/// Where each page and image of the gallery lives, relative to the output folder.
///
/// These paths are permalinks: a variant's page keeps its address as long as
/// its design id, variant id, device, theme and locale stay the same.
package enum SitePaths {
  /// The largest render SVG read back (a gallery's, or a golden): a render
  /// embeds assets of up to `SiteLimits.maximumAssetSize`.
  package static let maximumSVGSize = 64 << 20

  /// The gallery's own stylesheet and script.
  package static let galleryFolder = "_gallery"

  /// Index page `number`: `index.html`, then `pages/2.html`, `pages/3.html` …
  package static func indexPage(_ number: Int) -> String {
    number <= 1 ? "index.html" : "pages/\(number).html"
  }

  /// The machine-readable index of every design, variant and render.
  package static let indexJSON = "index.json"

  /// The data the index pages' script searches.
  package static let searchIndex = galleryFolder + "/search-index.js"
  /// The pinned fonts, subset to the site's characters (`FontStylesheet`).
  package static let fontStylesheet = galleryFolder + "/fonts.css"
  /// The page showing every symbol a definition may use.
  package static let symbolsPage = "symbols.html"
  /// Designs × states: which states each design has (`coverage.states` first).
  package static let coveragePage = "coverage.html"

  /// Coverage page `number`: `coverage.html`, then `coverage-2.html`,
  /// `coverage-3.html` … beside it (its links need no other root).
  package static func coveragePage(_ number: Int) -> String {
    number <= 1 ? coveragePage : "coverage-\(number).html"
  }

  package static func designFolder(_ designID: String) -> String {
    RenderID.designFolder(designID)
  }

  package static func designPage(_ designID: String) -> String {
    designFolder(designID) + "/" + designPageName
  }

  /// A design page's name inside its design folder.
  static let designPageName = "index.html"

  /// `designs/<design>/<variant>.<device>.<theme>.<locale>[.<size>].svg` (`RenderID.svgPath`).
  package static func svg(_ job: RenderJob) -> String { job.id.svgPath }

  /// The render's page (`RenderID.pagePath`).
  package static func page(_ job: RenderJob) -> String { job.id.pagePath }

  /// The render's PNG, written with `build --png` (`RenderID.pngPath`).
  package static func png(_ job: RenderJob) -> String { job.id.pngPath }

  /// A render's SVG and page names inside its design folder.
  static func svgName(_ job: RenderJob) -> String { job.id.svgName }
  static func pageName(_ job: RenderJob) -> String { job.id.pageName }

  /// The prefix that leads from the folder of `path` back to the output root (`../../`).
  package static func rootPrefix(from path: String) -> String {
    String(repeating: "../", count: path.utf8.split(separator: UInt8(ascii: "/")).count - 1)
  }
}
