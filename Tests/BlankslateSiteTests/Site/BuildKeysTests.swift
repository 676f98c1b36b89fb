import BlankslateCore
import BlankslateCoreTestSupport
@testable import BlankslateSite
import BlankslateSupport
import BlankslateTestSupport
import BlankslateValidation
import Foundation
import Testing

/// A design's cache key decides whether a build keeps its files. `serve`
/// keeps the last build's keys (a `Memo` of `BuildCache.KeyInputs`) and makes a key anew
/// only where what it is made from changed: each kept key must be the one a
/// build without the memo makes, whatever the edit.
@Suite("Design keys kept between builds")
struct BuildKeysTests {
  /// Twelve designs, two variants each (a few draw an image), in one site.
  static func definitions(
    name: (Int) -> String = { "Design \($0)" }, variant: (Int) -> String = { _ in "First" },
    message: (Int) -> String = { "Nothing here \($0)." }
  ) -> [String: String] {
    var placeholders: [String: String] = [:]
    for index in 0..<12 {
      let image = index % 4 == 0 ? #", "image": "assets/box.svg""# : ""
      placeholders[String(format: "design-%02d.json", index)] = #"""
        { "name": "\#(name(index))", "layout": "content-unavailable",
          "title": "Empty \#(index)", "message": "\#(message(index))"\#(image),
          "variants": [ { "id": "first", "name": "\#(variant(index))" }, { "id": "second", "state": "hasError" } ] }
        """#
    }
    return placeholders
  }

  static let box = Array(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"/>"#.utf8)

  static func catalog(_ base64: String) -> AssetCatalog {
    AssetCatalog(entries: ["assets/box.svg": AssetCatalog.Entry(mediaType: "image/svg+xml", base64: base64)])
  }

  /// The same site edited step by step (a message, a design's name and a
  /// variant's, which its neighbours' pages show, an image's bytes, the
  /// site's settings, the tool's identity, a design taken away): with one
  /// memo across the steps, every key is the one made without it, and the
  /// keys made anew are the edited designs' and their neighbours' where the
  /// edit is a name their pages show (a step also undoes the step before).
  @Test func keptKeysAreTheKeysABuildWithoutTheMemoMakes() throws {
    let memo = Memo<String, BuildCache.KeyInputs, BuildCache.Key>()
    let steps:
      [(name: String, site: String, placeholders: [String: String], image: String, identity: String, anew: Int)] = [
        ("first build", "{}", Self.definitions(), "AAAA", "tool 1", 12),
        ("nothing changed", "{}", Self.definitions(), "AAAA", "tool 1", 0),
        (
          "a message", "{}", Self.definitions(message: { $0 == 5 ? "Edited." : "Nothing here \($0)." }), "AAAA",
          "tool 1", 1
        ),
        (
          "a design's name (and the message back)", "{}",
          Self.definitions(name: { $0 == 5 ? "Renamed" : "Design \($0)" }), "AAAA", "tool 1", 3
        ),
        (
          "a first variant's name (and the name back)", "{}",
          Self.definitions(variant: { $0 == 7 ? "Renamed" : "First" }), "AAAA", "tool 1", 4
        ),
        ("an image's bytes (and the variant's name back)", "{}", Self.definitions(), "BBBB", "tool 1", 5),
        ("the site's settings", #"{ "title": "Other" }"#, Self.definitions(), "BBBB", "tool 1", 12),
        ("the tool", #"{ "title": "Other" }"#, Self.definitions(), "BBBB", "tool 2", 12),
        (
          "a design taken away", #"{ "title": "Other" }"#, Self.definitions().filter { $0.key != "design-06.json" },
          "BBBB", "tool 2", 2
        ),
      ]
    let site = try TemporarySite(placeholders: [:], assets: ["assets/box.svg": Self.box])
    defer { site.remove() }
    let folder = site.root.appending(path: "placeholders")
    for step in steps {
      // Each step saved over the last, as an editor saves.
      for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
      where step.placeholders[name] == nil {
        try FileManager.default.removeItem(at: folder.appending(path: name))
      }
      for (name, json) in step.placeholders { try Data(json.utf8).write(to: folder.appending(path: name)) }
      try Data(step.site.utf8).write(to: site.root.appending(path: "site.json"))
      let definition = try site.load()
      let assets = Self.catalog(step.image)
      let madeBefore = memo.madeCount
      let kept = BuildCache.keys(of: definition, identity: step.identity, assets: assets, memo: memo)
      let made = BuildCache.keys(of: definition, identity: step.identity, assets: assets)
      #expect(kept == made, "\(step.name)")
      #expect(memo.madeCount - madeBefore == step.anew, "\(step.name)")
    }
  }
}

/// The index pages' filters count each value once for each design that has
/// it, however many times its list names it, short list or long.
@Suite("The index filters' counts")
struct DesignCountsTests {
  @Test func eachValueIsCountedOncePerListThatHoldsIt() {
    var generator = SeededRandom(seed: 28)
    for _ in 0..<200 {
      let lists = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
        (0..<Int.random(in: 0...40, using: &generator)).map { _ in "t\(Int.random(in: 0...20, using: &generator))" }
      }
      var expected: [String: Int] = [:]
      for list in lists {
        for value in Set(list) { expected[value, default: 0] += 1 }
      }
      #expect(GalleryPages.designCounts(lists) == expected, "\(lists)")
    }
    #expect(GalleryPages.designCounts([["a", "b", "a"], ["b"], []]) == ["a": 1, "b": 2])
  }
}
