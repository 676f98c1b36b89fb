@testable import BlankslateCLI
@testable import BlankslateCore
@testable import BlankslateModel
import BlankslateCoreTestSupport
@testable import BlankslateServe
@testable import BlankslateSite
@testable import BlankslateSnapshot
@testable import BlankslateSupport
import BlankslateTestSupport
@testable import BlankslateValidation
import Foundation
import Testing

/// The gallery's coverage page: designs against states, each cell the variant
/// that shows the state, missing where the layout could show it and none does.
@Suite("The coverage page")
struct CoveragePageTests {
  /// The coverage page and the index page `build` writes for `site`.
  static func pages(of site: TemporarySite) throws -> (coverage: String, index: String) {
    let output = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: output) }
    let run = CommandRunner.run(["build", "--site", site.root.path, "--output", output.path, "--quiet"])
    #expect(run.status == 0, "\(run.error)")
    return (
      try String(contentsOf: output.appending(path: "coverage.html"), encoding: .utf8),
      try String(contentsOf: output.appending(path: "index.html"), encoding: .utf8)
    )
  }

  @Test func itShowsEachDesignsStatesAndWhatIsMissing() throws {
    let site = try TemporarySite(
      siteJSON:
        #"{"devices": ["iphone-se"], "locales": ["en"], "coverage": {"states": ["noData", "hasError", "offline"]}}"#,
      placeholders: [
        "a.json":
          #"{"name": "Inbox", "layout": "content-unavailable", "variants": [{"id": "empty"}, {"id": "failed", "state": "hasError"}]}"#,
        "b.json": #"{"name": "Store", "layout": "no-network", "variants": [{"id": "offline"}]}"#,
      ])
    defer { site.remove() }
    let (page, index) = try Self.pages(of: site)
    #expect(page.contains("<th scope=\"col\"><code>noData</code></th><th scope=\"col\"><code>hasError</code></th>"))
    // Inbox has noData and hasError, lacks offline; Store (no-network) shows only offline.
    #expect(
      page.contains(#"<a class="coverage-variant" href="designs/a/empty.iphone-se.light.en.html">empty</a>"#),
      "\(page)")
    #expect(page.contains(#"<a class="coverage-variant" href="designs/a/failed.iphone-se.light.en.html">failed</a>"#))
    #expect(page.components(separatedBy: "<span class=\"missing\">missing</span>").count - 1 == 1)
    #expect(
      page.contains(#"<a class="coverage-variant" href="designs/b/offline.iphone-se.light.en.html">offline</a>"#))
    #expect(page.contains(": 1 missing."))
    // Every page links it.
    #expect(index.contains("href=\"coverage.html\""))
  }

  /// Every variant is in its state's column: a design's two no-results
  /// screens both, and a state the site does not ask for in a column of its
  /// own, marked as not asked, where nothing is missing.
  @Test func everyVariantHasItsCellAndStatesNotAskedHaveTheirOwnColumns() throws {
    let recipes = #"""
      {"name": "Recipes", "layout": "content-unavailable", "variants": [
        {"id": "empty", "title": "No recipes"}, {"id": "no-match", "state": "noResults", "query": "tofu"},
        {"id": "no-match-filtered", "name": "No match, filtered", "state": "noResults", "query": "vegan tofu"},
        {"id": "failed", "state": "hasError"}]}
      """#
    let site = try TemporarySite(
      siteJSON: #"{"devices": ["iphone-se"], "locales": ["en", "ja"], "coverage": {"states": ["noData", "hasError"]}}"#,
      placeholders: [
        "recipes.json": recipes,
        "orders.json":
          #"{"name": "Orders", "layout": "content-unavailable", "variants": [{"id": "failed", "state": "hasError"}]}"#,
      ])
    defer { site.remove() }
    let page = try Self.pages(of: site).coverage
    #expect(
      page.contains(
        #"<th scope="col"><code>noData</code></th><th scope="col"><code>hasError</code></th><th scope="col" class="not-asked"><code>noResults</code> <span class="not-asked-note">not asked</span></th>"#
      ), "\(page)")
    // Both no-results variants, in one cell.
    #expect(
      page.contains(
        #"href="designs/recipes/no-match.iphone-se.light.en.html">no-match</a><a class="coverage-variant" href="designs/recipes/no-match-filtered.iphone-se.light.en.html">No match, filtered</a>"#
      ), "\(page)")
    // Orders lacks noData (asked): missing; it lacks noResults too, which nobody asked for: not missing.
    #expect(page.components(separatedBy: "<span class=\"missing\">missing</span>").count - 1 == 1)
    #expect(page.contains(": 1 missing."))
    #expect(page.components(separatedBy: "class=\"coverage-variant\"").count - 1 == 5, "every variant once")
  }

  /// A site of many designs has its coverage on pages of a hundred designs
  /// (`coverage.html`, `coverage-2.html` …): each design's row on exactly
  /// one page, in site order, the site's count of missing cells on every
  /// page, and every page linking every other.
  @Test func aLargeSiteHasItsCoverageOnPagesOfAHundredDesigns() throws {
    var placeholders: [String: String] = [:]
    for index in 0..<230 {
      placeholders[String(format: "d%03d.json", index)] =
        #"{"name": "Screen \#(index)", "layout": "content-unavailable", "variants": [{"id": "empty"}]}"#
    }
    let site = try TemporarySite(
      siteJSON: #"{"devices": ["iphone-se"], "locales": ["en"], "coverage": {"states": ["noData", "hasError"]}}"#,
      placeholders: placeholders)
    defer { site.remove() }
    let output = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: output) }
    let run = CommandRunner.run(["build", "--site", site.root.path, "--output", output.path, "--quiet"])
    #expect(run.status == 0, "\(run.error)")
    let names = ["coverage.html", "coverage-2.html", "coverage-3.html"]
    #expect(!FileManager.default.fileExists(atPath: output.appending(path: "coverage-4.html").path))
    var rows: [Int] = []
    for (number, name) in names.enumerated() {
      let page = try String(contentsOf: output.appending(path: name), encoding: .utf8)
      // Each design lacks hasError: the site's 230, on every page.
      #expect(page.contains(": 230 missing."), "\(name)")
      let first = number * 100
      let last = min(first + 100, 230)
      #expect(page.contains("Designs \(first + 1)–\(last) of 230, page \(number + 1) of 3."), "\(name)")
      for other in names where other != name { #expect(page.contains(#"<a href="\#(other)">"#), "\(name) → \(other)") }
      #expect(page.contains(#"<span aria-current="page">\#(number + 1)</span>"#))
      for piece in page.components(separatedBy: #"<a href="designs/d"#).dropFirst() {
        if let index = Int(piece.prefix(3)), piece.dropFirst(3).hasPrefix("/index.html") { rows.append(index) }
      }
    }
    #expect(rows == Array(0..<230))
    let second = try String(contentsOf: output.appending(path: names[1]), encoding: .utf8)
    #expect(second.contains(#"<a href="coverage.html">Coverage</a>"#))
    #expect(second.contains("<title>Coverage · "), "\(second.prefix(600))")
  }
}
