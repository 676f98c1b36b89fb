import Foundation
import BlankslateCore
import BlankslateHandOff
import BlankslateServe
import BlankslateSite
import BlankslateSnapshot
import BlankslateSupport
import BlankslateValidation

/// The commands: each parses its options, calls the kit, and returns an exit code.
public enum Commands {
  /// What allocates the process's memory, and how, for `--version`: the
  /// executable links mimalloc and says so here (the library does not link it).
  nonisolated(unsafe) public static var allocator: () -> String = { "system malloc" }
  /// Whether the process ends when its command returns (the executable sets
  /// true): then `build` leaves what it held to the exit
  /// (`BuildOptions.freesWhatItHeld`). Commands run in a longer process
  /// (the tests, a tool on the kit) free it.
  nonisolated(unsafe) public static var exitsAfterTheCommand = false
  /// Called as `serve` starts, before its first build: the executable keeps
  /// the allocator's empty pages for reuse in a process that builds on every save.
  nonisolated(unsafe) public static var startsLongRun: () -> Void = {}
  /// Called before a `build` that reuses an earlier build of its output: the
  /// executable keeps the allocator's empty pages until the process ends.
  nonisolated(unsafe) public static var startsRebuild: () -> Void = {}

  /// Runs the command line: the command's declaration (`CommandSpec`)
  /// parses the options and answers `--help`; the handler calls the kit.
  /// Runs the command line with `console`'s folder, environment and streams,
  /// in this process: what another Swift tool or a test calls.
  public static func run(_ arguments: [String], console: Console) -> Int32 {
    Console.$current.withValue(console) {
      FontSearch.$environment.withValue(console.environment) { run(arguments) }
    }
  }

  /// Runs the command line `arguments` (without the program's name) and returns its exit code.
  public static func run(_ arguments: [String]) -> Int32 {
    let status = runCommand(arguments)
    // A test reads the finished process here (its peak memory) before it exits.
    Failpoint.hold("run.finished")
    return status
  }

  private static func runCommand(_ arguments: [String]) -> Int32 {
    guard let command = arguments.first else {
      Terminal.error(CommandSpec.overview)
      return 2
    }
    switch command {
    case "--help", "-h", "help":
      Terminal.out(CommandSpec.overview)
      return 0
    case "--version":
      Terminal.out(versionReport())
      return 0
    default: break
    }
    guard let spec = CommandSpec.named(command) else {
      let hint = CommandSpec.suggestion(for: command).map { " Did you mean '\($0)'?" } ?? ""
      Terminal.failure("unknown command '\(command)'.\(hint)\n\n\(CommandSpec.overview)")
      return 2
    }
    let rest = Array(arguments.dropFirst())
    if rest.contains("--help") || rest.contains("-h") {
      Terminal.out(spec.help)
      return 0
    }
    do {
      let parsed = try spec.parse(rest)
      switch spec.command {
      case .build: return try build(parsed)
      case .check: return try SnapshotCommands.check(parsed)
      case .record: return try SnapshotCommands.record(parsed)
      case .prune: return try SnapshotCommands.prune(parsed)
      case .accept: return try SnapshotCommands.accept(parsed)
      case .report: return try SnapshotCommands.report(parsed)
      case .lint: return try lint(parsed)
      case .validate: return try validate(parsed)
      case .schema: return try schema(parsed)
      case .`init`: return try initialise(parsed)
      case .export: return try export(parsed)
      case .fonts: return try FontsCommand.run(parsed)
      case .serve: return try serve(parsed)
      case .list: return try list(parsed)
      }
    } catch let error as CommandSpec.UsageError {
      Terminal.failure(error.description + " (see 'blankslate \(command) --help')")
      return 2
    } catch let failure as any CommandFailure {
      Terminal.failure(failure.description)
      return failure.exitCode
    } catch {
      Terminal.failure("\(error)")
      return 2
    }
  }

