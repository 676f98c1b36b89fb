@testable import BlankslateSite
import Testing

/// The reuse rule on its own: from keys, and what two earlier builds hold,
/// what a build keeps, links and renders. (`IncrementalBuildTests` holds
/// the bytes of every kind of rebuild to a full build's.)
@Suite("The reuse plan")
struct ReusePlanTests {
  static func key(_ own: String, previous: String = "p", next: String = "n") -> BuildCache.Key {
    BuildCache.Key(own: own, previous: previous, next: next, renders: "r-" + own)
  }

  static func plan(
    _ keys: [String: BuildCache.Key], inPlace: [String: BuildCache.Key] = [:],
    published: [String: BuildCache.Key] = [:], intact: Set<String>? = nil
  ) -> [String: ReusePlan<BuildCache.Key>.Decision] {
    let sorted = keys.sorted { $0.key < $1.key }
    let ids = sorted.map(\.key)
    let plan = ReusePlan<BuildCache.Key>(
      ids: ids, keys: sorted.map(\.value), inPlace: inPlace, published: published,
      folderIsIntact: { intact?.contains($0) ?? true })
    return Dictionary(uniqueKeysWithValues: zip(ids, plan.decisions))
  }

  @Test func withNoEarlierBuildEveryDesignIsRendered() {
    #expect(Self.plan(["a": Self.key("1"), "b": Self.key("2")]) == ["a": .render, "b": .render])
  }

  @Test func aDesignWhoseOwnKeyIsUnchangedIsKeptInPlaceBeforeItIsLinked() {
    let now = ["a": Self.key("1"), "b": Self.key("2"), "c": Self.key("3"), "d": Self.key("4")]
    let decisions = Self.plan(
      now, inPlace: ["a": Self.key("1"), "b": Self.key("old"), "c": Self.key("3")],
      published: ["a": Self.key("1"), "b": Self.key("2"), "c": Self.key("other")])
    #expect(
      decisions == [
        "a": .keep(Self.key("1"), .none), "b": .link(Self.key("2"), .none), "c": .keep(Self.key("3"), .none),
        "d": .render,
      ])
  }

  /// A back buffer folder changed since its build (a file replaced, even in
  /// the same clock tick) is not kept: the design is linked or rendered, and
  /// only a design whose key matches has its folder looked at.
  @Test func aFolderChangedSinceItsBuildIsNeverKept() {
    var asked: [String] = []
    let plan = ReusePlan<BuildCache.Key>(
      ids: ["a", "b", "c"], keys: [Self.key("1"), Self.key("2"), Self.key("3")],
      inPlace: ["a": Self.key("1"), "b": Self.key("2"), "c": Self.key("changed")],
      published: ["a": Self.key("1")],
      folderIsIntact: { id in
        asked.append(id)
        return false
      })
    #expect(plan.decisions == [.link(Self.key("1"), .none), .render, .render])
    #expect(asked == ["a", "b"])
  }

  /// A kept or linked design whose neighbour's name changed makes again
  /// the pages that name it: its first variant's for the design before,
  /// its last's for the design after.
  @Test(arguments: [
    (Self.key("1", previous: "p", next: "n"), PageRefresh()),
    (Self.key("1", previous: "p2", next: "n"), PageRefresh(first: true)),
    (Self.key("1", previous: "p", next: "n2"), PageRefresh(last: true)),
    (Self.key("1", previous: "p2", next: "n2"), PageRefresh(first: true, last: true)),
  ])
  func theNeighbourPagesAreRefreshedWhereTheirPartOfTheKeyChanged(
    now: BuildCache.Key, refresh: PageRefresh
  ) {
    #expect(Self.plan(["a": now], inPlace: ["a": Self.key("1")]) == ["a": .keep(Self.key("1"), refresh)])
    #expect(Self.plan(["a": now], published: ["a": Self.key("1")]) == ["a": .link(Self.key("1"), refresh)])
    #expect(refresh.isEmpty == (now == Self.key("1")))
  }

  /// Only the own key decides: a design whose renders' key is the earlier
  /// build's but whose own key is not (a template, the site's title) is rendered.
  @Test func theRendersKeyAloneKeepsNothing() {
    var changed = Self.key("new")
    changed.renders = Self.key("1").renders
    #expect(Self.plan(["a": changed], inPlace: ["a": Self.key("1")], published: ["a": Self.key("1")]) == ["a": .render])
  }
}
