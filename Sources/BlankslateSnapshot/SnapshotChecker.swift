import Foundation
import Synchronization
import BlankslateCore
import BlankslateSite
import BlankslateSupport
import BlankslateValidation

/// What `check`, `record` and `prune` work on: a site, and which of its renders.
public struct SnapshotOptions: Sendable {
  /// The site folder: `site.json`, `placeholders/`, `__snapshots__/`.
  public var siteFolder: URL
  /// The site folder as messages name it.
  public var siteDisplay: String
  /// A regular expression matched against `design/variant.device.theme.locale`.
  public var filter: String?
  /// Exactly these renders, when set: what a reviewer approved.
  public var renders: Set<RenderID>?
  /// Which part of the renders to compare (`--shard`), or all of them.
  public var shard: Shard?
  /// How many renders are made at once.
  public var workers: Int
  /// Keep the bytes of unchanged renders too (`record --mode all` rewrites every golden).
  public var keepsUnchangedRenders = false
  /// Asked before the site is loaded, once it is, and before each design's
  /// renders are compared; once it says yes, the run compares no more and
  /// throws `SnapshotError.cancelled`.
  public var isCancelled: (@Sendable () -> Bool)?
  /// The definitions and assets a long-lived process keeps (`serve`: its builds'), or nil.
  package var inputs: SiteInputs.Memo?
  /// What a long-lived process keeps between builds (`serve`), for the render
  /// matrix: each unchanged design's renders are reused, not listed again.
  package var memo: BuildMemo?
  /// A render's SVG as it already exists (`serve`: the bytes its build just
  /// published), so it is not laid out and drawn again; nil renders it.
  public var existingRender: (@Sendable (RenderID) -> [UInt8]?)?
  /// A built gallery (`check --gallery`): a render of a design whose inputs
  /// are the same as when the gallery was built (`PublishedGallery`)
  /// is compared first as the gallery holds it; only when that differs from
  /// its golden is it drawn anew, so a stale or edited gallery file never
  /// decides a difference.
  public var gallery: URL?
  /// A git revision whose goldens and records the renders are compared with
  /// instead of the folder's (`check --against`: a pull request's merge base).
  public var against: String?

  /// Options for the site at `siteFolder`.
  public init(
    siteFolder: URL, siteDisplay: String? = nil, filter: String? = nil, shard: Shard? = nil, workers: Int? = nil
  ) {
    self.siteFolder = siteFolder
    self.siteDisplay = siteDisplay ?? siteFolder.path
    self.filter = filter
    self.shard = shard
    self.workers = max(1, workers ?? ProcessInfo.processInfo.activeProcessorCount)
  }
}

/// A comparison of renders with goldens, with the renders themselves, so
/// that `record` can write exactly what `check` compared.
public struct SnapshotRun: Sendable {
  /// Every render's result, and the counts.
  public var summary: SnapshotSummary
  /// The current render of every selected job, by golden path (relative to
  /// the store); the bytes only of renders that are changed or new, unless
  /// `keepsUnchangedRenders` (10,000 kept renders would be 100 MB).
  public var renders: [(golden: String, bytes: [UInt8], status: SnapshotStatus)]
  /// Orphaned goldens of the selection, relative to the store.
  public var orphans: [String]
  package var store: GoldenStore
  /// How many renders were laid out and drawn; the rest were compared as they
  /// already existed (`SnapshotOptions.existingRender`, `gallery`).
  public var drawn = 0
  /// How many renders were laid out for lint; the rest belong to variants whose recorded findings stand.
  package var linted = 0
  /// Each selected variant's definition as the site is now, beside what is recorded.
  var definitions: [VariantDefinition] = []
  /// Recorded definitions of variants the site no longer has (only when the run covers the whole site).
  var orphanedDefinitions: [String] = []
}

