import BlankslateCore
import BlankslateSite
import BlankslateSupport
import BlankslateValidation

/// How a render compares with its golden.
public enum SnapshotStatus: String, Sendable, CaseIterable {
  /// The render matches its golden (after canonicalisation).
  case unchanged
  /// The render differs from its golden.
  case changed
  /// The render has no golden yet.
  case new
  /// A golden that no render of the site produces any more.
  case orphaned
}

/// One render (or orphaned golden) that is not unchanged, with everything a
/// reviewer and a CI system need to see why.
public struct SnapshotResult: Sendable, Equatable {
  /// The render (or the render an orphaned golden was made for).
  public var id: RenderID
  /// Whether the render is unchanged, changed, new, or its golden orphaned.
  public var status: SnapshotStatus
  /// The golden's path as messages show it (`Site/__snapshots__/…svg`).
  public var golden: String
  /// The design's definition file and the variant's line in it (none for orphans).
  public var definitionFile: String?
  /// The variant's line in the definition file.
  public var definitionLine: Int?
  /// The gallery page of the render, relative to the gallery's root.
  public var page: String?
  /// The changes in the design's terms (`button width 115 → 120`).
  public var changes: [String]
  /// A unified line diff of golden → render.
  public var diff: String
  /// The golden's SVG text, when the result shows it.
  public var goldenSVG: String?
  /// The render's SVG text, when the result shows it.
  public var currentSVG: String?
  /// Where to draw attention on the current render and on the golden.
  public var currentFrames: [Rect]
  /// Where to draw attention on the golden.
  public var goldenFrames: [Rect]
  /// SHA-256 of the golden's bytes and of the render's (none for a new
  /// render's golden): what a reviewer approves, so that Accept and a
  /// decisions file record exactly the renders that were seen.
  public var goldenHash: String?
  /// SHA-256 of the render's bytes.
  public var currentHash: String?
  /// The edits of the definition that reach this render, in the definition's
  /// words (`spacing.titleToMessage 6 → 10`): what a card is made of.
  package var edits: [DefinitionEdit] = []
  /// When no edit reaches it: what else changed (the tool, a font), or why nothing can be said.
  public var context: [String] = []
  /// The visible changes, element by element, for summaries over many renders.
  public var effects: [Effect] = []
  /// The render's place in the site's order (devices, themes, languages and
  /// sizes as `site.json` lists them): a card shows the first of its renders.
  public var rank = 0

  /// A result for the render `id`.
  public init(
    id: RenderID, status: SnapshotStatus, golden: String, definitionFile: String? = nil, definitionLine: Int? = nil,
    page: String? = nil, changes: [String] = [], diff: String = "", goldenSVG: String? = nil, currentSVG: String? = nil,
    currentFrames: [Rect] = [], goldenFrames: [Rect] = []
  ) {
    self.id = id
    self.status = status
    self.golden = golden
    self.definitionFile = definitionFile
    self.definitionLine = definitionLine
    self.page = page
    self.changes = changes
    self.diff = diff
    self.goldenSVG = goldenSVG
    self.currentSVG = currentSVG
    self.currentFrames = currentFrames
    self.goldenFrames = goldenFrames
  }

  /// `design/variant device theme locale`, as a person reads a render's name.
  public var displayName: String {
    id.displayName
  }

  /// One line: the render and what happened to it.
  public var headline: String {
    switch status {
    case .unchanged: "\(displayName): unchanged"
    case .changed:
      "\(displayName): "
        + ((edits.isEmpty ? context : edits.map(\.description)) + changes).joined(separator: "; ")
    case .new: "\(displayName): new (no golden yet)"
    case .orphaned: "\(displayName): orphaned golden \(golden) (no render produces it)"
    }
  }
}

/// The outcome of comparing a site's renders with their goldens.
public struct SnapshotSummary: Sendable, Equatable {
  /// The site folder as given.
  public var site: String
  /// The shard this run covered, if any.
  public var shard: Shard?
  /// The renders that match their goldens, sorted.
  public var passed: [RenderID]
  /// Every result that is not unchanged, sorted by id.
  public var results: [SnapshotResult]
  /// Lint's findings since the goldens were recorded, for the variants the run saw whole.
  public var findings = FindingChanges()

  /// The summary of comparing `site` (or its `shard`): the renders that passed, and every other result.
  public init(site: String, shard: Shard?, passed: [RenderID], results: [SnapshotResult]) {
    self.site = site
    self.shard = shard
    self.passed = passed.sorted()
    self.results = results.sorted { $0.id < $1.id }
  }

  /// Renders and goldens this run looked at.
  public var checked: Int { passed.count + results.count }

  /// How many renders matched their goldens.
  public var unchanged: Int { passed.count }

  /// How many results have `status`.
  public func count(_ status: SnapshotStatus) -> Int {
    status == .unchanged ? unchanged : results.filter { $0.status == status }.count
  }

  /// Whether the check failed: anything changed, new or orphaned.
  public var hasDifferences: Bool { !results.isEmpty }

  /// `3 changed, 1 new, 0 orphaned, 124 unchanged`.
  public var countLine: String {
    "\(count(.changed)) changed, \(count(.new)) new, \(count(.orphaned)) orphaned, \(unchanged) unchanged"
  }
}

/// One of N deterministic parts of a site's renders, for parallel CI jobs.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
  /// 1-based.
  public var index: Int
  /// How many shards the renders are split into.
  public var count: Int

  /// Shard `index` of `count`, counted from 1.
  public init(index: Int, count: Int) {
    self.index = index
    self.count = count
  }

  /// Parses `I/N` with 1 ≤ I ≤ N.
  public init?(parsing text: String) {
    let parts = text.split(separator: "/")
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
      (1...count).contains(index)
    else { return nil }
    self.init(index: index, count: count)
  }

  /// Whether the render or golden `id` belongs to this shard. The share
  /// depends only on the id (FNV-1a), so adding a design moves nothing else.
  public func contains(_ id: String) -> Bool {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in id.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return Int(hash % UInt64(count)) == index - 1
  }

  /// `index/count`, as `--shard` writes it.
  public var description: String { "\(index)/\(count)" }
}
