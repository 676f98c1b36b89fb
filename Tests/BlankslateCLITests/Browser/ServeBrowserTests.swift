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

/// `blankslate serve` as a designer meets it: an open page in headless
/// Chromium follows an edit, shows a broken definition's file and line,
/// clears when it is fixed, and the report's Accept records the golden.
///
/// Each step acts on the site, then waits for the browser's own report of
/// what followed: the page's load event (a reload), or a promise the page
/// resolves when the overlay appears or a button changes.
@Suite("serve in a browser", .serialized)
struct ServeBrowserTests {
  static var enabled: Bool { Chromium.testsRun && ServeClient.curlExists }

  /// Resolves with the overlay's text once it is on the page (at once if it already is).
  static let overlayText = """
    new Promise(function (resolve) {
      function found() {
        var overlay = document.getElementById("blankslate-error");
        if (overlay) resolve(overlay.textContent);
        return !!overlay;
      }
      if (!found()) new MutationObserver(found).observe(document.body, { childList: true });
    })
    """

  /// Resolves once the snapshot report describes the build this page was served from.
  static let reportOfThisBuild = """
    new Promise(function (resolve) {
      var tag = document.querySelector("script[data-generation]");
      var generation = tag.getAttribute("data-generation");
      if (tag.getAttribute("data-report-of") === generation) { resolve(true); return; }
      var source = new EventSource("/_blankslate/events?generation=" + generation + "&report=" + tag.getAttribute("data-report"));
      source.addEventListener("report", function () { source.close(); resolve(true); });
    })
    """

  /// Clicks the first Accept button and resolves with its text once the server has answered.
  static let acceptFirst = """
    new Promise(function (resolve) {
      var button = document.querySelector("button[data-renders]:not([hidden])");
      if (!button) { resolve(""); return; }
      new MutationObserver(function () {
        if (button.textContent.indexOf("Accepting") !== 0) resolve(button.textContent);
      }).observe(button, { childList: true, characterData: true, subtree: true });
      button.click();
    })
    """

  @Test(.enabled(if: enabled, "needs Chromium and curl"))
  func anOpenPageFollowsEditsBreaksAndFixesAndTheReportAccepts() throws {
    let server = try ServeClient.Server()
    defer { server.stop() }
    let browser = try DevTools()
    // A mark on the open document: gone after a reload.
    let mark = "window.blankslateMark = true"
    let reloaded = "window.blankslateMark === undefined"
    let shows = { (text: String) in "document.body.innerText.indexOf(\(Self.literal(text))) >= 0" }

    // Edit → the open page reloads and shows the change.
    try browser.open(server.base + "/designs/favourites/empty.iphone-15.light.en.html")
    #expect(try browser.evaluate(shows("No Favourites Yet")) as? Bool == true)
    _ = try browser.evaluate(mark)
    try server.retitle()
    #expect(try Self.afterReload(browser, "\(reloaded) && \(shows("Nothing Saved"))") as? Bool == true)

    // Break → the overlay names the file and line; the last good page stays under it.
    try server.breakLayout()
    let overlay = try browser.evaluate(Self.overlayText) as? String ?? ""
    #expect(overlay.contains("Site/placeholders/favourites.json:5:"), "\(overlay)")
    #expect(try browser.evaluate(shows("Nothing Saved")) as? Bool == true)

    // Fix → the page reloads without the overlay.
    _ = try browser.evaluate(mark)
    browser.forgetEvents()
    try server.retitle()
    #expect(
      try Self.afterReload(
        browser, "\(reloaded) && !document.getElementById('blankslate-error') && \(shows("Nothing Saved"))")
        as? Bool == true)

    // Accept in the report → each golden on disk changes, and `check` passes.
    // First the report of this build: at once when the page was served after it, else when it is written.
    #expect(try browser.evaluate(Self.reportOfThisBuild) as? Bool == true)
    let golden = server.folder.appending(path: "Site/__snapshots__/favourites/empty.iphone-15.light.en.svg")
    let before = try Data(contentsOf: golden)
    try browser.open(server.base + "/_report/index.html")
    // The served report may predate the fix's build; it reloads once the report is rewritten.
    var pending = try browser.evaluate("document.querySelectorAll('button[data-renders]:not([hidden])').length") as? Int
    for _ in 0..<2 where pending == 0 {
      try browser.waitFor(event: "Page.loadEventFired")
      pending = try browser.evaluate("document.querySelectorAll('button[data-renders]:not([hidden])').length") as? Int
    }
    let cards = try #require(pending)
    #expect(cards > 0)
    for _ in 0..<cards {
      browser.forgetEvents()
      do {
        let answer = try browser.evaluate(Self.acceptFirst) as? String ?? ""
        #expect(answer.hasPrefix("Accepted "), "\(answer)")
      } catch DevTools.Failure.protocolError(_, let message) where message.contains("navigated") {
        // The rewritten report reached the page before the button's answer did.
      }
      // The report is checked again and its page reloads in place.
      try browser.waitFor(event: "Page.loadEventFired")
    }
    #expect(try browser.evaluate("document.querySelectorAll('button[data-renders]').length") as? Int == 0)
    #expect(try browser.evaluate(shows("Every render matches its golden.")) as? Bool == true)
    #expect(try Data(contentsOf: golden) != before)
    #expect(String(decoding: try Data(contentsOf: golden), as: UTF8.self).contains("Nothing Saved"))
    let check = CommandRunner.run(
      ["check"], in: server.folder, environment: ["CI": "", "NO_COLOR": "1", "SNAPSHOT_TESTING_RECORD": ""])
    #expect(check.status == 0, "\(check.output)")
  }

  /// Waits for the page's next load, then evaluates `expression` in it. A save
  /// can come as more than one change (and so more than one build and reload):
  /// an evaluation cut short by another navigation waits for that load instead.
  static func afterReload(_ browser: DevTools, _ expression: String) throws -> Any? {
    for _ in 0..<3 {
      try browser.waitFor(event: "Page.loadEventFired")
      do {
        return try browser.evaluate(expression)
      } catch DevTools.Failure.protocolError(_, let message) where message.contains("navigated") {
        continue
      }
    }
    return nil
  }

  /// `text` as a JavaScript string literal.
  static func literal(_ text: String) -> String {
    let data = try? JSONSerialization.data(withJSONObject: [text])
    return String(decoding: data ?? Data(), as: UTF8.self).dropFirst().dropLast().description
  }
}
