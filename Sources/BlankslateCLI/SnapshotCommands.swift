import Foundation
import BlankslateCore
import BlankslateServe
import BlankslateSite
import BlankslateSnapshot
import BlankslateSupport
import BlankslateValidation

/// `check`, `record`, `prune` and `report`: the golden snapshots of a site.
enum SnapshotCommands {
  static var environment: [String: String] { Console.current.environment }
  static var isCI: Bool { RunEnvironment.isCI(environment) }

  private static func options(_ parsed: CommandSpec.Arguments) throws -> SnapshotOptions {
    var shard: Shard?
    if let text = parsed.value(.shard) {
      guard let parsedShard = Shard(parsing: text) else {
        throw CommandSpec.UsageError(description: "--shard needs I/N with 1 ≤ I ≤ N, such as 1/4, not \"\(text)\"")
      }
      shard = parsedShard
    }
    let site = parsed[.site]
    return SnapshotOptions(
      siteFolder: Console.current.url(site), siteDisplay: site, filter: parsed.value(.filter), shard: shard,
      workers: try parsed.count(.jobs))
  }

  static func check(_ parsed: CommandSpec.Arguments) throws -> Int32 {
    var options = try Self.options(parsed)
    let pngScale = try Commands.pngScale(parsed)
    var mode = RecordMode.never
    if let requested = environment["SNAPSHOT_TESTING_RECORD"], !requested.isEmpty {
      if isCI {
        Terminal.error("note: SNAPSHOT_TESTING_RECORD=\(requested) is ignored: CI never writes goldens.")
      } else if let recordMode = RecordMode(rawValue: requested) {
        mode = recordMode
      } else {
        throw CommandSpec.UsageError(
          description: "SNAPSHOT_TESTING_RECORD must be all, missing, failed or never, not \"\(requested)\"")
      }
    }
    options.keepsUnchangedRenders = mode == .all
    options.gallery = Console.current.url(parsed[.gallery])
    if let revision = parsed.value(.against) {
      guard mode == .never else {
        throw CommandSpec.UsageError(
          description:
            "--against compares with the goldens of a git revision and never records: unset SNAPSHOT_TESTING_RECORD")
      }
      options.against = revision
    }
    let run = try SnapshotChecker(options: options).run()
    defer { if Commands.exitsAfterTheCommand { KeptUntilExit.keep(run) } }
    let summary = run.summary
    printResults(summary, diffs: parsed.has(.diff))
    printFindings(summary.findings)
    try writeOutputs(summary, parsed, site: options.siteFolder, pngScale: pngScale)
    let recorded = try SnapshotRecorder(mode: mode, waiting: waitingMessage(options)).record(run, isCI: isCI)
    let written = recorded.filter { !$0.isDefinition }
    printWritten(written, verbose: parsed.has(.verbose))
    printDefinitions(recorded)
    Terminal.out(
      "Checked \(summary.checked) renders\(options.shard.map { " (shard \($0))" } ?? ""): \(summary.countLine)."
        + (written.isEmpty ? "" : " Recorded \(written.count) goldens; run check again."))
    if written.isEmpty {
      for hint in nextSteps(summary, site: options.siteDisplay, filter: options.filter) { Terminal.out(hint) }
    }
    let failsOnFindings = parsed.has(.failOnNewFindings) && summary.findings.newErrors > 0
    return summary.hasDifferences || !written.isEmpty || failsOnFindings ? 1 : 0
  }

  /// Lint's findings since the goldens: the count, and each new and resolved finding (the first twenty of each).
  private static func printFindings(_ findings: FindingChanges) {
    guard !findings.new.isEmpty || !findings.resolved.isEmpty else {
      if findings.unrecorded > 0 {
        Terminal.out(
          "Lint's findings are not kept beside \(findings.unrecorded) \(findings.unrecorded == 1 ? "variant's" : "variants'") goldens yet: `blankslate record` keeps them."
        )
      }
      return
    }
    Terminal.out(findings.line)
    for (word, entries) in [("new", findings.new), ("resolved", findings.resolved)] where !entries.isEmpty {
      for entry in entries.prefix(20) {
        Terminal.out("  \(word.padding(toLength: 8, withPad: " ", startingAt: 0)) \(entry.line)")
      }
      if entries.count > 20 {
        Terminal.out("  and \(entries.count - 20) more \(word) findings (check --json lists them)")
      }
    }
  }

