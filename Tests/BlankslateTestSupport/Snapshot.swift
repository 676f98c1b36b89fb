import BlankslateSupport
import Foundation
import Testing

/// Golden-file assertions in the manner of swift-snapshot-testing.
///
/// Goldens live in `__Snapshots__/<TestFile>/<name>.<ext>` beside the test.
/// `SNAPSHOT_TESTING_RECORD=all` re-records every golden, `missing` records
/// only absent ones; a run that records fails, so it is never taken for a pass.
/// Under `CI`, nothing is ever recorded.
package enum Snapshot {
  /// swift-snapshot-testing's modes, as the kit's `record` names them
  /// (`failed` records a golden that differs).
  package enum RecordMode: String {
    case all, missing, failed, never
  }

  package static var recordMode: RecordMode {
    let environment = ProcessInfo.processInfo.environment
    if RunEnvironment.isCI(environment) { return .never }
    return environment["SNAPSHOT_TESTING_RECORD"].flatMap(RecordMode.init(rawValue:)) ?? .never
  }

  package static func assert(
    _ actual: String, named name: String, pathExtension: String = "svg",
    filePath: String = #filePath, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let testFile = URL(fileURLWithPath: filePath)
    let folder = testFile.deletingLastPathComponent()
      .appending(path: "__Snapshots__")
      .appending(path: testFile.deletingPathExtension().lastPathComponent)
    let golden = folder.appending(path: "\(name).\(pathExtension)")
    let expected = try? String(contentsOf: golden, encoding: .utf8)
    let mode = recordMode

    if mode == .all || (mode == .failed && expected != actual) || (mode == .missing && expected == nil) {
      do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(actual.utf8).write(to: golden, options: .atomic)
      } catch {
        Issue.record("could not record \(golden.path): \(error)", sourceLocation: sourceLocation)
        return
      }
      if expected != actual {
        Issue.record(
          "recorded \(golden.lastPathComponent) (SNAPSHOT_TESTING_RECORD=\(mode.rawValue)); look at it, then run again without recording.",
          sourceLocation: sourceLocation)
      }
      return
    }
    guard let expected else {
      Issue.record(
        "no golden \(golden.path); record it with SNAPSHOT_TESTING_RECORD=missing swift test, and look at it",
        sourceLocation: sourceLocation)
      return
    }
    expect(Array(actual.utf8), matches: Array(expected.utf8), named: name, sourceLocation: sourceLocation)
  }

  /// The one comparison of a render with its golden, for every test that
  /// makes one: equal bytes pass; other bytes are an issue naming `name`,
  /// with a line diff of the two.
  package static func expect(
    _ actual: [UInt8], matches golden: [UInt8], named name: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    if actual != golden {
      let diff = LineDiff.unified(
        old: String(decoding: golden, as: UTF8.self), new: String(decoding: actual, as: UTF8.self),
        oldName: "golden/\(name)", newName: "render/\(name)")
      Issue.record("\(name) differs from its golden:\n\(diff)", sourceLocation: sourceLocation)
    }
  }
}
