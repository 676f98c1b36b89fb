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

/// The gallery's own pages held to two independent checkers: axe-core's
/// accessibility rules, run in headless Chromium in light and dark, and the
/// Nu HTML Checker. The rendered designs inside the pages are excepted (lint
/// reviews those): the live HTML render of a render page (`.bs-screen`).
/// Both checkers come from `scripts/install-checkers.sh`; a missing one is a
/// failure that names the script, never a skip.
@Suite("The gallery's pages pass axe-core and the Nu HTML Checker", .serialized)
struct GalleryCheckerTests {
  static var enabled: Bool { Chromium.testsRun }

  static func checker(_ name: String) throws -> URL {
    let file = Repository.root.appending(path: ".checkers/\(name)")
    guard FileManager.default.fileExists(atPath: file.path) else {
      throw Missing(description: ".checkers/\(name) is missing: run bash scripts/install-checkers.sh")
    }
    return file
  }

  struct Missing: Error, CustomStringConvertible { let description: String }

  /// The bundled site with coverage asked for, built with PNGs, then one
  /// title edited and checked, so that every kind of page exists: the index,
  /// the coverage and symbol pages, design pages, render pages in both
  /// directions, and the report with a changed-text card.
  static func builtSite() throws -> SiteCopy {
    let copy = try SiteCopy()
    let siteFile = copy.site.appending(path: "site.json")
    var site = try String(contentsOf: siteFile, encoding: .utf8)
    site = site.replacingOccurrences(
      of: #""title": "Blankslate gallery","#,
      with: #""title": "Blankslate gallery", "coverage": {"states": ["noData", "hasError", "offline", "loading"]},"#)
    try site.write(to: siteFile, atomically: true, encoding: .utf8)
    #expect(CommandRunner.run(["build", "--quiet", "--png"], in: copy.folder).status == 0)
    try copy.edit("placeholders/blank-page.json", replacing: #""Tap to reload""#, with: #""Tap here to reload""#)
    #expect(CommandRunner.run(["check"], in: copy.folder, environment: ["CI": "", "NO_COLOR": "1"]).status == 1)
    return copy
  }

  /// One page of each kind, by path from the site's folder.
  static let pages = [
    "_site/index.html",
    "_site/coverage.html",
    "_site/symbols.html",
    "_site/designs/blank-page/index.html",
    "_site/designs/zero-code/index.html",
    "_site/designs/zero-code/accessible.iphone-15.dark.ar.html",
    "_site/designs/blank-page/no-data.iphone-se.light.en.accessibilityExtraExtraExtraLarge.html",
    "_report/index.html",
  ]

  /// axe-core's violations on the page, one line per rule and node: the
  /// rule, the node's selector and what axe says is wrong. Every rule of
  /// WCAG 2.2 A and AA runs (`target-size` among them, which axe's default
  /// set leaves out), and axe's best practices.
  static let runAxe = """
    axe.run({ exclude: [[".bs-screen"]] }, {
      resultTypes: ["violations"],
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"] }
    }).then(function (results) {
      var lines = [];
      results.violations.forEach(function (violation) {
        violation.nodes.forEach(function (node) {
          lines.push(violation.id + " " + node.target.join(" ") + ": " + node.failureSummary.replace(/\\s+/g, " "));
        });
      });
      return lines;
    })
    """

  @Test(.enabled(if: enabled, "needs Chromium"), arguments: ["light", "dark"])
  func everyKindOfPageHasNoAxeViolation(scheme: String) throws {
    let axe = try String(contentsOf: try Self.checker("axe.min.js"), encoding: .utf8)
    let copy = try Self.builtSite()
    defer { copy.remove() }
    for width in [1280, 390] {
      let browser = try DevTools(flags: ["--window-size=\(width),900"])
      _ = try browser.call(
        "Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": scheme]]])
      for page in Self.pages {
        try browser.open(copy.folder.appending(path: page).absoluteString)
        #expect(
          try browser.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") as? Bool == (scheme == "dark"))
        _ = try browser.evaluate(axe)
        let violations = try #require(try browser.evaluate(Self.runAxe) as? [String])
        #expect(violations == [], "\(page) at \(width) px, \(scheme): \(violations.joined(separator: "\n"))")
      }
    }
  }

  /// The checker's own verdict on a page it must refuse, so that a checker
  /// that found nothing because it read nothing fails the test.
  static let brokenPage = "<!DOCTYPE html><html lang=en><head><title>x</title></head><body><p><div></p></body></html>"

  @Test(.enabled(if: enabled, "needs Chromium"))
  func everyGalleryPageIsValidHTMLToTheNuChecker() throws {
    let jar = try Self.checker("vnu.jar")
    let copy = try Self.builtSite()
    defer { copy.remove() }
    let broken = copy.folder.appending(path: "broken.html")
    try Data(Self.brokenPage.utf8).write(to: broken)
    var files = [broken.path]
    for root in ["_site", "_report"] {
      let enumerator = FileManager.default.enumerator(atPath: copy.folder.appending(path: root).path)
      while let path = enumerator?.nextObject() as? String {
        if path.hasSuffix(".html") { files.append(copy.folder.appending(path: "\(root)/\(path)").path) }
      }
    }
    #expect(files.count > 700)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["java", "-Xss8m", "-jar", jar.path, "--errors-only", "--format", "gnu"] + files
    let errors = Pipe()
    process.standardOutput = errors
    process.standardError = errors
    try process.runWatched()
    let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    // One line per error, `"file:…":line.column-line.column: error: message`.
    let lines = output.split(separator: "\n").map(String.init)
    #expect(process.terminationStatus == 1, "the checker exits 1 when a page has an error")
    // The planted page is refused (the checker read the files) ...
    #expect(lines.contains { $0.contains("broken.html\":") && $0.contains(": error: ") }, "\(output.prefix(2000))")
    // ... and no gallery page is.
    let gallery = lines.filter { !$0.contains("broken.html") }
    #expect(gallery == [], "\(gallery.prefix(40).joined(separator: "\n"))")
  }
}
