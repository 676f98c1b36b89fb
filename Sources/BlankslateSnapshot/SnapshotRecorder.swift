import BlankslateCore
import BlankslateSite
import BlankslateSupport
import BlankslateValidation

/// Which goldens `record` writes (the modes of swift-snapshot-testing).
public enum RecordMode: String, Sendable, CaseIterable {
  /// Every golden, rewritten from its render (as swift-snapshot-testing's `.all`).
  case all
  /// Only renders with no golden yet.
  case missing
  /// Renders whose comparison failed: changed or new.
  case failed
  /// Nothing (the default of `check`).
  case never
}

/// Writes goldens from a comparison run, each one atomically.
public struct SnapshotRecorder: Sendable {
  /// One golden written.
  public struct Written: Sendable, Equatable {
    /// The file as messages show it.
    public var golden: String
    /// Whether the golden is new or rewritten.
    public var status: SnapshotStatus
    /// The changes it records, in the design's terms.
    public var changes: [String]
    /// A variant's recorded definition (`DefinitionRecord`), not a golden.
    public var isDefinition = false
  }

  /// Which goldens to write: missing ones, changed ones, or all.
  public var mode: RecordMode
  /// Called once when another writer holds the snapshots folder and this one waits for it.
  public var waiting: @Sendable () -> Void = {}

  /// A recorder in `mode`; `waiting` is called when another writer holds the goldens.
  public init(mode: RecordMode, waiting: @escaping @Sendable () -> Void = {}) {
    self.mode = mode
    self.waiting = waiting
  }

  /// Writes the goldens `mode` selects from `run`.
  ///
  /// `isCI`: when true, nothing is written and the call fails. `only`: of
  /// those, only these renders (Accept's approved ones); the others count as
  /// left as they were.
  public func record(_ run: SnapshotRun, isCI: Bool, only: Set<RenderID>? = nil) throws(SnapshotError) -> [Written] {
    guard mode != .never else { return [] }
    guard !isCI else { throw .recordingRefusedInCI }
    let lock = try run.store.lockForWriting(waiting: waiting)
    defer { withExtendedLifetime(lock) {} }
    return try write(run, only: only)
  }

  /// `record` with the snapshots folder already held (`SnapshotAcceptor`).
  func write(_ run: SnapshotRun, only: Set<RenderID>?) throws(SnapshotError) -> [Written] {
    let changesByGolden = Dictionary(
      run.summary.results.map { ($0.golden, $0.changes) }, uniquingKeysWith: { first, _ in first })
    var written: [Written] = []
    try run.store.removeTemporaryFiles()
    for render in run.renders {
      let wanted: Bool
      switch mode {
      case .all: wanted = true
      case .failed: wanted = render.status == .changed || render.status == .new
      case .missing: wanted = render.status == .new
      case .never: wanted = false
      }
      // An unchanged render whose bytes the run did not keep has nothing to write.
      guard wanted, !render.bytes.isEmpty else { continue }
      if let only, let id = RenderID(goldenPath: render.golden), !only.contains(id) { continue }
      try run.store.write(render.bytes, to: render.golden)
      let display = run.store.display(render.golden)
      written.append(Written(golden: display, status: render.status, changes: changesByGolden[display] ?? []))
    }
    // A variant's definition is kept once every one of its renders matches its
    // golden (a render still left as it was keeps being explained from the old
    // one), and rewritten when the definition changed or its goldens were, or
    // when it lacks what records now keep (the findings, the text stack): a new tool alone rewrites no file
    // whose renders it draws the same, and findings that changed alone are
    // taken with the goldens they belong to (`record --mode all` takes them all).
    let recorded = Set(written.map(\.golden))
    var pending: Set<String> = []
    var rewritten: Set<String> = []
    for render in run.renders {
      guard let id = RenderID(goldenPath: render.golden) else { continue }
      if recorded.contains(run.store.display(render.golden)) {
        rewritten.insert(id.variantPath)
      } else if render.status == .changed || render.status == .new {
        pending.insert(id.variantPath)
      }
    }
    for definition in run.definitions
    where !definition.isRecorded && definition.coversVariant && !pending.contains(definition.variantPath)
      && (!definition.definitionMatches || rewritten.contains(definition.variantPath) || !definition.isComplete)
    {
      try run.store.write(definition.bytes, to: definition.path)
      written.append(
        Written(golden: run.store.display(definition.path), status: .unchanged, changes: [], isDefinition: true))
    }
    return written
  }
}

/// Removes goldens that no render produces any more.
public struct SnapshotPruner: Sendable {
  /// A pruner.
  public init() {}

  /// The orphaned goldens of `run` and the recorded definitions of variants
  /// the site no longer has, removed unless `dryRun`.
  public func prune(_ run: SnapshotRun, dryRun: Bool, isCI: Bool) throws(SnapshotError) -> [String] {
    let orphans = run.orphans + run.orphanedDefinitions
    guard dryRun || !isCI || orphans.isEmpty else { throw .recordingRefusedInCI }
    if !dryRun, !orphans.isEmpty {
      let lock = try run.store.lockForWriting()
      defer { withExtendedLifetime(lock) {} }
      for orphan in orphans { try run.store.remove(orphan) }
    }
    return orphans.map(run.store.display)
  }
}
