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

/// `blankslate serve` over loopback: files, live reload, its refusals, and load.
@Suite("blankslate serve", .serialized)
struct ServeTests {
  @Test(.enabled(if: ServeClient.curlExists, "curl is not installed"))
  func itServesTheGalleryAndRefusesWhatItMustNot() throws {
    let server = try ServeClient.Server()
    defer { server.stop() }
    let base = server.base
    let index = try ServeClient.curl([base + "/"])
    #expect(index.contains("<script src=\"/_blankslate/live.js\""))
    #expect(try ServeClient.status([base + "/designs/favourites/empty.iphone-15.light.en.svg"]) == "200")
    #expect(try ServeClient.status(["http://localhost:\(server.port)/designs/favourites/"]) == "200")
    // DNS rebinding: a Host that is not the bound address.
    #expect(try ServeClient.status(["-H", "Host: attacker.example", base + "/"]) == "421")
    // Out of the output: dot segments, hidden files, a link out.
    #expect(try ServeClient.status(["--path-as-is", base + "/../../../etc/passwd"]) == "404")
    #expect(try ServeClient.status(["--path-as-is", base + "/designs/%2e%2e/%2e%2e/Site/site.json"]) == "404")
    #expect(try ServeClient.status([base + "/.blankslate-output"]) == "404")
    try FileManager.default.createSymbolicLink(
      at: server.folder.appending(path: "_site/leak.txt"), withDestinationURL: URL(fileURLWithPath: "/etc/passwd"))
    #expect(try ServeClient.status([base + "/leak.txt"]) == "404")
    // Verbs: pages are read-only; the one state-changing verb needs this run's token.
    #expect(try ServeClient.status(["-X", "PUT", base + "/index.html"]) == "405")
    #expect(try ServeClient.status(["-X", "DELETE", base + "/index.html"]) == "405")
    #expect(try ServeClient.status(["-X", "POST", base + "/_blankslate/rebuild"]) == "403")
    #expect(
      try ServeClient.status(["-X", "POST", "-H", "X-Blankslate-Token: guess", base + "/_blankslate/rebuild"]) == "403")
    let token = try #require(index.components(separatedBy: "data-token=\"").dropFirst().first?.prefix { $0 != "\"" })
    #expect(
      try ServeClient.status(["-X", "POST", "-H", "X-Blankslate-Token: \(token)", base + "/_blankslate/rebuild"])
        == "202")
  }

  /// A save the moment serve says it serves is built: the site is watched
  /// from before the first build, not from after the announcement.
  @Test(.enabled(if: ServeClient.curlExists, "curl is not installed"))
  func aSaveTheMomentItServesIsBuilt() throws {
    let hold = DebugHold(at: "serve.announced")
    defer { hold.remove() }
    let server = try ServeClient.Server(environment: hold.environment)
    defer { server.stop() }
    server.log.wait(for: "hold serve.announced reached")
    try server.retitle()
    try hold.release()
    server.log.wait(for: "Built 16 renders")
    #expect(
      try ServeClient.curl([server.base + "/designs/favourites/empty.iphone-15.light.en.html"]).contains(
        "Nothing Saved"))
  }

  /// Ctrl-C or `kill` at any moment once serve has said it serves ends it
  /// cleanly: the signal is caught from before the announcement, so none is
  /// lost and none ends the process by its default action.
  @Test(arguments: [SIGTERM, SIGINT])
  func aStopSignalTheMomentItServesEndsItCleanly(_ signal: Int32) throws {
    let hold = DebugHold(at: "serve.announced")
    defer { hold.remove() }
    let server = try ServeClient.Server(environment: hold.environment)
    defer { server.stop() }
    server.log.wait(for: "hold serve.announced reached")
    #expect(kill(server.process.processIdentifier, signal) == 0)
    try hold.release()
    server.process.waitUntilExit()
    #expect(server.process.terminationReason == .exit, "ended by signal \(server.process.terminationStatus)")
    #expect(server.process.terminationStatus == 0)
  }

  @Test(.enabled(if: ServeClient.curlExists, "curl is not installed"))
  func itHoldsTwoHundredConcurrentPageRequests() throws {
    let server = try ServeClient.Server()
    defer { server.stop() }
    let pages = ["/", "/designs/favourites/", "/designs/favourites/empty.iphone-15.dark.de.html", "/symbols.html"]
    let urls = (0..<200).flatMap { ["-o", "/dev/null", server.base + pages[$0 % pages.count]] }
    let codes = try ServeClient.curl(
      ["--parallel", "--parallel-immediate", "--parallel-max", "200", "-w", "%{http_code}\n"] + urls
    )
    .split(separator: "\n")
    #expect(codes.count == 200)
    #expect(codes.allSatisfy { $0 == "200" }, "\(Dictionary(grouping: codes, by: { $0 }).mapValues(\.count))")
  }

  /// The same with each watcher: inotify; `--poll`; and the portable
  /// fallback forced in the debug build, as on a system without inotify.
  @Test(
    .enabled(if: ServeClient.curlExists, "curl is not installed"),
    arguments: [
      ([String: String](), [String]()), ([:], ["--poll"]), (["BLANKSLATE_FALLBACK": "watch"], []),
    ])
  func anEditReloadsABreakShowsItsFileAndLineAndAFixClearsIt(
    environment: [String: String], arguments: [String]
  ) throws {
    let server = try ServeClient.Server(environment: environment, arguments: arguments)
    defer { server.stop() }
    let polls = !arguments.isEmpty || !environment.isEmpty
    server.log.wait(for: polls ? "by polling every 0.1 s; Ctrl-C stops" : "with inotify; Ctrl-C stops")
    let (events, reader) = try ServeClient.events(of: server)
    defer { if events.isRunning { events.terminate() } }

    try server.retitle()
    reader.wait(for: "event: reload")
    #expect(
      try ServeClient.curl([server.base + "/designs/favourites/empty.iphone-15.light.en.html"]).contains(
        "Nothing Saved"))

    try server.breakLayout()
    reader.wait(for: "event: failure")
    let message = reader.wait(for: "nothing was built")
    #expect(message.contains("Site/placeholders/favourites.json:5:"), "\(message)")
    // The last good gallery stays.
    #expect(try ServeClient.status([server.base + "/designs/favourites/"]) == "200")

    try server.restore()
    reader.wait(for: "event: reload")
  }

  /// The report that follows a build (a check of every render) gives way to
  /// a save that lands while it is checked: the page reloads with the new
  /// build first, and the report follows that build. The debug build holds
  /// the second report until the save is seen, so the order is not a race.
  @Test(.enabled(if: ServeClient.curlExists, "curl is not installed"))
  func aSaveDuringTheReportIsBuiltWithoutWaitingForIt() throws {
    let hold = DebugHold(at: "serve.report@2")
    defer { hold.remove() }
    let server = try ServeClient.Server(
      environment: hold.environment.merging(["BLANKSLATE_NOTE": "serve.build-requested"]) { _, new in new })
    defer { server.stop() }
    let (events, reader) = try ServeClient.events(of: server)
    defer { if events.isRunning { events.terminate() } }

    try server.retitle()
    reader.wait(for: "event: reload")
    // The report of that build has started, and is held.
    server.log.wait(for: "hold serve.report reached")
    try server.restore()
    server.log.wait(for: "note serve.build-requested")
    try hold.release()
    // The held check gives way: the next build's reload comes before any report.
    let beforeReload = reader.wait(for: "event: reload")
    #expect(!beforeReload.contains("event: report"), "\(beforeReload)")
    // The report follows the build after it, and describes the restored title.
    reader.wait(for: "event: report")
    let report = try String(
      contentsOf: server.folder.appending(path: "_report/index.html"), encoding: .utf8)
    #expect(!report.contains("Nothing Saved"))
  }

  /// The decisions each card's Accept sends: its renders with the hashes shown, approved.
  static func decisions(in report: String) -> [String] {
    report.components(separatedBy: "data-renders=\"").dropFirst().map { attribute in
      let renders = String(attribute.prefix { $0 != "\"" })
        .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        .replacingOccurrences(of: "}", with: #","decision":"approve"}"#)
      return #"{"decisions":"# + renders + "}"
    }
  }

  /// Retitles the sample and reads the report that follows: the run's token and each card's decisions.
  static func retitledReport(of server: ServeClient.Server, _ reader: StreamReader) throws -> (
    token: String, bodies: [String]
  ) {
    try server.retitle()
    // Pages reload first; the report follows once every render is checked.
    reader.wait(for: "event: reload")
    reader.wait(for: "event: report")
    let report = try ServeClient.curl([server.base + "/_report/index.html"])
    let token = try #require(report.components(separatedBy: "data-token=\"").dropFirst().first?.prefix { $0 != "\"" })
    return (String(token), decisions(in: report))
  }

  /// Accept in the served report: the golden on disk changes through `record`'s path, and `check` passes.
  @Test(.enabled(if: ServeClient.curlExists, "curl is not installed"))
  func acceptingAChangeInTheServedReportRecordsItsGolden() throws {
    let server = try ServeClient.Server()
    defer { server.stop() }
    let (events, reader) = try ServeClient.events(of: server)
    defer { if events.isRunning { events.terminate() } }
    let (token, bodies) = try Self.retitledReport(of: server, reader)
    #expect(!bodies.isEmpty && bodies.allSatisfy { $0.contains(#""render":"favourites/empty."#) }, "\(bodies)")
    let environment = ["CI": "", "NO_COLOR": "1", "SNAPSHOT_TESTING_RECORD": ""]
    let before = CommandRunner.run(["check"], in: server.folder, environment: environment)
    #expect(before.status == 1)
    // Each card's Accept, as the page's button sends it.
    for body in bodies {
      let accepted = try ServeClient.curl([
        "-X", "POST", "-H", "X-Blankslate-Token: \(token)", "--data-binary", body, server.base + "/_blankslate/accept",
      ])
      #expect(accepted.hasPrefix("Accepted "), "\(accepted)")
      reader.wait(for: "event: report")
    }
    let check = CommandRunner.run(["check"], in: server.folder, environment: environment)
    #expect(check.status == 0, "\(check.output)")
    #expect(try ServeClient.curl([server.base + "/_report/index.html"]).contains("Changed (0)"))
    #expect(
      try ServeClient.status(["-X", "POST", "--data-binary", bodies[0], server.base + "/_blankslate/accept"]) == "403")
  }

  /// A change saved after the report was shown is not what the reviewer saw:
  /// Accept with the shown hashes answers 409 and writes no golden.
  @Test(.enabled(if: ServeClient.curlExists, "curl is not installed"))
  func acceptingWhatChangedSinceItWasShownIsRefused() throws {
    let server = try ServeClient.Server()
    defer { server.stop() }
    let (events, reader) = try ServeClient.events(of: server)
    defer { if events.isRunning { events.terminate() } }
    let (token, bodies) = try Self.retitledReport(of: server, reader)
    let shown = try #require(bodies.first)
    let goldens = server.folder.appending(path: "Site/__snapshots__")
    let before = try folderContents(goldens)
    // Saved again after the report was shown.
    try server.save(replacing: "No Favourites Yet", with: "Nothing Kept")
    reader.wait(for: "event: reload")
    let answer = try ServeClient.curl([
      "-X", "POST", "-H", "X-Blankslate-Token: \(token)", "--data-binary", shown, "-w", "\n%{http_code}",
      server.base + "/_blankslate/accept",
    ])
    #expect(answer.hasSuffix("409"), "\(answer)")
    #expect(answer.contains("it renders differently since it was reviewed"), "\(answer)")
    #expect(try folderContents(goldens) == before, "a golden was written")
    // A malformed body is a clear 400, and also writes nothing.
    let malformed = try ServeClient.curl([
      "-X", "POST", "-H", "X-Blankslate-Token: \(token)", "--data-binary", #"{"decisions": [{"render": 1}]}"#,
      "-w", "\n%{http_code}", server.base + "/_blankslate/accept",
    ])
    #expect(malformed.hasSuffix("400") && malformed.contains("$.decisions[0]"), "\(malformed)")
    #expect(try folderContents(goldens) == before)
  }
}
