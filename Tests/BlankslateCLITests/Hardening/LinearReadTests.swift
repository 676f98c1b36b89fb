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

/// The tool's own files are read back in time linear in their size: a
/// definition within the limits costs a rebuild or a check about what it cost
/// to build once, however its texts and tags are shaped.
@Suite("Kept definitions are read linearly", .serialized)
struct LinearReadTests {
  /// The binary run with `arguments` from `folder`: its exit status and the CPU time it took (user and
  /// system, its own and its threads', as bash's `time` reads them from the kernel), whatever else runs.
  static func timed(_ arguments: [String], in folder: URL) throws -> (status: Int32, seconds: Double) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments =
      ["-c", #"TIMEFORMAT="%3U %3S"; { time "$@" >/dev/null 2>/dev/null; } 2>&1; exit 0"#, "timed"]
      + [CommandRunner.binary.path] + arguments
    process.currentDirectoryURL = folder
    var environment = ProcessInfo.processInfo.environment
    environment["CI"] = nil
    environment["NO_COLOR"] = "1"
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    let printed = output.readToEndInBackground()
    try process.runWatched()
    process.waitUntilExit()
    let fields = String(decoding: printed(), as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap {
      Double($0)
    }
    try #require(fields.count == 2, "bash's time printed no CPU time")
    // The status is asked again, untimed: `time` stands between it and bash's exit.
    let status = CommandRunner.run(arguments, in: folder, environment: ["NO_COLOR": "1", "CI": ""]).status
    return (status, fields[0] + fields[1])
  }

  @Test func aTextWithTensOfThousandsOfTranslationsAndATagListRebuildWithinAFewFirstBuilds() throws {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let site = folder.appending(path: "Site")
    try FileManager.default.createDirectory(at: site.appending(path: "placeholders"), withIntermediateDirectories: true)
    try Data(#"{"title": "Q", "locales": ["en"], "devices": ["iphone-15"], "themes": ["light"]}"#.utf8).write(
      to: site.appending(path: "site.json"))
    // 24,000 locale tags (en-aaaa, en-aaab, …) in one title and 1,000 tags: about 340 KB, inside the limits.
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    var entries: [String] = []
    for index in 0..<24_000 {
      let tag = (0..<4).reversed().map { letters[(index / Int(pow(26.0, Double($0)))) % 26] }
      entries.append(#""en-\#(String(tag))": "x""#)
    }
    let tags = (0..<1_000).map { #""t\#($0)""# }.joined(separator: ", ")
    let design =
      #"{"layout": "content-unavailable", "title": {"en": "Title", "#
      + entries.joined(separator: ", ") + #"}, "tags": [\#(tags)]}"#
    try Data(design.utf8).write(to: site.appending(path: "placeholders/a.json"))
    let first = try Self.timed(["build", "--quiet", "--jobs", "1"], in: folder)
    #expect(first.status == 0)
    #expect(CommandRunner.run(["record"], in: folder, environment: ["NO_COLOR": "1", "CI": ""]).status == 0)
    let rebuild = try Self.timed(["build", "--quiet", "--jobs", "1"], in: folder)
    let check = try Self.timed(["check", "--jobs", "1"], in: folder)
    #expect(rebuild.status == 0 && check.status == 0)
    // A quadratic read of the stored form took 60× the first build here; linear is below it.
    let bound = 8 * max(first.seconds, 0.2)
    #expect(rebuild.seconds < bound, "rebuild \(rebuild.seconds) s after a first build of \(first.seconds) s")
    #expect(check.seconds < bound, "check \(check.seconds) s after a first build of \(first.seconds) s")
    // Every translation replaced by another and the shown title changed: the recorded definition is
    // compared with the new one, 48,000 edits of one text, as fast (a search per edit took minutes).
    let renamed = design.replacingOccurrences(of: #""en-"#, with: #""de-"#).replacingOccurrences(
      of: #""en": "Title""#, with: #""en": "Title 2""#)
    try Data(renamed.utf8).write(to: site.appending(path: "placeholders/a.json"))
    let compared = try Self.timed(["check", "--jobs", "1"], in: folder)
    #expect(compared.status == 1)
    // (About 5× the first build here: the comparison is real work; a search per edit was over 300×.)
    #expect(
      compared.seconds < 3 * bound,
      "check of 48,000 edits \(compared.seconds) s after a first build of \(first.seconds) s")
  }
}
