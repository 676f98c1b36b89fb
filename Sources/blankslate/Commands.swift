import BlankslateKit
import Foundation

/// The commands: each parses its options, calls the kit, and returns an exit code.
enum Commands {
  static let usage = """
    blankslate: a design gallery of mobile empty-state screens, from JSON definitions.

    Usage: blankslate <command> [options]

    Commands:
      build      Render every design into a validated static gallery (SVG + HTML)
      check      Compare every render with its golden; report what changed
      record     Write goldens (missing ones by default)
      prune      Remove goldens that no render produces any more
      lint       Review every render: contrast, tap targets, overflow, translations, dark mode
      report     Merge the JSON summaries of sharded checks into one report
      validate   Check SVG, HTML and XML files or folders with libxml2
      list       List the site's designs, variants and render count

    Run 'blankslate <command> --help' for a command's options.
    Exit codes: 0 success, 1 invalid output, 2 bad usage or bad input.
    """

  static let buildUsage = """
    Usage: blankslate build [--site DIR] [--output DIR] [--jobs N] [--templates DIR]
                            [--no-cache] [--timings] [--quiet]

    Renders every variant × device × theme × locale of the site into SVG and
    HTML, validates every file with libxml2, and replaces the output folder
    only when everything succeeded. Designs whose inputs did not change since
    the previous build are reused from it, not rendered again.

      --site DIR        the site folder (default: Site)
      --output DIR      the output folder (default: _site)
      --jobs N          parallel workers (default: the number of cores)
      --templates DIR   templates laid over the built-in ones, file by file
      --no-cache        render every design, even unchanged ones
      --timings         print where the time went (CPU time per phase, all workers)
      --quiet           print nothing but errors
    """

  static let validateUsage = """
    Usage: blankslate validate PATH...

    Parses every .svg, .html and .xml file (folders are searched) strictly with
    libxml2, applies Blankslate's structural checks, and checks the links
    between the files of each folder. Exit 1 when anything is invalid.
    """

  static let lintUsage = """
    Usage: blankslate lint [--site DIR] [--json FILE] [--junit FILE] [--jobs N]

    Reviews every render of the site as a careful designer would: text
    contrast (WCAG AA), tap targets (44×44 pt), overflow (cut text, off
    screen, under the bars, overlapping), missing translations, dark-mode
    colours, the smallest font size, and states that say nothing. Findings
    are grouped by design and variant. Severities come from "lint" in
    site.json; a design or variant accepts a finding with "suppress" and a
    reason. Exit 1 when any finding at error severity is not accepted.
    """

  static let listUsage = """
    Usage: blankslate list [--site DIR] [--json]

    Lists the designs and variants of the site with their layout and state.
    """

  static func run(_ arguments: [String]) -> Int32 {
    guard let command = arguments.first else {
      Terminal.error(usage)
      return 2
    }
    let rest = Array(arguments.dropFirst())
    do {
      switch command {
      case "build": return try build(rest)
      case "check": return try SnapshotCommands.check(rest)
      case "record": return try SnapshotCommands.record(rest)
      case "prune": return try SnapshotCommands.prune(rest)
      case "report": return try SnapshotCommands.report(rest)
      case "lint": return try lint(rest)
      case "validate": return try validate(rest)
      case "list": return try list(rest)
      case "--help", "-h", "help":
        Terminal.out(usage)
        return 0
      case "--version":
        Terminal.out("blankslate \(Blankslate.version)")
        return 0
      default:
        let known = ["build", "check", "record", "prune", "report", "lint", "validate", "list", "help"]
        let hint = known.first { $0.hasPrefix(String(command.prefix(2))) }.map { " Did you mean '\($0)'?" } ?? ""
        Terminal.failure("unknown command '\(command)'.\(hint)\n\n\(usage)")
        return 2
      }
    } catch let error as Arguments.UsageError {
      Terminal.failure(error.description + " (see 'blankslate \(command) --help')")
      return 2
    } catch {
      Terminal.failure("\(error)")
      return 2
    }
  }

  static func wantsHelp(_ arguments: [String], _ text: String) -> Bool {
    guard arguments.contains("--help") || arguments.contains("-h") else { return false }
    Terminal.out(text)
    return true
  }

