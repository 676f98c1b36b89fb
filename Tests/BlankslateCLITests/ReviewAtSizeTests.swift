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

/// Review on a site shaped like a real team's: eleven small designs, every
/// text different, four devices × two themes × ja/ar/de/en × large and AX5
/// (704 renders), edited as a designer would and reviewed as CI shows it.
@Suite("Review at a real app's size", .serialized)
struct ReviewAtSizeTests {
  static let designs = 11

  /// A fresh team site with its goldens and definitions recorded.
  static func makeSite() throws -> URL {
    let folder = temporaryFolder()
    let site = folder.appending(path: "Site")
    try FileManager.default.createDirectory(
      at: site.appending(path: "placeholders"), withIntermediateDirectories: true)
    try Data(
      """
      {"title": "Team app", "devices": ["iphone-se", "iphone-15", "iphone-17-pro-max", "ipad-mini"],
       "themes": ["light", "dark"], "locales": ["ja", "ar", "de", "en"],
       "textSizes": ["large", "accessibilityExtraExtraExtraLarge"]}
      """.utf8
    ).write(to: site.appending(path: "site.json"))
    let symbols = ["tray", "magnifyingglass", "wifi.slash", "heart", "bell", "cart", "folder", "star", "photo"]
    for index in 1...designs {
      let design = """
        {"id": "screen-\(index)", "name": "Screen \(index)", "layout": "content-unavailable",
         "image": "symbol:\(symbols[index % symbols.count])", "imageTint": "systemPink",
         "spacing": {"titleToMessage": 6},
         "title": {"en": "Nothing in list \(index)", "ja": "リスト\(index)は空です", "ar": "القائمة \(index) فارغة",
                   "de": "Liste \(index) ist leer"},
         "message": {"en": "Items you add to list \(index) appear here.", "ja": "リスト\(index)に追加した項目がここに表示されます。",
                     "ar": "تظهر هنا العناصر التي تضيفها إلى القائمة \(index).",
                     "de": "Was du zu Liste \(index) hinzufügst, erscheint hier."},
         "buttons": [{"title": {"en": "Add to list \(index)", "ja": "リスト\(index)に追加", "ar": "أضف إلى القائمة \(index)",
                                "de": "Zu Liste \(index) hinzufügen"}, "style": "filled", "background": "systemIndigo"}]}
        """
      try Data(design.utf8).write(to: site.appending(path: "placeholders/screen-\(index).json"))
    }
    let record = run(["record"], in: folder)
    #expect(record.status == 0, "\(record.error)")
    #expect(record.output.contains("Recorded 704 goldens"), "\(record.output)")
    return folder
  }

  static func run(_ arguments: [String], in folder: URL) -> CommandRunner.Run {
    CommandRunner.run(
      arguments, in: folder,
      environment: ["NO_COLOR": "1", "CI": "", "GITHUB_ACTIONS": "", "SNAPSHOT_TESTING_RECORD": ""])
  }

  static func edit(_ folder: URL, design: Int, _ old: String, _ new: String) throws {
    let file = folder.appending(path: "Site/placeholders/screen-\(design).json")
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(text.contains(old))
    try text.replacingOccurrences(of: old, with: new).write(to: file, atomically: true, encoding: .utf8)
  }

  /// Every golden's bytes, by path: what must not change when nothing is to be recorded.
  static func goldens(_ folder: URL) throws -> [String: Data] {
    let root = folder.appending(path: "Site/__snapshots__")
    var all: [String: Data] = [:]
    for design in try FileManager.default.contentsOfDirectory(atPath: root.path) {
      for file in try FileManager.default.contentsOfDirectory(atPath: root.appending(path: design).path) {
        all[design + "/" + file] = try Data(contentsOf: root.appending(path: design + "/" + file))
      }
    }
    return all
  }

