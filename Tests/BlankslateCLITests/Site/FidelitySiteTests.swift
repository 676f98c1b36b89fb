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

/// A recipe app's empty states written from README's format v3 keys
/// (Tests/FidelitySite): the current iPhones and an iPad, Japanese and Arabic,
/// AX5, a brand tint, large titles, the app's tabs, template assets, images per
/// theme and language, button sizes, symbols and roles. It builds, and lint
/// names every part the system's layout hides.
@Suite("Designs written from README's v3 keys")
struct FidelitySiteTests {
  static let folder = Repository.root.appending(path: "Tests/FidelitySite")

  @Test func itBuildsAndLintNamesEveryHiddenPart() throws {
    let output = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: output) }
    let build = CommandRunner.run(["build", "--site", Self.folder.path, "--output", output.path])
    #expect(build.status == 0, "\(build.error)")
    #expect(build.output.contains("Built 5 designs, 8 variants, 512 renders"), "\(build.output)")
    let report = output.appending(path: "lint.json")
    _ = CommandRunner.run(["lint", "--site", Self.folder.path, "--json", report.path])
    let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
    let findings = try #require(json["occurrences"] as? [[String: Any]])
    let reported = Set(
      findings.filter { $0["rule"] as? String == "hidden-by-layout" }.compactMap { finding -> String? in
        // The finding is the stack's; its message names the part first ("button is hidden on …").
        guard let render = finding["render"] as? String,
          let part = (finding["message"] as? String)?.split(separator: " ").first
        else { return nil }
        return render + " " + part
      })
    // Every part each render's layout hid is a finding (accepted or not), and nothing else is.
    let site = try SiteLoader(root: Self.folder, displayRoot: "FidelitySite").load()
    var hidden: Set<String> = []
    for job in RenderMatrix(site).jobs {
      for node in Renderer().scene(for: job).allNodes {
        for part in node.hiddenParts { hidden.insert(job.id.description + " " + part.id) }
      }
    }
    #expect(!hidden.isEmpty)
    #expect(reported == hidden, "\(reported.symmetricDifference(hidden).sorted().prefix(10))")
  }

  @Test(.enabled(if: JSONSchemaValidator.runs, "python3-jsonschema is not installed"))
  func itIsValidAgainstTheSchemas() throws {
    let files = try FileManager.default.contentsOfDirectory(
      at: Self.folder.appending(path: "placeholders"), includingPropertiesForKeys: nil
    ).sorted { $0.path < $1.path }
    let refused = try JSONSchemaValidator.refusals(
      of: try files.map { try String(contentsOf: $0, encoding: .utf8) }, schema: DefinitionSchema.placeholder)
    #expect(refused.isEmpty, "\(refused)")
    let settings = try String(contentsOf: Self.folder.appending(path: "site.json"), encoding: .utf8)
    #expect(try JSONSchemaValidator.refusals(of: [settings], schema: DefinitionSchema.site).isEmpty)
  }

  /// What the keys ask for is what is drawn: the template in the image tint,
  /// each language's image, the iPad's tabs at the top, the destructive role.
  @Test func theV3KeysAreDrawnAsWritten() throws {
    let site = try SiteLoader(root: Self.folder, displayRoot: "FidelitySite").load()
    func scene(_ design: String, _ variant: String, _ device: Device, _ theme: Theme, _ locale: String) throws -> Scene
    {
      let job = try #require(
        RenderMatrix(site).jobs.first {
          $0.design.id == design && $0.variant.id == variant && $0.device == device && $0.theme == theme
            && $0.locale == locale && $0.textSize == .large
        })
      return Renderer().scene(for: job)
    }
    let sync = try scene("sync", "offline", .iphone17, .dark, "ar")
    #expect(
      try #require(sync.node(withID: "image")).content == .templateImage("assets/cloud.svg", color: RGBA(hex: 0x40C8E0))
    )
    guard case .button(let destructive) = try #require(sync.node(withID: "secondary-button")).content else {
      Issue.record("no destructive button")
      return
    }
    #expect(destructive.title.color.hex == "#FF453A")
    #expect(
      try scene("pantry", "empty", .iphone17, .light, "ja").node(withID: "image")?.content
        == .image(.asset("assets/pantry-ja.svg")))
    #expect(
      try scene("pantry", "empty", .iphone17, .dark, "de").node(withID: "image")?.content
        == .image(.asset("assets/pantry-dark.svg")))
    let pad = try scene("saved", "empty", .ipadMini, .light, "en")
    #expect(try #require(pad.node(withID: "tab-bar")).frame.maxY <= 24 + 44)
    #expect(pad.node(withID: "navigation-large-title") != nil)
  }
}