/// A variant's definition record (`DefinitionRecord`) as the site is now.
struct VariantDefinition: Sendable {
  /// Relative to the store.
  var path: String
  var bytes: [UInt8]
  /// Whether the recorded one has the same bytes.
  var isRecorded: Bool
  /// Whether the recorded one says the same of the definition, its files and
  /// `site.json` (the renderer may differ): then it is rewritten only with goldens.
  var definitionMatches: Bool
  /// Whether the run covered every render of the variant (a filter or a shard may cover some).
  var coversVariant: Bool
  /// `design/variant`: the renders it belongs to.
  var variantPath: String
  /// Whether the recorded one says all a record says now: lint's findings and
  /// the text stack (one made before they were kept does not: `record` adds them).
  var isComplete = true
}

/// A selected variant's record as the site is now without findings, and as recorded.
struct VariantRecord: Sendable {
  var design: Design
  var variant: Variant
  /// Relative to the store.
  var path: String
  /// The record without its findings (`DefinitionRecord.stem(of:)`).
  var stem: [UInt8]
  var recorded: [UInt8]?
  /// Whether the run covers every render of the variant.
  var covers: Bool
  /// How many findings the record keeps, where the recorded stem is this one: they stand.
  var reusable: Int?

  /// `design/variant`.
  var variantPath: String { design.id + "/" + variant.id }
}

/// Renders a site's SVGs in memory and compares each with its golden on
/// canonical XML, explaining every difference in the design's terms.
public struct SnapshotChecker: Sendable {
  /// What to compare, and how.
  public var options: SnapshotOptions

  /// A checker of the site `options` names.
  public init(options: SnapshotOptions) {
    self.options = options
  }

  /// Renders the site and compares each render with its golden.
  public func run() throws(SnapshotError) -> SnapshotRun {
    if options.isCancelled?() == true { throw .cancelled }
    let inputs: SiteInputs
    // A gallery's build kept the definitions it decoded: those whose files are as they were are not decoded again.
    let memo =
      options.inputs
      ?? options.gallery.map {
        SiteInputs.Memo(
          definitions: SiteInputs.storedDefinitions(for: options.siteFolder, output: $0, workers: options.workers))
      }
    do throws(BuildError) {
      inputs = try SiteInputs.load(
        options.siteFolder, display: options.siteDisplay, workers: options.workers, memo: memo)
    } catch {
      throw .build(error)
    }
    let (site, assets) = (inputs.site, inputs.catalog)
    if options.isCancelled?() == true { throw .cancelled }
    let selection = try Selection(filter: options.filter, renders: options.renders, shard: options.shard)
    let store = GoldenStore(
      site: options.siteFolder, siteDisplay: options.siteDisplay,
      revision: try options.against.map { revision throws(SnapshotError) in
        try GoldensAtRevision.read(revision, site: options.siteFolder, siteDisplay: options.siteDisplay)
      })

    let allJobs = (options.memo?.renderMatrix(of: site) ?? RenderMatrix(site)).jobs
    let jobs = allJobs.filter { selection.contains($0.id) }
    let produced = Set(allJobs.map { GoldenStore.relativePath(of: $0) })
    let goldens = try store.all()
    // Every golden has a render's shape (`GoldenStore.all`), so each orphan names the render it was made for.
    let orphans = goldens.compactMap { golden in
      RenderID(goldenPath: golden).flatMap { !produced.contains(golden) && selection.contains($0) ? (golden, $0) : nil }
    }

    // Each selected variant's definition now, and what its goldens were recorded from.
    let fonts = (try? site.typography.typesetter.fontLibrary.identities()) ?? []
    var selectedCount: [String: Int] = [:]
    for job in jobs { selectedCount[job.id.variantPath, default: 0] += 1 }
    var allCount: [String: Int] = [:]
    for job in allJobs { allCount[job.id.variantPath, default: 0] += 1 }
    var orphanedDefinitions: [String] = []
    if options.filter == nil, options.renders == nil, options.shard == nil {
      let variants = Set(allJobs.map { $0.id.variantPath })
      orphanedDefinitions = try store.allDefinitions().filter { relative in
        DefinitionRecord.owner(of: relative).map { !variants.contains($0.design + "/" + $0.variant) } ?? false
      }
    }
    let ranks = Dictionary(allJobs.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })

