import BlankslateKit
import Foundation

/// `check`, `record`, `prune` and `report`: the golden snapshots of a site.
enum SnapshotCommands {
  static let checkUsage = """
    Usage: blankslate check [--site DIR] [--filter REGEX] [--shard I/N] [--report DIR]
                            [--junit FILE] [--json FILE] [--gallery DIR] [--jobs N]

    Renders every SVG of the site and compares it with its golden in
    DIR/__snapshots__ (on canonical XML). Each difference is explained in the
    design's terms (which element, which attribute, old → new) and followed by
    a line diff. Renders without a golden are new; goldens without a render
    are orphaned. Under CI nothing is ever written to the goldens;
    SNAPSHOT_TESTING_RECORD=all|missing|failed records after comparing.

      --site DIR       the site folder (default: Site)
      --filter REGEX   only renders whose id (design/variant.device.theme.locale) matches
      --shard I/N      only the I-th of N deterministic shares of the renders
      --report DIR     the HTML report (default: _report, beside the gallery, which a build never touches)
      --junit FILE     write JUnit XML, one test case per render
      --json FILE      write a JSON summary (merge shards with 'blankslate report --merge')
      --gallery DIR    the gallery the report links to (default: _site)
      --jobs N         parallel workers (default: the number of cores)

    Exit codes: 0 every render matches, 1 something changed, is new or orphaned, 2 bad input.
    """

  static let recordUsage = """
    Usage: blankslate record [--site DIR] [--mode all|missing|failed] [--filter REGEX] [--jobs N]

    Writes goldens, each atomically. Modes as in swift-snapshot-testing:
      missing   only renders without a golden (the default)
      failed    renders that are new or differ from their golden
      all       the same as failed: every golden that is not already current
    SNAPSHOT_TESTING_RECORD sets the default mode. Refused when CI is set.
    """

  static let pruneUsage = """
    Usage: blankslate prune [--site DIR] [--filter REGEX] [--dry-run]

    Removes goldens that no render of the site produces any more, listing them.
    """

  static let reportUsage = """
    Usage: blankslate report --merge SUMMARY.json... [--report DIR] [--json FILE] [--junit FILE] [--gallery DIR]

    Joins the JSON summaries of sharded 'check' runs into one summary, one
    HTML report and one JUnit file. Exit 1 when any shard found a difference.
    """

  static var environment: [String: String] { ProcessInfo.processInfo.environment }
  static var isCI: Bool { environment["CI"].map { !$0.isEmpty && $0 != "false" && $0 != "0" } ?? false }

  private static func options(_ parsed: Arguments) throws -> SnapshotOptions {
    var shard: Shard?
    if let text = parsed.value("--shard") {
      guard let parsedShard = Shard(parsing: text) else {
        throw Arguments.UsageError(description: "--shard needs I/N with 1 ≤ I ≤ N, such as 1/4, not \"\(text)\"")
      }
      shard = parsedShard
    }
    let site = parsed.value("--site") ?? "Site"
    return SnapshotOptions(
      site: URL(fileURLWithPath: site), siteDisplay: site, filter: parsed.value("--filter"), shard: shard,
      jobs: try parsed.count("--jobs"))
  }

  static func check(_ arguments: [String]) throws -> Int32 {
    if Commands.wantsHelp(arguments, checkUsage) { return 0 }
    let parsed = try Arguments(
      arguments,
      options: ["--site", "--filter", "--shard", "--report", "--junit", "--json", "--gallery", "--jobs", "--templates"],
      flags: [])
    let options = try options(parsed)
    var mode = RecordMode.never
    if let requested = environment["SNAPSHOT_TESTING_RECORD"], !requested.isEmpty {
      if isCI {
        Terminal.error("note: SNAPSHOT_TESTING_RECORD=\(requested) is ignored: CI never writes goldens.")
      } else if let recordMode = RecordMode(rawValue: requested) {
        mode = recordMode
      } else {
        throw Arguments.UsageError(description: "SNAPSHOT_TESTING_RECORD must be all, missing, failed or never, not \"\(requested)\"")
      }
    }
    do throws(SnapshotError) {
      let run = try SnapshotChecker(options: options).run()
      let summary = run.summary
      printResults(summary)
      try writeOutputs(summary, parsed, site: options.site)
      let written = try SnapshotRecorder(mode: mode).record(run, isCI: isCI)
      for golden in written { Terminal.out("recorded \(golden.golden) (\(golden.status.rawValue))") }
      Terminal.out(
        "Checked \(summary.checked) renders\(options.shard.map { " (shard \($0))" } ?? ""): \(summary.countLine)."
          + (written.isEmpty ? "" : " Recorded \(written.count) goldens; run check again."))
      return summary.hasDifferences || !written.isEmpty ? 1 : 0
    } catch {
      Terminal.failure(error.description)
      return error.exitCode
    }
  }

