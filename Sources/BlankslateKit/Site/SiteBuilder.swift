import Foundation
import Synchronization

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
    var timings = BuildTimings()
    let (site, templates, assets) = try timings.measure(.load) {
      () throws(BuildError) -> (SiteDefinition, TemplateSet, (catalog: AssetCatalog, files: [(path: String, bytes: [UInt8])], notes: [String])) in
      let site: SiteDefinition
      do throws(DefinitionErrors) {
        site = try SiteLoader(root: options.site, displayRoot: options.siteDisplay).load()
      } catch {
        throw .definitions(error)
      }
      return (site, try loadTemplates(), try AssetLoader(site: options.site, siteDisplay: options.siteDisplay).load(site))
    }

    let staging = try StagingFolder(target: options.output, protecting: options.site)
    do throws(BuildError) {
      var summary = try write(site, templates: templates, assets: assets, into: staging, timings: &timings)
      try timings.measure(.publish) { () throws(BuildError) in try staging.publish() }
      summary.timings = timings
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

  private func write(
    _ site: SiteDefinition, templates: TemplateSet,
    assets: (catalog: AssetCatalog, files: [(path: String, bytes: [UInt8])], notes: [String]), into staging: StagingFolder,
    timings: inout BuildTimings
  ) throws(BuildError) -> BuildSummary {
    let jobs = site.renderJobs
    let pages = GalleryPages(site: site, jobs: jobs, templates: templates)
    try staging.createFolders(site.designs.map { SitePaths.designFolder($0.id) })

    // The previous build's cache: designs whose key is unchanged are linked, not rendered.
    let identity = BuildCache.identity(templates: templates)
    let previous = options.incremental ? BuildCache.load(from: options.output, identity: identity) : nil
    let keys = site.designs.indices.map {
      BuildCache.key(of: $0, in: site, identity: identity, settings: site.settingsHash, assets: assets.catalog)
    }
    // Each design's renders are one contiguous run of `jobs`.
    var runs: [Range<Int>] = []
    var start = 0
    for design in site.designs {
      let count = design.variants.count * site.devices.count * site.themes.count * site.locales.count
      runs.append(start..<(start + count))
      start += count
    }
    let ranges = runs

    // Every file the output will hold: pages check their links against it as they are written.
    var expected = Set<String>()
    for job in jobs {
      expected.insert(SitePaths.svg(job))
      expected.insert(SitePaths.page(job))
    }
    for design in site.designs { expected.insert(SitePaths.designPage(design.id)) }
    for number in 1...pages.indexPageCount { expected.insert(SitePaths.indexPage(number)) }
    expected.formUnion([SitePaths.indexJSON, SitePaths.searchIndex, BuildCache.fileName])
    expected.formUnion(templates.staticFiles.map { SitePaths.galleryFolder + "/" + $0.path })
    expected.formUnion(assets.files.map(\.path))

    // The live renditions link the gallery's art and glyphs instead of repeating them in every page.
    var artFiles: [(path: String, text: String)] = BuiltinImage.allCases.map {
      (SitePaths.galleryFolder + "/" + Illustration.fileName($0), Illustration.file($0))
    }
    for theme in Theme.allCases {
      for color in HostScreen.glyphColors(in: theme) {
        for symbol in Symbol.allCases {
          artFiles.append((SitePaths.galleryFolder + "/" + Glyph.fileName(symbol, color: color), Glyph.file(symbol, color: color)))
        }
      }
    }
    expected.formUnion(artFiles.map(\.path))
    var htmlRenderer = HTMLRenderer(assets: assets.catalog)
    htmlRenderer.artFolder = "../../" + SitePaths.galleryFolder + "/"
    let renderer = DesignRenderer(
      site: site, pages: pages, svgRenderer: SVGRenderer(assets: assets.catalog),
      htmlRenderer: htmlRenderer, linter: Linter(site: site), staging: staging,
      outputDisplay: options.outputDisplay, expectedFiles: expected)
    let output = options.output
    let progress = options.progress
    let done = Atomic<Int>(0)
    let total = site.designs.count
    let outputs = ParallelWork.map(count: site.designs.count, workers: options.jobs) { index -> DesignRenderer.Output in
      defer { progress?(done.wrappingAdd(1, ordering: .relaxed).newValue, total) }
      let design = site.designs[index]
      if let cached = previous?.designs[design.id], cached.key == keys[index] {
        var reused = DesignRenderer.Output()
        reused.meta = cached.meta
        let paths = jobs[ranges[index]].flatMap { [SitePaths.svg($0), SitePaths.page($0)] } + [SitePaths.designPage(design.id)]
        do throws(BuildError) {
          try reused.timings.measure(.reuse) { () throws(BuildError) in
            for path in paths { try staging.reuse(path, from: output) }
          }
          reused.files = paths.count
          return reused
        } catch {
          // A file of the previous output is gone: render the design after all.
        }
      }
      return renderer.render(design, jobs: jobs[ranges[index]])
    }
    if let failure = outputs.lazy.compactMap(\.failure).first { throw failure }
    for output in outputs { timings.add(output.timings) }

    var issues = outputs.flatMap(\.issues)
    var linkPages: [LinkChecker.Page] = []
    var files = outputs.reduce(0) { $0 + $1.files }
    var bytes = outputs.reduce(0) { $0 + $1.bytes }
    let checker = StreamingChecker()

    func emit(_ path: String, _ text: String, kind: MarkupKind?) throws(BuildError) {
      let data = Array(text.utf8)
      if path.hasSuffix(".json"), let error = JSONValidator.firstError(in: data, maximumDepth: 32) {
        issues.append(
          ValidationIssue(
            file: options.outputDisplay + "/" + path, line: 0, message: "not valid JSON at byte \(error.offset): \(error.message)"))
      }
      if let kind {
        let result = data.withUnsafeBytes { checker.check($0, file: options.outputDisplay + "/" + path, kind: kind) }
        issues += result.issues
        if kind == .html { linkPages.append(LinkChecker.Page(path: path, links: result.links, ids: result.ids)) }
      }
      try staging.write(data, to: path)
      files += 1
      bytes += data.count
    }

    var lint: [String: [String: LintCounts]] = [:]
    var texts: [String: [String]] = [:]
    var alts: [String: String] = [:]
    var cache = BuildCache(identity: identity)
    for (index, (design, output)) in zip(site.designs, outputs).enumerated() {
      lint[design.id] = output.meta.lint
      texts[design.id] = output.meta.texts
      alts[design.id] = output.meta.thumbnailAlt
      cache.designs[design.id] = BuildCache.Entry(key: keys[index], meta: output.meta)
    }
    try timings.measure(.site) { () throws(BuildError) in
      do {
        for number in 1...pages.indexPageCount {
          try emit(SitePaths.indexPage(number), try pages.indexPage(number, thumbnailAlts: alts, lint: lint), kind: .html)
        }
      } catch let error as TemplateError {
        throw .template(error)
      } catch let error as BuildError {
        throw error
      } catch {
        throw .io(path: "index.html", reason: "\(error)")
      }
      let index = SiteIndex(site: site, shownTexts: texts, lint: lint)
      try emit(SitePaths.indexJSON, index.json.rendered(pretty: false) + "\n", kind: nil)
      try emit(SitePaths.searchIndex, index.searchScript, kind: nil)
      for file in artFiles {
        try emit(file.path, file.text, kind: .svg)
      }
      for file in templates.staticFiles {
        try staging.write(file.bytes, to: SitePaths.galleryFolder + "/" + file.path)
        files += 1
        bytes += file.bytes.count
      }
      for asset in assets.files {
        try staging.write(asset.bytes, to: asset.path)
        files += 1
        bytes += asset.bytes.count
      }
      try staging.write(Array(cache.json.utf8), to: BuildCache.fileName)
    }

    // The index pages' links; the design pages rendered now lend their ids
    // for `#variant-…` fragments (a reused page's ids are vouched for by its key).
    var designIDs: [String: Set<String>] = [:]
    for (design, output) in zip(site.designs, outputs) {
      if let ids = output.designPageIDs { designIDs[SitePaths.designPage(design.id)] = ids }
    }
    issues += timings.measure(.links) {
      LinkChecker(allowsExternalLinks: false).check(
        linkPages, files: expected, knownIDs: designIDs, displayRoot: options.outputDisplay)
    }
    guard issues.isEmpty else { throw .validation(issues) }
    let lintTotal = lint.values.flatMap(\.values).reduce(LintCounts()) { $0.adding($1) }
    return BuildSummary(
      designs: site.designs.count, variants: site.designs.reduce(0) { $0 + $1.variants.count }, renders: jobs.count,
      files: files, bytes: bytes, lint: lintTotal, notes: assets.notes,
      rendered: outputs.filter(\.rendered).count, timings: timings)
  }
}
