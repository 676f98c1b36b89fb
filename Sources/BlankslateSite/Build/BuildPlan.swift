import Foundation
import BlankslateCore
import BlankslateSupport
import BlankslateValidation

/// One build, phase by phase: what `SiteBuilder.build` runs between loading
/// the definitions and publishing the output. Each phase is a method, in the
/// order they run: `plan` (init), `renderDesigns`, `makeSiteFiles`,
/// `verifyLinks`, then `summary` and the cache to publish with.
package struct BuildPlan {
  /// What the load phase read: definitions, templates, and the checked assets.
  struct Inputs {
    var site: SiteDefinition
    var templates: TemplateSet
    var assets: AssetLoader.LoadedAssets
  }

  /// What the design phase made.
  struct Designs {
    var results: [DesignPhase.Result]
    var outputs: [DesignRenderer.RenderedDesign] { results.map(\.output) }
  }

  let options: BuildOptions
  let inputs: Inputs
  let staging: StagingFolder
  let matrix: RenderMatrix
  let pages: GalleryPages
  let siteIndex: SiteIndex
  let identity: String
  /// Each design's cache key, in site order.
  let keys: [BuildCache.Key]
  /// The back buffer's earlier build (kept in place) and the published one (linked from).
  let inPlace: BuildCache?
  let published: BuildCache?
  /// Every file the output will hold: pages check their links against it as they are written.
  let expected: OutputFiles
  /// The gallery's art and glyph files, which the live renditions link.
  let artFiles: [(path: String, text: String)]

  /// Plans the build: the render matrix, the page model, the cache keys, the
  /// earlier builds that can lend their files, and every file to expect.
  init(_ inputs: Inputs, staging: StagingFolder, options: BuildOptions) throws(BuildError) {
    self.options = options
    self.inputs = inputs
    self.staging = staging
    let site = inputs.site
    let identity = try Self.identity(of: inputs, options: options)
    self.identity = identity
    // Three independent parts, on as many workers as there are: the earlier
    // builds' caches, the render matrix with the page model, and the keys.
    // A rebuild's plan is otherwise one thread's work on a machine of
    // several; the caches go first, the longest part when they are read
    // from files, and the keys fill in after the shorter one (`serve` has
    // the caches in memory).
    let catalog = inputs.assets.catalog
    let templates = inputs.templates
    let parts = ParallelWork.map(count: 3, workers: min(3, options.workers)) { part -> Part in
      switch part {
      case 0:
        let (inPlace, published) = Self.earlierBuilds(staging: staging, identity: identity, options: options)
        return .earlier(inPlace: inPlace, published: published)
      case 1:
        let matrix = options.memo?.renderMatrix(of: site) ?? RenderMatrix(site)
        var pages = GalleryPages(
          site: site, matrix: matrix, templates: templates, cards: options.memo?.indexCards(of: site))
        pages.linksPNGs = options.pngScale != nil
        return .model(matrix: matrix, pages: pages)
      default:
        return .keys(BuildCache.keys(of: site, identity: identity, assets: catalog, memo: options.memo?.keys))
      }
    }
    guard case .earlier(let inPlace, let published) = parts[0], case .model(let matrix, let pages) = parts[1],
      case .keys(let keys) = parts[2]
    else { preconditionFailure("the plan's parts are made in order") }
    self.matrix = matrix
    self.pages = pages
    self.keys = keys
    (self.inPlace, self.published) = (inPlace, published)
    siteIndex = SiteIndex(site: site, withPNGs: options.pngScale != nil)
    try Self.prepare(staging, keepingItsFiles: inPlace != nil, for: site, options: options)
    artFiles = Self.galleryArt(tint: site.tint)
    expected = Self.expectedFiles(of: inputs, pages: pages, art: artFiles, options: options)
  }

  /// One of the files `makeSiteFiles` makes, each a task for a worker.
  private enum SiteTask: Equatable {
    case fonts, indexJSON, search, copies, symbols
    case indexPage(Int), coveragePage(Int)
  }

  /// One of the plan's parts, made side by side.
  private enum Part: Sendable {
    case earlier(inPlace: BuildCache?, published: BuildCache?)
    case model(matrix: RenderMatrix, pages: GalleryPages)
    case keys([BuildCache.Key])
  }

  /// What every design's cache key shares: the templates, the fonts' identities and the PNG scale.
  private static func identity(of inputs: Inputs, options: BuildOptions) throws(BuildError) -> String {
    let fonts: String
    do throws(FontError) {
      fonts = try Self.fonts(of: inputs.site)
    } catch {
      throw .fonts(error)
    }
    return BuildCache.identity(templates: inputs.templates, fonts: fonts, pngScale: options.pngScale)
  }

  /// The site's faces as the cache identifies them: the stand-ins, or the
  /// team's files in their slots, and the tracking asked for.
  package static func fonts(of site: SiteDefinition) throws(FontError) -> String {
    try site.typography.typesetter.fontLibrary.fingerprint()
      + (site.typography.tracking.map { "\ntracking " + $0.rawValue } ?? "")
  }

  /// The builds whose files this one may reuse: the back buffer it writes
  /// over in place, and the published output, each with its cache (none
  /// without `incremental`, or when a cache does not describe its folder).
  private static func earlierBuilds(
    staging: StagingFolder, identity: String, options: BuildOptions
  ) -> (inPlace: BuildCache?, published: BuildCache?) {
    guard options.incremental else { return (nil, nil) }
    let caches = BuildCache.load(
      state: staging.statePath, for: [staging.folderPath, options.output.path], identity: identity,
      memo: options.memo)
    return (caches[0], caches[1])
  }

  /// The staging folder made ready: emptied unless its files are reused in
  /// place, with a folder for every design.
  private static func prepare(
    _ staging: StagingFolder, keepingItsFiles keeps: Bool, for site: SiteDefinition, options: BuildOptions
  ) throws(BuildError) {
    // From here the back buffer no longer matches its cache: a killed build's is emptied by the next.
    unlink(staging.statePath + "/" + StateFolder.backCache)
    if !keeps { try staging.clear(workers: options.workers) }
    try staging.createFolders(site.designs.map { SitePaths.designFolder($0.id) })
  }

  /// The gallery's own drawings: the built-in illustrations, and the chrome's glyphs in each theme's colours.
  private static func galleryArt(tint: ColorValue?) -> [(path: String, text: String)] {
    var art: [(path: String, text: String)] = BuiltinImage.allCases.map {
      (SitePaths.galleryFolder + "/" + Illustration.fileName($0), Illustration.file($0))
    }
    for theme in Theme.allCases {
      for color in HostScreen.glyphColors(in: theme, tint: tint) {
        for symbol in Symbol.allCases {
          art.append(
            (SitePaths.galleryFolder + "/" + Glyph.fileName(symbol, color: color), Glyph.file(symbol, color: color)))
        }
      }
    }
    return art
  }

  /// Every file the output will hold, so that anything else is swept away.
  private static func expectedFiles(
    of inputs: Inputs, pages: GalleryPages, art: [(path: String, text: String)], options: BuildOptions
  ) -> OutputFiles {
    var expected = OutputFiles(site: inputs.site, withPNG: options.pngScale != nil)
    for number in 1...pages.indexPageCount { expected.insert(SitePaths.indexPage(number)) }
    for number in 1...pages.coveragePageCount { expected.insert(SitePaths.coveragePage(number)) }
    expected.formUnion([SitePaths.indexJSON, SitePaths.searchIndex, SitePaths.fontStylesheet, SitePaths.symbolsPage])
    expected.formUnion(inputs.templates.staticFiles.map { SitePaths.galleryFolder + "/" + $0.path })
    expected.formUnion(inputs.assets.files.map(\.path))
    expected.formUnion(art.map(\.path))
    return expected
  }

  /// Renders (or reuses) every design: its renders, their pages and its own page, each checked as written.
  func renderDesigns() throws(BuildError) -> Designs {
    var htmlRenderer = HTMLRenderer(assets: inputs.assets.catalog)
    htmlRenderer.artFolder = "../../" + SitePaths.galleryFolder + "/"
    let renderer = DesignRenderer(
      site: inputs.site, pages: pages,
      renderer: Renderer(assets: inputs.assets.catalog, typesetter: inputs.site.typography.typesetter),
      htmlRenderer: htmlRenderer, linter: Linter(site: inputs.site), staging: staging,
      outputDisplay: options.outputDisplay, expectedFiles: expected, pngScale: options.pngScale)
    let results = try DesignPhase(
      site: inputs.site, matrix: matrix, keys: keys, renderer: renderer, siteIndex: siteIndex, staging: staging,
      inPlace: inPlace, published: published, publishedFolder: options.output, memo: options.memo,
      workers: options.workers, progress: options.progress
    ).run()
    if let memo = options.memo?.entries {
      for (design, (key, result)) in zip(inputs.site.designs, zip(keys, results)) {
        if let entries = result.entries { memo.keep(entries, for: design.id, madeFrom: key.own) }
      }
      let ids = Set(inputs.site.designs.map(\.id))
      memo.keepOnly { ids.contains($0) }
    }
    return Designs(results: results)
  }

  /// The index pages, `index.json`, the search index and the gallery's own
  /// files, made and checked on the workers; and the cache that records them.
  func makeSiteFiles(
    _ designs: Designs, timings: inout BuildTimings
  ) throws(BuildError) -> (files: [SiteFiles.MadeFile], cache: BuildCache) {
    let site = inputs.site
    var cache = BuildCache(identity: identity)
    var lint: [String: [String: LintCounts]] = [:]
    var alts: [String: String] = [:]
    var parts: [GalleryPages.DesignParts] = []
    parts.reserveCapacity(site.designs.count)
    for (index, (design, result)) in zip(site.designs, designs.results).enumerated() {
      let meta = result.output.meta
      lint[design.id] = meta.lint
      alts[design.id] = meta.thumbnailAlt
      let shown = result.parts ?? pages.parts(of: design, alt: meta.thumbnailAlt, lint: meta.lint)
      parts.append(shown)
      var entry = result.earlierEntry ?? BuildCache.Entry(key: keys[index], meta: meta)
      (entry.key, entry.parts) = (keys[index], shown)
      entry.indexEntries = result.entries
      cache.designs[design.id] = entry
    }
    let entries = designs.results.compactMap(\.entries)
    let checked = designs.results.compactMap { $0.entries == nil ? nil : $0.entriesChecked }
    let siteFiles = SiteFiles(
      staging: staging, display: options.outputDisplay, identity: identity, inPlace: inPlace, pages: pages,
      alts: alts, lint: lint, parts: parts)
    let pageCount = pages.indexPageCount
    let art = artFiles.map { ($0.path, Array($0.text.utf8)) }
    let copied =
      inputs.templates.staticFiles.map { (SitePaths.galleryFolder + "/" + $0.path, $0.bytes) }
      + inputs.assets.files.map { ($0.path, $0.bytes) }
    let siteIndex = self.siteIndex
    let characters = Self.drawnCharacters(designs.outputs)
    // The longest tasks go first, so that the short ones fill the other
    // workers while they run: the gallery's fonts (subsetting a CJK face),
    // index.json and the search index; then one task per index page and
    // per coverage page, and the gallery's files.
    let coverageStates = pages.coverageStates
    let coverageMissing = pages.coverageMissingCount(states: coverageStates)
    let tasks: [SiteTask] =
      [.fonts, .indexJSON, .search] + (1...pageCount).map(SiteTask.indexPage)
      + (1...pages.coveragePageCount).map(SiteTask.coveragePage) + [.copies, .symbols]
    let made = timings.measure(.site) {
      ParallelWork.map(count: tasks.count, workers: options.workers) { task -> SiteFiles.MadeFile in
        switch tasks[task] {
        case .fonts:
          return siteFiles.fontStylesheet(characters: characters, locales: site.locales)
        case .coveragePage(let number):
          return siteFiles.coveragePage(number, states: coverageStates, missing: coverageMissing)
        case .indexJSON:
          let (bytes, ranges) = siteIndex.json(entries)
          // An earlier build's entries were checked in its index.json: the check reads the rest.
          let trusted = zip(ranges, checked).compactMap { $1 ? $0 : nil }
          return siteFiles.make(SitePaths.indexJSON, check: .json(trusting: trusted)) { bytes }
        case .search:
          let bytes = siteIndex.searchScript(entries)
          return siteFiles.make(SitePaths.searchIndex, check: .none) { bytes }
        case .indexPage(let number):
          return siteFiles.indexPage(number)
        case .copies:
          return siteFiles.copies(checked: art, unchecked: copied)
        case .symbols:
          return siteFiles.symbolsPage()
        }
      }
    }
    if let failure = made.lazy.compactMap(\.failure).first { throw failure }
    for file in made {
      if let page = file.pageKey { cache.pages[page.path] = page.key }
    }
    return (made, cache)
  }

  /// Every character the designs draw, each once, in code point order: a
  /// bit for each code point, set from each design's characters (a set of
  /// scalars, grown design by design, had been 3.7 % of a rebuild's
  /// instructions on the issue's 1,250 designs).
  static func drawnCharacters(_ outputs: [DesignRenderer.RenderedDesign]) -> [Unicode.Scalar] {
    var bits = [UInt64](repeating: 0, count: 0x11_0000 / 64)
    for output in outputs {
      for scalar in output.meta.characters.text.unicodeScalars {
        bits[Int(scalar.value >> 6)] |= 1 << UInt64(scalar.value & 63)
      }
    }
    var characters: [Unicode.Scalar] = []
    for (index, word) in bits.enumerated() where word != 0 {
      var rest = word
      while rest != 0 {
        let bit = rest.trailingZeroBitCount
        if let scalar = Unicode.Scalar(UInt32(index << 6 | bit)) { characters.append(scalar) }
        rest &= rest - 1
      }
    }
    return characters
  }

  /// Every issue of the build: what the designs and files found, and the
  /// index pages' links (the design pages rendered now lend their ids for
  /// `#variant-…` fragments; a reused page's ids are vouched for by its key).
  func verifyLinks(
    _ designs: Designs, files: [SiteFiles.MadeFile], timings: inout BuildTimings
  ) -> (issues: [ValidationIssue], tally: CheckedWriter.WrittenFiles) {
    var tally = CheckedWriter.WrittenFiles()
    for output in designs.outputs { tally.add(output.tally) }
    for file in files { tally.add(file.tally) }
    var designIDs: [String: Set<String>] = [:]
    for (design, output) in zip(inputs.site.designs, designs.outputs) {
      if let ids = output.designPageIDs { designIDs[SitePaths.designPage(design.id)] = ids }
    }
    let pages = tally.pages
    tally.issues += timings.measure(.links) {
      LinkChecker(allowsExternalLinks: false).check(
        pages, fileSet: expected, knownIDs: designIDs, displayRoot: options.outputDisplay)
    }
    return (tally.issues, tally)
  }

  /// Removes what an earlier build left in the back buffer and this one did not write.
  func sweep() {
    staging.sweep(
      keeping: expected.siteFiles.union([StagingFolder.marker]),
      trusting: Set(inputs.site.designs.map { SitePaths.designFolder($0.id) }))
  }

  /// What the build made, for the command's summary line.
  func summary(_ designs: Designs, tally: CheckedWriter.WrittenFiles, timings: BuildTimings) -> BuildSummary {
    let site = inputs.site
    let outputs = designs.outputs
    return BuildSummary(
      designs: site.designs.count, variants: site.designs.reduce(0) { $0 + $1.variants.count }, renders: matrix.count,
      files: tally.files, bytes: tally.bytes,
      lint: outputs.reduce(LintCounts()) { total, output in output.meta.lint.values.reduce(total) { $0.adding($1) } },
      notes: inputs.assets.notes, rendered: outputs.reduce(0) { $0 + ($1.rendered ? 1 : 0) },
      refreshed: outputs.reduce(0) { $0 + ($1.refreshed ? 1 : 0) }, timings: timings)
  }
}
