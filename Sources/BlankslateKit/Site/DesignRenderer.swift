/// Renders one design into the staging folder: every render's SVG and page,
/// and the design's own page, each validated as it is written. The unit of
/// parallel work, and of reuse between builds.
struct DesignRenderer: Sendable {
  let site: SiteDefinition
  let pages: GalleryPages
  let svgRenderer: SVGRenderer
  let htmlRenderer: HTMLRenderer
  let linter: Linter
  let staging: StagingFolder
  let outputDisplay: String
  /// Every file the output will hold, for checking links as pages are written.
  let expectedFiles: OutputFiles

  /// What rendering a design produced, and what the rest of the build needs from it.
  struct Output: Sendable {
    var issues: [ValidationIssue] = []
    /// The design page's ids, for the index pages' `#variant-…` links.
    var designPageIDs: Set<String>?
    var rendered = false
    var files = 0
    var bytes = 0
    var meta = DesignMeta()
    var timings = BuildTimings()
    var failure: BuildError?
  }

  func render(_ design: Design, jobs: ArraySlice<RenderJob>) -> Output {
    var output = Output()
    output.rendered = true
    let checker = StreamingChecker()
    var written: [LinkChecker.Page] = []
    var alts: [String: String] = [:]
    var lightScenes: [String: Scene] = [:]
    var definitions: [String: String] = [:]
    let layoutCache = LayoutCache()
    var seenTexts: Set<String> = []
    output.meta.thumbnailAlt = nil
    do {
      for job in jobs {
        let scene = output.timings.measure(.layout) { Layouts.scene(for: job, cache: layoutCache) }
        // A dark render's lint compares it with the light one, laid out just before it.
        let sameRender = "\(job.variant.id).\(job.device.rawValue).\(job.locale)"
        if job.theme == .light { lightScenes[sameRender] = scene }
        let findings = output.timings.measure(.lint) {
          linter.findings(for: job, scene: scene, lightScene: lightScenes[sameRender])
        }
        output.meta.lint[job.variant.id, default: LintCounts()].add(contentsOf: findings)
        let texts = scene.texts
        let alt = GalleryPages.alt(of: job, texts: texts)
        alts[job.renderName] = alt
        if output.meta.thumbnailAlt == nil { output.meta.thumbnailAlt = alt }
        if job.device == site.devices[0], job.theme == site.themes[0] {
          output.meta.texts += texts.filter { seenTexts.insert($0).inserted }
        }

        let svg = output.timings.measure(.svg) {
          svgRenderer.renderBytes(
            scene, title: GalleryPages.title(of: job), description: texts.filter { !$0.isEmpty }.joined(separator: " · "))
        }
        try emit(svg, to: SitePaths.svg(job), kind: .svg, checker: checker, into: &output, pages: &written)
        let page = try output.timings.measure(.page) { () throws(TemplateError) -> String in
          let definition = definitions[job.variant.id] ?? GalleryPages.resolvedDefinition(of: job).rendered(pretty: true)
          definitions[job.variant.id] = definition
          return try pages.renderPage(
            job, scene: scene, live: htmlRenderer.render(scene, idPrefix: "live-"), findings: findings,
            definition: definition, alt: alt)
        }
        try emit(page, to: SitePaths.page(job), kind: .html, checker: checker, into: &output, pages: &written)
        if job.theme == .dark { lightScenes[sameRender] = nil }
      }
      let designPage = try output.timings.measure(.page) { () throws(TemplateError) -> String in
        try pages.designPage(design, alts: alts, lint: output.meta.lint)
      }
      try emit(designPage, to: SitePaths.designPage(design.id), kind: .html, checker: checker, into: &output, pages: &written)
      output.designPageIDs = written.last?.ids
      output.meta.bytes = output.bytes
      output.issues += output.timings.measure(.links) {
        LinkChecker(allowsExternalLinks: false).check(written, fileSet: expectedFiles, displayRoot: outputDisplay)
      }
    } catch let error as TemplateError {
      output.failure = .template(error)
    } catch let error as BuildError {
      output.failure = error
    } catch {
      output.failure = .io(path: SitePaths.designFolder(design.id), reason: "\(error)")
    }
    return output
  }

  private func emit(
    _ text: String, to path: String, kind: MarkupKind, checker: StreamingChecker, into output: inout Output,
    pages: inout [LinkChecker.Page]
  ) throws(BuildError) {
    var text = text
    var failure: BuildError?
    text.withUTF8 { bytes in
      do throws(BuildError) {
        try emit(UnsafeRawBufferPointer(bytes), to: path, kind: kind, checker: checker, into: &output, pages: &pages)
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
  }

  private func emit(
    _ bytes: [UInt8], to path: String, kind: MarkupKind, checker: StreamingChecker, into output: inout Output,
    pages: inout [LinkChecker.Page]
  ) throws(BuildError) {
    var failure: BuildError?
    bytes.withUnsafeBytes { raw in
      do throws(BuildError) {
        try emit(raw, to: path, kind: kind, checker: checker, into: &output, pages: &pages)
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
  }

  /// Validates one file's bytes, then writes them.
  private func emit(
    _ raw: UnsafeRawBufferPointer, to path: String, kind: MarkupKind, checker: StreamingChecker,
    into output: inout Output, pages: inout [LinkChecker.Page]
  ) throws(BuildError) {
    let result = output.timings.measure(.validate) { checker.check(raw, file: outputDisplay + "/" + path, kind: kind) }
    output.issues += result.issues
    if kind == .html { pages.append(LinkChecker.Page(path: path, links: result.links, ids: result.ids)) }
    try output.timings.measure(.write) { () throws(BuildError) in try staging.write(raw, to: path) }
    output.files += 1
    output.bytes += raw.count
  }
}

/// What the index pages and the search need from a rendered design; kept in
/// the build cache, so an unchanged design is not rendered again.
struct DesignMeta: Sendable, Equatable {
  /// Lint counts by variant id.
  var lint: [String: LintCounts] = [:]
  /// The texts its renders show (first device and theme, every locale), each once, for search.
  var texts: [String] = []
  /// The text alternative of its first render, the index card's thumbnail.
  var thumbnailAlt: String?
  /// The bytes of its files (renders and design page).
  var bytes = 0
}
