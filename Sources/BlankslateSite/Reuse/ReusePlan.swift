/// What a build does with each design, decided from keys alone: keep the
/// files the back buffer holds, link the published output's, or render.
/// Each decision to reuse carries what the earlier build held for the design
/// (`Earlier`: its cache entry in a build, its key alone in the tests), so
/// the build never looks it up again.
///
/// Pure: the same keys and the same earlier builds give the same plan, so
/// the rule is tested on its own (`ReusePlanTests`), apart from the files.
struct ReusePlan<Earlier: KeyedByDesign> {
  /// What happens to one design.
  enum Decision {
    /// Its files in the back buffer are this build's: kept in place.
    case keep(Earlier, PageRefresh)
    /// Its files in the published output are this build's: linked from there.
    case link(Earlier, PageRefresh)
    /// Made anew.
    case render
  }

  /// One decision per design, in site order.
  var decisions: [Decision]

  /// The plan for designs `ids` whose keys are now `keys` (in the same
  /// order), with what the back buffer (`inPlace`) and the published output
  /// (`published`) hold by design id. A design is kept when the back buffer
  /// holds it with the same own key and its folder is as that build wrote it
  /// (`folderIsIntact`, asked only then); else linked when the published
  /// output holds it with the same own key; else rendered. A kept or linked
  /// design's pages that name a neighbour are refreshed where the neighbour's
  /// part of the key differs.
  init(
    ids: [String], keys: [BuildCache.Key], inPlace: [String: Earlier], published: [String: Earlier],
    folderIsIntact: (String) -> Bool
  ) {
    decisions = zip(ids, keys).map { id, key in
      if let kept = inPlace[id], kept.key.own == key.own, folderIsIntact(id) {
        return .keep(kept, PageRefresh(from: kept.key, to: key))
      }
      if let linked = published[id], linked.key.own == key.own {
        return .link(linked, PageRefresh(from: linked.key, to: key))
      }
      return .render
    }
  }
}

extension ReusePlan.Decision: Equatable where Earlier: Equatable {}

/// What an earlier build held for a design, known by the design's key.
protocol KeyedByDesign: Sendable {
  /// The design's key when that build made it.
  var key: BuildCache.Key { get }
}

extension BuildCache.Entry: KeyedByDesign {}

extension BuildCache.Key: KeyedByDesign {
  /// A key alone is what it holds.
  var key: BuildCache.Key { self }
}

/// The pages of a kept or linked design made again: those of its first
/// variant when the design before it changed its name (their previous link
/// names it), those of its last when the design after it did.
struct PageRefresh: Equatable, Sendable {
  var first = false
  var last = false

  /// Nothing to make again.
  static let none = PageRefresh()

  var isEmpty: Bool { !first && !last }

  /// The pages of a design made with `earlier` to make again for `now` (the same own key).
  init(from earlier: BuildCache.Key, to now: BuildCache.Key) {
    (first, last) = (earlier.previous != now.previous, earlier.next != now.next)
  }

  init(first: Bool = false, last: Bool = false) {
    (self.first, self.last) = (first, last)
  }
}
