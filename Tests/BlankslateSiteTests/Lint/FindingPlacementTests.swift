@testable import BlankslateCore
@testable import BlankslateModel
import BlankslateCoreTestSupport
@testable import BlankslateSite
@testable import BlankslateSupport
import BlankslateTestSupport
@testable import BlankslateValidation
import Foundation
import Testing

/// Where findings point: a toast over the placeholder is an overlap, the
/// outline on a render page stays on the screen, and the terminal names the
/// renders of each finding.
@Suite("Where findings are shown")
struct FindingPlacementTests {
  @Test func aToastOverThePlaceholderIsAnOverlap() throws {
    let site = try TemporarySite(
      siteJSON: #"{"devices": ["iphone-se"], "locales": ["en"], "themes": ["light"]}"#,
      placeholders: [
        "a.json": #"""
        {"layout": "message", "message": "Nothing here yet, but your saved places will show up in this list.",
         "variants": [{"id": "toast", "toast": "Location access is off. Turn it on in Settings to find places near you."}]}
        """#
      ])
    defer { site.remove() }
    let definition = try site.load()
    let job = try #require(RenderMatrix(definition).jobs.first)
    let scene = Renderer().scene(for: job)
    let toast = try #require(scene.node(withID: "toast"))
    let message = try #require(scene.node(withID: "message"))
    try #require(toast.frame.intersects(message.frame), "the toast is meant to lie over the message here")
    let findings = Linter(site: definition).findings(for: job, scene: scene, lightScene: nil)
    #expect(
      findings.contains { $0.rule == .overflow && $0.message.hasPrefix("toast overlaps message by") }, "\(findings)")
  }

  @Test func theTerminalNamesTheRendersOfEachFinding() throws {
    func finding(_ render: String) throws -> LintFinding {
      LintFinding(
        rule: .contrast, severity: .error, render: try #require(RenderID("a/v." + render)), node: "title", frame: nil,
        message: "title text is 2:1", measured: 2, threshold: 4.5, suppression: nil)
    }
    let two = LintReport(
      findings: [try finding("iphone-se.light.en"), try finding("iphone-15.dark.ar.AX5")], renderCount: 2)
    #expect(two.text.contains("[v; 2 renders: iphone-se light en, iphone-15 dark ar AX5]"), "\(two.text)")
    let crossed = LintReport(
      findings: try ["iphone-se.light.en", "iphone-se.dark.en", "iphone-15.light.en", "iphone-15.dark.en"].map(finding),
      renderCount: 4)
    #expect(crossed.text.contains("[v; 4 renders: iphone-se, iphone-15 × light, dark × en]"), "\(crossed.text)")
    let one = LintReport(findings: [try finding("iphone-se.light.en")], renderCount: 1)
    #expect(one.text.contains("[v; iphone-se light en]"), "\(one.text)")
    // One cause in many renders is one finding, counted once with its renders beside it.
    #expect(
      crossed.errors == 1
        && crossed.text.hasSuffix(
          "Lint: 1 error, 0 warnings, 0 accepted in 4 renders (errors in 4 renders, warnings in 0, accepted in 0).")
    )
  }

  /// The outline's box in percent of the screen: never outside 0…100 %.
  static func box(_ outline: TemplateValue) throws -> (left: Double, top: Double, width: Double, height: Double) {
    guard case .object(let members) = outline, case .string(let style)? = members["style"] else {
      throw CocoaError(.coderInvalidValue)
    }
    var values: [String: Double] = [:]
    for part in style.split(separator: ";") {
      let pair = part.split(separator: ":")
      values[String(pair[0])] = Double(pair[1].dropLast())
    }
    return (values["left"] ?? -1, values["top"] ?? -1, values["width"] ?? -1, values["height"] ?? -1)
  }

  @Test(arguments: [
    (Rect(x: 20, y: 600, width: 200, height: 300), "button"),  // runs off the bottom
    (Rect(x: -50, y: 100, width: 100, height: 20), "title"),  // off the left
    (Rect(x: 40, y: 900, width: 120, height: 44), "button (below the screen)"),  // wholly below
    (Rect(x: 400, y: 100, width: 50, height: 20), "title (right of the screen)"),  // wholly right
    (Rect(x: 10, y: 10, width: 20, height: 20), "image"),
  ])
  func anOutlineStaysOnTheScreen(_ frame: Rect, _ label: String) throws {
    let screen = Size(width: 375, height: 667)
    let outline = GalleryPages.outline(
      frame, kind: "error", screen: screen, label: label.components(separatedBy: " (")[0])
    let box = try Self.box(outline)
    #expect(box.left >= 0 && box.top >= 0 && box.width > 0 && box.height > 0, "\(box)")
    #expect(box.left + box.width <= 100.0001 && box.top + box.height <= 100.0001, "\(box)")
    guard case .object(let members) = outline else {
      Issue.record("the outline is not an object: \(outline)")
      return
    }
    #expect(members["label"] == .string(label))
  }
}
