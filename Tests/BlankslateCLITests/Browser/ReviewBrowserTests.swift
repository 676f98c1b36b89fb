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

/// The review as a designer does it in a browser, on the team-sized site of
/// `ReviewAtSizeTests`: the static report opened from `file://` (no server),
/// approve one card and reject the other, save the decisions, apply them;
/// and the design page of a 64-column design, read at a laptop's and a phone's width.
@Suite("Review in a browser", .serialized)
struct ReviewBrowserTests {
  static var enabled: Bool { Chromium.testsRun }

  /// Decides the card whose heading starts with `heading`, with a note.
  static func decide(_ heading: String, _ verdict: String, note: String) -> String {
    """
    (function () {
      var card = Array.prototype.find.call(document.querySelectorAll("article.result"), function (article) {
        return article.querySelector("h3").textContent.indexOf(\(literal(heading))) === 0;
      });
      if (!card) return false;
      var set = card.querySelector("fieldset.decision");
      set.querySelector("input[value=\(verdict)]").click();
      set.querySelector("input[type=text]").value = \(literal(note));
      return document.querySelector(".decision-count").textContent;
    })()
    """
  }

  static func literal(_ text: String) -> String {
    let data = try? JSONSerialization.data(withJSONObject: [text])
    return String(decoding: data ?? Data("[\"\"]".utf8), as: UTF8.self).dropFirst().dropLast().description
  }

  /// Clicks "Save decisions.json" and returns the saved file's bytes, as the browser wrote them.
  static func save(_ browser: DevTools, into folder: URL) throws -> Data {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    _ = try browser.call(
      "Browser.setDownloadBehavior", ["behavior": "allow", "downloadPath": folder.path, "eventsEnabled": true],
      inPage: false)
    _ = try browser.evaluate(#"document.querySelector("[data-save-decisions]").click()"#)
    try browser.waitFor(browserEvent: "Browser.downloadProgress") { ($0["state"] as? String) == "completed" }
    return try Data(contentsOf: folder.appending(path: "decisions.json"))
  }

  /// A team site with two edits, checked: its report is in `_report`.
  static func checkedSite() throws -> URL {
    let folder = try ReviewAtSizeTests.makeSite()
    try ReviewAtSizeTests.edit(folder, design: 2, #""imageTint": "systemPink""#, #""imageTint": "systemBlue""#)
    try ReviewAtSizeTests.edit(folder, design: 9, #""titleToMessage": 6"#, #""titleToMessage": 10"#)
    #expect(ReviewAtSizeTests.run(["check"], in: folder).status == 1)
    return folder
  }

  @Test(.enabled(if: enabled, "needs Chromium"))
  func aReviewerApprovesAndRejectsInTheStaticReportAndAcceptAppliesIt() throws {
    let folder = try Self.checkedSite()
    defer { try? FileManager.default.removeItem(at: folder) }
    let browser = try DevTools()
    try browser.open(folder.appending(path: "_report/index.html").absoluteString)
    #expect(
      try browser.evaluate(Self.decide("imageTint", "approve", note: "Blue is the new brand")) as? String
        == "1 of 2 cards decided")
    #expect(
      try browser.evaluate(Self.decide("spacing", "reject", note: "Too loose")) as? String
        == "2 of 2 cards decided")
    let saved = try Self.save(browser, into: folder.appending(path: "downloads"))
    let json = try #require(try JSONSerialization.jsonObject(with: saved) as? [String: Any])
    let decisions = try #require(json["decisions"] as? [[String: Any]])
    // The tint reaches 54 renders: at AX5 the symbol is the first part UIKit hides, and 10 renders hide it.
    #expect(decisions.count == 118)
    let approved = decisions.filter { $0["decision"] as? String == "approve" }
    #expect(approved.count == 54)
    #expect(approved.allSatisfy { ($0["render"] as? String)?.hasPrefix("screen-2/") == true })
    #expect(approved.allSatisfy { $0["note"] as? String == "Blue is the new brand" })
    #expect(decisions.filter { $0["note"] as? String == "Too loose" }.count == 64)

    // Applied as saved: exactly the approved card is recorded, and the rejected one stays to review.
    try saved.write(to: folder.appending(path: "decisions.json"))
    let accept = ReviewAtSizeTests.run(["accept", "decisions.json"], in: folder)
    #expect(accept.status == 0, "\(accept.error)")
    #expect(accept.output.contains("Accepted 54 goldens of 54 approved renders"))
    #expect(accept.output.contains("rejected screen-9/default iphone-se light ja"))
    let after = ReviewAtSizeTests.run(["check"], in: folder)
    #expect(
      after.output.split(separator: "\n").filter { $0.hasPrefix("CHANGED ") } == [
        "CHANGED spacing.titleToMessage 6 → 10"
      ], "\(after.output)")
  }

