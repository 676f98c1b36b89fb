import BlankslateKit
import BlankslateTestSupport
import Foundation
import Testing

/// The tool's own files are read back in time linear in their size: a
/// definition within the limits costs a rebuild or a check about what it cost
/// to build once, however its texts and tags are shaped.
@Suite("Kept definitions are read linearly", .serialized)
struct LinearReadTests {
  /// The CPU time `body` takes in this process, in seconds (every thread's).
  static func cpuSeconds(_ body: () -> Void) -> Double {
    var start = timespec()
    var end = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &start)
    body()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &end)
    return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
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
    func run(_ arguments: [String]) -> Int32 {
      CommandRunner.run(arguments, in: folder, environment: ["NO_COLOR": "1", "CI": ""]).status
    }
    var status: Int32 = -1
    let first = Self.cpuSeconds { status = run(["build", "--quiet", "--jobs", "1"]) }
    #expect(status == 0)
    #expect(run(["record"]) == 0)
    let rebuild = Self.cpuSeconds { status = run(["build", "--quiet", "--jobs", "1"]) }
    #expect(status == 0)
    let check = Self.cpuSeconds { status = run(["check", "--jobs", "1"]) }
    #expect(status == 0)
    // A quadratic read of the stored form took 60× the first build here; linear is below it.
    let bound = 4 * max(first, 0.2)
    #expect(rebuild < bound, "rebuild \(rebuild) s after a first build of \(first) s")
    #expect(check < bound, "check \(check) s after a first build of \(first) s")
  }
}