    // Each selected variant's record as the site is now without its findings (its stem), and the
    // one recorded. Where the two stems are the same bytes, the variant's renders are made of what
    // its goldens were (definition, files, site keys, fonts, tool, text stack) and lint counts what
    // it counted (the stem holds the severities and suppressions): the recorded findings are its
    // findings, and its renders are not laid out for lint. Read a design at a time, on every worker.
    let records = DefinitionRecord.Writer(site: site, assets: assets, fonts: fonts)
    let (selected, all) = (selectedCount, allCount)
    let readRecords = ParallelWork.map(count: site.designs.count, workers: options.workers) {
      index -> Result<[VariantRecord], SnapshotError> in
      let design = site.designs[index]
      var found: [VariantRecord] = []
      for variant in design.variants {
        let variantPath = design.id + "/" + variant.id
        guard let selectedRenders = selected[variantPath] else { continue }
        let path = DefinitionRecord.relativePath(design: design.id, variant: variant.id)
        let recorded: [UInt8]?
        do throws(SnapshotError) {
          recorded = try store.read(path)
        } catch {
          return .failure(error)
        }
        var record = VariantRecord(
          design: design, variant: variant, path: path, stem: records.record(design, variant), recorded: recorded,
          covers: selectedRenders == all[variantPath])
        if record.covers, let recorded, let kept = DefinitionRecord.stem(of: recorded), kept.stem == record.stem {
          record.reusable = DefinitionRecord.findingCount(kept.findings)
        }
        found.append(record)
      }
      return .success(found)
    }
    var variantRecords: [VariantRecord] = []
    for outcome in readRecords { variantRecords += try outcome.get() }
    let reused = Set(variantRecords.filter { $0.reusable != nil }.map(\.variantPath))

    let renderer = Renderer(assets: assets, typesetter: site.typography.typesetter)
    let published =
      options.existingRender == nil
      ? options.gallery.map { PublishedGallery.svg(in: $0, site: inputs.site, assets: inputs.catalog) } : nil
    // One work item per design, so its renders share the laid-out host bars.
    var groups: [[RenderJob]] = []
    for job in jobs {
      if let last = groups.last?.last, last.design.id == job.design.id {
        groups[groups.count - 1].append(job)
      } else {
        groups.append([job])
      }
    }
    let batches = groups
    let keep = options.keepsUnchangedRenders
    let isCancelled = options.isCancelled
    let existing = options.existingRender
    let drawn = Atomic<Int>(0)
    typealias Compared = Result<(golden: String, bytes: [UInt8], result: SnapshotResult), SnapshotError>
    let linter = Linter(site: site)
    // Each design's renders in site order, so a dark render meets its light twin laid out; a render
    // is laid out for lint unless its variant's findings are reused, and drawn only where the
    // gallery's or the caller's bytes do not stand in.
    let batchResults = ParallelWork.map(count: batches.count, workers: options.workers) {
      index -> (compared: [Compared], findings: [LintFinding], linted: Int) in
      if isCancelled?() == true { return ([], [], 0) }
      let cache = LayoutCache()
      var session = Linter.Session(linter: linter, renderer: renderer)
      var findings: [LintFinding] = []
      // A variant's renders come together: whether its findings stand is asked once a variant.
      var variant: (id: String, lints: Bool) = ("", false)
      var linted = 0
      let compared = batches[index].map {
        job -> Compared in
        if job.variant.id != variant.id {
          variant = (job.variant.id, !reused.contains(job.id.variantPath))
        }
        var scene: Scene?
        if variant.lints {
          linted += 1
          let laid = renderer.scene(for: job, cache: cache)
          findings += session.findings(for: job, scene: laid)
          scene = laid
        }
        do throws(SnapshotError) {
          if let bytes = published?(job.id) {
            let item = try Self.compare(job, bytes: bytes, store: store, keep: keep)
            if item.result.status == .unchanged { return .success(item) }
          }
          let bytes: [UInt8]
          if let kept = existing?(job.id) {
            bytes = kept
          } else {
            bytes = scene.map { renderer.render(job, scene: $0).svg } ?? renderer.render(job, cache: cache).svg
            drawn.add(1, ordering: .relaxed)
          }
          return .success(try Self.compare(job, bytes: bytes, store: store, keep: keep))
        } catch {
          return .failure(error)
        }
      }
      return (compared, findings, linted)
    }
    let compared = try batchResults.flatMap(\.compared).map { outcome throws(SnapshotError) in try outcome.get() }
    if isCancelled?() == true { throw .cancelled }
    var lintFindings = batchResults.flatMap(\.findings)
    var linted = batchResults.reduce(0) { $0 + $1.linted }
    // A variant whose findings were reused but whose renders differ anyway (a build of other code
    // under the same version) is linted after all: its findings are what its renders now show.
    let differing = Set(compared.filter { $0.result.status != .unchanged }.map { $0.result.id.variantPath })
    let relinted = reused.intersection(differing)
    if !relinted.isEmpty {
      let again = groups.map { $0.filter { relinted.contains($0.id.variantPath) } }.filter { !$0.isEmpty }
      linted += again.reduce(0) { $0 + $1.count }
      lintFindings += ParallelWork.map(count: again.count, workers: options.workers) { index -> [LintFinding] in
        let cache = LayoutCache()
        var session = Linter.Session(linter: linter, renderer: renderer)
        return again[index].flatMap { session.findings(for: $0, scene: renderer.scene(for: $0, cache: cache)) }
      }.flatMap { $0 }
    }
    var byVariant: [String: [LintFinding]] = [:]
    for finding in lintFindings { byVariant[finding.design + "/" + finding.variant, default: []].append(finding) }

