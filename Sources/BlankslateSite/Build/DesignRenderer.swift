import Foundation
import BlankslateCore
import BlankslateHandOff
import BlankslateSupport
import BlankslateValidation

/// Renders designs into the staging folder: every render's SVG and page, and
/// each design's own page, each validated as it is written.
///
/// A design is rendered in parts, one per variant, so that even a build that
/// renders a single design uses every worker; `assemble` joins a design's
/// parts and writes its page. A design is also the unit of reuse between builds.
struct DesignRenderer: Sendable {
  let site: SiteDefinition
  let pages: GalleryPages
  let renderer: Renderer
  let htmlRenderer: HTMLRenderer
  let linter: Linter
  let staging: StagingFolder
  let outputDisplay: String
  /// Every file the output will hold, for checking links as pages are written.
  let expectedFiles: OutputFiles
  /// Pixels per point of each render's PNG, or nil for none.
  var pngScale: Int? = nil

  /// What rendering a design produced, and what the rest of the build needs from it.
  struct RenderedDesign: Sendable {
    /// What was written and found (its pages' links are checked here, so it keeps none).
    var tally = CheckedWriter.WrittenFiles()
    /// The design page's ids, for the index pages' `#variant-…` links.
    var designPageIDs: Set<String>?
    var rendered = false
    /// Reused, with the pages that name a changed neighbour rendered again.
    var refreshed = false
    var meta = DesignMeta()
    var timings = BuildTimings()
    var failure: BuildError?
  }

  /// The renders of one variant (or any run of renders that keeps each
  /// light render with its dark one): files written, and what the design's
  /// page and meta need from them.
  struct RenderedRun: Sendable {
    /// What was written and found; its pages go to the design's link check.
    var tally = CheckedWriter.WrittenFiles()
    /// Each render's text alternative, by render name, in render order.
    var alts: [(name: String, alt: String)] = []
    /// Lint counts by variant id.
    var lint: [String: LintCounts] = [:]
    /// The texts shown on the site's first device and theme, in order.
    var texts: [String] = []
    /// Every character drawn on the site's first device and theme, bars included.
    var characters: Set<Unicode.Scalar> = []
    var timings = BuildTimings()
    var failure: BuildError?
    /// The bytes of the files a `pagesOnly` run put others in place of.
    var replaced = 0
  }

  /// Writes a run of one design's renders into the staging folder: the one
  /// writer of a render's files. Each render's SVG (and PNG) and page, or
  /// with `pagesOnly` its page alone, put in place of the one a reused
  /// design holds (which may be a link to a published file: replaced, never
  /// written through).
  func renderPart(_ jobs: ArraySlice<RenderJob>, pagesOnly: Bool = false) -> RenderedRun {
    var part = RenderedRun()
    let writer = CheckedWriter(staging: staging, display: outputDisplay)
    var state = RenderState(lint: Linter.Session(linter: linter, renderer: renderer))
    var seenTexts: Set<String> = []
    do {
      for job in jobs {
        let (render, findings) = prepare(job, state: &state, timings: &part.timings)
        if !pagesOnly {
          collect(render, of: job, findings: findings, into: &part, seenTexts: &seenTexts)
          try writer.write(
            render.svg, to: SitePaths.svg(job), check: .markup(.svg), into: &part.tally, timings: &part.timings)
          if let pngScale {
            let png = try part.timings.measure(.png) { () throws(PNGError) in
              try PNGRenderer.png(
                svg: render.svg, size: render.scene.size, scale: pngScale, label: job.id.description)
            }
            try writer.write(png, to: SitePaths.png(job), check: .none, into: &part.tally, timings: &part.timings)
          }
        }
        let page = try self.page(render, findings: findings, state: &state, timings: &part.timings)
        let path = SitePaths.page(job)
        if pagesOnly {
          part.replaced += staging.size(of: path) ?? 0
          try staging.remove(path)
        }
        try writer.write(page, to: path, check: .markup(.html), into: &part.tally, timings: &part.timings)
      }
    } catch {
      part.failure = Self.buildError(error, folder: jobs.first.map { SitePaths.designFolder($0.design.id) } ?? "")
    }
    return part
  }