  /// The decisions file the report saves: each render of `approve` approved, each of `reject` rejected.
  static func decisions(from summary: URL, approving approve: (String) -> Bool) throws -> Data {
    let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: summary)) as? [String: Any])
    let results = try #require(json["results"] as? [[String: Any]])
    let decisions: [[String: Any]] = results.map { result in
      [
        "render": result["id"] as? String ?? "", "golden": result["goldenSHA256"] ?? NSNull(),
        "current": result["currentSHA256"] ?? "",
        "decision": approve(result["id"] as? String ?? "") ? "approve" : "reject",
      ]
    }
    return try JSONSerialization.data(withJSONObject: ["decisions": decisions])
  }

  @Test func aTintAndASpacingEditOnOneScreenAreTwoCardsNamingTheirKeys() throws {
    let folder = try Self.makeSite()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.edit(folder, design: 4, #""imageTint": "systemPink""#, #""imageTint": "systemBlue""#)
    try Self.edit(folder, design: 4, #""titleToMessage": 6"#, #""titleToMessage": 10"#)
    let check = Self.run(["check"], in: folder)
    #expect(check.status == 1)
    let cards = check.output.split(separator: "\n").filter { $0.hasPrefix("CHANGED ") }
    #expect(
      cards == [
        "CHANGED imageTint systemPink → systemBlue (light #FF2D55 → #007AFF, dark #FF375F → #0A84FF)",
        "CHANGED spacing.titleToMessage 6 → 10",
      ], "\(check.output)")
    #expect(check.output.contains("on screen-4/default, 64 renders"))
    #expect(check.output.contains("accept: blankslate record --mode failed --filter '^screen-4/default\\.'"))
    // Readable in a CI log: every distinct change once, never glyph outlines.
    #expect(check.output.utf8.count < 8_192, "\(check.output.utf8.count) bytes:\n\(check.output)")
    #expect(!check.output.contains(" d=\""))
    // Both cards approved: accept records exactly their 64 renders, and check then passes.
    #expect(Self.run(["check", "--json", "summary.json"], in: folder).status == 1)
    try Self.decisions(from: folder.appending(path: "summary.json")) { _ in true }.write(
      to: folder.appending(path: "decisions.json"))
    let accept = Self.run(["accept", "decisions.json"], in: folder)
    #expect(accept.output.contains("Accepted 64 goldens of 64 approved renders"), "\(accept.output)\(accept.error)")
    let after = Self.run(["check"], in: folder)
    #expect(after.status == 0, "\(after.output)")
    #expect(after.output.contains("Checked 704 renders: 0 changed, 0 new, 0 orphaned, 704 unchanged."))
  }

  @Test func editsOnTwoScreensAreTwoCardsAndAcceptTakesExactlyTheApprovedOne() throws {
    let folder = try Self.makeSite()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.edit(folder, design: 2, #""imageTint": "systemPink""#, #""imageTint": "systemBlue""#)
    try Self.edit(folder, design: 9, #""titleToMessage": 6"#, #""titleToMessage": 10"#)
    let check = Self.run(["check", "--json", "summary.json", "--junit", "junit.xml"], in: folder)
    #expect(check.status == 1)
    #expect(check.output.split(separator: "\n").filter { $0.hasPrefix("CHANGED ") }.count == 2, "\(check.output)")
    #expect(check.output.utf8.count < 8_192)
    let junit = try Data(contentsOf: folder.appending(path: "junit.xml"))
    #expect(junit.count < 1_500_000, "junit.xml is \(junit.count) bytes")

    // Approve the tint, reject the spacing: exactly the tint's 54 renders are recorded (the 54 that
    // show the symbol: at AX5 UIKit hides it first in 10).
    let file = folder.appending(path: "decisions.json")
    try Self.decisions(from: folder.appending(path: "summary.json")) { $0.hasPrefix("screen-2/") }.write(to: file)
    let accept = Self.run(["accept", "decisions.json"], in: folder)
    #expect(accept.status == 0, "\(accept.output)\(accept.error)")
    #expect(
      accept.output.contains("Accepted 54 goldens of 54 approved renders; left 64 rejected renders as they were."))
    let after = Self.run(["check"], in: folder)
    #expect(after.status == 1)
    #expect(
      after.output.split(separator: "\n").filter { $0.hasPrefix("CHANGED ") } == [
        "CHANGED spacing.titleToMessage 6 → 10"
      ], "\(after.output)")
    #expect(after.output.contains("Checked 704 renders: 64 changed"))
    // Accepting the same file again is done already: nothing to write, nothing stale.
    let again = Self.run(["accept", "decisions.json"], in: folder)
    #expect(again.status == 0, "\(again.error)")
    #expect(again.output.contains("Accepted 0 goldens of 54 approved renders"))
  }

  @Test func aDecisionOnARenderThatChangedSinceIsRefusedNamingItAndNothingIsWritten() throws {
    let folder = try Self.makeSite()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.edit(folder, design: 5, #""imageTint": "systemPink""#, #""imageTint": "systemBlue""#)
    #expect(Self.run(["check", "--json", "summary.json"], in: folder).status == 1)
    let file = folder.appending(path: "decisions.json")
    try Self.decisions(from: folder.appending(path: "summary.json")) { _ in true }.write(to: file)
    // The designer changes the tint again after the review.
    try Self.edit(folder, design: 5, #""imageTint": "systemBlue""#, #""imageTint": "systemGreen""#)
    let before = try Self.goldens(folder)
    let accept = Self.run(["accept", "decisions.json"], in: folder)
    #expect(accept.status == 1)
    // The 54 renders that show the symbol (UIKit hides it first in 10 at AX5).
    #expect(accept.error.contains("nothing was recorded: 54 approved renders have changed since they were reviewed"))
    #expect(accept.error.contains("screen-5/default.iphone-se.light.ja: it renders differently since it was reviewed"))
    #expect(try Self.goldens(folder) == before)
  }
}
