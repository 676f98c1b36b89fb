@testable import BlankslateCore
@testable import BlankslateModel
import BlankslateCoreTestSupport
@testable import BlankslateSupport
import BlankslateTestSupport
import Foundation
import Testing

@Suite("Dynamic Type")
struct DynamicTypeTests {
  @Test func textStylesFollowApplesTable() {
    #expect(TextStyle.body.pointSize(at: .large) == 17)
    #expect(TextStyle.body.pointSize(at: .extraSmall) == 14)
    #expect(TextStyle.body.pointSize(at: .accessibilityExtraExtraExtraLarge) == 53)
    #expect(TextStyle.largeTitle.pointSize(at: .accessibilityExtraExtraExtraLarge) == 60)
    #expect(TextStyle.caption2.pointSize(at: .small) == 11)
    #expect(TextStyle.headline.weight == .semibold)
    // Every style grows, never shrinks, from one size to the next.
    for style in TextStyle.allCases {
      let sizes = TextSize.allCases.map(style.pointSize)
      #expect(sizes == sizes.sorted(), "\(style)")
    }
  }

  @Test func fixedSizesNeverScaleAndScalingSizesFollowTheBody() {
    let fixed: FontSpec = 19
    #expect(fixed.pointSize(at: .accessibilityExtraExtraExtraLarge) == 19)
    let scaled = FontSpec(size: .scaled(17))
    #expect(scaled.pointSize(at: .accessibilityExtraExtraExtraLarge) == 53)
    #expect(scaled.pointSize(at: .large) == 17)
    #expect(FontSpec(size: .style(.title2), weight: .bold).weight(default: .regular) == .bold)
    #expect(FontSpec(size: .style(.headline)).weight(default: .regular) == .semibold)
  }

  @Test func aRenderNameGainsAFifthPartOnlyOffLarge() throws {
    var job = try Repository.job("no-network", "default", locale: "en")
    #expect(job.renderName == "default.iphone-15.light.en")
    job.textSize = .accessibilityExtraExtraExtraLarge
    #expect(job.renderName == "default.iphone-15.light.en.accessibilityExtraExtraExtraLarge")
  }

  @Test func theMatrixFindsEveryTextSize() throws {
    let site = try Repository.bundledSite()
    let matrix = RenderMatrix(site)
    #expect(site.textSizes == [.large, .accessibilityExtraExtraExtraLarge])
    let job = try #require(
      matrix.job(
        design: "zero-code", variant: "accessible", device: .iphoneSE, theme: .dark, locale: "ar",
        textSize: .accessibilityExtraExtraExtraLarge))
    #expect(job.renderName == "accessible.iphone-se.dark.ar.accessibilityExtraExtraExtraLarge")
    #expect(Set(matrix.jobs.map { $0.design.id + "/" + $0.renderName }).count == matrix.count)
  }

  @Test func styledTextGrowsAndLintCatchesWhatNoLongerFits() throws {
    let site = try TemporarySite(
      siteJSON:
        #"{"devices": ["iphone-se"], "themes": ["light"], "locales": ["de"], "textSizes": ["large", "accessibilityExtraExtraExtraLarge"]}"#,
      placeholders: [
        "offline.json": #"""
        {"id": "offline", "name": "Offline", "layout": "no-network",
         "title": "Keine Verbindung zum Internet", "titleFont": {"style": "title2"},
         "message": "Bitte überprüfe deine WLAN- und Mobilfunkeinstellungen.", "messageFont": {"style": "body"},
         "variants": [{"id": "default"}]}
        """#
      ])
    defer { site.remove() }
    let loaded = try site.load()
    var session = Linter.Session(linter: Linter(site: loaded), renderer: Renderer())
    let matrix = RenderMatrix(loaded)
    let findings: [(TextSize, [LintFinding])] = matrix.jobs.map { job in
      (job.textSize, session.findings(for: job, scene: Renderer().scene(for: job)).filter { $0.rule == .overflow })
    }
    #expect(findings.count == 2)
    #expect(findings.first { $0.0 == .large }?.1.isEmpty == true)
    #expect(findings.first { $0.0 == .accessibilityExtraExtraExtraLarge }?.1.isEmpty == false)
    let large = Renderer().scene(for: matrix.jobs[0])
    let huge = Renderer().scene(for: matrix.jobs[1])
    guard case .text(let small)? = large.node(withID: "title")?.content,
      case .text(let big)? = huge.node(withID: "title")?.content
    else {
      Issue.record("no title")
      return
    }
    #expect(small.fontSize == 22 && big.fontSize == 56)
  }

  @Test(arguments: [
    (#"{"textSizes": ["huge"]}"#, "textSizes[0]"),
    (#"{"textSizes": ["large", "large"]}"#, "textSizes[1]"),
    (#"{"textSizes": []}"#, "textSizes"),
  ])
  func badTextSizesAreRefused(siteJSON: String, path: String) throws {
    let site = try TemporarySite(
      siteJSON: siteJSON,
      placeholders: ["a.json": #"{"id": "a", "name": "A", "layout": "message", "variants": [{"id": "v"}]}"#])
    defer { site.remove() }
    let errors = site.errors().map(\.description)
    #expect(errors.count == 1, "\(errors)")
    #expect(errors.first?.contains(path) == true, "\(errors)")
  }

  @Test(arguments: [
    (#"{"style": "bodyy"}"#, "Did you mean \"body\""),
    (#"{"style": "body", "size": 17}"#, "either \"style\" or \"size\", not both"),
    (#"{"style": "body", "scales": true}"#, "no \"scales\" beside a text style"),
    (#"{"weight": "bold"}"#, "style"),
    (#"{"size": 17, "weight": "heavy"}"#, "weight"),
    (#""big""#, "a number of points"),
  ])
  func badFontsAreRefusedWithTheReason(font: String, expected: String) throws {
    let site = try TemporarySite(
      placeholders: [
        "a.json": #"{"id": "a", "name": "A", "layout": "message", "messageFont": "# + font
          + #", "variants": [{"id": "v"}]}"#
      ])
    defer { site.remove() }
    let errors = site.errors().map(\.description)
    #expect(errors.count == 1, "\(errors)")
    #expect(errors.first?.contains(expected) == true, "\(errors)")
    #expect(errors.first?.contains("messageFont") == true, "\(errors)")
  }
}
