import BlankslateKit
import BlankslateTestSupport
import Foundation
import Testing

/// The gallery's coverage page: designs against states, each cell the variant
/// that shows the state, missing where the layout could show it and none does.
@Suite("The coverage page")
struct CoveragePageTests {
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
    let output = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: output) }
    let run = CommandRunner.run(["build", "--site", site.root.path, "--output", output.path, "--quiet"])
    #expect(run.status == 0, "\(run.error)")
    let page = try String(contentsOf: output.appending(path: "coverage.html"), encoding: .utf8)
    #expect(page.contains("<th scope=\"col\"><code>noData</code></th><th scope=\"col\"><code>hasError</code></th>"))
    // Inbox has noData and hasError, lacks offline; Store (no-network) shows only offline.
    #expect(page.contains(#"<a href="designs/a/empty.iphone-se.light.en.html">empty</a>"#), "\(page)")
    #expect(page.contains(#"<a href="designs/a/failed.iphone-se.light.en.html">failed</a>"#))
    #expect(page.components(separatedBy: "<span class=\"missing\">missing</span>").count - 1 == 1)
    #expect(page.contains(#"<a href="designs/b/offline.iphone-se.light.en.html">offline</a>"#))
    #expect(page.contains(": 1 missing."))
    // Every page links it.
    let index = try String(contentsOf: output.appending(path: "index.html"), encoding: .utf8)
    #expect(index.contains("href=\"coverage.html\""))
  }
}
