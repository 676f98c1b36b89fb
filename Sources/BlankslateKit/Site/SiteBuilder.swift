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
    var timings = BuildTimings()
    let (site, templates, assets) = try timings.measure(.load) {
      () throws(BuildError) -> (
        SiteDefinition, TemplateSet, (catalog: AssetCatalog, files: [(path: String, bytes: [UInt8])], notes: [String])
      ) in
      let site: SiteDefinition
      do throws(DefinitionErrors) {
        site = try SiteLoader(root: options.site, displayRoot: options.siteDisplay, workers: options.workers).load()
      } catch {
        throw .definitions(error)
      }
      return (
        site, try loadTemplates(), try AssetLoader(site: options.site, siteDisplay: options.siteDisplay).load(site)
      )
    }

    let staging = try StagingFolder(
      target: options.output, protecting: options.site, backBuffer: true, waiting: options.waiting)
    do throws(BuildError) {
      var (summary, cache) = try write(site, templates: templates, assets: assets, into: staging, timings: &timings)
      try timings.measure(.publish) { () throws(BuildError) in
        try staging.publish(cache: cache, workers: options.workers)
      }
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
      throw .io(
        path: options.templates?.path ?? "templates", reason: "cannot read the templates (\(FileWriter.reason(error)))")
    }
  }

  private func write(
    _ site: SiteDefinition, templates: TemplateSet,
    assets: (catalog: AssetCatalog, files: [(path: String, bytes: [UInt8])], notes: [String]),
    into staging: StagingFolder,
    timings: inout BuildTimings
  ) throws(BuildError) -> (BuildSummary, BuildCache) {
    let matrix = RenderMatrix(site)
    let jobs = matrix.jobs
    let pages = GalleryPages(site: site, matrix: matrix, templates: templates)

    // Two earlier builds can lend their files: the published output (linked
    // from) and the back buffer being written over (kept in place). Their
    // caches say which designs they hold under which key.
    let identity = BuildCache.identity(templates: templates)
    let keys = site.designs.indices.map {
      BuildCache.key(of: $0, in: site, identity: identity, settings: site.settingsHash, assets: assets.catalog)
    }
    let folders = [staging.folderPath, options.output.path]
    let caches =
      options.incremental ? BuildCache.load(state: staging.statePath, for: folders, identity: identity) : [nil, nil]
    let earlier = ParallelWork.map(count: 2, workers: options.workers) { index in
      caches[index].map { DesignPhase.EarlierBuild(cache: $0, folder: folders[index]) }
    }
    let (inPlace, published) = (earlier[0], earlier[1])
    // From here the back buffer no longer matches its cache: a killed build's is emptied by the next.
    unlink(staging.statePath + "/" + BuildCache.backName)
    if inPlace == nil { try staging.clear(workers: options.workers) }
    try staging.createFolders(site.designs.map { SitePaths.designFolder($0.id) })

    // Every file the output will hold: pages check their links against it as they are written.
    var expected = OutputFiles(site: site)
    for number in 1...pages.indexPageCount { expected.insert(SitePaths.indexPage(number)) }
    expected.formUnion([SitePaths.indexJSON, SitePaths.searchIndex])
    expected.formUnion(templates.staticFiles.map { SitePaths.galleryFolder + "/" + $0.path })
    expected.formUnion(assets.files.map(\.path))

    // The live renditions link the gallery's art and glyphs instead of repeating them in every page.
    var artFiles: [(path: String, text: String)] = BuiltinImage.allCases.map {
      (SitePaths.galleryFolder + "/" + Illustration.fileName($0), Illustration.file($0))
    }
    for theme in Theme.allCases {
      for color in HostScreen.glyphColors(in: theme) {
        for symbol in Symbol.allCases {
          artFiles.append(
            (SitePaths.galleryFolder + "/" + Glyph.fileName(symbol, color: color), Glyph.file(symbol, color: color)))
        }
      }
    }
    expected.formUnion(artFiles.map(\.path))
    var htmlRenderer = HTMLRenderer(assets: assets.catalog)
    htmlRenderer.artFolder = "../../" + SitePaths.galleryFolder + "/"
    let renderer = DesignRenderer(
      site: site, pages: pages, renderer: Renderer(assets: assets.catalog),
      htmlRenderer: htmlRenderer, linter: Linter(site: site), staging: staging,
      outputDisplay: options.outputDisplay, expectedFiles: expected)
    let results = try DesignPhase(
      site: site, matrix: matrix, keys: keys, renderer: renderer, siteIndex: SiteIndex(site: site),
      staging: staging, inPlace: inPlace, published: published, publishedFolder: options.output,
      workers: options.workers,
      progress: options.progress
    ).run()
    let outputs = results.map(\.output)
    for output in outputs { timings.add(output.timings) }

    var issues = outputs.flatMap(\.issues)
    var files = outputs.reduce(0) { $0 + $1.files }
    var bytes = outputs.reduce(0) { $0 + $1.bytes }
    var lint: [String: [String: LintCounts]] = [:]
    var alts: [String: String] = [:]
    var cache = BuildCache(identity: identity)
    for (index, (design, output)) in zip(site.designs, outputs).enumerated() {
      lint[design.id] = output.meta.lint
      alts[design.id] = output.meta.thumbnailAlt
      cache.designs[design.id] = BuildCache.Entry(key: keys[index], meta: output.meta)
    }

    // The index pages, index.json, the search index and the gallery's own
    // files, made and checked on the workers: one task per index page, then
    // index.json, the search index, and the rest.
    let entries = results.compactMap(\.entries)
    let siteIndex = SiteIndex(site: site)
    let siteFiles = SiteFiles(
      staging: staging, display: options.outputDisplay, identity: identity, inPlace: inPlace?.cache, pages: pages,
      alts: alts, lint: lint)
    let pageCount = pages.indexPageCount
    let art = artFiles.map { ($0.path, Array($0.text.utf8)) }
    let made = timings.measure(.site) {
      ParallelWork.map(count: pageCount + 3, workers: options.workers) { task -> SiteFiles.Made in
        switch task {
        case ..<pageCount: return siteFiles.indexPage(task + 1)
        case pageCount:
          let (bytes, ranges) = siteIndex.json(entries)
          var made = siteFiles.make(SitePaths.indexJSON, kind: .json) { bytes }
          made.entryRanges = ranges
          return made
        case pageCount + 1:
          let (bytes, ranges) = siteIndex.searchScript(entries)
          var made = siteFiles.make(SitePaths.searchIndex, kind: nil) { bytes }
          made.entryRanges = ranges
          return made
        default:
          return siteFiles.copies(
            checked: art,
            unchecked: templates.staticFiles.map { (SitePaths.galleryFolder + "/" + $0.path, $0.bytes) }
              + assets.files.map { ($0.path, $0.bytes) })
        }
      }
    }
    if let failure = made.lazy.compactMap(\.failure).first { throw failure }
    var linkPages: [LinkChecker.Page] = []
    for file in made {
      issues += file.issues
      linkPages += file.linkPages
      files += file.files
      bytes += file.bytes
      if let page = file.pageKey { cache.pages[page.path] = page.key }
    }
    // Where each design's entries lie, so the next build can copy them.
    if let jsonRanges = made[pageCount].entryRanges, let searchRanges = made[pageCount + 1].entryRanges,
      jsonRanges.count == site.designs.count, searchRanges.count == site.designs.count
    {
      for (index, design) in site.designs.enumerated() {
        guard let fingerprint = results[index].entriesFingerprint else { continue }
        cache.designs[design.id]?.entries = (jsonRanges[index], searchRanges[index], fingerprint)
      }
    }

    // The index pages' links; the design pages rendered now lend their ids
    // for `#variant-…` fragments (a reused page's ids are vouched for by its key).
    var designIDs: [String: Set<String>] = [:]
    for (design, output) in zip(site.designs, outputs) {
      if let ids = output.designPageIDs { designIDs[SitePaths.designPage(design.id)] = ids }
    }
    issues += timings.measure(.links) {
      LinkChecker(allowsExternalLinks: false).check(
        linkPages, fileSet: expected, knownIDs: designIDs, displayRoot: options.outputDisplay)
    }
    guard issues.isEmpty else { throw .validation(issues) }
    // What an earlier build left in the back buffer and this one did not write.
    staging.sweep(
      keeping: expected.siteFiles.union([StagingFolder.marker]),
      trusting: Set(site.designs.map { SitePaths.designFolder($0.id) }))
    let lintTotal = lint.values.flatMap(\.values).reduce(LintCounts()) { $0.adding($1) }
    let summary = BuildSummary(
      designs: site.designs.count, variants: site.designs.reduce(0) { $0 + $1.variants.count }, renders: jobs.count,
      files: files, bytes: bytes, lint: lintTotal, notes: assets.notes,
      rendered: outputs.filter(\.rendered).count, refreshed: outputs.filter(\.refreshed).count, timings: timings)
    return (summary, cache)
  }
}
