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

/// Commands run in process, each with its own console: its folder, its
/// environment and its lines, with nothing of the process's changed.
@Suite("Commands in process")
struct ConsoleTests {
  @Test func commandsOnTwoConsolesAtOnceKeepTheirFoldersAndLines() throws {
    let sites = try (0..<2).map { index in
      try TemporarySite(
        siteJSON: #"{"title": "Site \#(index)", "devices": ["iphone-se"], "locales": ["en"], "themes": ["light"]}"#,
        placeholders: ["only-\(index).json": #"{"layout": "content-unavailable", "variants": [{"id": "empty"}]}"#])
    }
    defer { for site in sites { site.remove() } }
    let directory = FileManager.default.currentDirectoryPath
    let runs = ParallelWork.map(count: 8, workers: 4) { index in
      CommandRunner.run(
        ["list", "--site", sites[index % 2].root.lastPathComponent],
        in: sites[index % 2].root.deletingLastPathComponent())
    }
    for (index, run) in runs.enumerated() {
      #expect(run.status == 0, "\(run.error)")
      #expect(run.output.contains("only-\(index % 2)"), "\(run.output)")
      #expect(!run.output.contains("only-\(1 - index % 2)"), "\(run.output)")
    }
    #expect(FileManager.default.currentDirectoryPath == directory)
  }

  @Test func aConsolesEnvironmentIsTheOneItsCommandReads() throws {
    let site = try TemporarySite(
      siteJSON: #"{"devices": ["iphone-se"], "locales": ["en"], "themes": ["light"]}"#,
      placeholders: ["a.json": #"{"layout": "content-unavailable", "variants": [{"id": "empty"}]}"#])
    defer { site.remove() }
    let folder = site.root.deletingLastPathComponent()
    // CI set on the console, not on the process: record refuses to write goldens.
    let refused = CommandRunner.run(
      ["record", "--site", site.root.lastPathComponent], in: folder, environment: ["CI": "true"])
    #expect(refused.status == 2, "\(refused.error)")
    #expect(!FileManager.default.fileExists(atPath: site.root.appending(path: "__snapshots__/a").path))
    let recorded = CommandRunner.run(
      ["record", "--site", site.root.lastPathComponent], in: folder, environment: ["CI": ""])
    #expect(recorded.status == 0, "\(recorded.error)")
    #expect(FileManager.default.fileExists(atPath: site.root.appending(path: "__snapshots__/a").path))
  }
}