  /// Each difference: its headline, then its line diff; annotations for GitHub Actions.
  private static func printResults(_ summary: SnapshotSummary) {
    for result in summary.results {
      Terminal.out(result.status.rawValue.uppercased() + " " + result.headline)
      if result.status == .changed, !result.diff.isEmpty {
        Terminal.out(result.diff)
      }
    }
    if environment["GITHUB_ACTIONS"] == "true" {
      for line in GitHubAnnotations.lines(for: summary) { Terminal.out(line) }
    }
  }

  private static func writeOutputs(_ summary: SnapshotSummary, _ parsed: Arguments, site: URL) throws(SnapshotError) {
    let gallery = URL(fileURLWithPath: parsed.value("--gallery") ?? "_site")
    let reportPath = parsed.value("--report") ?? "_report"
    try SnapshotReport(
      output: URL(fileURLWithPath: reportPath), outputDisplay: reportPath, gallery: gallery,
      templates: parsed.value("--templates").map { URL(fileURLWithPath: $0) }
    ).write(summary, site: site)
    Terminal.error("Report: \(reportPath)/index.html")
    if let path = parsed.value("--json") {
      try writeFile(path, SummaryJSON.encode(summary), site: site)
    }
    if let path = parsed.value("--junit") {
      try writeFile(path, JUnitReport.render(summary), site: site)
    }
  }

  private static func writeFile(_ path: String, _ text: String, site: URL) throws(SnapshotError) {
    do throws(ReportFile.Failure) {
      try ReportFile.write(text, to: path, protecting: [site])
    } catch {
      throw .io(path: path, reason: "cannot write: \(error.reason)")
    }
  }

  static func record(_ arguments: [String]) throws -> Int32 {
    if Commands.wantsHelp(arguments, recordUsage) { return 0 }
    let parsed = try Arguments(arguments, options: ["--site", "--mode", "--filter", "--jobs"], flags: [])
    let options = try options(parsed)
    let requested = parsed.value("--mode") ?? environment["SNAPSHOT_TESTING_RECORD"].flatMap { $0.isEmpty ? nil : $0 } ?? "missing"
    guard let mode = RecordMode(rawValue: requested), mode != .never else {
      throw Arguments.UsageError(description: "--mode must be all, missing or failed, not \"\(requested)\"")
    }
    do throws(SnapshotError) {
      if isCI { throw SnapshotError.recordingRefusedInCI }
      let run = try SnapshotChecker(options: options).run()
      let written = try SnapshotRecorder(mode: mode).record(run, isCI: isCI)
      for golden in written {
        let detail = golden.changes.isEmpty ? "" : ": " + golden.changes.joined(separator: "; ")
        Terminal.out("recorded \(golden.golden) (\(golden.status.rawValue)\(detail))")
      }
      Terminal.out(
        "Recorded \(count(written.count, "golden")) (mode \(mode.rawValue)); \(run.summary.countLine) before recording.")
      return 0
    } catch {
      Terminal.failure(error.description)
      return error.exitCode
    }
  }

  static func prune(_ arguments: [String]) throws -> Int32 {
    if Commands.wantsHelp(arguments, pruneUsage) { return 0 }
    let parsed = try Arguments(arguments, options: ["--site", "--filter"], flags: ["--dry-run"])
    let options = try options(parsed)
    let dryRun = parsed.has("--dry-run")
    do {
      let run = try SnapshotChecker(options: options).run()
      let removed = try SnapshotPruner().prune(run, dryRun: dryRun, isCI: isCI)
      for golden in removed { Terminal.out((dryRun ? "would remove " : "removed ") + golden) }
      Terminal.out(
        removed.isEmpty ? "No orphaned goldens." : (dryRun ? "Would remove " : "Removed ") + count(removed.count, "orphaned golden") + ".")
      return 0
    } catch {
      Terminal.failure(error.description)
      return error.exitCode
    }
  }

  static func report(_ arguments: [String]) throws -> Int32 {
    if Commands.wantsHelp(arguments, reportUsage) { return 0 }
    let parsed = try Arguments(
      arguments, options: ["--report", "--json", "--junit", "--gallery", "--templates"], flags: ["--merge"])
    guard parsed.has("--merge"), !parsed.positional.isEmpty else {
      throw Arguments.UsageError(description: "report needs --merge and at least one JSON summary")
    }
    do {
      var summaries: [SnapshotSummary] = []
      for path in parsed.positional {
        guard let data = FileManager.default.contents(atPath: path) else {
          throw SnapshotError.unreadableSummary(file: path, reason: "it cannot be read")
        }
        summaries.append(try SummaryJSON.decode(Array(data), file: path))
      }
      let merged = SummaryJSON.merge(summaries)
      printResults(merged)
      try writeOutputs(merged, parsed, site: URL(fileURLWithPath: "Site"))
      Terminal.out("Merged \(count(summaries.count, "summary", plural: "summaries")): \(merged.checked) renders, \(merged.countLine).")
      return merged.hasDifferences ? 1 : 0
    } catch let error as SnapshotError {
      Terminal.failure(error.description)
      return error.exitCode
    }
  }
}
