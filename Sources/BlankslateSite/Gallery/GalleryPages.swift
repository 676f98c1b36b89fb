import BlankslateCore
import BlankslateSupport
import BlankslateValidation

/// Renders the gallery's pages from the templates: the index pages, one page
/// per design, and one permalink page per render.
package struct GalleryPages: Sendable {
  /// Designs on one index page; the search index covers them all.
  static let designsPerPage = 48
  /// Designs on one coverage page: a row each, so more than a page of cards,
  /// and few enough that an edit rewrites a small page, not the site's every row.
  static let designsPerCoveragePage = 100

  /// How many pages the site's designs fill at `perPage` a page (at least one).
  func pageCount(perPage: Int) -> Int {
    max(1, (site.designs.count + perPage - 1) / perPage)
  }

  /// The designs page `number` (1-based) shows at `perPage` a page, as positions in the site.
  func pageDesigns(_ number: Int, perPage: Int) -> Range<Int> {
    let first = min((number - 1) * perPage, site.designs.count)
    return first..<min(first + perPage, site.designs.count)
  }

  let site: SiteDefinition
  let matrix: RenderMatrix
  let templates: TemplateSet

  /// What every index page shows of the whole site (`indexSummary(of:renders:)`), and its fingerprint.
  let indexSummary: TemplateFields
  let indexSummaryFingerprint: String
  /// The index cards kept between builds, or nil.
  let cards: Memo<String, CardInputs, TemplateValue>?
  /// Whether the build writes each render's PNG (`--png`): its page links it.
  var linksPNGs = false

  init(
    site: SiteDefinition, matrix: RenderMatrix, templates: TemplateSet,
    cards: Memo<String, CardInputs, TemplateValue>? = nil
  ) {
    self.site = site
    self.matrix = matrix
    self.templates = templates
    self.cards = cards
    indexSummary = Self.indexSummary(of: site, renders: matrix.count)
    var fingerprint = ContentHash()
    TemplateValue.object(indexSummary).fingerprint(into: &fingerprint)
    indexSummaryFingerprint = fingerprint.hex
  }

  /// The context every page shares.
  func base(pageTitle: String, path: String, breadcrumbs: [TemplateValue]) -> TemplateFields {
    [
      "pageTitle": .string(pageTitle),
      "siteTitle": .string(site.title),
      "root": .string(SitePaths.rootPrefix(from: path)),
      "breadcrumbs": .list(breadcrumbs),
      "usesSearchIndex": false,
    ]
  }

  static func themeLabel(_ theme: Theme) -> String {
    theme == .light ? "Light" : "Dark"
  }

  /// The render of a variant on a device, theme, locale and text size (`RenderMatrix.job`);
  /// without a size, the site's first.
  func job(
    _ design: String, _ variant: String, _ device: Device, _ theme: Theme, _ locale: String,
    _ textSize: TextSize? = nil
  ) -> RenderJob? {
    matrix.job(
      design: design, variant: variant, device: device, theme: theme, locale: locale,
      textSize: textSize ?? site.textSizes[0])
  }
}
