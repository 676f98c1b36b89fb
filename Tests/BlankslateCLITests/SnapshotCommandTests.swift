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

/// `check`, `record`, `prune` and `report` run as a CI job would run them.
@Suite("Snapshot commands", .serialized)
struct SnapshotCommandTests {
  typealias Run = CommandRunner.Run

  func run(_ arguments: [String], in copy: SiteCopy, environment: [String: String] = [:]) throws -> Run {
    var clean = ["NO_COLOR": "1", "CI": "", "GITHUB_ACTIONS": "", "SNAPSHOT_TESTING_RECORD": ""]
    clean.merge(environment) { _, new in new }
    return CommandRunner.run(arguments, in: copy.folder, environment: clean)
  }

  /// `git` in `folder`, as a test's repository: its output, failing the test when git fails.
  private func git(_ arguments: [String], in folder: URL) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      ["git", "-C", folder.path, "-c", "user.email=review@example.com", "-c", "user.name=Review"]
      + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "git \(arguments)")
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// A pull request that re-recorded its goldens still shows its visual
  /// change: `check --against` the merge base compares the renders with the
  /// goldens as that commit has them, read with git, nothing checked out.
  @Test func againstARevisionAPullRequestsRecordedEditIsShown() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    _ = try git(["init", "-q"], in: copy.folder)
    _ = try git(["add", "Site"], in: copy.folder)
    _ = try git(["commit", "-q", "-m", "main"], in: copy.folder)
    let base = try git(["rev-parse", "HEAD"], in: copy.folder)
    try copy.edit(
      "placeholders/favourites-empty.json", replacing: #""imageTint": "systemPink""#,
      with: #""imageTint": "systemBlue""#)
    #expect(try run(["record", "--mode", "failed"], in: copy).status == 0)
    _ = try git(["commit", "-q", "-a", "-m", "blue heart"], in: copy.folder)
    let goldens = try copy.goldens()
    // The branch's own goldens match: a plain check shows nothing.
    #expect(try run(["check"], in: copy).status == 0)
    let against = try run(["check", "--against", base, "--markdown", "pr.md"], in: copy)
    #expect(against.status == 1, "\(against.output)\(against.error)")
    #expect(against.output.contains("CHANGED imageTint systemPink → systemBlue"), "\(against.output)")
    #expect(!against.output.contains("CHANGED name"))
    let markdown = try String(contentsOf: copy.folder.appending(path: "pr.md"), encoding: .utf8)
    #expect(markdown.contains("imageTint systemPink → systemBlue"))
    // Nothing in the working tree moved, and git's index is as it was.
    #expect(try copy.goldens() == goldens)
    #expect(try git(["status", "--porcelain", "--", "Site"], in: copy.folder).isEmpty)
    // Against the branch itself, nothing differs.
    #expect(try run(["check", "--against", "HEAD"], in: copy).status == 0)
  }

  @Test(arguments: [
    (["check", "--against", "--upload-pack=touch /tmp/x"], "not a revision"),
    (["check", "--against", "no-such-branch"], "names no commit"),
  ])
  func aRevisionThatIsNotOneIsRefused(arguments: [String], expected: String) throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    _ = try git(["init", "-q"], in: copy.folder)
    _ = try git(["add", "Site"], in: copy.folder)
    _ = try git(["commit", "-q", "-m", "main"], in: copy.folder)
    let result = try run(arguments, in: copy)
    #expect(result.status == 2 && result.error.contains(expected), "\(result.error)")
    let recording = try run(["check", "--against", "HEAD"], in: copy, environment: ["SNAPSHOT_TESTING_RECORD": "all"])
    #expect(recording.status == 2 && recording.error.contains("never records"), "\(recording.error)")
  }

  /// A link among the goldens of the commit is refused, as one on disk is.
  @Test func aLinkInTheRevisionsGoldensIsRefused() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    let golden = copy.site.appending(path: "__snapshots__/table/empty.iphone-se.light.en.svg")
    try FileManager.default.removeItem(at: golden)
    try FileManager.default.createSymbolicLink(atPath: golden.path, withDestinationPath: "/etc/passwd")
    _ = try git(["init", "-q"], in: copy.folder)
    _ = try git(["add", "Site"], in: copy.folder)
    _ = try git(["commit", "-q", "-m", "main"], in: copy.folder)
    let result = try run(["check", "--against", "HEAD"], in: copy)
    #expect(result.status == 2, "\(result.output)")
    #expect(result.error.contains("table/empty.iphone-se.light.en.svg") && result.error.contains("not a regular file"))
  }

  /// `--version` says what the goldens here were recorded with, and where this machine differs.
  @Test func versionSaysWhatTheGoldensWereRecordedWith() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    let same = try run(["--version"], in: copy)
    #expect(same.output.contains("goldens in Site/__snapshots__ recorded with blankslate "), "\(same.output)")
    #expect(same.output.contains("HarfBuzz ") && same.output.contains("libunibreak API "))
    #expect(!same.output.contains("this machine has"))
    try copy.edit(
      "__snapshots__/table/empty.definition.json", replacing: #""FriBidi": ""#, with: #""FriBidi": "0.19.7-was-"#)
    let other = try run(["--version"], in: copy)
    #expect(other.output.contains("  recorded with FriBidi 0.19.7-was-"), "\(other.output)")
    #expect(other.output.contains("(1 records)") && other.output.contains("this machine has"))
  }

  @Test func anUnchangedSiteExitsZeroAndWritesAPassingReport() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    let result = try run(["check", "--junit", "junit.xml", "--json", "summary.json"], in: copy)
    #expect(result.status == 0, "\(result.output)\(result.error)")
    #expect(result.output.contains("Checked 768 renders: 0 changed, 0 new, 0 orphaned, 768 unchanged."))
    let report = try String(contentsOf: copy.folder.appending(path: "_report/index.html"), encoding: .utf8)
    #expect(report.contains("Every render matches its golden."))
    // The report started a gallery folder that `build` may replace later.
    let build = try run(["build"], in: copy)
    #expect(build.status == 0, "\(build.error)")
  }

  /// A suppression taken back leaves every render as recorded, but its findings are new since the
  /// goldens: check says so, and fails on them only with `--fail-on-new-findings`.
  @Test func newLintErrorsFailTheCheckOnlyWhenAsked() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    try copy.edit(
      "placeholders/zero-code.json",
      replacing:
        #""contrast": "Seed 002 draws its message in lightGray (#AAAAAA, 2.3:1 on white) or, customised, in orange (#FF8000, 2.5:1), as documented. The accessible variant shows the fix.","#,
      with: "")
    let plain = try run(["check"], in: copy)
    #expect(plain.status == 0, "\(plain.output)\(plain.error)")
    #expect(plain.output.contains("Lint since the goldens: "), "\(plain.output)")
    #expect(plain.output.contains("new      error   contrast  zero-code/default: message text #AAAAAA on #FFFFFF"))
    #expect(plain.output.contains("0 changed, 0 new, 0 orphaned, 768 unchanged"))
    let strict = try run(["check", "--fail-on-new-findings", "--markdown", "summary.md"], in: copy)
    #expect(strict.status == 1, "\(strict.output)")
    let markdown = try String(contentsOf: copy.folder.appending(path: "summary.md"), encoding: .utf8)
    #expect(markdown.contains("### Lint since the goldens"), "\(markdown)")
  }

  /// `check --markdown`: each change once, with where it applies and a command that accepts exactly it.
  @Test func theMarkdownSummaryGroupsChangesAndEachAcceptCommandAcceptsItsGroup() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    try copy.edit(
      "placeholders/no-network.json", replacing: #""button": { "title""#,
      with: ##""button": { "background": "#00B8A0", "size": [120, 30], "title""##)
    let check = try run(["check", "--markdown", "summary.md"], in: copy)
    #expect(check.status == 1)
    let markdown = try String(contentsOf: copy.folder.appending(path: "summary.md"), encoding: .utf8)
    #expect(markdown.hasPrefix("## Blankslate: 64 changed, 0 new, 0 orphaned, 704 unchanged\n"))
    // 64 changed renders of two variants, one card per edit, each naming its key as written.
    let items = markdown.split(separator: "\n").filter { $0.hasPrefix("- **") }
    #expect(items.count == 2, "\(markdown)")
    #expect(
      items.first?.hasPrefix(
        "- **button.background default → #00B8A0** · `no-network/default, no-network/toast` on 64 renders") == true)
    #expect(markdown.contains("button background #00C2A8 → #00B8A0"))
    #expect(!markdown.contains("<svg"))
    let commands = markdown.split(separator: "\n").compactMap { line -> String? in
      guard let start = line.range(of: "Accept: `"), line.hasSuffix("`") else { return nil }
      return String(line[start.upperBound..<line.index(before: line.endIndex)])
    }
    #expect(commands.count == items.count)
    // The first group's command, run as written, accepts that group and nothing else.
    let first = try #require(commands.first)
    let groupSize = try #require(Int(items[0].split(separator: " on ")[1].split(separator: " ")[0]))
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/sh")
    shell.arguments = ["-c", CommandRunner.binary.path + first.dropFirst("blankslate".count)]
    shell.currentDirectoryURL = copy.folder
    shell.environment = ["NO_COLOR": "1", "PATH": "/usr/bin:/bin"]
    shell.standardOutput = FileHandle.nullDevice
    shell.standardError = FileHandle.nullDevice
    try shell.runWatched()
    shell.waitUntilExit()
    #expect(shell.terminationStatus == 0, "\(first)")
    let again = try run(["check"], in: copy)
    #expect(
      again.output.contains("\(64 - groupSize) changed, 0 new, 0 orphaned, \(704 + groupSize) unchanged"), "\(first)")
  }

  /// A change on every combination of some locales and sizes (not a prefix of
  /// ids) gets one filter per axis; the report shows its pixels as a heat map.
  @Test func aChangeOnSomeLocalesHasAnExactFilterAndAHeatMap() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    try copy.edit(
      "placeholders/favourites-empty.json", replacing: #""imageTint": "systemPink""#,
      with: #""imageTint": "systemRed""#)
    try copy.edit(
      "placeholders/favourites-empty.json", replacing: #""en": "No Favourites Yet""#,
      with: #""en": "No Favourites Saved""#)
    let check = try run(["check", "--markdown", "summary.md", "--png", "--scale", "1"], in: copy)
    #expect(check.status == 1)
    let markdown = try String(contentsOf: copy.folder.appending(path: "summary.md"), encoding: .utf8)
    // Two edits, two cards: the tint on the 20 renders that show the symbol (UIKit hides it at AX5 in
    // English, German and Arabic), the English title on the 8 in English.
    #expect(
      markdown.contains("- **imageTint systemPink → systemRed (light #FF2D55 → #FF3B30, dark #FF375F → #FF453A)**"))
    #expect(markdown.contains(#"- **title.en "No Favourites Yet" → "No Favourites Saved"**"#))
    let product =
      #"^favourites-empty/default\.(iphone-se|iphone-15)\.(light|dark)\.en(\.accessibilityExtraExtraExtraLarge)?$"#
    #expect(markdown.contains("--filter '\(product)'"), "\(markdown)")
    #expect(!markdown.contains("|favourites-empty/default"), "a filter lists renders one by one")
    // The report: a heat map per card, with its count of changed pixels, and PNGs of what it shows.
    let report = try String(contentsOf: copy.folder.appending(path: "_report/index.html"), encoding: .utf8)
    let cards = report.components(separatedBy: "<article class=\"result\"").count - 1
    #expect(cards == 2)
    #expect(report.components(separatedBy: "<figure class=\"heat\">").count - 1 == cards)
    // The tint moves a heart's few hundred pixels: some, not most, of 334,836.
    let counts = report.components(separatedBy: "<figcaption>Heat map: ").dropFirst().compactMap {
      Int($0.prefix { $0 != " " }.filter(\.isNumber))
    }
    #expect(counts.count == cards && counts.allSatisfy { $0 > 100 && $0 < 20_000 }, "\(counts)")
    let renders = try FileManager.default.contentsOfDirectory(
      atPath: copy.folder.appending(path: "_report/renders").path)
    #expect(renders.filter { $0.hasSuffix(".heat.png") }.count == cards)
    #expect(renders.filter { $0.hasSuffix(".golden.png") }.count == cards)
    let heat = try #require(renders.first { $0.hasSuffix(".heat.png") })
    let png = [UInt8](try Data(contentsOf: copy.folder.appending(path: "_report/renders/\(heat)")))
    #expect(PNGHeader.dimensions(png).map { $0.width == 393 || $0.width == 375 } == true)
    // The product filter, run, accepts its 8 renders and nothing else; the tint's other 16 stay one card.
    let accept = try run(["record", "--mode", "failed", "--filter", product], in: copy)
    #expect(accept.output.contains("Recorded 8 goldens"), "\(accept.output)")
    let again = try run(["check"], in: copy)
    #expect(again.output.contains("16 changed, 0 new, 0 orphaned, 752 unchanged"), "\(again.output.suffix(300))")
    #expect(again.output.split(separator: "\n").filter { $0.hasPrefix("CHANGED ") }.count == 1, "\(again.output)")
  }

  @Test func aChangeExitsOneWithAnExplanationADiffAndAReport() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    try copy.edit(
      "placeholders/no-network.json", replacing: #""button": { "title""#,
      with: ##""button": { "background": "#00B8A0", "size": [120, 30], "title""##)
    let before = try copy.goldens()
    _ = try run(["build"], in: copy)
    let result = try run(
      ["check", "--junit", "junit.xml", "--json", "summary.json", "--diff"], in: copy,
      environment: ["CI": "true", "GITHUB_ACTIONS": "true"])
    #expect(result.status == 1)
    // Each change once for the renders it applies to, where, and the command that accepts it.
    // One card per edit, in the definition's words, on both variants of the design, its effects summed up.
    let cards = result.output.split(separator: "\n").filter { $0.hasPrefix("CHANGED ") }
    #expect(
      cards == ["CHANGED button.background default → #00B8A0", "CHANGED button.size default → [120, 30]"],
      "\(result.output.prefix(3000))")
    #expect(
      result.output.contains(
        "  effects: button width 115 → 120; button moved x -2.5; button background #00C2A8 → #00B8A0"),
      "\(result.output.prefix(3000))")
    #expect(result.output.contains("  accept: blankslate record --mode failed --filter '^no-network/'"))
    // `--diff`: the line diff of the change's first render, glyph outlines shortened to a hash.
    #expect(result.output.contains("--- golden/no-network/default.iphone-se."))
    #expect(result.output.contains(" bytes, sha256 "))
    #expect(result.output.contains("::error file=Site/placeholders/no-network.json,line=19,title=Snapshot changed%3A"))
    #expect(result.output.contains("64 changed, 0 new, 0 orphaned, 704 unchanged"))
    #expect(try copy.goldens() == before, "CI wrote goldens")
    let report = try String(contentsOf: copy.folder.appending(path: "_report/index.html"), encoding: .utf8)
    #expect(report.contains("Changed (64)"))
    #expect(report.contains("class=\"highlight\""))
    #expect(
      report.contains("href=\"../_site/designs/no-network/default.iphone-se.light.zh-Hans.html\""),
      "\(report.prefix(2000))")
    // One card per edit, shown on the site's first device, theme and language, with its accept command.
    #expect(report.components(separatedBy: "<article class=\"result\"").count - 1 == 2)
    #expect(
      report.contains("To accept all 64 at once: <code>blankslate record --mode failed --filter '^no-network/'</code>"))
    #expect(report.contains("Blankslate gallery (<code>Site</code>)"))
    // The line diff marks what changed within a line, and leaves embedded data out.
    #expect(report.contains("<mark>"))
    #expect(try FolderValidator().validate([copy.folder.appending(path: "_site").path]).issues == [])
    let summary = try SummaryJSON.decode(
      Array(try Data(contentsOf: copy.folder.appending(path: "summary.json"))), file: "summary.json")
    #expect(summary.count(.changed) == 64)
    let junit = try String(contentsOf: copy.folder.appending(path: "junit.xml"), encoding: .utf8)
    #expect(junit.components(separatedBy: "<failure ").count - 1 == 64)
  }

  /// After a change, `check` ends with the command that accepts it, and `record`
  /// without a mode says what it left and how to take it, rather than only "0 goldens".
  @Test func checkAndRecordSayHowToAcceptWhatTheyLeft() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    try copy.edit(
      "placeholders/favourites-empty.json", replacing: #""No Favourites Yet""#, with: #""Nothing Saved Yet""#)
    try FileManager.default.removeItem(
      at: copy.folder.appending(path: "Site/__snapshots__/offline/default.iphone-se.light.en.svg"))
    let before = try copy.goldens()
    let check = try run(["check"], in: copy, environment: ["CI": ""])
    #expect(check.status == 1)
    #expect(
      check.output.contains("8 changed renders: accept them with `blankslate record --mode failed`"),
      "\(check.output.suffix(600))")
    #expect(check.output.contains("1 new render: record their goldens with `blankslate record`"))
    // One word changed on 8 renders: a few lines, not the renders' outlines (it printed 117 KB).
    #expect(check.output.utf8.count < 4_000, "\(check.output.utf8.count) bytes")
    #expect(!check.output.contains("--- golden/"), "a line diff without --diff")
    let record = try run(["record"], in: copy, environment: ["CI": ""])
    #expect(record.status == 0)
    #expect(record.output.contains("Recorded 1 golden (mode missing)"), "\(record.output.suffix(600))")
    #expect(
      record.output.contains("not recorded: 8 changed renders: accept them with `blankslate record --mode failed`"))
    #expect(!record.output.contains("not recorded: 1 new render"))
    #expect(try copy.goldens().count == before.count + 1)
  }

  @Test func recordWritesWhatItsModeSaysAndReportsIt() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    try copy.edit(
      "placeholders/zero-code.json", replacing: #""messageColor": "orange""#, with: #""messageColor": "purple""#)
    try FileManager.default.removeItem(
      at: copy.site.appending(path: "__snapshots__/table/empty.iphone-se.light.en.svg"))
    let missing = try run(["record", "--verbose"], in: copy)
    #expect(missing.status == 0)
    #expect(missing.output.contains("recorded Site/__snapshots__/table/empty.iphone-se.light.en.svg (new)"))
    #expect(missing.output.contains("Recorded 1 golden (mode missing)"))
    let failed = try run(["record"], in: copy, environment: ["SNAPSHOT_TESTING_RECORD": "failed"])
    #expect(failed.output.contains("Recorded 32 goldens (mode failed)"), "\(failed.output)")
    // A line per design, not per golden: the output stays a screen whatever the site's size.
    #expect(failed.output.contains("recorded zero-code: 32 goldens (32 changed)"), "\(failed.output)")
    #expect(!failed.output.contains("recorded Site/__snapshots__/"))
    #expect(failed.output.split(separator: "\n").count < 8, "\(failed.output)")
    #expect(try run(["check"], in: copy).status == 0)
  }

  @Test func checkRecordsWhenAskedAndStillFails() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    try FileManager.default.removeItem(
      at: copy.site.appending(path: "__snapshots__/table/empty.iphone-se.light.en.svg"))
    let recording = try run(["check"], in: copy, environment: ["SNAPSHOT_TESTING_RECORD": "missing"])
    #expect(recording.status == 1)
    #expect(recording.output.contains("recorded table: 1 golden (1 new)"), "\(recording.output)")
    #expect(try run(["check"], in: copy).status == 0)
  }

  @Test func ciNeverWritesGoldens() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    try FileManager.default.removeItem(
      at: copy.site.appending(path: "__snapshots__/table/empty.iphone-se.light.en.svg"))
    let before = try copy.goldens()
    let record = try run(["record", "--mode", "all"], in: copy, environment: ["CI": "true"])
    #expect(record.status == 2)
    #expect(record.error.contains("CI never writes goldens"))
    let check = try run(["check"], in: copy, environment: ["CI": "1", "SNAPSHOT_TESTING_RECORD": "all"])
    #expect(check.status == 1)
    #expect(check.error.contains("is ignored: CI never writes goldens"))
    #expect(try copy.goldens() == before)
  }

  @Test func pruneRemovesOrphansAndSaysWhich() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    try FileManager.default.removeItem(at: copy.site.appending(path: "placeholders/table.json"))
    let dry = try run(["prune", "--dry-run", "--verbose"], in: copy)
    #expect(dry.output.contains("would remove Site/__snapshots__/table/empty.iphone-15.dark.en.svg"))
    #expect(dry.output.contains("would remove Site/__snapshots__/table/empty.definition.json"))
    let summary = try run(["prune", "--dry-run"], in: copy)
    #expect(
      summary.output.contains("would remove from table: 99 goldens (3 definitions, 96 orphaned)"), "\(summary.output)")
    #expect(
      dry.output.contains("Would remove 96 orphaned goldens and 3 definitions of variants the site no longer has."))
    #expect(try copy.goldens().count == 768)
    let check = try run(["check"], in: copy)
    #expect(check.status == 1)
    #expect(check.output.contains("0 changed, 0 new, 96 orphaned, 672 unchanged"))
    let prune = try run(["prune"], in: copy)
    #expect(prune.output.contains("Removed 96 orphaned goldens and 3 definitions of variants the site no longer has."))
    #expect(try copy.goldens().count == 672)
    #expect(!FileManager.default.fileExists(atPath: copy.site.appending(path: "__snapshots__/table").path))
    #expect(try run(["check"], in: copy).status == 0)
  }

  /// The report's one rule: the folder named, else `_report` beside the gallery
  /// (as `serve` keeps it); and a merged report protects the shards' own site.
  @Test func theReportGoesBesideItsGalleryAndAMergeKnowsItsSite() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    let beside = try run(["check", "--filter", "^blank-page/", "--gallery", "out/_site"], in: copy)
    #expect(beside.status == 0, "\(beside.error)")
    #expect(FileManager.default.fileExists(atPath: copy.folder.appending(path: "out/_report/index.html").path))
    #expect(!FileManager.default.fileExists(atPath: copy.folder.appending(path: "_report").path))
    let summary = try run(["check", "--filter", "^blank-page/", "--json", "s.json", "--report", "r"], in: copy)
    #expect(summary.status == 0)
    // A merged report may not be written into the site its summaries name.
    let inside = try run(["report", "--merge", "s.json", "--junit", "Site/junit.xml", "--report", "m"], in: copy)
    #expect(inside.status == 2, "\(inside.output)\(inside.error)")
    #expect(!FileManager.default.fileExists(atPath: copy.folder.appending(path: "Site/junit.xml").path))
  }

  @Test func shardSummariesMergeIntoOneReport() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    try copy.edit("placeholders/blank-page.json", replacing: #""sections": [14]"#, with: #""sections": [3]"#)
    for index in 1...2 {
      let shard = try run(
        ["check", "--shard", "\(index)/2", "--json", "s\(index).json", "--report", "r\(index)"], in: copy)
      #expect(shard.status == 1 || shard.status == 0)
    }
    let merged = try run(
      ["report", "--merge", "s1.json", "s2.json", "--junit", "all.xml", "--report", "merged"], in: copy)
    #expect(merged.status == 1)
    #expect(
      merged.output.contains("Merged 2 summaries: 768 renders, 32 changed, 0 new, 0 orphaned, 736 unchanged."),
      "\(merged.output.suffix(400))")
    #expect(
      merged.output.contains("CHANGED sections[0] 14 → 3\n  on blank-page/has-data, 32 renders")
        && merged.output.contains("  effects: 11 row elements (row-4 … row-14) removed"),
      "\(merged.output.prefix(2000))")
    let page = try String(contentsOf: copy.folder.appending(path: "merged/index.html"), encoding: .utf8)
    #expect(page.contains("Changed (32)"))
    let bad = try run(["report", "--merge", "missing.json"], in: copy)
    #expect(bad.status == 2)
  }

  @Test(arguments: [
    (["check", "--shard", "3/2"], "--shard needs I/N"), (["record", "--mode", "sometimes"], "--mode must be"),
  ])
  func badOptionsExitTwo(arguments: [String], message: String) throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    let result = try run(arguments, in: copy)
    #expect(result.status == 2)
    #expect(result.error.contains(message), "\(result.error)")
  }

  /// Fault injection: a `record` killed with SIGKILL while a golden's new
  /// content is complete but not yet renamed into place.
  @Test func aKilledRecordLeavesEveryGoldenWholeAndTheNextRunCleansUp() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    try copy.edit(
      "placeholders/zero-code.json", replacing: #""messageColor": "orange""#, with: ##""messageColor": "#123456""##)
    let before = try copy.goldens()
    let process = Process()
    process.executableURL = CommandRunner.binary
    process.arguments = ["record", "--mode", "failed", "--jobs", "1"]
    process.currentDirectoryURL = copy.folder
    var environment = ProcessInfo.processInfo.environment
    environment["CI"] = nil
    environment["BLANKSLATE_FAILPOINT"] = "record.before-rename@3"
    process.environment = environment
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.runWatched()
    #expect(
      !StreamReader(errors.fileHandleForReading).wait(for: "failpoint record.before-rename reached", quietly: true)
        .isEmpty, "record never paused")
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)

    let after = try copy.goldens()
    #expect(after.keys.sorted() == before.keys.sorted())
    let updated = after.filter { before[$0.key] != $0.value }
    #expect(updated.count == 2, "\(updated.keys.sorted())")
    for (path, text) in after {
      #expect((try? StrictXMLParser().check(Array(text.utf8), file: path)) != nil, "\(path) is torn")
    }
    let leftovers = try FileManager.default.subpathsOfDirectory(atPath: copy.site.appending(path: "__snapshots__").path)
      .filter { $0.contains(".tmp-") }
    #expect(leftovers.count == 1)

    let check = try run(["check"], in: copy)
    #expect(check.output.contains("30 changed"), "\(check.output.suffix(300))")
    // check only reads: the temporary file stays until the next record.
    let kept = try FileManager.default.subpathsOfDirectory(atPath: copy.site.appending(path: "__snapshots__").path)
      .filter { $0.contains(".tmp-") }
    #expect(kept.count == 1)
    let record = try run(["record", "--mode", "failed"], in: copy, environment: ["CI": ""])
    #expect(record.status == 0, "\(record.error)")
    let cleaned = try FileManager.default.subpathsOfDirectory(atPath: copy.site.appending(path: "__snapshots__").path)
      .filter { $0.contains(".tmp-") }
    #expect(cleaned == [])
  }
}

extension SnapshotCommandTests {
  /// `--mode all` rewrites every golden, as swift-snapshot-testing's `.all`
  /// does: even one that compares equal on canonical XML gets the render's bytes.
  @Test func recordModeAllRewritesEveryGolden() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    let relative = "table/empty.iphone-se.light.en.svg"
    let url = copy.site.appending(path: "__snapshots__/" + relative)
    let original = try String(contentsOf: url, encoding: .utf8)
    // The same document, written differently: C14N sees no change.
    try Data(original.replacingOccurrences(of: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", with: "").utf8).write(
      to: url)
    let check = try run(["check"], in: copy)
    #expect(check.status == 0, "\(check.output.suffix(300))")
    let failed = try run(["record", "--mode", "failed"], in: copy, environment: ["CI": ""])
    #expect(failed.output.contains("Recorded 0 goldens"), "\(failed.output)")
    let all = try run(["record", "--mode", "all"], in: copy, environment: ["CI": ""])
    #expect(all.status == 0)
    #expect(all.output.contains("Recorded 768 goldens"), "\(all.output.suffix(300))")
    #expect(try String(contentsOf: url, encoding: .utf8) == original)
  }
}