    // Each record as it would be written now, compared with the recorded one.
    var definitions: [VariantDefinition] = []
    var findingChanges = FindingChanges()
    var comparisons: [String: DefinitionRecord.Comparison] = [:]
    for record in variantRecords {
      let variantPath = record.variantPath
      if let count = record.reusable, let recorded = record.recorded, !relinted.contains(variantPath) {
        // The recorded record byte for byte, its stem and its findings: each finding as recorded.
        findingChanges.unchanged += count
        definitions.append(
          VariantDefinition(
            path: record.path, bytes: recorded, isRecorded: true, definitionMatches: true, coversVariant: true,
            variantPath: variantPath, isComplete: true))
        comparisons[variantPath] = DefinitionRecord.compare(recorded: recorded, current: recorded)
        continue
      }
      let current = FindingChanges.entries(of: byVariant[variantPath] ?? [])
      let bytes = DefinitionRecord.Writer.record(stem: record.stem, findings: current)
      let comparison = DefinitionRecord.compare(recorded: record.recorded, current: bytes)
      // The record as written, where it differs from what would be written now.
      let old = record.recorded == bytes ? nil : record.recorded.flatMap { try? JSONParser().parse($0) }
      if record.covers {
        // What lint found then and now, for a variant all of whose renders this run saw.
        let then =
          record.recorded == bytes ? current : old.flatMap { FindingChanges.recorded(in: $0, variant: variantPath) }
        findingChanges.add(recorded: then, current: current)
      }
      // A record made before records kept the findings, the text stack and the lint settings lacks
      // them: `record` adds them.
      let isComplete =
        record.recorded == bytes
        || (old?["findings"] != nil && old?["renderer"]?["textStack"] != nil && old?["lint"] != nil)
      definitions.append(
        VariantDefinition(
          path: record.path, bytes: bytes, isRecorded: record.recorded == bytes,
          definitionMatches: comparison.isReadable && comparison.edits.isEmpty, coversVariant: record.covers,
          variantPath: variantPath, isComplete: record.recorded != nil && isComplete))
      comparisons[variantPath] = comparison
    }
    var results = compared.compactMap { item -> SnapshotResult? in
      guard item.result.status != .unchanged else { return nil }
      var result = item.result
      result.rank = ranks[result.id] ?? 0
      if result.status == .changed, let comparison = comparisons[result.id.variantPath] {
        result.edits = comparison.edits(reaching: Theme(rawValue: result.id.theme), locale: result.id.locale)
        if result.edits.isEmpty { result.context = comparison.context }
      }
      return result
    }
    for (orphan, render) in orphans {
      let bytes = try store.read(orphan)
      var result = SnapshotResult(
        id: render, status: .orphaned, golden: store.display(orphan),
        goldenSVG: bytes.map { String(decoding: $0, as: UTF8.self) })
      result.goldenHash = bytes.map(SHA256.hex)
      results.append(result)
    }
    let passed = compared.filter { $0.result.status == .unchanged }.map(\.result.id)
    var summary = SnapshotSummary(site: options.siteDisplay, shard: options.shard, passed: passed, results: results)
    summary.findings = findingChanges
    var run = SnapshotRun(
      summary: summary, renders: compared.map { ($0.golden, $0.bytes, $0.result.status) }, orphans: orphans.map(\.0),
      store: store, drawn: drawn.load(ordering: .relaxed), definitions: definitions,
      orphanedDefinitions: orphanedDefinitions)
    run.linted = linted
    return run
  }

  /// `bytes`: the render's SVG, drawn now or as it already exists.
  private static func compare(
    _ job: RenderJob, bytes: [UInt8], store: GoldenStore, keep: Bool
  ) throws(SnapshotError) -> (golden: String, bytes: [UInt8], result: SnapshotResult) {
    let path = GoldenStore.relativePath(of: job)
    var result = SnapshotResult(
      id: job.id, status: .unchanged, golden: store.display(path),
      definitionFile: job.design.sourceFile, definitionLine: job.variant.position.line, page: SitePaths.page(job))
    guard let golden = try store.read(path) else {
      result.status = .new
      result.currentSVG = String(decoding: bytes, as: UTF8.self)
      result.currentHash = SHA256.hex(bytes)
      return (path, bytes, result)
    }
    if golden.hasSameBytes(as: bytes) { return (path, keep ? bytes : [], result) }
    let svg = String(decoding: bytes, as: UTF8.self)
    let goldenText = String(decoding: golden, as: UTF8.self)
    do {
      if try CanonicalXML.canonicalize(golden, file: store.display(path))
        == CanonicalXML.canonicalize(bytes, file: path)
      {
        return (path, keep ? bytes : [], result)
      }
    } catch let failure as XMLParseError {
      result.status = .changed
      (result.goldenHash, result.currentHash) = (SHA256.hex(golden), SHA256.hex(bytes))
      result.changes = ["the golden is not well-formed XML: " + (failure.issues.first?.description ?? "unknown error")]
      result.diff = LineDiff.unified(old: goldenText, new: svg, oldName: "golden/" + path, newName: "render/" + path)
      result.goldenSVG = goldenText
      result.currentSVG = svg
      return (path, bytes, result)
    } catch {
      result.status = .changed
      result.changes = ["the golden cannot be compared: \(error)"]
    }
    result.status = .changed
    (result.goldenHash, result.currentHash) = (SHA256.hex(golden), SHA256.hex(bytes))
    if let old = SVGStructure(golden, file: path), let new = SVGStructure(bytes, file: path) {
      let explanation = StructuralDiff.explain(golden: old, current: new)
      result.changes =
        explanation.changes.isEmpty ? ["the markup changed without a visible difference"] : explanation.changes
      result.currentFrames = explanation.currentFrames
      result.goldenFrames = explanation.goldenFrames
      result.effects = explanation.effects
    }
    result.diff = LineDiff.unified(old: goldenText, new: svg, oldName: "golden/" + path, newName: "render/" + path)
    result.goldenSVG = goldenText
    result.currentSVG = svg
    return (path, bytes, result)
  }
}

/// Which renders a run covers: those matching the filter (and named, when
/// renders are named), in this shard.
struct Selection {
  let filter: Regex<AnyRegexOutput>?
  let renders: Set<RenderID>?
  let shard: Shard?

  init(filter pattern: String?, renders: Set<RenderID>? = nil, shard: Shard?) throws(SnapshotError) {
    self.shard = shard
    self.renders = renders
    guard let pattern else {
      filter = nil
      return
    }
    do {
      filter = try Regex(pattern)
    } catch {
      throw .badFilter(pattern, reason: "\(error)")
    }
  }

  func contains(_ render: RenderID) -> Bool {
    if let renders, !renders.contains(render) { return false }
    let id = render.description
    if let filter, id.firstMatch(of: filter) == nil { return false }
    return shard?.contains(id) ?? true
  }
}