  /// What the design's page and meta need from one render: its text
  /// alternative, its lint counts and, on the site's first device and
  /// theme, its texts and (at the first text size) the characters it draws.
  private func collect(
    _ render: Render, of job: RenderJob, findings: [LintFinding], into part: inout RenderedRun,
    seenTexts: inout Set<String>
  ) {
    part.lint[job.variant.id, default: LintCounts()].add(contentsOf: findings)
    part.alts.append((job.renderName, render.alt))
    guard job.device == site.devices[0], job.theme == site.themes[0] else { return }
    part.texts += render.texts.filter { seenTexts.insert($0).inserted }
    // Other devices, themes and text sizes draw the same characters.
    guard job.textSize == site.textSizes[0] else { return }
    render.scene.forEachNode { node in
      let block: TextBlock
      switch node.content {
      case .text(let text): block = text
      case .button(let face): block = face.title
      default: return
      }
      for line in block.lines { part.characters.formUnion(line.text.unicodeScalars) }
    }
  }

  /// Joins `design`'s parts, in render order, and writes the design's page;
  /// checks the links of every page written for it.
  func assemble(_ design: Design, parts: [RenderedRun]) -> RenderedDesign {
    var output = RenderedDesign()
    output.rendered = true
    var alts: [String: String] = [:]
    var seenTexts: Set<String> = []
    var characters = Set<Unicode.Scalar>()
    for part in parts {
      output.tally.add(part.tally)
      output.timings.add(part.timings)
      if output.failure == nil { output.failure = part.failure }
      for (name, alt) in part.alts { alts[name] = alt }
      if output.meta.thumbnailAlt == nil { output.meta.thumbnailAlt = part.alts.first?.alt }
      output.meta.lint.merge(part.lint) { $0.adding($1) }
      output.meta.texts += part.texts.filter { seenTexts.insert($0).inserted }
      characters.formUnion(part.characters)
    }
    output.meta.characters = DrawnCharacters(characters)
    guard output.failure == nil else { return output }
    output.meta.texts = Self.sortedUnique(output.meta.texts)
    writeDesignPage(design, alts: alts, into: &output)
    return output
  }

  /// Writes the design's page over `output` (its renders written), and
  /// checks the links of every page written for the design.
  private func writeDesignPage(_ design: Design, alts: [String: String], into output: inout RenderedDesign) {
    var designPart = RenderedRun()
    do {
      let designPage = try designPart.timings.measure(.page) { () throws(TemplateError) -> String in
        try pages.designPage(design, alts: alts, lint: output.meta.lint)
      }
      try CheckedWriter(staging: staging, display: outputDisplay).write(
        designPage, to: SitePaths.designPage(design.id), check: .markup(.html), into: &designPart.tally,
        timings: &designPart.timings)
    } catch {
      output.failure = Self.buildError(error, folder: SitePaths.designFolder(design.id))
      return
    }
    output.designPageIDs = designPart.tally.pages.last?.ids
    output.tally.add(designPart.tally)
    output.timings.add(designPart.timings)
    output.meta.bytes = output.tally.bytes
    output.tally.issues += output.timings.measure(.links) {
      LinkChecker(allowsExternalLinks: false).check(
        output.tally.pages, fileSet: expectedFiles, displayRoot: outputDisplay)
    }
    output.tally.pages = []
  }

  /// Renders again only the pages of `jobs` over a design's reused files:
  /// the renders of its first or last variant, whose previous/next links
  /// name a neighbour that changed. Their SVGs, the design page and the
  /// design's meta are the reused ones (none of them shows a neighbour).
  func refreshPages(of design: Design, jobs: [RenderJob], over reused: RenderedDesign) -> RenderedDesign {
    var output = reused
    output.refreshed = true
    let part = renderPart(jobs[...], pagesOnly: true)
    if let failure = part.failure {
      output.failure = failure
      return output
    }
    output.tally.issues += part.tally.issues
    output.tally.bytes += part.tally.bytes - part.replaced
    output.meta.bytes = output.tally.bytes
    output.timings.add(part.timings)
    output.tally.issues += output.timings.measure(.links) {
      LinkChecker(allowsExternalLinks: false).check(
        part.tally.pages, fileSet: expectedFiles, displayRoot: outputDisplay)
    }
    return output
  }

  /// Texts once each, in byte order: the same whichever build, or part of one, found them.
  static func sortedUnique(_ texts: [String]) -> [String] {
    Set(texts).sorted { $0.precedesInByteOrder($1) }
  }

