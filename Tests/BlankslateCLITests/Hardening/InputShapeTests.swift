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

/// Inputs at the edges: what they cost grows with their size, never its
/// square (measured in bytes and counts, never in time), and every message
/// about them is short and safe to print.
@Suite("Input shapes and messages", .serialized)
struct InputShapeTests {
  static func build(_ site: TemporarySite) throws -> URL {
    let output = site.root.deletingLastPathComponent().appending(path: site.root.lastPathComponent + "-out")
    _ = try SiteBuilder(options: BuildOptions(siteFolder: site.root, siteDisplay: "Site", output: output, workers: 2))
      .build()
    return output
  }

  static func localeSite(_ count: Int) throws -> TemporarySite {
    let locales = (0..<count).map { "en-v\($0)" }
    let texts = locales.map { #""\#($0)": "Nothing in \#($0)""# }.joined(separator: ", ")
    return try TemporarySite(
      siteJSON:
        #"{ "devices": ["iphone-se"], "themes": ["light"], "locales": [\#(locales.map { "\"\($0)\"" }.joined(separator: ", "))] }"#,
      placeholders: ["many.json": #"{ "layout": "message", "message": { \#(texts) } }"#])
  }

  @Test func aRenderPageDoesNotGrowWithTheNumberOfLocales() throws {
    var sizes: [Int] = []
    for count in [20, 300] {
      let site = try Self.localeSite(count)
      defer { site.remove() }
      let output = try Self.build(site)
      defer { try? FileManager.default.removeItem(at: output) }
      let page = output.appending(path: "designs/many/default.iphone-se.light.en-v10.html")
      sizes.append(try Data(contentsOf: page).count)
      let text = try String(contentsOf: page, encoding: .utf8)
      #expect(text.contains("All \(count) languages"))
    }
    // Fifteen times the locales: the page holds a window of them, the same size give or take.
    #expect(Double(sizes[1]) < Double(sizes[0]) * 1.2, "\(sizes)")
  }

  @Test func anIndexPageDoesNotGrowWithTheNumberOfTags() throws {
    var sizes: [Int] = []
    for count in [60, 600] {
      var placeholders: [String: String] = [:]
      for index in 0..<count {
        placeholders[String(format: "d%04d.json", index)] =
          #"{ "layout": "message", "tags": [\#((0..<5).map { "\"tag-\(index)-\($0)\"" }.joined(separator: ", "))] }"#
      }
      let site = try TemporarySite(
        siteJSON: #"{ "devices": ["iphone-se"], "themes": ["light"], "locales": ["en"] }"#, placeholders: placeholders)
      defer { site.remove() }
      let output = try Self.build(site)
      defer { try? FileManager.default.removeItem(at: output) }
      let index = try String(contentsOf: output.appending(path: "index.html"), encoding: .utf8)
      sizes.append(index.utf8.count)
      #expect(index.components(separatedBy: "<option value=\"tag-").count - 1 <= 100)
    }
    #expect(Double(sizes[1]) < Double(sizes[0]) * 1.5, "\(sizes)")
  }

  @Test func tagsAndLocalesAreCheckedWithoutComparingEachWithEveryOther() throws {
    // 20,000 tags, every one new: a list compared pairwise would make 200 million comparisons.
    let tags = (0..<20_000).map { "\"t\($0)\"" }.joined(separator: ",")
    let site = try TemporarySite(placeholders: ["tags.json": #"{ "layout": "message", "tags": [\#(tags)] }"#])
    defer { site.remove() }
    let definition = try site.load()
    #expect(definition.designs[0].tags.count == 20_000)
  }

  @Test func localesThatDifferOnlyInCaseAreRefused() throws {
    let site = try TemporarySite(
      siteJSON: #"{ "locales": ["en", "de", "EN"] }"#, placeholders: ["a.json": #"{ "layout": "message" }"#])
    defer { site.remove() }
    let messages = site.errors().map(\.description)
    #expect(
      messages.contains {
        $0.contains("locales[2]") && $0.contains("\"en\" earlier in locales (locale tags ignore case)")
      }, "\(messages)")
  }

  @Test func echoedValuesAreCutAndTheirControlCharactersShownEscaped() throws {
    let digits = String(repeating: "7", count: 5_000)
    let site = try TemporarySite(
      placeholders: [
        "a.json": #"{ "layout": "message", "messageFont": \#(digits) }"#,
        "b.json": #"{ "layout": "message", "messageColor": "re\u202Ed\u0085", "x\u001b[31m": 1 }"#,
      ])
    defer { site.remove() }
    let run = CommandRunner.run(["list", "--site", site.root.path], environment: ["NO_COLOR": "1"])
    #expect(run.status == 2)
    #expect(run.error.contains("(5000 characters)"), "\(run.error.prefix(600))")
    #expect(run.error.utf8.count < 2_000, "a message of \(run.error.utf8.count) bytes")
    #expect(
      run.error.contains(#"\u202E"#) && run.error.contains(#"\u0085"#) && run.error.contains(#"\u001B"#), "\(run.error)"
    )
    for scalar in run.error.unicodeScalars {
      #expect(
        !(scalar.value == 0x202E || scalar.value == 0x85 || scalar.value == 0x1B),
        "a raw control character reached the terminal")
    }
  }

  @Test func validateRefusesAFIFOWithoutBlocking() throws {
    let folder = temporaryFolder()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(mkfifo(folder.appending(path: "page.svg").path, 0o644) == 0)
    let run = CommandRunner.run(
      ["validate", folder.appending(path: "page.svg").path], environment: ["NO_COLOR": "1"])
    #expect(run.status == 1)
    #expect(run.error.contains("it is a FIFO (named pipe), not a regular file"), "\(run.error)")
  }

  @Test func aReportThatCannotBeWrittenIsNamed() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    let run = CommandRunner.run(
      ["lint", "--json", "missing/folder/lint.json"], in: copy.folder, environment: ["NO_COLOR": "1"])
    #expect(run.status == 2)
    #expect(run.error.contains("missing/folder/lint.json: cannot write: No such file or directory"), "\(run.error)")
    #expect(!run.error.contains("NSCocoaErrorDomain"))
  }
}
