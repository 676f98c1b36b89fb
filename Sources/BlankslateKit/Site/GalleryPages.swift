/// Renders the gallery's pages from the templates: the index pages, one page
/// per design, and one permalink page per render.
struct GalleryPages: Sendable {
  /// Designs on one index page; the search index covers them all.
  static let designsPerPage = 48

  let site: SiteDefinition
  let jobs: [RenderJob]
  let templates: TemplateSet

  /// Every variant in gallery order, and each one's position (`design/variant`).
  let variantOrder: [(design: String, variant: String)]
  let variantPosition: [String: Int]
  /// What every index page shows of the whole site (`indexSummary(of:renders:)`).
  let indexSummary: [String: TemplateValue]

  init(site: SiteDefinition, jobs: [RenderJob], templates: TemplateSet) {
    self.site = site
    self.jobs = jobs
    self.templates = templates
    variantOrder = site.designs.flatMap { design in design.variants.map { (design: design.id, variant: $0.id) } }
    var positions: [String: Int] = [:]
    for (position, entry) in variantOrder.enumerated() { positions[entry.design + "/" + entry.variant] = position }
    variantPosition = positions
    indexSummary = Self.indexSummary(of: site, renders: jobs.count)
  }

  /// The context every page shares.
  func base(pageTitle: String, path: String, breadcrumbs: [TemplateValue]) -> [String: TemplateValue] {
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

  /// The accessible name of a render: design, variant, device, theme, locale.
  static func title(of job: RenderJob) -> String {
    "\(job.design.name) — \(job.variant.name) (\(job.device.metrics.name), \(job.theme.rawValue), \(job.locale))"
  }

  /// The text alternative of a render: its name and what the screen says.
  static func alt(of job: RenderJob, scene: Scene?) -> String {
    alt(of: job, texts: scene?.texts ?? [])
  }

  /// The text alternative from texts already read off the scene.
  static func alt(of job: RenderJob, texts: [String]) -> String {
    alt(title: title(of: job), description: Scene.description(of: texts))
  }

  /// A render's title followed by what it says.
  static func alt(title: String, description: String) -> String {
    description.isEmpty ? title : title + ": " + description
  }

  /// The render of a variant on a device, theme and locale; `jobs` is the
  /// site's whole matrix, in `SiteDefinition.renderJobs` order.
  func job(_ design: String, _ variant: String, _ device: Device, _ theme: Theme, _ locale: String) -> RenderJob? {
    guard let position = variantPosition[design + "/" + variant],
      let deviceIndex = site.devices.firstIndex(of: device), let themeIndex = site.themes.firstIndex(of: theme),
      let localeIndex = site.locales.firstIndex(of: locale)
    else { return nil }
    let index = ((position * site.devices.count + deviceIndex) * site.themes.count + themeIndex) * site.locales.count + localeIndex
    return jobs.indices.contains(index) ? jobs[index] : nil
  }
}
