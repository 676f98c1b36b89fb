import Foundation

/// Builds a site folder into a validated static gallery.
///
/// Definition → Layout → Render → Site → Validation, then one swap into the
/// output folder: a build that fails anywhere leaves the previous output as it was.
public struct SiteBuilder: Sendable {
  public var options: BuildOptions

  public init(options: BuildOptions) {
    self.options = options
  }

  /// - Throws: `BuildError`; `exitCode` says how the CLI should exit.
  public func build() throws(BuildError) -> BuildSummary {
    let site: SiteDefinition
    do {
      site = try SiteLoader(root: options.site, displayRoot: options.siteDisplay).load()
    } catch {
      throw .definitions(error)
    }
    let templates = try loadTemplates()
    let assets = try AssetLoader(site: options.site, siteDisplay: options.siteDisplay).load(site)

    let staging = try StagingFolder(target: options.output, protecting: options.site)
    do {
      let summary = try write(site, templates: templates, assets: assets, into: staging)
      try staging.publish()
      return summary
    } catch {
      staging.discard()
      throw error
    }
  }

  private func loadTemplates() throws(BuildError) -> TemplateSet {
    do {
      if let folder = options.templates { return try TemplateSet.builtIn(overriddenBy: folder) }
      return try TemplateSet.builtIn()
    } catch let error as TemplateError {
      throw .template(error)
    } catch {
      throw .io(path: options.templates?.path ?? "templates", reason: "cannot read the templates: \(error.localizedDescription)")
    }
  }

  /// One render's share of the build.
  private struct RenderOutcome: Sendable {
    var issues: [ValidationIssue] = []
    var page: LinkChecker.Page?
    var files: [String] = []
    var bytes = 0
    var scene: Scene?
    var findings: [LintFinding] = []
    var failure: BuildError?
  }

  private func write(
    _ site: SiteDefinition, templates: TemplateSet,
    assets: (catalog: AssetCatalog, files: [(path: String, bytes: [UInt8])], notes: [String]), into staging: StagingFolder
  ) throws(BuildError) -> BuildSummary {
    let jobs = site.renderJobs
    let pages = GalleryPages(site: site, jobs: jobs, templates: templates)
    try staging.createFolders(site.designs.map { SitePaths.designFolder($0.id) })

    let svgRenderer = SVGRenderer(assets: assets.catalog)
    let htmlRenderer = HTMLRenderer(assets: assets.catalog)
    let outputDisplay = options.outputDisplay
    let linter = Linter(site: site)
    let outcomes = ParallelWork.map(count: jobs.count, workers: options.jobs) { index -> RenderOutcome in
      let job = jobs[index]
      var outcome = RenderOutcome()
      let scene = Layouts.scene(for: job)
      outcome.scene = scene
      outcome.findings = linter.findings(for: job, scene: scene)
      do {
        let svg = Array(svgRenderer.render(scene, title: GalleryPages.title(of: job)).utf8)
        let live = htmlRenderer.render(scene, idPrefix: "live-")
        let html = Array(try pages.renderPage(job, scene: scene, live: live, findings: outcome.findings).utf8)
        for (path, bytes, kind) in [(SitePaths.svg(job), svg, MarkupKind.svg), (SitePaths.page(job), html, .html)] {
          let result = MarkupChecker().check(bytes, file: outputDisplay + "/" + path, kind: kind)
          outcome.issues += result.issues
          if kind == .html { outcome.page = LinkChecker.Page(path: path, links: result.links, ids: result.ids) }
          try staging.write(bytes, to: path)
          outcome.files.append(path)
          outcome.bytes += bytes.count
        }
      } catch let error as TemplateError {
        outcome.failure = .template(error)
      } catch let error as BuildError {
        outcome.failure = error
      } catch {
        outcome.failure = .io(path: SitePaths.page(job), reason: "\(error)")
      }
      return outcome
    }
    if let failure = outcomes.lazy.compactMap(\.failure).first { throw failure }

    var issues = outcomes.flatMap(\.issues)
    var linkPages = outcomes.compactMap(\.page)
    var files = Set(outcomes.flatMap(\.files))
    var bytes = outcomes.reduce(0) { $0 + $1.bytes }

    func emit(_ path: String, _ markup: String, kind: MarkupKind?) throws(BuildError) {
      let data = Array(markup.utf8)
      if path.hasSuffix(".json") {
        do {
          _ = try JSONParser(maximumDepth: 32).parse(data)
        } catch {
          issues.append(ValidationIssue(file: outputDisplay + "/" + path, line: error.position.line, column: error.position.column, message: "not valid JSON: \(error.message)"))
        }
      }
      if let kind {
        let result = MarkupChecker().check(data, file: outputDisplay + "/" + path, kind: kind)
        issues += result.issues
        if kind == .html { linkPages.append(LinkChecker.Page(path: path, links: result.links, ids: result.ids)) }
      }
      try staging.write(data, to: path)
      files.insert(path)
      bytes += data.count
    }

    var scenesByRender: [String: [String: Scene]] = [:]
    var shownTexts: [String: [String]] = [:]
    var lint: [String: [String: LintCounts]] = [:]
    for (job, outcome) in zip(jobs, outcomes) {
      scenesByRender[job.design.id, default: [:]][job.renderName] = outcome.scene
      lint[job.design.id, default: [:]][job.variant.id, default: LintCounts()].add(contentsOf: outcome.findings)
      if job.device == site.devices[0], job.theme == site.themes[0], let scene = outcome.scene {
        shownTexts[job.design.id, default: []] += scene.texts
      }
    }
    do {
      for design in site.designs {
        let page = try pages.designPage(design, scenes: scenesByRender[design.id] ?? [:], lint: lint[design.id] ?? [:])
        try emit(SitePaths.designPage(design.id), page, kind: .html)
      }
      var thumbnails: [String: Scene] = [:]
      for design in site.designs {
        let first = "\(design.variants[0].id).\(site.devices[0].rawValue).\(site.themes[0].rawValue).\(site.locales[0])"
        thumbnails[design.id] = scenesByRender[design.id]?[first]
      }
      for number in 1...pages.indexPageCount {
        try emit(SitePaths.indexPage(number), try pages.indexPage(number, thumbnails: thumbnails, lint: lint), kind: .html)
      }
    } catch let error as TemplateError {
      throw .template(error)
    } catch let error as BuildError {
      throw error
    } catch {
      throw .io(path: "index.html", reason: "\(error)")
    }
    let index = SiteIndex(site: site, shownTexts: shownTexts, lint: lint)
    try emit(SitePaths.indexJSON, index.json.rendered(pretty: false) + "\n", kind: nil)
    try emit(SitePaths.searchIndex, index.searchScript, kind: nil)
    for file in templates.staticFiles {
      let path = SitePaths.galleryFolder + "/" + file.path
      try staging.write(file.bytes, to: path)
      files.insert(path)
      bytes += file.bytes.count
    }
    for asset in assets.files {
      try staging.write(asset.bytes, to: asset.path)
      files.insert(asset.path)
      bytes += asset.bytes.count
    }

    issues += LinkChecker(allowsExternalLinks: false).check(linkPages, files: files, displayRoot: outputDisplay)
    guard issues.isEmpty else { throw .validation(issues) }
    return BuildSummary(
      designs: site.designs.count, variants: site.designs.reduce(0) { $0 + $1.variants.count }, renders: jobs.count,
      files: files.count, bytes: bytes, lint: LintCounts(outcomes.flatMap(\.findings)), notes: assets.notes)
  }
}
