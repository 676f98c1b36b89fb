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

/// Who writes the snapshots folder, and what it leaves: Accept as `record`
/// would, one decision per render, one writer at a time.
@Suite("Snapshot writers", .serialized)
struct SnapshotWriterTests {
  /// A small site with two variants on two devices in two locales, recorded.
  static func recordedSite() throws -> URL {
    let folder = temporaryFolder()
    let site = folder.appending(path: "Site")
    try FileManager.default.createDirectory(at: site.appending(path: "placeholders"), withIntermediateDirectories: true)
    try Data(
      #"{"title": "Writers", "devices": ["iphone-se", "iphone-15"], "themes": ["light"], "locales": ["en", "de"]}"#
        .utf8
    ).write(to: site.appending(path: "site.json"))
    try Data(
      #"""
      {"layout": "content-unavailable", "image": "symbol:tray", "imageTint": "systemPink",
       "title": {"en": "Nothing here", "de": "Nichts hier"},
       "variants": [{"id": "empty"}, {"id": "other", "imageTint": "systemTeal"}]}
      """#.utf8
    ).write(to: site.appending(path: "placeholders/orders.json"))
    let record = run(["record"], in: folder)
    #expect(record.status == 0, "\(record.error)")
    return folder
  }

  static func run(_ arguments: [String], in folder: URL) -> CommandRunner.Run {
    CommandRunner.run(
      arguments, in: folder,
      environment: ["NO_COLOR": "1", "CI": "", "GITHUB_ACTIONS": "", "SNAPSHOT_TESTING_RECORD": ""])
  }

  static func edit(_ folder: URL, _ old: String, _ new: String) throws {
    let file = folder.appending(path: "Site/placeholders/orders.json")
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(text.contains(old))
    try text.replacingOccurrences(of: old, with: new).write(to: file, atomically: true, encoding: .utf8)
  }

  /// The decisions file the report saves for the results of `summary.json`.
  static func decisions(_ folder: URL, _ verdict: (String) -> [String]) throws -> Data {
    #expect(run(["check", "--json", "summary.json"], in: folder).status == 1)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appending(path: "summary.json")))
        as? [String: Any])
    let results = try #require(json["results"] as? [[String: Any]])
    let decisions: [[String: Any]] = results.flatMap { result in
      verdict(result["id"] as? String ?? "").map { decision in
        [
          "render": result["id"] as? String ?? "", "golden": result["goldenSHA256"] ?? NSNull(),
          "current": result["currentSHA256"] ?? "", "decision": decision,
        ]
      }
    }
    return try JSONSerialization.data(withJSONObject: ["decisions": decisions])
  }

  /// Accepting every changed render leaves the snapshots folder byte for byte
  /// as `record` of the same renders does: the variant's definition record included.
  @Test func acceptLeavesTheFolderAsRecordWould() throws {
    let accepted = try Self.recordedSite()
    defer { try? FileManager.default.removeItem(at: accepted) }
    let recorded = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: recorded) }
    try FileManager.default.copyItem(at: accepted, to: recorded)
    for folder in [accepted, recorded] {
      try Self.edit(folder, #""imageTint": "systemPink""#, #""imageTint": "systemBlue""#)
    }
    let before = try folderContents(accepted.appending(path: "Site/__snapshots__"))
    try Self.decisions(accepted) { _ in ["approve"] }.write(to: accepted.appending(path: "decisions.json"))
    let accept = Self.run(["accept", "decisions.json"], in: accepted)
    #expect(accept.status == 0, "\(accept.output)\(accept.error)")
    #expect(Self.run(["record", "--mode", "failed"], in: recorded).status == 0)
    let afterAccept = try folderContents(accepted.appending(path: "Site/__snapshots__"))
    let afterRecord = try folderContents(recorded.appending(path: "Site/__snapshots__"))
    #expect(afterAccept == afterRecord, "\(Set(afterAccept.keys).symmetricDifference(afterRecord.keys))")
    let definition = "orders/empty.definition.json"
    #expect(afterAccept[definition] != nil && afterAccept[definition] != before[definition])
    #expect(afterAccept.keys.filter { afterAccept[$0] != afterRecord[$0] }.isEmpty)
    // The next edit is explained from the accepted value, not the old one.
    try Self.edit(accepted, #""imageTint": "systemBlue""#, #""imageTint": "systemGreen""#)
    let check = Self.run(["check"], in: accepted)
    #expect(check.output.contains("imageTint systemBlue → systemGreen"), "\(check.output)")
  }

  /// Accepting only some of a variant's changed renders keeps its definition record as it was.
  @Test func acceptOfPartOfAVariantKeepsItsRecord() throws {
    let folder = try Self.recordedSite()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.edit(folder, #""imageTint": "systemPink""#, #""imageTint": "systemBlue""#)
    let before = try folderContents(folder.appending(path: "Site/__snapshots__"))
    try Self.decisions(folder) { $0.contains(".en") ? ["approve"] : ["reject"] }.write(
      to: folder.appending(path: "decisions.json"))
    #expect(Self.run(["accept", "decisions.json"], in: folder).status == 0)
    let after = try folderContents(folder.appending(path: "Site/__snapshots__"))
    #expect(after["orders/empty.definition.json"] == before["orders/empty.definition.json"])
    #expect(after.keys.filter { after[$0] != before[$0] }.sorted().allSatisfy { $0.contains(".en") })
  }

  @Test func oneRenderApprovedAndRejectedIsRefusedNamingBoth() throws {
    let folder = try Self.recordedSite()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.edit(folder, #""imageTint": "systemPink""#, #""imageTint": "systemBlue""#)
    let before = try folderContents(folder.appending(path: "Site/__snapshots__"))
    for order in [["approve", "reject"], ["reject", "approve"]] {
      try Self.decisions(folder) { _ in order }.write(to: folder.appending(path: "decisions.json"))
      let accept = Self.run(["accept", "decisions.json"], in: folder)
      #expect(accept.status == 2, "\(accept.output)")
      #expect(
        accept.error.contains("$.decisions[1]") && accept.error.contains("$.decisions[0]"), "\(accept.error)")
      #expect(try folderContents(folder.appending(path: "Site/__snapshots__")) == before)
    }
  }

  @Test(arguments: [
    (#"{"decisions": [], "approveAll": true}"#, "$.approveAll"),
    (#"{"decisons": []}"#, "$.decisons"),
    ("{\"decisions\": [],\n \"x\\r\\ny\": 1}", #"$.x\u000D\u000Ay"#),
  ])
  func unknownTopLevelKeysAreRefusedWithFileLineAndPath(document: String, path: String) throws {
    let folder = try Self.recordedSite()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(document.utf8).write(to: folder.appending(path: "decisions.json"))
    let accept = Self.run(["accept", "decisions.json"], in: folder)
    #expect(accept.status == 2)
    #expect(accept.error.contains("decisions.json:1:") || accept.error.contains("decisions.json:2:"), "\(accept.error)")
    #expect(accept.error.contains(path), "\(accept.error)")
  }

  /// A second writer waits for the first, saying so, and takes none of its temporary files.
  @Test func aSecondWriterWaitsForTheFirstSayingSo() throws {
    let folder = try Self.recordedSite()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.edit(folder, #""imageTint": "systemPink""#, #""imageTint": "systemBlue""#)
    let snapshots = folder.appending(path: "Site/__snapshots__")
    // A writer that is running (this test's process) has its temporary file beside a golden.
    let running = snapshots.appending(path: "orders/.empty.iphone-se.light.en.svg.tmp-\(getpid())")
    try Data("in flight".utf8).write(to: running)
    // The first writer holds the folder.
    let held = open(snapshots.path, O_RDONLY | O_DIRECTORY)
    #expect(held >= 0 && flock(held, LOCK_EX) == 0)
    let before = try folderContents(snapshots)
    let process = Process()
    process.executableURL = CommandRunner.binary
    process.arguments = ["record", "--mode", "failed"]
    process.currentDirectoryURL = folder
    var environment = ProcessInfo.processInfo.environment
    for key in ["CI", "GITHUB_ACTIONS", "SNAPSHOT_TESTING_RECORD"] { environment[key] = nil }
    process.environment = environment
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.runWatched()
    let reader = StreamReader(errors.fileHandleForReading)
    #expect(reader.wait(for: "Waiting: another record or accept is writing Site/__snapshots__").contains("Waiting"))
    // While it waits, nothing of the folder has changed.
    #expect(try folderContents(snapshots) == before)
    flock(held, LOCK_UN)
    close(held)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let after = try folderContents(snapshots)
    #expect(after != before)
    #expect(after[running.path.replacingOccurrences(of: snapshots.path + "/", with: "")] != nil, "a live writer's file")
    #expect(Self.run(["check"], in: folder).status == 0)
  }

  @Test func aDeadWritersTemporaryFileIsRemoved() throws {
    let folder = try Self.recordedSite()
    defer { try? FileManager.default.removeItem(at: folder) }
    // A process that has ended: its number is free now.
    let ended = Process()
    ended.executableURL = URL(fileURLWithPath: "/bin/true")
    try ended.runWatched()
    ended.waitUntilExit()
    let dead = folder.appending(
      path: "Site/__snapshots__/orders/.empty.iphone-se.light.en.svg.tmp-\(ended.processIdentifier)")
    try Data("left".utf8).write(to: dead)
    #expect(Self.run(["record"], in: folder).status == 0)
    #expect(!FileManager.default.fileExists(atPath: dead.path))
  }
}