  static func build(_ arguments: [String]) throws -> Int32 {
    if wantsHelp(arguments, buildUsage) { return 0 }
    let parsed = try Arguments(
      arguments, options: ["--site", "--output", "--jobs", "--templates"], flags: ["--no-cache", "--timings", "--quiet"])
    guard parsed.positional.isEmpty else {
      throw Arguments.UsageError(description: "build takes no arguments, only options (found \(parsed.positional[0]))")
    }
    let site = parsed.value("--site") ?? "Site"
    let output = parsed.value("--output") ?? "_site"
    var options = BuildOptions(
      site: URL(fileURLWithPath: site), siteDisplay: site, output: URL(fileURLWithPath: output),
      outputDisplay: output, jobs: try parsed.count("--jobs"),
      templates: parsed.value("--templates").map { URL(fileURLWithPath: $0) })
    options.incremental = !parsed.has("--no-cache")
    let quiet = parsed.has("--quiet")
    let bar = quiet ? nil : ProgressBar.forStandardError(label: "renders")
    if let bar {
      options.progress = { done, total in bar.update(done, of: total) }
    }
    options.waiting = { Terminal.error("Waiting for another build of \(output) to finish…") }
    let clock = ContinuousClock()
    let start = clock.now
    do {
      let summary = try SiteBuilder(options: options).build()
      bar?.finish()
      let elapsed = clock.now - start
      for note in summary.notes { Terminal.error("note: " + note) }
      guard !quiet else { return 0 }
      let reused = summary.designs - summary.rendered - summary.refreshed
      let refreshed = summary.refreshed > 0 ? " \(summary.refreshed) with neighbour links refreshed," : ""
      Terminal.out(
        "Built \(count(summary.designs, "design")), \(count(summary.variants, "variant")), "
          + "\(count(summary.renders, "render")) → \(count(summary.files, "file")) (\(ByteCount.format(summary.bytes))) "
          + "in \(output)/ in \(Seconds.format(elapsed)); all valid."
          + (reused + summary.refreshed > 0 ? " \(summary.rendered) rendered,\(refreshed) \(reused) unchanged and reused." : ""))
      Terminal.out("Lint: \(summary.lint.line) (blankslate lint lists them).")
      if parsed.has("--timings") {
        Terminal.out("Time by phase (CPU time summed over \(count(options.jobs, "worker"))):")
        for phase in BuildTimings.Phase.allCases where summary.timings[phase] > .zero {
          Terminal.out("  " + Seconds.format(summary.timings[phase]).padding(toLength: 10, withPad: " ", startingAt: 0) + phase.rawValue)
        }
      }
      return 0
    } catch {
      bar?.finish()
      Terminal.failure(error.description)
      return error.exitCode
    }
  }

  static func validate(_ arguments: [String]) throws -> Int32 {
    if wantsHelp(arguments, validateUsage) { return 0 }
    let parsed = try Arguments(arguments, options: [], flags: [])
    guard !parsed.positional.isEmpty else {
      throw Arguments.UsageError(description: "validate needs at least one file or folder")
    }
    let report = try FolderValidator().validate(parsed.positional)
    for issue in report.issues {
      Terminal.error(issue.description)
    }
    if report.issues.isEmpty {
      Terminal.out("\(report.filesChecked) files valid.")
      return 0
    }
    Terminal.failure("\(report.issues.count) problems in \(report.filesChecked) files checked.")
    return 1
  }

  static func lint(_ arguments: [String]) throws -> Int32 {
    if wantsHelp(arguments, lintUsage) { return 0 }
    let parsed = try Arguments(arguments, options: ["--site", "--json", "--junit", "--jobs"], flags: [])
    let site = parsed.value("--site") ?? "Site"
    let jobs = try parsed.count("--jobs")
    let result: (report: LintReport, variants: [(design: String, variant: String)])
    do {
      result = try SiteLinter(site: URL(fileURLWithPath: site), siteDisplay: site, jobs: jobs).run()
    } catch {
      Terminal.failure(error.description)
      return 2
    }
    Terminal.out(result.report.text)
    do throws(ReportFile.Failure) {
      let protected = [URL(fileURLWithPath: site)]
      if let path = parsed.value("--json") {
        try ReportFile.write(result.report.json, to: path, protecting: protected)
      }
      if let path = parsed.value("--junit") {
        try ReportFile.write(result.report.junit(variants: result.variants), to: path, protecting: protected)
      }
    } catch {
      Terminal.failure(error.description)
      return 2
    }
    return result.report.hasErrors ? 1 : 0
  }

  static func list(_ arguments: [String]) throws -> Int32 {
    if wantsHelp(arguments, listUsage) { return 0 }
    let parsed = try Arguments(arguments, options: ["--site"], flags: ["--json"])
    let site = parsed.value("--site") ?? "Site"
    let definition: SiteDefinition
    do {
      definition = try SiteLoader(root: URL(fileURLWithPath: site), displayRoot: site).load()
    } catch {
      Terminal.failure(error.description)
      return 2
    }
    Terminal.out(parsed.has("--json") ? SiteListing(definition).json : SiteListing(definition).text)
    return 0
  }
}

/// `1 design`, `2 designs`; `plural` for nouns that do not take an s.
func count(_ number: Int, _ noun: String, plural: String? = nil) -> String {
  "\(number) " + (number == 1 ? noun : plural ?? noun + "s")
}

/// Human-sized byte counts (`2.1 MB`).
enum ByteCount {
  static func format(_ bytes: Int) -> String {
    if bytes < 1_000 { return "\(bytes) B" }
    if bytes < 1_000_000 { return NumberText.format((Double(bytes) / 100).rounded() / 10) + " kB" }
    return NumberText.format((Double(bytes) / 100_000).rounded() / 10) + " MB"
  }
}

/// Durations as seconds with two decimals.
enum Seconds {
  static func format(_ duration: Duration) -> String {
    let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    return NumberText.format(seconds) + " s"
  }
}
