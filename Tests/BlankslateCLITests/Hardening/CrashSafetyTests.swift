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

/// Fault injection: `build` and `record` killed with a real SIGKILL at random
/// points. The output folder is always one whole build, each golden always
/// whole, and the next run leaves no temporary file behind.
@Suite("Crash safety", .serialized)
struct CrashSafetyTests {
  /// Starts the CLI with the debug build's failpoint `failpoint` armed,
  /// waits until the process says it reached it (reading its standard
  /// error, no clock involved), then kills it with SIGKILL.
  ///
  /// - Returns: whether the failpoint was reached (false: the run ended first).
  static func kill(
    _ arguments: [String], in folder: URL, at failpoint: String, environment more: [String: String] = [:]
  ) throws -> Bool {
    let process = Process()
    process.executableURL = CommandRunner.binary
    process.arguments = arguments
    process.currentDirectoryURL = folder
    var environment = ProcessInfo.processInfo.environment.merging(more) { _, new in new }
    environment["CI"] = nil
    environment["BLANKSLATE_FAILPOINT"] = failpoint
    process.environment = environment
    let errors = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    try process.runWatched()
    let name = failpoint.split(separator: "@").first.map(String.init) ?? failpoint
    // Not found: the process ended without reaching it.
    let reached = !StreamReader(errors.fileHandleForReading).wait(for: "failpoint \(name) reached", quietly: true)
      .isEmpty
    Foundation.kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    return reached
  }

  /// A site large enough that a build takes a while: 24 designs × 3 variants × 8 renders.
  static func largeSite(in folder: URL) throws -> URL {
    let site = folder.appending(path: "Site")
    try FileManager.default.createDirectory(at: site.appending(path: "placeholders"), withIntermediateDirectories: true)
    try Data(
      #"{ "devices": ["iphone-se", "iphone-15"], "themes": ["light", "dark"], "locales": ["zh-Hans", "en"] }"#.utf8
    )
    .write(to: site.appending(path: "site.json"))
    for index in 0..<24 {
      let layout = ["blank-page", "message", "no-network", "table"][index % 4]
      let json =
        #"{ "layout": "\#(layout)", "name": "Design \#(index)", "variants": [ { "id": "a" }, { "id": "b" }, { "id": "c" } ] }"#
      try Data(json.utf8).write(to: site.appending(path: "placeholders/d\(index).json"))
    }
    return site
  }

  /// With the atomic exchange, and with the portable publish (two renames)
  /// forced as on a system without `renameat2`: killed between its renames,
  /// a build leaves no output for a moment, and the next run puts the
  /// previous one back before anything else.
  @Test(arguments: [[:], ["BLANKSLATE_FALLBACK": "publish"]])
  func aKilledBuildLeavesTheWholePreviousOutput(fallback: [String: String]) throws {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let site = try Self.largeSite(in: folder)
    let first = CommandRunner.run(["build", "--jobs", "2"], in: folder)
    #expect(first.status == 0, "\(first.error)")
    try FileManager.default.copyItem(at: site, to: folder.appending(path: "Original"))
    let before = try folderContents(folder.appending(path: "_site"))
    // The next build would write different pages.
    let design = site.appending(path: "placeholders/d0.json")
    try Data(
      try String(contentsOf: design, encoding: .utf8).replacingOccurrences(of: "Design 0", with: "Design zero").utf8
    ).write(to: design)
    let reference = CommandRunner.run(["build", "--output", "reference"], in: folder)
    #expect(reference.status == 0)
    let after = try folderContents(folder.appending(path: "reference"))
    #expect(before != after)

    // Every moment of a build, from the first folder it makes to the one after the swap.
    var moments: [(failpoint: String, expected: [String: Data])] = [
      ("build.staging-ready", before), ("build.design-done@1", before), ("build.design-done@13", before),
      ("build.before-publish", before), ("build.swapped", after),
    ]
    // Between the fallback's renames there is no output: the next run's first step brings the previous one back.
    if !fallback.isEmpty { moments.insert(("build.between-renames", [:]), at: 4) }
    for moment in moments {
      // Each kill starts from the first build's output.
      let undo = CommandRunner.run(["build", "--jobs", "2", "--site", "Original"], in: folder)
      #expect(undo.status == 0, "\(undo.error)")
      #expect(try folderContents(folder.appending(path: "_site")) == before)
      let reached = try Self.kill(["build", "--jobs", "2"], in: folder, at: moment.failpoint, environment: fallback)
      #expect(reached, "the build never reached \(moment.failpoint)")
      let now = try folderContents(folder.appending(path: "_site"))
      #expect(
        now == moment.expected,
        "killed at \(moment.failpoint), the output is not the expected build (\(now.count) files)")
      if moment.failpoint == "build.between-renames" {
        // The next build, killed as soon as its staging folder is ready, has put the previous output back.
        let state = try FileManager.default.contentsOfDirectory(
          atPath: folder.appending(path: "._site.blankslate").path)
        #expect(state.contains { $0.hasPrefix("old-") }, "the previous output waits in the state folder")
        #expect(
          try Self.kill(["build", "--jobs", "2"], in: folder, at: "build.staging-ready", environment: fallback))
        #expect(try folderContents(folder.appending(path: "_site")) == before)
      }
    }

    let finish = CommandRunner.run(["build", "--jobs", "2"], in: folder)
    #expect(finish.status == 0)
    #expect(try folderContents(folder.appending(path: "_site")) == after)
    // Only the state folder beside the output, and in it no killed build's staging folder.
    let beside = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("._site") }
    #expect(beside == ["._site.blankslate"])
    let state = try FileManager.default.contentsOfDirectory(atPath: folder.appending(path: "._site.blankslate").path)
    #expect(state.filter { $0.hasPrefix("staging-") || $0.hasPrefix("old-") } == [])
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
    // Killed before and after the rename of the first, a middle and a late golden.
    for failpoint in [
      "record.before-rename@1", "record.renamed@1", "record.before-rename@9", "record.renamed@9",
      "record.before-rename@40",
    ] {
      let reached = try Self.kill(["record", "--mode", "all", "--jobs", "1"], in: copy.folder, at: failpoint)
      #expect(reached, "record never reached \(failpoint)")
      for (path, text) in try copy.goldens() {
        #expect(throws: Never.self, "\(path) is torn") { try StrictXMLParser().check(Array(text.utf8), file: path) }
        #expect(old[path] != nil, "\(path) appeared from nowhere")
      }
    }
    let record = CommandRunner.run(["record", "--mode", "all"], in: copy.folder, environment: ["CI": ""])
    #expect(record.status == 0)
    let check = CommandRunner.run(["check"], in: copy.folder)
    #expect(check.status == 0, "\(check.output.suffix(300))")
    let temporary = try FileManager.default.subpathsOfDirectory(atPath: copy.site.appending(path: "__snapshots__").path)
      .filter { $0.contains(".tmp-") }
    #expect(temporary == [])
  }
}
