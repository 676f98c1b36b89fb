import BlankslateCore
import BlankslateCoreTestSupport
import BlankslateSite
import BlankslateSnapshot
import BlankslateSupport
import BlankslateTestSupport
import BlankslateValidation
import Foundation
import Synchronization
import Testing

@Suite("Snapshot comparison")
struct SnapshotTests {
  @Test func theBundledSiteMatchesItsGoldens() throws {
    let summary = try SnapshotChecker(
      options: SnapshotOptions(siteFolder: Repository.site, siteDisplay: "Site", workers: 2)
    )
    .run().summary
    #expect(summary.results.map(\.headline) == [])
    #expect(summary.checked == 768)
    #expect(summary.unchanged == 768)
  }

  @Test(arguments: [
    (
      "placeholders/no-network.json", #""button": { "title""#, ##""button": { "background": "#00B8A0", "title""##,
      "no-network/default.iphone-se.light.zh-Hans", "button background #00C2A8 → #00B8A0"
    ),
    (
      "placeholders/no-network.json", #""button": { "title""#, #""button": { "size": [120, 30], "title""#,
      "no-network/toast.iphone-15.dark.en", "button width 115 → 120"
    ),
    (
      "placeholders/zero-code.json", #""zh-Hans": "自定义的无数据提示""#, #""zh-Hans": "没有内容""#,
      "zero-code/custom-message.iphone-se.light.zh-Hans", "message text \"自定义的无数据提示\" → \"没有内容\""
    ),
    (
      "placeholders/blank-page.json", #""tags": ["seed-000", "runtime", "reload"],"#,
      #""tags": ["seed-000", "runtime", "reload"], "imageSize": [160, 96],"#,
      "blank-page/no-data.iphone-15.light.en", "image width 192 → 160"
    ),
    (
      "placeholders/zero-code.json", #""headerHeight": 180"#, #""headerHeight": 120"#,
      "zero-code/under-header.iphone-15.light.en", "table-header height 180 → 120"
    ),
    (
      "placeholders/table.json", #""scrollEnabled": false"#, #""scrollEnabled": true"#,
      "table/scroll-disabled.iphone-se.dark.en", "list scrolling disabled → enabled"
    ),
  ])
  func explainsEachChangeInTheDesignsTerms(
    file: String, old: String, new: String, render: String, explanation: String
  ) throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    try copy.edit(file, replacing: old, with: new)
    // The edited design's renders only: the explanation is the subject, not the whole site.
    let summary = try copy.check("^" + render.prefix { $0 != "/" } + "/")
    let result = try #require(summary.results.first { $0.id.description == render }, "\(summary.results.map(\.id))")
    #expect(result.status == .changed)
    #expect(result.changes.contains(explanation), "\(result.changes)")
    #expect(result.headline.hasPrefix(result.displayName + ": "))
    #expect(result.diff.hasPrefix("--- golden/"))
    #expect(result.definitionFile == file)
    #expect(!result.currentFrames.isEmpty)
  }

  @Test func serialisationNoiseDoesNotFailACheck() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    let path = "no-network/default.iphone-se.light.en.svg"
    let original = try copy.golden(path)
    // Attributes reordered, an empty element written long, no XML declaration.
    let noisy = original.replacingOccurrences(of: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", with: "")
      .replacingOccurrences(
        of: "<rect id=\"bs-background\" width=\"375\" height=\"667\" fill=\"#FFFFFF\"/>",
        with: "<rect fill='#FFFFFF' height=\"667\" id=\"bs-background\" width=\"375\"></rect>")
    #expect(noisy != original)
    try Data(noisy.utf8).write(to: copy.site.appending(path: "__snapshots__/" + path))
    #expect(try copy.check().results.isEmpty)
  }

  /// `check --gallery`: a render whose design has the inputs it was built
  /// from is read from the gallery, not drawn; anything else is drawn, and a
  /// gallery file that differs from its golden never decides a difference.
  @Test func aBuiltGalleryStandsInOnlyForDesignsWhoseInputsAreUnchanged() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    let gallery = copy.folder.appending(path: "_site")
    _ = try SiteBuilder(options: BuildOptions(siteFolder: copy.site, output: gallery, workers: 2)).build()
    func check() throws -> SnapshotRun {
      var options = SnapshotOptions(siteFolder: copy.site, siteDisplay: "Site", workers: 2)
      options.gallery = gallery
      return try SnapshotChecker(options: options).run()
    }
    let built = try check()
    #expect(built.summary.results.isEmpty)
    #expect(built.summary.checked == 768)
    #expect(built.drawn == 0)

    // A gallery file edited by hand is drawn anew and compared as drawn: it still passes.
    let edited = gallery.appending(path: "designs/table/empty.iphone-se.light.en.svg")
    let background = ##"<rect id="bs-background" width="375" height="667" fill="#FFFFFF"/>"##
    let svg = try String(contentsOf: edited, encoding: .utf8)
    #expect(svg.contains(background))
    try Data(svg.replacingOccurrences(of: background, with: background.replacing("FFFFFF", with: "FF0000")).utf8)
      .write(to: edited)
    // A gallery file that is a link (here, to its golden) is not followed.
    let linked = gallery.appending(path: "designs/table/empty.iphone-se.dark.en.svg")
    try FileManager.default.removeItem(at: linked)
    try FileManager.default.createSymbolicLink(
      at: linked, withDestinationURL: copy.site.appending(path: "__snapshots__/table/empty.iphone-se.dark.en.svg"))
    let tampered = try check()
    #expect(tampered.summary.results.isEmpty)
    #expect(tampered.drawn == 2)

    // A design edited since the build is drawn; the others are still read.
    try copy.edit(
      "placeholders/no-network.json", replacing: #""button": { "title""#,
      with: #""button": { "size": [120, 30], "title""#)
    let changed = try check()
    let noNetwork = changed.summary.checked - changed.summary.passed.filter { $0.design != "no-network" }.count
    #expect(noNetwork == 96)
    #expect(changed.drawn == 96 + 2)
    #expect(!changed.summary.results.isEmpty)
    #expect(changed.summary.results.allSatisfy { $0.id.design == "no-network" && $0.status == .changed })

    // site.json is every design's input: after an edit there, nothing is read.
    let settings = copy.site.appending(path: "site.json")
    let text = try String(contentsOf: settings, encoding: .utf8)
    try Data(text.replacingOccurrences(of: #""title": "Blankslate gallery""#, with: #""title": "Gallery""#).utf8)
      .write(to: settings)
    #expect(try check().drawn == 768)
  }

  @Test func newVariantsAndDeletedDesignsAreReported() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    try copy.edit(
      "placeholders/table.json", replacing: #"{ "id": "empty", "name": "Empty: placeholder view", "sections": [0] },"#,
      with: #"{ "id": "empty", "name": "Empty: placeholder view", "sections": [0] }, { "id": "two", "sections": [2] },"#
    )
    try FileManager.default.removeItem(at: copy.site.appending(path: "placeholders/no-network.json"))
    let summary = try copy.check()
    #expect(summary.count(.new) == 32)
    #expect(summary.results.filter { $0.status == .new }.allSatisfy { $0.id.variantPath == "table/two" })
    #expect(summary.count(.orphaned) == 96)
    #expect(summary.results.filter { $0.status == .orphaned }.allSatisfy { $0.id.design == "no-network" })
    #expect(summary.count(.changed) == 0)
  }

  @Test func aCorruptGoldenIsAChangeThatSaysWhy() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    try Data("not <xml".utf8).write(to: copy.site.appending(path: "__snapshots__/table/empty.iphone-se.light.en.svg"))
    let result = try #require(try copy.check().results.first)
    #expect(result.status == .changed)
    #expect(
      result.changes.first?.hasPrefix(
        "the golden is not well-formed XML: Site/__snapshots__/table/empty.iphone-se.light.en.svg:1:") == true,
      "\(result.changes)")
    #expect(result.diff.contains("-not <xml"))
  }

  @Test func shardsSplitTheRendersAndMergeBack() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    try copy.edit(
      "placeholders/no-network.json", replacing: #""title": { "zh-Hans": "您似乎迷路了""#,
      with: #""title": { "zh-Hans": "迷路了""#)
    let full = try copy.check()
    let shards = try (1...3).map { try copy.check(shard: Shard(index: $0, count: 3)) }
    let ids = shards.flatMap { $0.passed + $0.results.map(\.id) }
    #expect(ids.count == full.checked)
    #expect(Set(ids).count == ids.count)
    #expect(shards.allSatisfy { $0.checked > 0 })
    // Through JSON, as CI jobs would hand them over.
    let decoded = try shards.map { try SummaryJSON.decode(Array(SummaryJSON.encode($0).utf8), file: "shard.json") }
    let merged = SummaryJSON.merge(decoded)
    #expect(merged.passed == full.passed)
    #expect(merged.results.map(\.id) == full.results.map(\.id))
    #expect(merged.results.map(\.changes) == full.results.map(\.changes))
    #expect(merged.countLine == full.countLine)
  }

  @Test func aFilterNarrowsTheRun() throws {
    let summary = try SnapshotChecker(
      options: SnapshotOptions(
        siteFolder: Repository.site, siteDisplay: "Site", filter: "^no-network/.*\\.dark\\.", workers: 2)
    ).run().summary
    #expect(summary.checked == 48)
    #expect(throws: SnapshotError.self) {
      try SnapshotChecker(options: SnapshotOptions(siteFolder: Repository.site, filter: "(unclosed")).run()
    }
  }

  /// `serve` stops a report's check when a newer build waits: the run asks
  /// before each design, compares nothing once told to stop, and says so.
  @Test func aRunToldToStopComparesNoMoreAndSaysSo() throws {
    let asked = Atomic<Int>(0)
    var options = SnapshotOptions(siteFolder: Repository.site, siteDisplay: "Site", workers: 1)
    // Asked before loading the site and after; told to stop once the second design is about to be compared.
    options.isCancelled = { asked.wrappingAdd(1, ordering: .relaxed).newValue >= 4 }
    #expect {
      try SnapshotChecker(options: options).run()
    } throws: { error in
      if case SnapshotError.cancelled = error { true } else { false }
    }
    let designs = try Repository.bundledSite().designs.count
    // Twice before, each design once (its renders skipped from the second on), and once more at the end.
    #expect(asked.load(ordering: .relaxed) == 2 + designs + 1)
    options.isCancelled = { false }
    #expect(try SnapshotChecker(options: options).run().summary.checked == 768)
  }

  @Test func junitAndJSONSayTheSame() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    try copy.edit("placeholders/blank-page.json", replacing: #""sections": [14]"#, with: #""sections": [15]"#)
    try FileManager.default.removeItem(
      at: copy.site.appending(path: "__snapshots__/table/empty.iphone-se.light.en.svg"))
    let summary = try copy.check()
    let junit = try JUnitReport.render(summary)
    let json = SummaryJSON.encode(summary)
    let jsonObject = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let counts = try #require(jsonObject["counts"] as? [String: Int])
    #expect(counts["checked"] == 768)
    #expect(counts["new"] == 1)
    #expect(counts["changed"] == summary.count(.changed))
    // JUnit, read by libxml2: one test case per render, failures for exactly the JSON's results.
    var testcases = 0
    var failures: [String] = []
    try Array(junit.utf8).withUnsafeBytes { buffer in
      try StrictXMLParser().withDocument(buffer, file: "junit.xml") { document in
        document.root?.forEachElement { element in
          guard element.name == "testcase" else { return }
          testcases += 1
          if element.children.contains(where: { $0.name == "failure" }) {
            let classname = element.attribute("classname") ?? ""
            failures.append(String(classname.dropFirst("blankslate.".count)) + "/" + (element.attribute("name") ?? ""))
          }
        }
      }
    }
    #expect(testcases == 768)
    let results = try #require(jsonObject["results"] as? [[String: Any]])
    #expect(failures.sorted() == results.compactMap { $0["id"] as? String }.sorted())
  }

  @Test func githubAnnotationsPointAtTheDefinition() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    try copy.edit(
      "placeholders/no-network.json", replacing: #""name": "Retried while offline""#,
      with: #""name": "Retried, offline""#)
    let lines = GitHubAnnotations.lines(for: try copy.check())
    // One annotation per card: the one edit, on all 32 renders of the variant, with the command that takes it.
    #expect(lines.count == 1)
    #expect(
      lines[0].hasPrefix(
        "::error file=Site/placeholders/no-network.json,line=20,title=Snapshot changed%3A no-network/toast%2C 32 renders::"
          + #"name "Retried while offline" → "Retried, offline"; screen title"#),
      "\(lines[0])")
    #expect(lines[0].hasSuffix(#"accept: blankslate record --mode failed --filter '^no-network/toast\.'"#))
  }
}

@Suite("The report's line diff")
struct ReportDiffTests {
  @Test func embeddedDataIsLeftOutAndTheChangedPartMarked() {
    let data = "data:image/png;base64," + String(repeating: "QUJD", count: 100)
    #expect(
      SnapshotReport.elidingData("<image href=\"\(data)\"/>")
        == "<image href=\"data:image/png,… (417 characters left out)\"/>")
    #expect(SnapshotReport.elidingData("<image href=\"data:x,1\"/>") == "<image href=\"data:x,1\"/>")
    let lines = SnapshotReport.diffLines("-<rect width=\"115\"/>\n+<rect width=\"120\"/>\n")
    guard case .object(let old) = lines[0], case .object(let parts)? = old["parts"] else {
      Issue.record("no marked parts")
      return
    }
    #expect(parts["head"] == .string("-<rect width=\"1"))
    #expect(parts["mark"] == .string("15"))
    #expect(parts["tail"] == .string("\"/>"))
  }
}
