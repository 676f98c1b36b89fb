import BlankslateCore
import BlankslateSupport
import Foundation

/// `lint` over a whole site folder: every render laid out and reviewed, with
/// the site's assets, loaded as `build` and `check` load them (`SiteInputs`).
public struct SiteLinter: Sendable {
  /// The site folder.
  public var siteFolder: URL
  /// The site folder as messages name it.
  public var siteDisplay: String
  /// How many renders are linted at once.
  public var workers: Int

  /// A linter of the site at `siteFolder`.
  public init(siteFolder: URL, siteDisplay: String? = nil, workers: Int? = nil) {
    self.siteFolder = siteFolder
    self.siteDisplay = siteDisplay ?? siteFolder.path
    self.workers = max(1, workers ?? ProcessInfo.processInfo.activeProcessorCount)
  }

  /// The report, and the variants it covered (for JUnit); with
  /// `readingOrders`, the report holds what VoiceOver reads on each render too
  /// (for `lint --json`).
  ///
  /// - Throws: `BuildError` when the site's definitions or assets are bad.
  public func run(readingOrders: Bool = false) throws(BuildError) -> (
    report: LintReport, variants: [(design: String, variant: String)]
  ) {
    let inputs = try SiteInputs.load(siteFolder, display: siteDisplay, workers: workers)
    let definition = inputs.site
    let linter = Linter(site: definition)
    let renderer = Renderer(assets: inputs.catalog, typesetter: definition.typography.typesetter)
    let matrix = RenderMatrix(definition)
    // One task per design, so each dark render meets its light twin already laid out.
    let runs = matrix.designRanges
    let results = ParallelWork.map(count: runs.count, workers: workers) { index in
      var session = Linter.Session(linter: linter, renderer: renderer)
      let cache = LayoutCache()
      var findings: [LintFinding] = []
      var orders: [(RenderID, ReadingOrder)] = []
      for job in matrix.run(runs[index]) {
        let scene = renderer.scene(for: job, cache: cache)
        findings += session.findings(for: job, scene: scene)
        if readingOrders { orders.append((job.id, ReadingOrder(scene: scene, job: job))) }
      }
      return (findings, orders)
    }
    let variants = definition.designs.flatMap { design in design.variants.map { (design: design.id, variant: $0.id) } }
    let linted = definition.designs.flatMap { design in design.variants.map { (design: design.id, variant: $0) } }
    var report = LintReport(findings: results.flatMap(\.0), renderCount: matrix.count, variants: linted)
    report.readingOrders = results.flatMap(\.1)
    return (report, variants)
  }
}
