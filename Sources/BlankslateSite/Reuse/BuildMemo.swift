import Foundation
import BlankslateCore
import BlankslateSupport
import BlankslateValidation

/// What one process keeps between builds of the same site (`serve`): the
/// decoded definitions, the parsed build caches, the render matrix, the
/// index cards and each design's index entries. Each is used again only
/// when what it was made from is unchanged (a definition's bytes and the
/// answers its image paths got; a cache file's inode, size and time; a
/// design and the site's axes; a design and what its card shows of it; the
/// design's own key), so a build with a memo makes
/// exactly what one without it makes.
public final class BuildMemo: @unchecked Sendable {
  /// The site's definitions and assets, by file version (`SiteInputs`).
  package let inputs = SiteInputs.Memo()
  private let lock = NSLock()
  /// Parsed cache files by file (a publish renames them: the file, not the name, is what was parsed).
  private var caches: [FileTree.Identity: (identity: String, cache: BuildCache.CacheFile?)] = [:]

  /// The last build's render matrix: the next one keeps its unchanged designs' renders.
  private var matrix: RenderMatrix?
  /// The last build's index cards.
  private let cards = IndexCards()
  /// The last build's design keys.
  let keys = BuildCache.KeyMemo()
  /// Each design's entries in `index.json` and the search index as the last build made them, by design id.
  private var entries: [String: (key: String, entries: SiteIndex.Entries)] = [:]

  public init() {}

  /// The render matrix of `site`, sharing the unchanged designs' renders with the last one made here.
  package func renderMatrix(of site: SiteDefinition) -> RenderMatrix {
    let made = RenderMatrix(site, reusing: lock.withLock { matrix })
    lock.withLock { matrix = made }
    return made
  }

  /// The entries of design `id` whose own key is `key` (`BuildCache.Key.own`), if the last build made them.
  func entries(of id: String, key: String) -> SiteIndex.Entries? {
    lock.withLock {
      guard let kept = entries[id], kept.key == key else { return nil }
      return kept.entries
    }
  }

  /// Keeps the entries of every design of a build (and forgets the others).
  func keep(entries made: [(id: String, key: String, entries: SiteIndex.Entries)]) {
    var kept: [String: (key: String, entries: SiteIndex.Entries)] = [:]
    for (id, key, entries) in made { kept[id] = (key, entries) }
    lock.withLock { entries = kept }
  }

  /// The index cards kept for builds of `site` (those of designs it no longer has are forgotten).
  func indexCards(of site: SiteDefinition) -> IndexCards {
    cards.start(site)
    return cards
  }

  /// The cache `file` as parsed for `identity` before, or nil when it was not.
  func cache(_ file: FileTree.Identity, identity: String) -> BuildCache.CacheFile?? {
    lock.withLock {
      guard let kept = caches[file], kept.identity == identity else { return nil }
      return .some(kept.cache)
    }
  }

  /// Keeps `cache` as what `file` holds.
  func keep(_ cache: BuildCache.CacheFile?, file: FileTree.Identity, identity: String) {
    lock.withLock { caches[file] = (identity, cache) }
  }

  /// Forgets every cache file but `present`.
  func keepOnly(_ present: [FileTree.Identity]) {
    lock.withLock { caches = caches.filter { present.contains($0.key) } }
  }
}

/// What a successful build made.
public struct BuildSummary: Sendable, Equatable {
  public var designs: Int
  public var variants: Int
  public var renders: Int
  public var files: Int
  public var bytes: Int
  /// The lint findings of every render.
  public var lint: LintCounts
  /// What the SVG sanitiser removed from the site's assets.
  public var notes: [String]
  /// Designs rendered by this build (the others were reused from the previous output).
  public var rendered: Int
  /// Designs reused with only the pages that name a changed neighbour rendered again.
  public var refreshed: Int = 0
  /// Definition files this build decoded; the others' designs it had from
  /// the last build (or, under `serve`, from the one before).
  public var decoded: Int = 0
  /// Where the time went.
  public var timings: BuildTimings
}
