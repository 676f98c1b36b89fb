import Foundation
import BlankslateCore
import BlankslateSite
import BlankslateSnapshot
import BlankslateSupport

/// `blankslate serve`: builds the site, serves the gallery, and on every
/// change to the site or the templates builds again (incrementally, reusing
/// unchanged designs) and tells every open page: reload, or here is what failed.
/// A failed build keeps the last good gallery in place.
package final class ServeSession: @unchecked Sendable {

  let options: BuildOptions
  let live = LiveState()
  /// The token a state-changing request must carry (new every run).
  package let token: String
  private(set) var server: DevServer?
  private let queue = DispatchQueue(label: "blankslate.serve.build")
  private let lock = NSLock()
  private var stopping = false
  private var buildPending = false
  /// The snapshot report `serve` keeps current (beside the output, as `check` writes it).
  var reportFolder: URL { SnapshotReport.defaultFolder(besideGallery: options.output) }
  /// Whether this run is under CI, where no golden is ever written.
  package var isCI = false
  /// Whether accept and rebuild are on when the server listens beyond loopback (`--allow-remote-changes`).
  package var allowsRemoteChanges = false
  /// Whether the site is watched by polling each file's version rather than
  /// with the kernel's events (`serve --poll`: network and container mounts).
  package var polls = false
  /// Says what happened (a build, a failure), for the terminal.
  let report: @Sendable (String) -> Void

  package init(options: BuildOptions, report: @escaping @Sendable (String) -> Void) {
    var options = options
    options.incremental = true
    options.memo = BuildMemo()
    self.options = options
    self.report = report
    var generator = SystemRandomNumberGenerator()
    token = (0..<4).map { _ in String(generator.next() as UInt64, radix: 16) }.joined()
  }

  /// Builds once and starts serving on `host`:`port`; the address pages are served at.
  ///
  /// - Throws: `ServeError` when the output or the report folder is a symbolic
  ///   link or holds files Blankslate did not write: `serve` serves only
  ///   folders its own build made and marked.
  package func start(host: String, port: UInt16) throws(ServeError) -> String {
    try Self.checkOwn(options.output.path, role: "output")
    try Self.checkOwn(reportFolder.path, role: "report")
    // Before the first build: a machine without libmicrohttpd is told at once.
    if case .failure(let error) = DevServer.openLibrary() { throw error }
    let server = DevServer(outputName: options.output.lastPathComponent, token: token, live: live) { [weak self] in
      self?.requestBuild()
    }
    if !Self.isLoopback(host) && !allowsRemoteChanges {
      server.changesRefusal =
        "Accept and rebuild are off: serve listens on \(host), beyond this machine (--allow-remote-changes turns them on)."
    }
    self.server = server
    build()
    if !server.servesOutput, let previous = try? ServedFolder(options.output.path) {
      // The first build failed: the last good build (marked as Blankslate's) stays, as after any failed build.
      server.serve(output: previous)
    }
    server.accept = { [weak self] body in
      guard let self else { return (503, "Stopping.") }
      return self.queue.sync { self.accept(body: body) }
    }
    guard server.start(host: host, port: port) else {
      throw ServeError(
        description: "cannot listen on \(host):\(port) (is the port in use, or the address not this machine's?)")
    }
    let shown = host.contains(":") ? "[\(host)]" : host
    return "http://\(shown):\(server.port)/"
  }

  /// Whether `host` is this machine only: 127.0.0.0/8, `::1` or `localhost`.
  package static func isLoopback(_ host: String) -> Bool {
    host == "localhost" || host == "::1" || host.split(separator: ".").first == "127"
  }

  /// What a run on `host` exposes, said before it starts; nil on loopback.
  package static func exposure(host: String, allowsRemoteChanges: Bool) -> String? {
    guard !isLoopback(host) else { return nil }
    let reading =
      "warning: serve listens on \(host): anyone who can reach this address can read the gallery and the snapshot "
      + "report (every render, its definition, and each golden's diff)."
    return allowsRemoteChanges
      ? reading + " With --allow-remote-changes, anyone who can load a page also gets this run's token, and can "
        + "accept changes into the goldens and start rebuilds."
      : reading + " Accept and rebuild are off; --allow-remote-changes turns them on for anyone who can load a page."
  }

  /// Refuses a folder `serve` would publish into or serve from that is not
  /// the tool's own: a symbolic link (a cloned repository can commit
  /// `_site -> /etc`), something other than a folder, or a folder of files
  /// without Blankslate's marker. A missing or empty folder is fine.
  static func checkOwn(_ path: String, role: String) throws(ServeError) {
    switch StagingFolder.ownership(of: path) {
    case .own: return
    case .link(let target):
      throw ServeError(
        description: "\(path) is a symbolic link\(target.map { " to \($0)" } ?? ""); serve serves only a \(role) "
          + "folder its own build made. Remove the link, or name another folder with --output")
    case .foreign:
      throw ServeError(
        description: "\(path) holds files Blankslate did not write (no \(StagingFolder.marker)); serve serves "
          + "only a \(role) folder its own build made. Move them, or name another folder with --output")
    case .notAFolder(let kind):
      throw ServeError(description: "\(path) is \(kind), not a folder; serve needs it for its \(role)")
    }
  }

  /// The watcher, made by `startWatching` before the first build.
  private var watcher: SiteWatcher?

  /// Watches the site (and templates) from now on: called before serve says
  /// where it serves, so that a save the moment after is seen, not lost
  /// before the watcher's first watch.
  package func startWatching() throws(ServeError) {
    guard watcher == nil else { return }
    var roots = [options.siteFolder.path]
    if let templates = options.templates { roots.append(templates.path) }
    guard let made = makeSiteWatcher(roots: roots, polling: polls, report: report) else {
      throw ServeError(
        description: "cannot watch \(roots.joined(separator: " and ")) (inotify: \(String(cString: strerror(errno)))); "
          + "serve --poll watches by looking instead")
    }
    watcher = made
  }

  /// How the site is watched, for serve's first line: `with inotify` or `by polling every 0.1 s`.
  package var watchMethod: String {
    watcher is PollingWatcher ? "by polling every 0.1 s" : "with inotify"
  }

  /// Builds again after each change, until `stop`.
  package func watch() throws(ServeError) {
    try startWatching()
    guard let watcher else { return }
    while let changed = watcher.next(stopped: { isStopping }) {
      if !changed.isEmpty { requestBuild() }
    }
  }

  package func stop() {
    lock.lock()
    stopping = true
    lock.unlock()
    server?.stop()
  }

  private var isStopping: Bool {
    lock.lock()
    defer { lock.unlock() }
    return stopping
  }

  /// Builds on the build queue; requests that come while one waits are one build.
  func requestBuild() {
    lock.lock()
    let alreadyPending = buildPending
    buildPending = true
    lock.unlock()
    Failpoint.note("serve.build-requested")
    guard !alreadyPending else { return }
    queue.async { [self] in
      lock.lock()
      buildPending = false
      lock.unlock()
      build()
    }
  }

  /// Compares the renders with their goldens and writes the report, which
  /// then shows each change with Accept (the served report knows the token).
  ///
  /// `givingWay`: stop as soon as a build is waiting (a save during the
  /// check of every render would wait for it); the build after it checks again.
  private func refreshReport(givingWay: Bool = false) {
    Failpoint.hold("serve.report")
    let generation = live.snapshot.generation
    var snapshotOptions = self.snapshotOptions()
    if givingWay { snapshotOptions.isCancelled = { [self] in lock.withLock { buildPending } } }
    do throws(SnapshotError) {
      let run = try SnapshotChecker(options: snapshotOptions).run()
      try SnapshotReport(
        output: reportFolder, outputDisplay: "_report", gallery: options.output, workers: options.workers
      ).write(
        run.summary, site: options.siteFolder)
    } catch .cancelled {
      return
    } catch {
      report("note: the snapshot report was not updated: \(error.description)")
      return
    }
    do throws(ServedFolder.Refusal) {
      server?.serve(report: try ServedFolder(reportFolder.path))
    } catch {
      report("note: the snapshot report is not served: \(error.description)")
      return
    }
    live.reportWritten(of: generation)
  }

  /// What the report's check and Accept compare: this site, with the
  /// definitions its builds decoded and the renders its last build published
  /// (read from the held output folder, never drawn again).
  private func snapshotOptions() -> SnapshotOptions {
    var snapshotOptions = SnapshotOptions(
      siteFolder: options.siteFolder, siteDisplay: options.siteDisplay, workers: options.workers)
    snapshotOptions.inputs = options.memo?.inputs
    snapshotOptions.memo = options.memo
    if let server {
      snapshotOptions.existingRender = { id in server.read("/" + id.svgPath)?.bytes }
    }
    return snapshotOptions
  }

  /// Records the renders a decisions document approves, when each one's
  /// golden and current bytes are still those the reviewer saw (the report's
  /// Accept sends them), through `record`'s atomic path; 409 with nothing
  /// written when any has changed since. The report updates; gallery pages
  /// do not reload, since goldens are not part of the gallery.
  func accept(body: [UInt8]) -> (status: UInt32, message: String) {
    guard !isCI else { return (403, "CI never writes goldens.") }
    do throws(SnapshotError) {
      let decisions = try SnapshotDecision.parse(body, file: "the request")
      let written = try SnapshotAcceptor(options: snapshotOptions()).accept(decisions, isCI: false).filter {
        !$0.isDefinition
      }
      refreshReport()
      let count = "\(written.count) golden\(written.count == 1 ? "" : "s")"
      report("Accepted \(count) (\(decisions.filter { $0.verdict == .approve }.count) approved).")
      return (200, "Accepted \(count).")
    } catch .staleDecisions(let stale) {
      return (409, SnapshotError.staleDecisions(stale).description)
    } catch {
      return (400, error.description)
    }
  }

  private func build() {
    let clock = ContinuousClock()
    let start = clock.now
    do {
      let summary = try SiteBuilder(options: options).build()
      do throws(ServedFolder.Refusal) {
        // Opened once published, and served from the descriptor: never a link in its place.
        server?.serve(output: try ServedFolder(options.output.path))
      } catch {
        live.failed(error.description)
        report("error: \(error.description)\nThe gallery keeps the last good build.")
        return
      }
      let elapsed = clock.now - start
      let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
      // Pages reload at once; the report (a check of every render) follows, and gives way to the next save.
      live.built()
      refreshReport(givingWay: true)
      report(
        "Built \(summary.renders) renders in \(NumberText.format(seconds, fractionDigits: 2)) s "
          + "(\(summary.rendered) rendered, \(summary.designs - summary.rendered) reused of \(summary.designs) "
          + "design\(summary.designs == 1 ? "" : "s")); pages reload.")
    } catch {
      live.failed(error.description)
      report("error: \(error.description)\nThe gallery keeps the last good build.")
    }
  }
}

/// Why `serve` cannot start or go on watching.
package struct ServeError: CommandFailure {
  package var description: String
  /// A server that cannot start is bad input or usage: 2.
  package var exitCode: Int32 { 2 }
}
