import Foundation
import Synchronization
import BlankslateCore
import BlankslateSupport
import BlankslateValidation

/// The designs of a build, each one reused from an earlier build when its own
/// key is unchanged, or rendered.
///
/// A design is rendered one variant per task, and those tasks go first, so
/// that even a build that renders one design keeps every worker busy while
/// the others link or keep the unchanged designs; the worker that finishes a
/// design's last variant assembles it. A reused design's entries in
/// `index.json` and the search index are made again from its meta, unless a
/// long-lived process kept them (`BuildMemo`).
struct DesignPhase: Sendable {
  struct Result: Sendable {
    var output: DesignRenderer.RenderedDesign
    var entries: SiteIndex.Entries?
    /// Whether the entries are the last build's, whose `index.json` passed its check with them.
    var entriesChecked = false
    /// The fingerprints of the design's index card and coverage row (`GalleryPages.parts`).
    var parts: GalleryPages.DesignParts?
    /// The earlier build's cache entry, when the design's meta is the one it
    /// holds: the next cache copies the meta's bytes from it (the meta in
    /// `output` may have been read without its search texts).
    var earlierEntry: BuildCache.Entry?
  }

  let site: SiteDefinition
  let matrix: RenderMatrix
  private var ranges: [Range<Int>] { matrix.designRanges }
  let keys: [BuildCache.Key]
  let renderer: DesignRenderer
  let siteIndex: SiteIndex
  let staging: StagingFolder
  /// The cache of the back buffer's previous build (its files are kept in place).
  let inPlace: BuildCache?
  /// The cache of the published output's build (its files are linked from `publishedFolder`).
  let published: BuildCache?
  let publishedFolder: URL
  /// What a long-lived process keeps between builds (each design's entries), or nil.
  let memo: BuildMemo?
  let workers: Int
  let progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?

  private enum Task {
    case part(design: Int, jobs: Range<Int>)
    case reuse(design: Int, entry: BuildCache.Entry, refresh: PageRefresh, linked: Bool = false)
  }

  /// Every design's output and entries, in site order.
  func run() throws(BuildError) -> [Result] {
    let plan = ReusePlan(
      ids: site.designs.map(\.id), keys: keys, inPlace: inPlace?.designs ?? [:],
      published: published?.designs ?? [:], folderIsIntact: keepsItsFolder)
    let sources = plan.decisions
    // Whatever else the back buffer holds for a design goes first: a render
    // or a link never writes through an older link to a published file.
    if inPlace != nil {
      let stale = site.designs.indices.filter { if case .keep = sources[$0] { false } else { true } }
      let cleared = ParallelWork.map(count: stale.count, workers: workers) { position -> BuildError? in
        do throws(BuildError) {
          try staging.clear(SitePaths.designFolder(site.designs[stale[position]].id))
          return nil
        } catch {
          return error
        }
      }
      if let failure = cleared.lazy.compactMap({ $0 }).first { throw failure }
    }

    var tasks: [Task] = []
    for index in site.designs.indices {
      guard case .render = sources[index] else { continue }
      for run in matrix.variantRanges(ofDesign: index) { tasks.append(.part(design: index, jobs: run)) }
    }
    let assembly = PartAssembly(designs: tasks.compactMap { if case .part(let design, _) = $0 { design } else { nil } })
    for (index, source) in sources.enumerated() {
      switch source {
      case .keep(let entry, let refresh): tasks.append(.reuse(design: index, entry: entry, refresh: refresh))
      case .link(let entry, let refresh):
        tasks.append(.reuse(design: index, entry: entry, refresh: refresh, linked: true))
      case .render: break
      }
    }

    let done = Atomic<Int>(0)
    let total = matrix.count
    let work = tasks
    let finished = ParallelWork.map(count: work.count, workers: workers) { task -> (design: Int, result: Result)? in
      switch work[task] {
      case .part(let design, let range):
        let part = renderer.renderPart(matrix.run(range))
        progress?(done.wrappingAdd(range.count, ordering: .relaxed).newValue, total)
        guard let parts = assembly.add(part, task: task) else { return nil }
        defer { Failpoint.reach("build.design-done") }
        return (design, rendered(design, parts: parts))
      case .reuse(let design, let entry, let refresh, let linked):
        let result = reuse(design, entry: entry, refresh: refresh, linked: linked)
        Failpoint.reach("build.design-done")
        progress?(done.wrappingAdd(ranges[design].count, ordering: .relaxed).newValue, total)
        return (design, result)
      }
    }
    var results = [Result?](repeating: nil, count: site.designs.count)
    for case let (design, result)? in finished { results[design] = result }
    let all = results.map { $0 ?? Result(output: DesignRenderer.RenderedDesign(), entries: nil) }
    if let failure = all.lazy.compactMap(\.output.failure).first { throw failure }
    return all
  }

  /// Whether design `id`'s folder in the back buffer is as the build that
  /// left it wrote it: it last changed before that build's cache was
  /// written (which `StagingFolder.publish` makes later than every design
  /// folder). A folder changed since, even within the same clock tick (a
  /// file replaced by a link to a secret, in the output the back buffer was
  /// when it was published), is not kept: the design is linked from the
  /// published output or rendered.
  private func keepsItsFolder(_ id: String) -> Bool {
    guard let written = inPlace?.written,
      let changed = FileTree.changeTime(of: staging.folderPath + "/" + SitePaths.designFolder(id))
    else { return false }
    return changed < written
  }

  /// A design rendered from its parts, with its entries made anew.
  private func rendered(_ index: Int, parts: [DesignRenderer.RenderedRun]) -> Result {
    var output = renderer.assemble(site.designs[index], parts: parts)
    guard output.failure == nil else { return Result(output: output, entries: nil) }
    let meta = output.meta
    let (entries, parts) = output.timings.measure(.site) {
      (siteIndex.entries(of: site.designs[index], meta: meta), self.parts(of: index, meta: meta))
    }
    return Result(output: output, entries: entries, parts: parts)
  }