  /// Each card once: the edit or cause, where it applies, its effects and the
  /// command that takes it; with `diffs`, the line diff of its first render,
  /// glyph outlines shortened to a hash. Then annotations for GitHub Actions.
  private static func printResults(_ summary: SnapshotSummary, diffs: Bool) {
    let byID = Dictionary(summary.results.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let candidates = ReviewCard.Candidates(summary)
    for card in ReviewCard.cards(summary) {
      Terminal.out(card.status.rawValue.uppercased() + " " + card.headline)
      let renders = count(card.renders.count, "render")
      Terminal.out(
        "  on \(card.variantList), \(renders)"
          + (card.variants.count == 1 && card.renders.count > 1 ? " (\(card.placement))" : "")
          + (card.renders.count > 1 ? "; shown: \(card.renders[0].placement)" : ""))
      if !card.effects.isEmpty {
        let shown = card.effects.prefix(8).joined(separator: "; ")
        Terminal.out("  effects: " + shown + (card.effects.count > 8 ? "; and \(card.effects.count - 8) more" : ""))
      }
      if !card.companions.isEmpty {
        Terminal.out("  with: " + card.companions.prefix(4).joined(separator: "; ") + " (on the same renders)")
      }
      Terminal.out("  accept: " + card.command(among: candidates, site: summary.site))
      if diffs, card.status == .changed, let first = byID[card.renders[0]], !first.diff.isEmpty {
        Terminal.out(MarkdownSummary.abbreviated(first.diff))
      }
    }
    if environment["GITHUB_ACTIONS"] == "true" {
      for line in GitHubAnnotations.lines(for: summary) { Terminal.out(line) }
    }
  }

  /// `pngScale`: from `--png`/`--scale`, read before any work (a usage error comes first).
  private static func writeOutputs(
    _ summary: SnapshotSummary, _ parsed: CommandSpec.Arguments, site: URL, pngScale: Int?
  ) throws(SnapshotError) {
    let galleryPath = parsed[.gallery]
    let gallery = Console.current.url(galleryPath)
    // The report's one rule: the folder named, else `_report` beside the gallery.
    let reportPath =
      parsed.value(.report)
      ?? ((galleryPath as NSString).deletingLastPathComponent as NSString).appendingPathComponent("_report")
    try SnapshotReport(
      output: Console.current.url(reportPath), outputDisplay: reportPath, gallery: gallery,
      templates: parsed.value(.templates).map { Console.current.url($0) }, pngScale: pngScale,
      workers: parsed.value(.jobs).flatMap(Int.init)
    ).write(summary, site: site)
    Terminal.error("Report: \(reportPath)/index.html")
    if let path = parsed.value(.summaryJSON) {
      try writeFile(path, SummaryJSON.encode(summary), site: site)
    }
    if let path = parsed.value(.junit) {
      try writeFile(path, JUnitReport.render(summary), site: site)
    }
    if let path = parsed.value(.summaryMarkdown) {
      try writeFile(path, MarkdownSummary.render(summary, site: summary.site), site: site)
    }
  }

  private static func writeFile(_ path: String, _ text: String, site: URL) throws(SnapshotError) {
    do throws(ReportFileError) {
      try ReportFile.write(text, to: Console.current.path(path), protecting: [site])
    } catch {
      throw .io(path: path, reason: "cannot write: \(error.reason)")
    }
  }

  static func record(_ parsed: CommandSpec.Arguments) throws -> Int32 {
    var options = try Self.options(parsed)
    let requested =
      parsed.value(.mode) ?? environment["SNAPSHOT_TESTING_RECORD"].flatMap { $0.isEmpty ? nil : $0 } ?? "missing"
    guard let mode = RecordMode(rawValue: requested), mode != .never else {
      throw CommandSpec.UsageError(description: "--mode must be all, missing or failed, not \"\(requested)\"")
    }
    if isCI { throw SnapshotError.recordingRefusedInCI }
    options.keepsUnchangedRenders = mode == .all
    let run = try SnapshotChecker(options: options).run()
    let recorded = try SnapshotRecorder(mode: mode, waiting: waitingMessage(options)).record(run, isCI: isCI)
    let written = recorded.filter { !$0.isDefinition }
    printWritten(written, verbose: parsed.has(.verbose))
    printDefinitions(recorded)
    Terminal.out(
      "Recorded \(count(written.count, "golden")) (mode \(mode.rawValue)); \(run.summary.countLine) before recording."
    )
    // What this mode leaves as it was, and the command that would take it.
    let statuses = Set(written.map(\.status))
    let left = nextSteps(run.summary, site: options.siteDisplay, filter: options.filter).filter { hint in
      !(statuses.contains(.new) && hint.contains("new render"))
        && !(statuses.contains(.changed) && hint.contains("changed render"))
    }
    for hint in left { Terminal.out("not recorded: " + hint) }
    return 0
  }

  /// The goldens written: with `verbose` each with its changes, else a line
  /// per design (the first twelve) with how many were new and changed, so
  /// that the output stays a screen whatever the site's size.
  static func printWritten(_ written: [SnapshotRecorder.Written], verbose: Bool) {
    if verbose {
      for golden in written {
        let detail = golden.changes.isEmpty ? "" : ": " + golden.changes.joined(separator: "; ")
        Terminal.out("recorded \(golden.golden) (\(golden.status.rawValue)\(detail))")
      }
      return
    }
    printByDesign(written.map { ($0.golden, $0.status.rawValue) }, verb: "recorded")
  }

  /// Files as a line per design (`recorded no-network: 32 goldens (32 changed)`), the first twelve designs.
  static func printByDesign(_ files: [(path: String, status: String)], verb: String) {
    var designs: [String] = []
    var byDesign: [String: [String: Int]] = [:]
    for file in files {
      let parts = file.path.split(separator: "/")
      let design = parts.count >= 2 ? String(parts[parts.count - 2]) : file.path
      if byDesign[design] == nil { designs.append(design) }
      byDesign[design, default: [:]][file.status, default: 0] += 1
    }
    for design in designs.prefix(12) {
      let statuses = byDesign[design] ?? [:]
      let total = statuses.values.reduce(0, +)
      let detail = statuses.keys.sorted().map { "\(statuses[$0] ?? 0) \($0)" }.joined(separator: ", ")
      Terminal.out("\(verb) \(design): \(count(total, "golden")) (\(detail))")
    }
    if designs.count > 12 {
      Terminal.out("\(verb) \(designs.count - 12) more designs' goldens (--verbose lists every one)")
    }
  }

  /// One line for the variants' definitions kept beside their goldens (what `check` explains changes from).
  static func printDefinitions(_ recorded: [SnapshotRecorder.Written]) {
    let definitions = recorded.filter(\.isDefinition)
    guard let first = definitions.first else { return }
    Terminal.out(
      definitions.count == 1
        ? "kept the variant's definition beside its goldens: \(first.golden)"
        : "kept the definitions of \(definitions.count) variants beside their goldens (\(first.golden), …)")
  }

  /// The commands that take each kind of difference `summary` has: record the new
  /// renders, accept the changed ones, prune the orphans; empty when there is none.
  static func nextSteps(_ summary: SnapshotSummary, site: String, filter: String?) -> [String] {
    // Single-quoted for a POSIX shell, as the report quotes its commands.
    func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    let siteOption = site == CommandSpec.Option.site.defaultValue ? "" : " --site \(quoted(site))"
    let filterOption = filter.map { " --filter \(quoted($0))" } ?? ""
    var steps: [String] = []
    let new = summary.count(.new)
    let changed = summary.count(.changed)
    let orphaned = summary.count(.orphaned)
    if new > 0 {
      steps.append(
        "\(count(new, "new render")): record their goldens with `blankslate record\(siteOption)\(filterOption)`")
    }
    if changed > 0 {
      steps.append(
        "\(count(changed, "changed render")): accept them with `blankslate record --mode failed\(siteOption)\(filterOption)`, after reviewing the report"
      )
    }
    if orphaned > 0 {
      steps.append(
        "\(count(orphaned, "orphaned golden")): remove them with `blankslate prune\(siteOption)\(filterOption)`")
    }
    return steps
  }

  /// `accept FILE`: the approved renders of a decisions file, recorded only if each is still what was reviewed.
  static func accept(_ parsed: CommandSpec.Arguments) throws -> Int32 {
    guard parsed.positional.count == 1, let file = parsed.positional.first else {
      throw CommandSpec.UsageError(description: "accept needs one decisions file (saved from the report)")
    }
    let options = try Self.options(parsed)
    if isCI { throw SnapshotError.recordingRefusedInCI }
    let bytes: [UInt8]
    do throws(FileReadError) {
      bytes = try FileTree.read(Console.current.path(file), limit: SnapshotDecision.maximumDocumentSize)
    } catch {
      throw SnapshotError.badDecisions(file: file, reason: error.description)
    }
    let decisions = try SnapshotDecision.parse(bytes, file: file)
    let recorded = try SnapshotAcceptor(options: options, waiting: waitingMessage(options)).accept(
      decisions, isCI: isCI)
    let written = recorded.filter { !$0.isDefinition }
    printWritten(written, verbose: parsed.has(.verbose))
    printDefinitions(recorded)
    let rejected = decisions.filter { $0.verdict == .reject }
    let approved = decisions.count - rejected.count
    Terminal.out(
      "Accepted \(count(written.count, "golden")) of \(count(approved, "approved render")); "
        + "left \(count(rejected.count, "rejected render")) as \(rejected.count == 1 ? "it was" : "they were").")
    // The reviewer's notes, each once, with the renders it was written on.
    var notes: [(note: String, renders: [RenderID])] = []
    for decision in rejected {
      let note = decision.note ?? "no note"
      if let at = notes.firstIndex(where: { $0.note == note }) {
        notes[at].renders.append(decision.render)
      } else {
        notes.append((note, [decision.render]))
      }
    }
    for (note, renders) in notes {
      let names = renders.prefix(3).map(\.displayName).joined(separator: ", ")
      Terminal.out("rejected \(names)\(renders.count > 3 ? " and \(renders.count - 3) more" : ""): \(note)")
    }
    return 0
  }

  static func prune(_ parsed: CommandSpec.Arguments) throws -> Int32 {
    let options = try Self.options(parsed)
    let dryRun = parsed.has(.dryRun)
    let run = try SnapshotChecker(options: options).run()
    let removed = try SnapshotPruner().prune(run, dryRun: dryRun, isCI: isCI)
    if parsed.has(.verbose) {
      for golden in removed { Terminal.out((dryRun ? "would remove " : "removed ") + golden) }
    } else {
      printByDesign(
        removed.map { ($0, $0.hasSuffix(".definition.json") ? "definitions" : "orphaned") },
        verb: dryRun ? "would remove from" : "removed from")
    }
    let definitions = removed.filter { $0.hasSuffix(".definition.json") }.count
    let goldens = removed.count - definitions
    let what =
      count(goldens, "orphaned golden")
      + (definitions == 0 ? "" : " and \(count(definitions, "definition")) of variants the site no longer has")
    Terminal.out(removed.isEmpty ? "No orphaned goldens." : (dryRun ? "Would remove " : "Removed ") + what + ".")
    return 0
  }

  static func report(_ parsed: CommandSpec.Arguments) throws -> Int32 {
    guard parsed.has(.merge), !parsed.positional.isEmpty else {
      throw CommandSpec.UsageError(description: "report needs --merge and at least one JSON summary")
    }
    let pngScale = try Commands.pngScale(parsed)
    var summaries: [SnapshotSummary] = []
    for path in parsed.positional {
      guard let data = FileManager.default.contents(atPath: Console.current.path(path)) else {
        throw SnapshotError.unreadableSummary(file: path, reason: "it cannot be read")
      }
      summaries.append(try SummaryJSON.decode(Array(data), file: path))
    }
    let merged = SummaryJSON.merge(summaries)
    printResults(merged, diffs: false)
    // The shards' own site folder (their summaries name it), never a guess.
    try writeOutputs(merged, parsed, site: Console.current.url(merged.site), pngScale: pngScale)
    Terminal.out(
      "Merged \(count(summaries.count, "summary", plural: "summaries")): \(merged.checked) renders, \(merged.countLine)."
    )
    return merged.hasDifferences ? 1 : 0
  }

  /// What a writer says while another `record` or `accept` holds the snapshots folder.
  static func waitingMessage(_ options: SnapshotOptions) -> @Sendable () -> Void {
    let folder = options.siteDisplay + "/__snapshots__"
    return { Terminal.error("Waiting: another record or accept is writing \(folder); this one goes on when it ends.") }
  }
}
