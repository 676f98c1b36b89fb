import Foundation
import BlankslateCore
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
    /// Carried over from a build with fewer devices, themes, locales or text sizes (`extend`).
    var extended = false
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
  }

  /// Renders `jobs`, a run of one design's renders, into the staging folder.
  func renderPart(_ jobs: ArraySlice<RenderJob>) -> RenderedRun {
    var part = RenderedRun()
    let writer = CheckedWriter(staging: staging, display: outputDisplay)
    var state = RenderState(lint: Linter.Session(linter: linter, renderer: renderer))
    var seenTexts: Set<String> = []
    do {
      for job in jobs {
        let (render, findings) = prepare(job, state: &state, timings: &part.timings)
        part.lint[job.variant.id, default: LintCounts()].add(contentsOf: findings)
        part.alts.append((job.renderName, render.alt))
        if job.device == site.devices[0], job.theme == site.themes[0] {
          part.texts += render.texts.filter { seenTexts.insert($0).inserted }
          // Other devices, themes and text sizes draw the same characters.
          if job.textSize == site.textSizes[0] {
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
        }
        try writer.write(
          render.svg, to: SitePaths.svg(job), check: .markup(.svg), into: &part.tally, timings: &part.timings)
        if let pngScale {
          let png = try part.timings.measure(.png) { () throws(PNGError) in
            try PNGRenderer.png(
              svg: render.svg, size: render.scene.size, scale: pngScale, label: job.id.description)
          }
          try writer.write(png, to: SitePaths.png(job), check: .none, into: &part.tally, timings: &part.timings)
        }
        let page = try self.page(render, findings: findings, state: &state, timings: &part.timings)
        try writer.write(
          page, to: SitePaths.page(job), check: .markup(.html), into: &part.tally, timings: &part.timings)
      }
    } catch {
      part.failure = Self.buildError(error, folder: jobs.first.map { SitePaths.designFolder($0.design.id) } ?? "")
    }
    return part
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
    var part = RenderedRun()
    let writer = CheckedWriter(staging: staging, display: outputDisplay)
    var state = RenderState(lint: Linter.Session(linter: linter, renderer: renderer))
    var replaced = 0
    do {
      for job in jobs {
        let (render, findings) = prepare(job, state: &state, timings: &part.timings)
        let page = try self.page(render, findings: findings, state: &state, timings: &part.timings)
        let path = SitePaths.page(job)
        // The reused page may be a link to a published file: replaced, never written through.
        replaced += staging.size(of: path) ?? 0
        try staging.remove(path)
        try writer.write(page, to: path, check: .markup(.html), into: &part.tally, timings: &part.timings)
      }
    } catch {
      output.failure = Self.buildError(error, folder: SitePaths.designFolder(design.id))
      return output
    }
    output.tally.issues += part.tally.issues
    output.tally.bytes += part.tally.bytes - replaced
    output.meta.bytes = output.tally.bytes
    output.timings.add(part.timings)
    output.tally.issues += output.timings.measure(.links) {
      LinkChecker(allowsExternalLinks: false).check(
        part.tally.pages, fileSet: expectedFiles, displayRoot: outputDisplay)
    }
    return output
  }

  /// A design whose renders an earlier build (`folder`, made across
  /// `earlier`'s lists, with `meta`) holds in part, carried over to this
  /// build's lists: the renders both builds have keep their SVGs (linked) and
  /// their pages with only the switches made anew; the others are rendered;
  /// the design page is written anew. Nil when a carried page does not hold
  /// its switches as `partials/switches.html` writes them alone (a theme that
  /// lays them out with more of the page): then the design is rendered whole.
  func extend(
    _ design: Design, jobs: [RenderJob], earlier: RenderLists, meta: DesignMeta, from folder: URL
  ) -> RenderedDesign? {
    var output = RenderedDesign()
    output.extended = true
    let writer = CheckedWriter(staging: staging, display: outputDisplay)
    let now = RenderLists(of: site)
    let carried = jobs.filter { earlier.contains($0) }
    var part = RenderedRun()
    var alts: [String: String] = [:]
    let designFolder = SitePaths.designFolder(design.id)
    do {
      // A file of the earlier build that is gone or unreadable: the design is rendered whole.
      guard
        (try? part.timings.measure(.reuse) { () throws(BuildError) in
          try staging.reuse(
            carried.flatMap { job in [SitePaths.svgName(job)] + (pngScale == nil ? [] : [job.id.pngName]) },
            in: designFolder, from: folder)
        }) != nil
      else { return nil }
      for job in carried {
        guard
          let page = try? FileTree.read(
            folder.path + "/" + SitePaths.page(job), limit: TemplateRenderer.maximumPageBytes, noFollow: true),
          let svg = try? FileTree.read(
            folder.path + "/" + SitePaths.svg(job), limit: SitePaths.maximumSVGSize, noFollow: true),
          let description = Self.description(inSVG: svg)
        else { return nil }
        alts[job.renderName] = description.isEmpty ? job.title : job.title + ": " + description
        // A theme's switches that need more of the page than the lists cannot be written alone.
        guard
          let (old, new) = try? part.timings.measure(
            .page,
            { () throws(TemplateError) in
              (try pages.switches(for: job, lists: earlier), try pages.switches(for: job, lists: now))
            }),
          let spliced = Self.replacingOnce(old, with: new, in: page)
        else { return nil }
        try writer.write(
          spliced, to: SitePaths.page(job), check: .markup(.html), into: &part.tally, timings: &part.timings)
        part.tally.bytes +=
          (staging.size(of: SitePaths.svg(job)) ?? 0)
          + (pngScale == nil ? 0 : staging.size(of: SitePaths.png(job)) ?? 0)
        part.tally.files += pngScale == nil ? 1 : 2
      }
    } catch {
      output.failure = Self.buildError(error, folder: designFolder)
      return output
    }
    let added = renderPart(ArraySlice(jobs.filter { !earlier.contains($0) }))
    part.tally.add(added.tally)
    part.timings.add(added.timings)
    for (name, alt) in added.alts { alts[name] = alt }
    output.meta = meta
    output.meta.lint.merge(added.lint) { $0.adding($1) }
    output.meta.texts = Self.sortedUnique(meta.texts + added.texts)
    output.meta.characters.formUnion(added.characters)
    output.tally = part.tally
    output.timings = part.timings
    if let failure = added.failure {
      output.failure = failure
      return output
    }
    writeDesignPage(design, alts: alts, into: &output)
    return output
  }

  /// The text of an SVG's `<desc id="bs-desc">` as `SVGRenderer` wrote it
  /// (the predefined and numeric references it writes read back); nil
  /// when it has none.
  static func description(inSVG svg: [UInt8]) -> String? {
    let open = Array(#"<desc id="bs-desc">"#.utf8)
    guard let found = offset(of: open, in: svg), let end = offset(of: Array("</desc>".utf8), in: svg, from: found)
    else { return nil }
    let start = found + open.count
    var text = String(decoding: svg[start..<end], as: UTF8.self)
    guard text.contains("&") else { return text }
    for (reference, character) in [
      ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&#10;", "\n"), ("&#9;", "\t"),
      ("&#13;", "\r"), ("&amp;", "&"),
    ] {
      text = text.replacingOccurrences(of: reference, with: character)
    }
    return text
  }

  /// `bytes` with the one occurrence of `old` replaced by `new`; nil when
  /// `old` is empty or occurs other than once.
  static func replacingOnce(_ old: [UInt8], with new: [UInt8], in bytes: [UInt8]) -> [UInt8]? {
    guard !old.isEmpty, let found = offset(of: old, in: bytes), offset(of: old, in: bytes, from: found + 1) == nil
    else { return nil }
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count - old.count + new.count)
    result += bytes[..<found]
    result += new
    result += bytes[(found + old.count)...]
    return result
  }

  /// Where `needle` (not empty) first occurs in `bytes` at or after `start`:
  /// `memchr` to each candidate first byte, `memcmp` for the rest (the
  /// generic search of a byte array took half of a build that carries pages over).
  static func offset(of needle: [UInt8], in bytes: [UInt8], from start: Int = 0) -> Int? {
    guard let first = needle.first, start >= 0 else { return nil }
    return bytes.withUnsafeBufferPointer { haystack in
      needle.withUnsafeBufferPointer { wanted in
        guard let base = haystack.baseAddress, let pattern = wanted.baseAddress else { return nil }
        var position = start
        while position + wanted.count <= haystack.count {
          guard let hit = memchr(base + position, Int32(first), haystack.count - wanted.count + 1 - position) else {
            return nil
          }
          let candidate = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
          if memcmp(base + candidate, pattern, wanted.count) == 0 { return candidate }
          position = candidate + 1
        }
        return nil
      }
    }
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
