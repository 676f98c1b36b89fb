import Foundation
import Synchronization
import BlankslateCore
import BlankslateSupport
import BlankslateValidation

/// What one process keeps between builds of the same site (`serve`): the
/// decoded definitions and assets, the parsed build caches, the render
/// matrix, the index cards, each design's key and its index entries. Each
/// is a `Memo` of what it was made from (a cache file's identity and the
/// tool's; a design, its images' bytes and its neighbours' names; what a card
/// shows; the design's own key), so a build with a memo makes exactly what
/// one without it makes.
package final class BuildMemo: Sendable {
  /// The site's definitions and assets, by file version (`SiteInputs`).
  package let inputs = SiteInputs.Memo()
  /// Parsed cache files by file (a publish renames them: the file, not the
  /// name, is what was parsed), made by a tool and templates' identity.
  let caches = Memo<FileTree.Identity, String, BuildCache.CacheFile?>()
  /// The last build's render matrix: the next one keeps its unchanged designs' renders.
  private let matrix = Mutex<RenderMatrix?>(nil)
  /// The index cards, by design id.
  let cards = Memo<String, GalleryPages.CardInputs, TemplateValue>()
  /// Each design's key, by design id (`BuildCache.keys`).
  let keys = Memo<String, BuildCache.KeyInputs, BuildCache.Key>()
  /// Each design's entries in `index.json` and the search index, by design
  /// id, made from the design's own key.
  let entries = Memo<String, String, SiteIndex.Entries>()

  package init() {}

  /// The render matrix of `site`, sharing the unchanged designs' renders with the last one made here.
  package func renderMatrix(of site: SiteDefinition) -> RenderMatrix {
    let made = RenderMatrix(site, reusing: matrix.withLock { $0 })
    matrix.withLock { $0 = made }
    return made
  }

  /// The index cards kept for builds of `site` (those of designs it no longer has are forgotten).
  func indexCards(of site: SiteDefinition) -> Memo<String, GalleryPages.CardInputs, TemplateValue> {
    let ids = Set(site.designs.map(\.id))
    cards.keepOnly { ids.contains($0) }
    return cards
  }
}

/// What a successful build made.
public struct BuildSummary: Sendable, Equatable {
  /// How many designs the site has.
  public var designs: Int
  /// How many variants they have.
  public var variants: Int
  /// How many renders were published.
  public var renders: Int
  /// How many files the output holds.
  public var files: Int
  /// Their bytes.
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
