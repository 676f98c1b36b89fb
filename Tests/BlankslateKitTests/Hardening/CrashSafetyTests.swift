import BlankslateKit
import Foundation
import Testing

/// Fault injection: `build` and `record` killed with a real SIGKILL at random
/// points. The output folder is always one whole build, each golden always
/// whole, and the next run leaves no temporary file behind.
@Suite("Crash safety", .serialized)
struct CrashSafetyTests {
  static func contents(of folder: URL) throws -> [String: Data] {
    var result: [String: Data] = [:]
    guard FileManager.default.fileExists(atPath: folder.path) else { return [:] }
    for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
      var isDirectory: ObjCBool = false
      let url = folder.appending(path: path)
      if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
        result[path] = try Data(contentsOf: url)
      }
    }
    return result
  }

  /// Starts the CLI, lets it run for `delay`, then kills it with SIGKILL.
  static func kill(_ arguments: [String], in folder: URL, after delay: Duration) throws -> Bool {
    let process = Process()
    process.executableURL = CommandLineTests.binary
    process.arguments = arguments
    process.currentDirectoryURL = folder
    var environment = ProcessInfo.processInfo.environment
    environment["CI"] = nil
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    Thread.sleep(forTimeInterval: Double(delay.components.attoseconds) / 1e18 + Double(delay.components.seconds))
    let wasRunning = process.isRunning
    Foundation.kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    return wasRunning
  }

  /// A site large enough that a build takes a while: 24 designs × 3 variants × 8 renders.
  static func largeSite(in folder: URL) throws -> URL {
    let site = folder.appending(path: "Site")
    try FileManager.default.createDirectory(at: site.appending(path: "placeholders"), withIntermediateDirectories: true)
    try Data(#"{ "devices": ["iphone-se", "iphone-15"], "themes": ["light", "dark"], "locales": ["zh-Hans", "en"] }"#.utf8)
      .write(to: site.appending(path: "site.json"))
    for index in 0..<24 {
      let layout = ["blank-page", "message", "no-network", "table"][index % 4]
      let json = #"{ "layout": "\#(layout)", "name": "Design \#(index)", "variants": [ { "id": "a" }, { "id": "b" }, { "id": "c" } ] }"#
      try Data(json.utf8).write(to: site.appending(path: "placeholders/d\(index).json"))
    }
    return site
  }

  @Test func aKilledBuildLeavesTheWholePreviousOutput() throws {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let site = try Self.largeSite(in: folder)
    let first = try CommandLineTests.run(["build", "--jobs", "2"], in: folder)
    #expect(first.status == 0, "\(first.error)")
    let before = try Self.contents(of: folder.appending(path: "_site"))
    // The next build would write different pages.
    let design = site.appending(path: "placeholders/d0.json")
    try Data(try String(contentsOf: design, encoding: .utf8).replacingOccurrences(of: "Design 0", with: "Design zero").utf8).write(to: design)
    let reference = try CommandLineTests.run(["build", "--output", "reference"], in: folder)
    #expect(reference.status == 0)
    let after = try Self.contents(of: folder.appending(path: "reference"))
    #expect(before != after)

    var random = SeededRandom(seed: 42)
    var interrupted = 0
    for _ in 0..<6 {
      let delay = Duration.milliseconds(Int.random(in: 20...900, using: &random))
      if try Self.kill(["build", "--jobs", "2"], in: folder, after: delay) { interrupted += 1 }
      let now = try Self.contents(of: folder.appending(path: "_site"))
      #expect(now == before || now == after, "a killed build left a mixed output (\(now.count) files)")
    }
    #expect(interrupted > 0, "no build was still running when killed; the site is too small")

    let finish = try CommandLineTests.run(["build", "--jobs", "2"], in: folder)
    #expect(finish.status == 0)
    #expect(try Self.contents(of: folder.appending(path: "_site")) == after)
    // Only the back buffer, no killed build's staging folder.
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".staging") }
    #expect(leftovers == ["._site.staging"])
  }

  @Test func aKilledRecordLeavesEveryGoldenWhole() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    let old = try copy.goldens()
    // Every render changes: the status bar's time is the same, but each design's name is in its title.
    for file in ["blank-page", "no-network", "table", "zero-code"] {
      let url = copy.site.appending(path: "placeholders/\(file).json")
      let text = try String(contentsOf: url, encoding: .utf8)
      try Data(text.replacingOccurrences(of: #""name": ""#, with: #""name": "~"#).utf8).write(to: url)
    }
    var random = SeededRandom(seed: 7)
    for _ in 0..<6 {
      let delay = Duration.milliseconds(Int.random(in: 10...600, using: &random))
      _ = try Self.kill(["record", "--mode", "all", "--jobs", "1"], in: copy.folder, after: delay)
      for (path, text) in try copy.goldens() {
        #expect(throws: Never.self, "\(path) is torn") { try StrictXMLParser().check(Array(text.utf8), file: path) }
        #expect(old[path] != nil, "\(path) appeared from nowhere")
      }
    }
    let record = try CommandLineTests.run(["record", "--mode", "all"], in: copy.folder, environment: ["CI": ""])
    #expect(record.status == 0)
    let check = try CommandLineTests.run(["check"], in: copy.folder)
    #expect(check.status == 0, "\(check.output.suffix(300))")
    let temporary = try FileManager.default.subpathsOfDirectory(atPath: copy.site.appending(path: "__snapshots__").path)
      .filter { $0.contains(".tmp-") }
    #expect(temporary == [])
  }
}
