/// Which goldens `record` writes (the modes of swift-snapshot-testing).
public enum RecordMode: String, Sendable, CaseIterable {
  /// Every render whose golden is missing or different.
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
    public var golden: String
    public var status: SnapshotStatus
    public var changes: [String]
  }

  public var mode: RecordMode
  /// A fault-injection point for tests: called before the `n`-th golden is
  /// renamed into place (its temporary file is complete).
  public var beforeRename: (@Sendable (Int) -> Void)?

  public init(mode: RecordMode, beforeRename: (@Sendable (Int) -> Void)? = nil) {
    self.mode = mode
    self.beforeRename = beforeRename
  }

  /// Writes the goldens `mode` selects from `run`.
  ///
  /// - Parameter isCI: when true, nothing is written and the call fails.
  public func record(_ run: SnapshotRun, isCI: Bool) throws(SnapshotError) -> [Written] {
    guard mode != .never else { return [] }
    guard !isCI else { throw .recordingRefusedInCI }
    let changesByGolden = Dictionary(
      run.summary.results.map { ($0.golden, $0.changes) }, uniquingKeysWith: { first, _ in first })
    var written: [Written] = []
    for render in run.renders {
      let wanted: Bool
      switch mode {
      case .all, .failed: wanted = render.status == .changed || render.status == .new
      case .missing: wanted = render.status == .new
      case .never: wanted = false
      }
      guard wanted else { continue }
      let count = written.count + 1
      do {
        try run.store.write(render.bytes, to: render.golden) { beforeRename?(count) }
      } catch {
        throw .io(path: run.store.display(render.golden), reason: "cannot write the golden: \(error.localizedDescription)")
      }
      let display = run.store.display(render.golden)
      written.append(Written(golden: display, status: render.status, changes: changesByGolden[display] ?? []))
    }
    return written
  }
}

/// Removes goldens that no render produces any more.
public struct SnapshotPruner: Sendable {
  public init() {}

  /// The orphaned goldens of `run`, removed unless `dryRun`.
  public func prune(_ run: SnapshotRun, dryRun: Bool, isCI: Bool) throws(SnapshotError) -> [String] {
    guard dryRun || !isCI || run.orphans.isEmpty else { throw .recordingRefusedInCI }
    if !dryRun {
      for orphan in run.orphans {
        do {
          try run.store.remove(orphan)
        } catch {
          throw .io(path: run.store.display(orphan), reason: "cannot remove: \(error.localizedDescription)")
        }
      }
    }
    return run.orphans.map(run.store.display)
  }
}
