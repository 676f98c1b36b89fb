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

/// Runs `build` on a hostile site under strace and reads every file open and
/// network call it made: no socket, and nothing opened outside the site, the
/// output and the system's own libraries, whatever the definitions and assets
/// point at (traversal, absolute paths, entities, external hrefs).
@Suite(
  "Nothing outside the site", .serialized,
  .enabled(if: Strace.testsRun, "strace is not installed (apt-get install strace)"))
struct NothingOutsideTests {
  @Test func aHostileBuildOpensNothingOutsideAndNoSocket() throws {
    let strace = try #require(Strace.executable, "strace is required in CI")
    let folder = temporaryFolder()
    let secretFolder = temporaryFolder()
    try FileManager.default.createDirectory(at: secretFolder, withIntermediateDirectories: true)
    defer {
      try? FileManager.default.removeItem(at: folder)
      try? FileManager.default.removeItem(at: secretFolder)
    }
    let secret = secretFolder.appending(path: "secret.svg")
    try Data("<svg xmlns=\"http://www.w3.org/2000/svg\"><title>SECRET</title></svg>".utf8).write(to: secret)
    let hostileAsset = """
      <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">\
      <image href="\(secret.absoluteString)"/><use xlink:href="\(secret.path)#x"/>\
      <image href="http://169.254.169.254/latest/meta-data"/><style>@import url(\(secret.absoluteString));</style>\
      <rect width="10" height="10" fill="url(\(secret.absoluteString)#g)"/></svg>
      """
    let site = folder.appending(path: "Site")
    try FileManager.default.createDirectory(at: site.appending(path: "placeholders"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: site.appending(path: "assets"), withIntermediateDirectories: true)
    try Data(hostileAsset.utf8).write(to: site.appending(path: "assets/hostile.svg"))
    try Data(#"{ "devices": ["iphone-se"], "themes": ["light"], "locales": ["en"] }"#.utf8).write(
      to: site.appending(path: "site.json"))
    try Data(
      #"{ "layout": "message", "image": "assets/hostile.svg", "message": "<script>fetch('http://x')</script>" }"#.utf8
    )
    .write(to: site.appending(path: "placeholders/a.json"))

    let log = folder.appending(path: "strace.log")
    let process = Process()
    process.executableURL = strace
    process.arguments = [
      "-f", "-qq", "-e", "trace=open,openat,creat,socket,connect", "-o", log.path, CommandRunner.binary.path,
      "build",
    ]
    process.currentDirectoryURL = folder
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.runWatched()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let trace = try String(contentsOf: log, encoding: .utf8)
    #expect(trace.contains("openat"), "strace recorded nothing")
    // glibc asks the local name-service cache (an AF_UNIX socket) for user
    // names; no socket of any other family, and no connection elsewhere.
    let sockets = trace.split(separator: "\n").filter { $0.contains("socket(") || $0.contains("connect(") }
    for line in sockets {
      #expect(line.contains("AF_UNIX"), "a network socket: \(line)")
      if line.contains("connect(") { #expect(line.contains("/var/run/nscd/socket"), "\(line)") }
    }
    #expect(!trace.contains("AF_INET"), "a network socket was opened")
    #expect(!trace.contains(secretFolder.path), "the secret outside the site was opened")

    // Every file the build opened in the test's folder lies in the site or the output.
    let own = folder.standardizedFileURL.path
    for line in trace.split(separator: "\n") {
      guard let start = line.range(of: "\""), let end = line[start.upperBound...].range(of: "\"") else { continue }
      let path = String(line[start.upperBound..<end.lowerBound])
      let absolute = path.hasPrefix("/") ? path : own + "/" + path
      guard absolute.hasPrefix(own) else { continue }
      let inside =
        absolute.hasPrefix(own + "/Site") || absolute.hasPrefix(own + "/_site") || absolute.hasPrefix(own + "/._site")
        || absolute == own
      #expect(inside, "opened \(path)")
    }
  }
}

/// strace, for tests that watch what a process opens.
enum Strace {
  static let executable: URL? = ["/usr/bin/strace", "/bin/strace"].map(URL.init(fileURLWithPath:))
    .first { FileManager.default.isExecutableFile(atPath: $0.path) }

  /// Run when strace is installed, and always under CI, where its absence is a failure.
  static var testsRun: Bool {
    executable != nil || RunEnvironment.isCI(ProcessInfo.processInfo.environment)
  }
}
