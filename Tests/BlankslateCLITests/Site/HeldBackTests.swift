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

/// Four teams' empty states written from README alone (Tests/HeldBack), using
/// every format v2 key: they build, lint clean, and render as their authors meant.
@Suite("Designs written from README alone")
struct HeldBackTests {
  static let folder = Repository.root.appending(path: "Tests/HeldBack")

  func scene(_ design: String, _ variant: String, device: Device, theme: Theme = .light, locale: String = "en")
    throws -> Scene
  {
    let site = try SiteLoader(root: Self.folder, displayRoot: "HeldBack").load()
    let job = try #require(
      RenderMatrix(site).jobs.first {
        $0.design.id == design && $0.variant.id == variant && $0.device == device && $0.theme == theme
          && $0.locale == locale && $0.textSize == .large
      })
    return Renderer().scene(for: job)
  }

  func frame(_ scene: Scene, _ id: String) throws -> Rect { try #require(scene.node(withID: id)).frame }

  /// They build, and lint finds one error only: at AX5 the parts UIKit's
  /// layout hides (scrolling off), each named with the stack's height and the
  /// room; and warns that UIKit's small buttons are under the HIG's tap
  /// target, that its colours are under WCAG AA, and of words broken at AX5.
  @Test func theyBuildAndLintReportsOnlyWhatTheSystemLayoutHides() throws {
    let output = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: output) }
    let build = CommandRunner.run(["build", "--site", Self.folder.path, "--output", output.path])
    #expect(build.status == 0, "\(build.error)")
    #expect(build.output.contains("Built 4 designs, 7 variants, 168 renders"))
    let report = output.appending(path: "lint.json")
    let lint = CommandRunner.run(["lint", "--site", Self.folder.path, "--json", report.path])
    #expect(lint.status == 1)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
    let findings = try #require(json["occurrences"] as? [[String: Any]])
    #expect(!findings.isEmpty)
    for finding in findings {
      // UIKit's own small buttons are under the HIG's 44 pt: a warning, never an error.
      if finding["rule"] as? String == "control-size" {
        #expect(finding["severity"] as? String == "warning", "\(finding)")
        #expect((finding["message"] as? String)?.contains("at UIKit's small size") == true, "\(finding)")
        continue
      }
      // UIKit's own colours, words wider than an AX5 line and the accessibility audit: warnings, never errors.
      if ["uikit-default", "broken-word", "dynamic-type", "accessibility-label", "trait-in-label", "reading-order"]
        .contains(finding["rule"] as? String)
      {
        #expect(finding["severity"] as? String == "warning", "\(finding)")
        continue
      }
      #expect(finding["rule"] as? String == "hidden-by-layout", "\(finding)")
      #expect((finding["render"] as? String)?.hasSuffix(".accessibilityExtraExtraExtraLarge") == true, "\(finding)")
      let needed = try #require(finding["measured"] as? Double)
      let room = try #require(finding["threshold"] as? Double)
      #expect(needed > room, "\(finding)")
      #expect((finding["message"] as? String)?.contains("pt of \(Int(room.rounded()))") == true, "\(finding)")
    }
  }

  @Test(.enabled(if: JSONSchemaValidator.runs, "python3-jsonschema is not installed"))
  func theyAreValidAgainstTheSchema() throws {
    let files = try FileManager.default.contentsOfDirectory(
      at: Self.folder.appending(path: "placeholders"), includingPropertiesForKeys: nil
    ).sorted { $0.path < $1.path }
    let refused = try JSONSchemaValidator.refusals(
      of: try files.map { try String(contentsOf: $0, encoding: .utf8) }, schema: DefinitionSchema.placeholder)
    #expect(refused.isEmpty, "\(refused)")
  }

  @Test func theWorkoutsScreenKeepsItsSpacingMarginsButtonsAndColours() throws {
    let light = try scene("workouts", "empty", device: .iphone15ProMax)
    let image = try frame(light, "image")
    let title = try frame(light, "title")
    let message = try frame(light, "message")
    let first = try frame(light, "button")
    let second = try frame(light, "secondary-button")
    // The written 64 is the symbol's point size, drawn in SF's box for it (1.25 ×).
    #expect(image.size == Size(width: 80, height: 80))
    #expect(abs(title.minY - image.maxY - 20) < 0.001)
    #expect(abs(message.minY - title.maxY - 10) < 0.001)
    #expect(abs(first.minY - message.maxY - 28) < 0.001)
    #expect(abs(second.minY - first.maxY - 8) < 0.001)
    #expect(message.minX >= 28 && message.maxX <= 430 - 28)
    let button = try #require(light.node(withID: "button")?.content)
    let imageContent = try #require(light.node(withID: "image")?.content)
    let titleContent = try #require(light.node(withID: "title")?.content)
    guard case .button(let filled) = button, case .symbolImage(.calendar, let tint, _) = imageContent,
      case .text(let heading) = titleContent
    else {
      Issue.record("the button, the calendar symbol or the title is not what it should be")
      return
    }
    #expect(filled.fill.hex == "#C93400")
    #expect(tint.hex == "#FF9500")
    #expect(heading.fontSize == 28 && heading.weight == .bold)
    let dark = try scene("workouts", "empty", device: .iphone15ProMax, theme: .dark)
    let darkImage = try #require(dark.node(withID: "image")?.content)
    guard case .symbolImage(_, let darkTint, _) = darkImage else {
      Issue.record("the dark image is not a symbol: \(darkImage)")
      return
    }
    #expect(darkTint.hex == "#FFB340")
    // Natural alignment: the leading margin, on the right in Arabic.
    let leading = try frame(try scene("workouts", "leading", device: .iphone15ProMax), "title")
    #expect(leading.minX == 28)
    let arabic = try frame(try scene("workouts", "leading", device: .iphone15ProMax, locale: "ar"), "title")
    #expect(abs(arabic.maxX - (430 - 28)) < 0.001)
  }

  @Test func theSeedLayoutsTakeTheirNewKeys() throws {
    // table: a title and a button around the message, inside the margins.
    let table = try scene("transactions", "default", device: .iphoneSE)
    #expect(try frame(table, "title").maxY <= (try frame(table, "message")).minY)
    #expect(try frame(table, "button").minY > (try frame(table, "message")).maxY)
    #expect(try frame(table, "message").minX >= 24)
    // blank-page: its label fill per theme, wrapped inside the margins.
    for (theme, fill) in [(Theme.light, "#F2F2F7"), (.dark, "#1C1C1E")] {
      let notes = try scene("notes", "default", device: .iphoneSE, theme: theme)
      guard case .text(let label) = notes.node(withID: "message")?.content else {
        Issue.record("no label")
        return
      }
      #expect(label.background?.hex == fill)
      let box = try frame(notes, "message")
      #expect(box.minX >= 24 && box.maxX <= 375 - 24)
    }
  }
}