  /// `--version`: the tool, its identity, where it runs from, the libraries
  /// it linked and found, and every pinned font file with where this
  /// machine has it (the fonts are part of what a build is made with).
  static func versionReport() -> String {
    var lines = ["blankslate \(Blankslate.version)", "identity \(ToolIdentity.current)"]
    if let path = Bundle.main.executablePath { lines.append("executable \(path)") }
    for library in [LibXMLVersion.text] + TextLibraries.versions + [
      SHA256.libraryVersion, DevServer.libraryVersion, PNGRenderer.libraryVersion,
    ] {
      lines.append("library \(library)")
    }
    lines.append("allocator \(allocator())")
    // What the goldens of the site here were recorded with: a line break moves with the text stack.
    lines += DefinitionRecord.expectations(site: Console.current.url("Site"), siteDisplay: "Site")
    let search = FontSearch.forSite(nil)
    let found = search.locate()
    for (file, location) in zip(PinnedFile.all, found) {
      lines.append("font \(file.name) sha256 \(file.sha256) " + (location.path.map { "at \($0)" } ?? "MISSING"))
    }
    lines.append(
      "fonts looked for in each site's fonts/, then "
        + (search.systemFolders.isEmpty
          ? "nowhere else (BLANKSLATE_FONT_PATH is empty)" : search.systemFolders.joined(separator: ", ")))
    return lines.joined(separator: "\n")
  }