  /// What carries from one render of a part to the next.
  private struct RenderState {
    let layoutCache = LayoutCache()
    var lint: Linter.Session
    /// Each variant's resolved-definition section, as its pages show it.
    var definitions: [String: GalleryPages.DefinitionSection] = [:]
    /// Each variant's code section, by variant and locale.
    var handoffs: [String: String] = [:]
  }

  /// One render laid out, reviewed and drawn, through the one render path.
  private func prepare(
    _ job: RenderJob, state: inout RenderState, timings: inout BuildTimings
  ) -> (render: Render, findings: [LintFinding]) {
    let scene = timings.measure(.layout) { renderer.scene(for: job, cache: state.layoutCache) }
    let findings = timings.measure(.lint) { state.lint.findings(for: job, scene: scene) }
    return (timings.measure(.svg) { renderer.render(job, scene: scene) }, findings)
  }

  /// The render's page: the SVG's place, the live rendition, findings, definition and code.
  private func page(
    _ render: Render, findings: [LintFinding], state: inout RenderState, timings: inout BuildTimings
  ) throws(TemplateError) -> [UInt8] {
    let job = render.job
    return try timings.measure(.page) { () throws(TemplateError) -> [UInt8] in
      // The same for every render of a variant, unless a text is cut to a window of locales around the render's own.
      let key = GalleryPages.definitionDependsOnLocale(job) ? job.variant.id + "\u{1F}" + job.locale : job.variant.id
      let definition: GalleryPages.DefinitionSection
      if let known = state.definitions[key] {
        definition = known
      } else {
        definition = try pages.definitionSection(
          of: job, json: GalleryPages.resolvedDefinition(of: job).rendered(pretty: true))
        state.definitions[key] = definition
      }
      // The code is the same for every device, theme and text size of a variant in one locale.
      let codeKey = job.variant.id + "\u{1F}" + job.locale
      let handoff: String
      if let known = state.handoffs[codeKey] {
        handoff = known
      } else {
        handoff = try pages.handoffSection(
          snippets: CodeHandOff.snippets(for: job.design, variant: job.variant, locale: job.locale),
          locale: job.locale)
        state.handoffs[codeKey] = handoff
      }
      return try pages.renderPage(
        render, live: htmlRenderer.render(render.scene, idPrefix: "live-"), findings: findings,
        definition: definition, handoff: handoff)
    }
  }

  private static func buildError(_ error: any Error, folder: String) -> BuildError {
    switch error {
    case let error as TemplateError: .template(error)
    case let error as BuildError: error
    default: .io(path: folder, reason: "\(error)")
    }
  }
}

/// What the index pages and the search need from a rendered design; kept in
/// the build cache, so an unchanged design is not rendered again.
struct DesignMeta: Sendable, Equatable {
  /// Lint counts by variant id.
  var lint: [String: LintCounts] = [:]
  /// The texts its renders show (first device and theme, every locale), each once, for search.
  var texts: [String] = []
  /// Every character its renders draw, bars included: what the gallery's fonts must hold.
  var characters = DrawnCharacters()
  /// The text alternative of its first render, the index card's thumbnail.
  var thumbnailAlt: String?
  /// The bytes of its files (renders and design page).
  var bytes = 0
}

/// Characters once each, in code point order, kept as the text of them: a
/// cache reads and writes it as it is (sorting every design's characters on
/// every save of `serve`, and reading them back into sets, was a tenth of a rebuild).
struct DrawnCharacters: Sendable, Equatable {
  /// The characters, each once, in code point order.
  private(set) var text = ""

  init() {}

  /// `characters` in order.
  init(_ characters: Set<Unicode.Scalar>) {
    text = String(String.UnicodeScalarView(characters.sorted { $0.value < $1.value }))
  }

  /// `text` as a cache holds it; nil unless each character is there once, in order.
  init?(sorted text: String) {
    var previous: UInt32?
    for scalar in text.unicodeScalars {
      if let previous, scalar.value <= previous { return nil }
      previous = scalar.value
    }
    self.text = text
  }

  var isEmpty: Bool { text.isEmpty }

  /// These and `characters`, in order.
  mutating func formUnion(_ characters: Set<Unicode.Scalar>) {
    guard !characters.isEmpty else { return }
    self = DrawnCharacters(characters.union(text.unicodeScalars))
  }
}