  /// The fingerprints of design `index`'s index card and coverage row, with `meta` its renders'.
  private func parts(of index: Int, meta: DesignMeta) -> GalleryPages.DesignParts {
    renderer.pages.parts(of: site.designs[index], alt: meta.thumbnailAlt, lint: meta.lint)
  }

  /// Design `index`'s files and entries from the earlier build that holds
  /// it (the back buffer, or the published output it is linked from); the
  /// pages that name a changed neighbour are rendered again.
  private func reuse(_ index: Int, entry: BuildCache.Entry, refresh: PageRefresh, linked: Bool) -> Result {
    let design = site.designs[index]
    let folder = SitePaths.designFolder(design.id)
    var reused = DesignRenderer.RenderedDesign()
    // The design's folder emptied for other files; nil, or the failure to do so.
    func clearingFails() -> Result? {
      do throws(BuildError) {
        try staging.clear(folder)
        return nil
      } catch {
        reused.failure = error
        return Result(output: reused, entries: nil)
      }
    }
    // The earlier build's files, or (a published file gone, or its meta unreadable) the design rendered after all.
    func renderedAfterAll() -> Result {
      clearingFails() ?? rendered(index, parts: [renderer.renderPart(matrix.run(ranges[index]))])
    }
    // The pages that name a changed neighbour are made again, and the
    // entries (which depend on the design and its meta only, so on its own
    // key) are the last build's when a long-lived process kept them, or the
    // cache holds them and they read as JSON (the cache is untrusted input);
    // else made anew, from the meta's search texts.
    let edges = [refresh.first ? design.variants.first?.id : nil, refresh.last ? design.variants.last?.id : nil]
      .compactMap { $0 }
    let found =
      memo?.entries.value(for: design.id, madeFrom: keys[index].own)
      ?? entry.indexEntries.flatMap { kept in
        entry.key.own == keys[index].own && JSONValidator.firstError(in: kept.json) == nil
          && JSONValidator.firstError(in: kept.search) == nil ? kept : nil
      }
    // The search texts are read only when something writes them: new
    // entries, or the next cache's meta when a refreshed page changes it.
    guard let meta = entry.meta(readingTexts: found == nil || !edges.isEmpty) else {
      // The back buffer's meta unreadable: the published build's, if it holds the design as it is now.
      if !linked, let other = published?.designs[design.id], other.key.own == keys[index].own,
        other.meta != nil
      {
        return clearingFails()
          ?? reuse(index, entry: other, refresh: PageRefresh(from: other.key, to: keys[index]), linked: true)
      }
      return renderedAfterAll()
    }
    let withPNG = renderer.pngScale != nil
    if linked {
      // Every file of the design's: with PNGs, each render's too.
      let names =
        matrix.run(ranges[index]).flatMap {
          [SitePaths.svgName($0), SitePaths.pageName($0)] + (withPNG ? [$0.id.pngName] : [])
        } + [SitePaths.designPageName]
      do {
        try reused.timings.measure(.reuse) { () throws(BuildError) in
          try staging.reuse(names, in: folder, from: publishedFolder)
        }
      } catch {
        return renderedAfterAll()
      }
    }
    reused.meta = meta
    reused.tally.files = ranges[index].count * (withPNG ? 3 : 2) + 1
    reused.tally.bytes = meta.bytes
    if !edges.isEmpty {
      reused = renderer.refreshPages(
        of: design, jobs: matrix.run(ranges[index]).filter { edges.contains($0.variant.id) }, over: reused)
      if reused.failure != nil { return Result(output: reused, entries: nil) }
    }
    // The card and the coverage row depend on the design (its own key is
    // the earlier build's) and its meta (the earlier build's) only.
    let parts = entry.parts ?? reused.timings.measure(.site) { self.parts(of: index, meta: meta) }
    var result: Result
    if let found {
      result = Result(output: reused, entries: found, entriesChecked: true, parts: parts)
    } else {
      let entries = reused.timings.measure(.site) { siteIndex.entries(of: design, meta: reused.meta) }
      result = Result(output: reused, entries: entries, parts: parts)
    }
    // A page refreshed changes the meta's byte count (and its search texts were read).
    if edges.isEmpty { result.earlierEntry = entry }
    return result
  }
}

/// Collects the parts of the designs being rendered, and hands a design's
/// parts, in order, to whichever worker adds its last one.
private final class PartAssembly: @unchecked Sendable {
  private let lock = NSLock()
  /// The design of each part task; a design's tasks are consecutive.
  private let designs: [Int]
  private var parts: [DesignRenderer.RenderedRun?]
  private var remaining: [Int: Int] = [:]

  init(designs: [Int]) {
    self.designs = designs
    parts = Array(repeating: nil, count: designs.count)
    for design in designs { remaining[design, default: 0] += 1 }
  }

  /// Stores task `task`'s part; returns its design's parts when it was the last.
  func add(_ part: DesignRenderer.RenderedRun, task: Int) -> [DesignRenderer.RenderedRun]? {
    lock.lock()
    defer { lock.unlock() }
    parts[task] = part
    let design = designs[task]
    remaining[design, default: 0] -= 1
    guard remaining[design] == 0 else { return nil }
    var first = task
    while first > 0, designs[first - 1] == design { first -= 1 }
    var last = task
    while last + 1 < designs.count, designs[last + 1] == design { last += 1 }
    let complete = parts[first...last].compactMap { $0 }
    for index in first...last { parts[index] = nil }  // released as soon as the design is assembled
    return complete
  }
}