  static func build(_ parsed: CommandSpec.Arguments) throws -> Int32 {
    let site = parsed[.site]
    let output = parsed[.output]
    var options = BuildOptions(
      siteFolder: Console.current.url(site), siteDisplay: site, output: Console.current.url(output),
      outputDisplay: output, workers: try parsed.count(.jobs),
      templates: parsed.value(.templates).map { Console.current.url($0) })
    options.incremental = !parsed.has(.noCache)
    options.pngScale = try pngScale(parsed)
    options.freesWhatItHeld = !exitsAfterTheCommand
    let quiet = parsed.has(.quiet)
    let bar = quiet ? nil : ProgressBar.forStandardError(label: "renders")
    if let bar {
      options.progress = { done, total in bar.update(done, of: total) }
    }
    options.waiting = { Terminal.error("Waiting for another build of \(output) to finish…") }
    if options.incremental, SiteBuilder.hasEarlierBuild(of: options.output) { startsRebuild() }
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
          + (reused + summary.refreshed > 0
            ? " \(summary.rendered) rendered,\(refreshed) \(reused) unchanged and reused." : ""))
      Terminal.out("Lint: \(summary.lint.line), each variant's findings counted once (blankslate lint lists them).")
      if parsed.has(.timings) {
        Terminal.out("Time by phase (CPU time summed over \(count(options.workers, "worker"))):")
        for phase in BuildTimings.Phase.allCases where summary.timings[phase] > .zero {
          Terminal.out(
            "  " + Seconds.format(summary.timings[phase]).padding(toLength: 10, withPad: " ", startingAt: 0)
              + phase.rawValue)
        }
        Terminal.out(
          "Definitions: \(summary.decoded) of \(summary.designs) decoded, the others kept from the last build.")
      }
      return 0
    } catch {
      bar?.finish()
      Terminal.failure(error.description)
      return error.exitCode
    }
  }

  static func validate(_ parsed: CommandSpec.Arguments) throws -> Int32 {
    guard !parsed.positional.isEmpty else {
      throw CommandSpec.UsageError(description: "validate needs at least one file or folder")
    }
    let report = try FolderValidator().validate(parsed.positional.map(Console.current.path))
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

  static func lint(_ parsed: CommandSpec.Arguments) throws -> Int32 {
    let site = parsed[.site]
    let workers = try parsed.count(.jobs)
    let result: (report: LintReport, variants: [(design: String, variant: String)])
    do {
      result = try SiteLinter(siteFolder: Console.current.url(site), siteDisplay: site, workers: workers).run(
        readingOrders: parsed.value(.findingsJSON) != nil)
    } catch {
      Terminal.failure(error.description)
      return 2
    }
    Terminal.out(result.report.text)
    let protected = [Console.current.url(site)]
    if let path = parsed.value(.findingsJSON) {
      try ReportFile.write(result.report.json, to: Console.current.path(path), protecting: protected)
    }
    if let path = parsed.value(.junit) {
      try ReportFile.write(
        result.report.junit(variants: result.variants), to: Console.current.path(path), protecting: protected)
    }
    return result.report.hasErrors ? 1 : 0
  }

  static func serve(_ parsed: CommandSpec.Arguments) throws -> Int32 {
    let site = parsed[.site]
    let output = parsed[.output]
    let host = parsed.value(.host) ?? "127.0.0.1"
    let portText = parsed.value(.port) ?? "8000"
    guard let port = UInt16(portText) else {
      throw CommandSpec.UsageError(description: "--port must be a number from 0 to 65535, not '\(portText)'")
    }
    let options = BuildOptions(
      siteFolder: Console.current.url(site), siteDisplay: site, output: Console.current.url(output),
      outputDisplay: output, workers: try parsed.count(.jobs),
      templates: parsed.value(.templates).map { Console.current.url($0) })
    let allowsRemoteChanges = parsed.has(.allowRemoteChanges)
    if let exposure = ServeSession.exposure(host: host, allowsRemoteChanges: allowsRemoteChanges) {
      Terminal.error(exposure)
    }
    // serve runs on: a stream that fails is said once on the other, which takes its lines.
    Terminal.fallBackWhenAStreamFails()
    startsLongRun()
    Failpoint.note("serve.allocator", allocator())
    let session = ServeSession(options: options) { Terminal.out($0) }
    session.isCI = RunEnvironment.isCI(Console.current.environment)
    session.allowsRemoteChanges = allowsRemoteChanges
    session.polls = parsed.has(.poll)
    // Caught before the first build: a Ctrl-C at any moment from here stops the
    // session (the watcher sees it and the process exits), none is lost.
    StopSignals.catch { session.stop() }
    do throws(ServeError) {
      // Watching before the first build: a save during it, or the moment after
      // the line below, is seen (the events wait in the kernel's queue).
      try session.startWatching()
      let address = try session.start(host: host == "localhost" ? "127.0.0.1" : host, port: port)
      Terminal.out(
        "Serving \(address) (watching \(site)\(options.templates.map { " and " + $0.path } ?? "") "
          + "\(session.watchMethod); Ctrl-C stops)")
      Failpoint.hold("serve.announced")
      let watching = Thread {
        do throws(ServeError) {
          try session.watch()
        } catch {
          Terminal.failure(error.description)
          session.stop()
        }
        exit(Terminal.exitStatus(0))
      }
      watching.start()
      dispatchMain()
    } catch {
      Terminal.failure(error.description)
      return 2
    }
  }

  static func initialise(_ parsed: CommandSpec.Arguments) throws -> Int32 {
    guard parsed.positional.count <= 1 else { throw CommandSpec.UsageError(description: "init takes one folder") }
    let folder = parsed.positional.first ?? "."
    if let given = parsed.value(.action), !ActionLocation.isValid(given) {
      throw CommandSpec.UsageError(
        description: "--action takes OWNER/REPO@REF (a branch, tag or commit), not '\(given)'")
    }
    let action = parsed.value(.action) ?? ActionLocation.ofClone(at: ActionLocation.sourceRoot)
    do throws(InitError) {
      let created = try SiteScaffold.create(at: Console.current.url(folder), action: action)
      for note in created.notes { Terminal.error("note: " + note) }
      let goldens = created.files.filter { $0.contains("__snapshots__") }.count
      Terminal.out(
        "Created a site in \(folder == "." ? "" : folder + "/")Site/ (\(count(created.files.count - goldens, "file")) and "
          + "\(count(goldens, "golden"))). Next:\n"
          + (folder == "." ? "" : "  cd \(folder)\n")
          + "  blankslate build    # then open _site/index.html\n  blankslate check")
      return 0
    } catch {
      Terminal.failure(error.description)
      return 2
    }
  }

  /// `--png` with an optional `--scale 1|2|3` (default 2); `--scale` alone is a usage error.
  static func pngScale(_ parsed: CommandSpec.Arguments) throws -> Int? {
    guard parsed.has(.png) else {
      if parsed.value(.scale) != nil { throw CommandSpec.UsageError(description: "--scale goes with --png") }
      return nil
    }
    guard let text = parsed.value(.scale) else { return 2 }
    guard let scale = Int(text), PNGRenderer.scales.contains(scale) else {
      throw CommandSpec.UsageError(description: "--scale must be 1, 2 or 3 (pixels per point), not '\(text)'")
    }
    return scale
  }

  static func schema(_ parsed: CommandSpec.Arguments) throws -> Int32 {
    guard parsed.positional.count <= 1 else {
      throw CommandSpec.UsageError(description: "schema takes one kind: placeholder, site or properties")
    }
    switch parsed.positional.first ?? "placeholder" {
    case "placeholder": Terminal.out(DefinitionSchema.placeholder.rendered(pretty: true))
    case "site": Terminal.out(DefinitionSchema.site.rendered(pretty: true))
    case "properties": Terminal.out(String(DefinitionSchema.propertyTable.dropLast()))
    case let other:
      throw CommandSpec.UsageError(
        description: "unknown schema kind '\(other)'; expected placeholder, site or properties")
    }
    return 0
  }

  /// `export swift`: the modern designs as Swift, their texts as a String
  /// Catalog and their colours and images as an asset catalog.
  static func export(_ parsed: CommandSpec.Arguments) throws -> Int32 {
    guard parsed.positional == ["swift"] else {
      throw CommandSpec.UsageError(description: "export takes one kind: swift")
    }
    let site = parsed[.site]
    guard let definition = definitions(of: site) else { return 2 }
    let folder = parsed.value(.exportOutput) ?? "Export"
    guard let bundle = SwiftExport.ResourceBundle(rawValue: parsed.value(.exportBundle) ?? "main") else {
      throw CommandSpec.UsageError(description: "--bundle takes main or module")
    }
    let outcome = try SwiftExport.export(
      definition, root: Console.current.path(site), siteDisplay: site, into: folder,
      workingFolder: Console.current.path("."), bundle: bundle, check: parsed.has(.exportCheck))
    if parsed.has(.exportCheck) {
      for name in outcome.stale { Terminal.error("stale: \(folder)/\(name) is not what \(site) exports now") }
      if outcome.stale.isEmpty { Terminal.out("Up to date: \(folder)/ (\(count(outcome.files, "file"))).") }
      return outcome.stale.isEmpty ? 0 : 1
    }
    Terminal.out(
      "Exported \(count(outcome.variants, "variant")) to \(folder)/\(SwiftExport.swiftFile), \(folder)/\(SwiftExport.catalogFile)"
        + (outcome.hasAssets ? " and \(folder)/\(SwiftExport.assetCatalog)." : "."))
    return 0
  }

  /// The definitions of the site folder `site` (as typed), for the commands
  /// that lay no text out (`list`, `export`, `fonts`): no image is read and a
  /// missing font is no error. Nil after saying what is wrong.
  static func definitions(of site: String) -> SiteDefinition? {
    do throws(BuildError) {
      return try SiteInputs.load(
        Console.current.url(site), display: site, workers: ProcessInfo.processInfo.activeProcessorCount,
        assets: false, fonts: false
      ).site
    } catch {
      Terminal.failure(error.description)
      return nil
    }
  }

  static func list(_ parsed: CommandSpec.Arguments) throws -> Int32 {
    let site = parsed[.site]
    guard let definition = definitions(of: site) else { return 2 }
    Terminal.out(parsed.has(.listJSON) ? SiteListing(definition).json : SiteListing(definition).text)
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