  @Test(.enabled(if: enabled, "needs Chromium"))
  func aDefinitionChangedAfterTheReviewMakesTheSavedDecisionStale() throws {
    let folder = try Self.checkedSite()
    defer { try? FileManager.default.removeItem(at: folder) }
    let browser = try DevTools()
    try browser.open(folder.appending(path: "_report/index.html").absoluteString)
    _ = try browser.evaluate(#"document.querySelector("[data-decide-all=approve]").click()"#)
    let saved = try Self.save(browser, into: folder.appending(path: "downloads"))
    try saved.write(to: folder.appending(path: "decisions.json"))
    // The tint changes again after the reviewer saw it.
    try ReviewAtSizeTests.edit(folder, design: 2, #""imageTint": "systemBlue""#, #""imageTint": "systemTeal""#)
    let before = try ReviewAtSizeTests.goldens(folder)
    let accept = ReviewAtSizeTests.run(["accept", "decisions.json"], in: folder)
    #expect(accept.status == 1)
    #expect(accept.error.contains("screen-2/default.iphone-se.light.ja: it renders differently since it was reviewed"))
    #expect(!accept.error.contains("screen-9/"), "only the changed renders are stale")
    #expect(try ReviewAtSizeTests.goldens(folder) == before)
  }

  /// Every render cell fully in view shows its device's name where a reader
  /// sees it (the topmost element at the name's centre is the name), before and
  /// after scrolling the matrix, in the default view and with every column shown.
  static let devicesInView = """
    (function () {
      var problems = [];
      var checked = 0;
      document.querySelector(".matrix tbody tr").scrollIntoView({ block: "start" });
      Array.prototype.forEach.call(document.querySelectorAll(".matrix td[data-device]"), function (cell) {
        if (cell.hidden) return;
        var box = cell.getBoundingClientRect();
        var name = cell.querySelector(".cell-label .device");
        var sticky = document.querySelector(".matrix tbody th").getBoundingClientRect();
        if (box.left < sticky.right || box.right > window.innerWidth) return;
        var where = name.getBoundingClientRect();
        if (where.bottom > window.innerHeight) window.scrollBy(0, where.bottom - window.innerHeight + 8);
        where = name.getBoundingClientRect();
        var top = document.elementFromPoint(where.left + where.width / 2, where.top + where.height / 2);
        var header = document.querySelector(".matrix thead th[data-device='" + cell.getAttribute("data-device") + "'] .device");
        checked += 1;
        if (!top || !name.contains(top) || name.textContent !== header.textContent || !name.textContent) {
          problems.push(cell.getAttribute("data-device") + " " + cell.getAttribute("data-theme") + " "
            + cell.getAttribute("data-locale"));
        }
      });
      return { checked: checked, problems: problems };
    })()
    """

  @Test(.enabled(if: enabled, "needs Chromium"), arguments: [1280, 390])
  func theDesignPageNamesTheDeviceOfEveryRenderInView(width: Int) throws {
    let folder = try ReviewAtSizeTests.makeSite()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(ReviewAtSizeTests.run(["build", "--quiet"], in: folder).status == 0)
    let browser = try DevTools(flags: ["--window-size=\(width),900", "--hide-scrollbars"])
    try browser.open(folder.appending(path: "_site/designs/screen-3/index.html").absoluteString)
    // The default view: the site's first theme and language, every device and size.
    #expect(
      try browser.evaluate(#"document.querySelector(".matrix-count").textContent"#) as? String
        == "8 of 64 renders per variant")
    func look(_ moment: String) throws {
      let seen = try #require(try browser.evaluate(Self.devicesInView) as? [String: Any])
      let checked = seen["checked"] as? Int ?? 0
      #expect(checked >= (width > 1000 ? 6 : 1), "\(moment): \(checked) cells in view")
      #expect((seen["problems"] as? [String]) == [], "\(moment): \(seen)")
    }
    try look("default view")
    // Every column shown, scrolled to the middle and to the end of the matrix.
    _ = try browser.evaluate(
      """
      ["theme", "locale"].forEach(function (name) {
        var select = document.querySelector("select[name=" + name + "]");
        select.value = "all";
        select.dispatchEvent(new Event("change", { bubbles: true }));
      })
      """)
    #expect(
      try browser.evaluate(#"document.querySelector(".matrix-count").textContent"#) as? String
        == "64 of 64 renders per variant")
    for position in ["0.5", "1"] {
      _ = try browser.evaluate(
        "var m = document.querySelector('.matrix-scroll'); m.scrollLeft = (m.scrollWidth - m.clientWidth) * \(position)"
      )
      try look("all columns, scrolled to \(position)")
    }
  }
}
