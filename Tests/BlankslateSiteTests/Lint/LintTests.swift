@testable import BlankslateCore
@testable import BlankslateModel
import BlankslateCoreTestSupport
@testable import BlankslateSite
@testable import BlankslateSupport
import BlankslateTestSupport
@testable import BlankslateValidation
import Foundation
import Testing

@Suite("Design review lint")
struct LintTests {
  /// Published WCAG examples and the extremes.
  @Test(arguments: [
    ("#777777", "#FFFFFF", 4.48), ("#767676", "#FFFFFF", 4.54), ("#000000", "#FFFFFF", 21.0),
    ("#FFFFFF", "#FFFFFF", 1.0),
    ("#00C4AD", "#FFFFFF", 2.21), ("#FF8000", "#FFFFFF", 2.52), ("#AAAAAA", "#FFFFFF", 2.32),
    ("#0000FF", "#FFFFFF", 8.59),
  ])
  func contrastRatioMatchesWCAG(foreground: String, background: String, expected: Double) throws {
    let a = try #require(ColorValue(parsing: foreground)?.resolved(in: .light))
    let b = try #require(ColorValue(parsing: background)?.resolved(in: .light))
    #expect(abs(Contrast.ratio(a, b) - expected) < 0.005, "\(Contrast.ratio(a, b))")
    #expect(Contrast.ratio(a, b) == Contrast.ratio(b, a))
  }

  @Test func largeTextNeedsLess() {
    #expect(Contrast.minimum(fontSize: 17, weight: .regular) == 4.5)
    #expect(Contrast.minimum(fontSize: 18, weight: .regular) == 3)
    #expect(Contrast.minimum(fontSize: 14, weight: .bold) == 3)
    #expect(Contrast.minimum(fontSize: 14, weight: .semibold) == 4.5)
  }

  @Test func translucentColoursAreCompositedFirst() {
    let secondary = SemanticColor.secondaryLabel.resolved(in: .light)
    let painted = Contrast.composite(secondary, over: .white)
    #expect(painted.hexRGB == "#8A8A8E")
  }

  func findings(_ job: RenderJob, site: SiteDefinition? = nil) -> [LintFinding] {
    let site =
      site
      ?? SiteDefinition(
        title: "t", devices: [job.device], themes: [job.theme], locales: [job.locale], designs: [job.design])
    var session = Linter.Session(linter: Linter(site: site), renderer: Renderer())
    return session.findings(for: job, scene: Renderer().scene(for: job))
  }

  /// The seeds' known findings, with their measured values.
  @Test func theSeedsFailWhereTheIssueSaysTheyDo() throws {
    let offline = findings(try Repository.job("no-network", "default", device: .iphoneSE, locale: "en"))
    let message = try #require(offline.first { $0.rule == .contrast && $0.node == "message" })
    #expect(abs((message.measured ?? 0) - 2.21) < 0.01)
    #expect(message.threshold == 4.5)
    #expect(message.message == "message text #00C4AD on #FFFFFF is 2.21:1 (failed); WCAG AA needs 4.5:1 for 14 pt text")
    #expect(message.suppression?.hasPrefix("Seed 004") == true)
    let title = try #require(offline.first { $0.rule == .contrast && $0.node == "title" })
    #expect(title.threshold == 3)  // 19 pt is large text
    let tap = try #require(offline.first { $0.rule == .tapTarget })
    #expect(
      tap.message
        == "button is 115×30 pt, under the HIG's 44 pt; it passes WCAG 2.2's 24 px (2.5.8) and Apple's audit's 20 pt hit region"
    )
    #expect(tap.frame == Rect(x: 130, y: 395.5, width: 115, height: 30))
    let orange = findings(try Repository.job("zero-code", "message-color", locale: "en"))
    #expect(
      orange.filter { $0.suppression == nil || $0.rule == .contrast }.map(\.message) == [
        "message text #FF8000 on #FFFFFF is 2.52:1 (failed); WCAG AA needs 4.5:1 for 17 pt text"
      ])
    let dark = findings(try Repository.job("no-network", "default", theme: .dark, locale: "en"))
    #expect(dark.contains { $0.rule == .darkMode && $0.node == "placeholder" && $0.message.contains("stays #FFFFFF") })
  }

  @Test(arguments: [
    ("no-network", "accessible"), ("zero-code", "accessible"), ("table", "empty"), ("blank-page", "no-data"),
  ])
  func theAccessibleAndCleanVariantsPass(design: String, variant: String) throws {
    for device in [Device.iphoneSE, .iphone15] {
      for theme in Theme.allCases {
        for locale in ["zh-Hans", "en"] {
          let found = findings(try Repository.job(design, variant, device: device, theme: theme, locale: locale))
          // What a seed accepts of Apple's audit (its UIImageView, its fixed sizes) is accepted with a reason.
          let open = found.filter { $0.suppression == nil }
          #expect(open.map(\.message) == [], "\(design)/\(variant) \(device) \(theme) \(locale)")
          #expect(
            found.allSatisfy { [.accessibilityLabel, .dynamicType].contains($0.rule) },
            "\(design)/\(variant): \(found.map(\.message))")
        }
      }
    }
  }

  @Test func aFixedColourThatBreaksInDarkIsADarkModeFinding() {
    var properties = Properties()
    properties.messageColor = ColorValue(parsing: "#333333")
    // The table's picture, described: this test is about colour.
    properties.image = .value(.described(.one(.builtin(.noteListNoData)), ImageAccessibility(isDecorative: true)))
    let light = findings(Repository.job(layout: .table, properties: properties, theme: .light))
    #expect(light.isEmpty)
    let dark = findings(Repository.job(layout: .table, properties: properties, theme: .dark))
    #expect(dark.map(\.rule).sorted() == [.contrast, .darkMode])
    #expect(dark.first { $0.rule == .darkMode }?.message.contains("in the dark theme but") == true)
    // The finding says where the colour came from: written, as written.
    #expect(
      dark.first { $0.rule == .darkMode }?.message.hasSuffix(
        "a fixed colour, written as messageColor #333333, that does not follow the theme") == true)
  }

  /// A colour the author never wrote is never blamed as theirs: the filled
  /// style's white title on a background that fails only in dark says so.
  @Test func aStylesDefaultColourIsNamedAsTheStylesNotTheAuthors() throws {
    var properties = Properties()
    var button = ButtonDefinition()
    button.title = LocalizedText("Retry")
    button.style = .filled
    button.background = .perTheme(
      light: try #require(ColorValue(parsing: "#0A5FC2")), dark: try #require(ColorValue(parsing: "#E5E5EA")))
    properties.buttons = [button]
    let light = findings(Repository.job(layout: .contentUnavailable, properties: properties, theme: .light))
    #expect(!light.contains { $0.node == "button" && $0.rule == .contrast })
    let dark = findings(Repository.job(layout: .contentUnavailable, properties: properties, theme: .dark))
    let finding = try #require(dark.first { $0.rule == .darkMode && $0.node == "button" }, "\(dark.map(\.message))")
    #expect(
      finding.message.hasSuffix(
        "its colour is the filled style's default title colour (not written), on buttons[0].background"),
      "\(finding.message)")
    #expect(!finding.message.contains("fixed colour"))
  }

  @Test func overflowCatchesCutTextOffScreenAndOverlaps() {
    var cut = Properties()
    var button = ButtonDefinition()
    button.title = LocalizedText("A much longer retry title than fits")
    cut.button = .value(button)
    let cutFindings = findings(Repository.job(layout: .noNetwork, properties: cut, device: .iphoneSE))
    #expect(cutFindings.contains { $0.rule == .overflow && $0.node == "button" && $0.message.contains("does not fit") })

    var wide = Properties()
    var custom = CustomViewDefinition()
    custom.size = Size(width: 500, height: 100)
    wide.customView = .value(custom)
    let wideFindings = findings(Repository.job(layout: .message, properties: wide, device: .iphoneSE))
    #expect(
      wideFindings.contains {
        $0.rule == .overflow
          && $0.message == "custom-view reaches 62.5 pt past the left and right edges of the 375×667 pt screen"
      })

    var crowded = Properties()
    crowded.imageSize = Size(width: 125, height: 400)
    let crowdedFindings = findings(Repository.job(layout: .noNetwork, properties: crowded, device: .iphoneSE))
    #expect(
      crowdedFindings.contains {
        $0.rule == .overflow && $0.message.contains("overlaps") || $0.message.contains("under the navigation bar")
      })
  }

  @Test func theSmallPhoneCatchesWhatTheBigOneHides() {
    var properties = Properties()
    properties.title = LocalizedText("You seem to be lost somewhere far away from the store you were looking at")
    properties.titleFont = 30
    properties.message = LocalizedText(
      "Refresh to get back to the store, or try again in a little while when the network is back")
    properties.messageFont = 20
    let big = findings(Repository.job(layout: .noNetwork, properties: properties, device: .ipadMini)).filter {
      $0.rule == .overflow
    }
    let small = findings(Repository.job(layout: .noNetwork, properties: properties, device: .iphoneSE)).filter {
      $0.rule == .overflow
    }
    #expect(big.isEmpty, "\(big.map(\.message))")
    #expect(
      small.contains { $0.node == "title" && $0.message.contains("past the top edge") }, "\(small.map(\.message))")
  }

  @Test func pseudoLocaleIsAccentedLongerAndFindsOverflow() {
    let pseudo = PseudoLocale.transform("No data")
    #expect(pseudo.hasPrefix("[Ñó ðáţá"))
    #expect(Double(pseudo.count) >= 1.4 * Double("No data".count))
    #expect(LocalizedText(entries: [("zh-Hans", "暂无数据"), ("en", "No data")]).resolved(in: "en-XA") == pseudo)
    var properties = Properties()
    var button = ButtonDefinition()
    button.title = LocalizedText("Try again now")
    properties.button = .value(button)
    let english = findings(Repository.job(layout: .noNetwork, properties: properties, device: .iphoneSE, locale: "en"))
    let longer = findings(
      Repository.job(layout: .noNetwork, properties: properties, device: .iphoneSE, locale: "en-XA"))
    #expect(!english.contains { $0.rule == .overflow })
    #expect(longer.contains { $0.rule == .overflow && $0.node == "button" })
  }

  @Test func missingTranslationsAreNamed() throws {
    let site = try TemporarySite(
      siteJSON: #"{ "devices": ["iphone-se"], "themes": ["light"], "locales": ["zh-Hans", "en", "ja", "en-XA"] }"#,
      placeholders: ["a.json": #"{ "layout": "message", "message": { "zh-Hans": "暂无数据", "en": "No data" } }"#])
    defer { site.remove() }
    let report = try SiteLinter(siteFolder: site.root, siteDisplay: "Site").run().report
    let missing = report.findings.filter { $0.rule == .missingTranslation }
    #expect(missing.map(\.render.description) == ["a/default.iphone-se.light.ja"])
    #expect(missing.first?.message == "message has no ja text; it falls back to \"暂无数据\"")
    #expect(missing.first?.severity == .warning)
  }

  @Test func siteSeveritiesAndSuppressionsApply() throws {
    let site = try TemporarySite(
      siteJSON:
        #"{ "devices": ["iphone-se"], "themes": ["light"], "locales": ["en"], "lint": { "contrast": "warning", "tap-target": "off" } }"#,
      placeholders: [
        "a.json":
          #"{ "layout": "no-network", "variants": [ { "id": "plain" }, { "id": "accepted", "suppress": { "contrast": "Brand colour, signed off by design." } } ] }"#
      ])
    defer { site.remove() }
    let report = try SiteLinter(siteFolder: site.root, siteDisplay: "Site").run().report
    #expect(!report.findings.contains { $0.rule == .tapTarget })
    #expect(report.findings.filter { $0.rule == .contrast }.allSatisfy { $0.severity == .warning })
    #expect(
      report.findings.filter { $0.variant == "accepted" && $0.rule == .contrast }.allSatisfy {
        $0.suppression == "Brand colour, signed off by design."
      })
    #expect(!report.hasErrors)
    #expect(report.text.contains("because: Brand colour, signed off by design."))
  }

  @Test(arguments: [
    (#"{ "lint": { "contrst": "error" } }"#, "Did you mean \"contrast\"?"),
    (#"{ "lint": { "contrast": "fatal" } }"#, "\"error\", \"warning\", \"off\""),
  ])
  func badLintSettingsAreRefused(json: String, expectation: String) throws {
    let site = try TemporarySite(siteJSON: json, placeholders: ["a.json": #"{ "layout": "message" }"#])
    defer { site.remove() }
    #expect(site.errors().map(\.description).contains { $0.contains(expectation) }, "\(site.errors())")
  }

  @Test func aSuppressionNeedsAReason() throws {
    let site = try TemporarySite(placeholders: ["a.json": #"{ "layout": "message", "suppress": { "contrast": " " } }"#])
    defer { site.remove() }
    #expect(site.errors().map(\.description).contains { $0.contains("suppress.contrast") && $0.contains("reason") })
  }

  @Test func theBundledSiteLintsCleanWithItsAcceptedFindings() throws {
    let (report, variants) = try SiteLinter(siteFolder: Repository.site, siteDisplay: "Site").run()
    #expect(report.errors == 0 && report.warnings == 0)
    #expect(report.suppressed == 41 && report.unmatched.isEmpty)
    #expect(
      report.text.hasSuffix(
        "Lint: 0 errors, 0 warnings, 41 accepted in 768 renders (errors in 0 renders, warnings in 0, accepted in 430).")
    )
    let json = try #require(try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
    #expect((json["counts"] as? [String: Int])?["suppressed"] == 41)
    let junit = report.junit(variants: variants)
    #expect(MarkupChecker().check(Array(junit.utf8), file: "lint.xml", kind: .xml).issues == [])
    #expect(junit.components(separatedBy: "<testcase ").count - 1 == variants.count * LintRule.allCases.count)
  }
}

/// A button under 44 pt: the author's own size is a `tap-target` error; UIKit's
/// own small and medium sizes are a `control-size` warning that says how to grow it.
struct ControlSizeLintTests {
  private func findings(_ configure: (inout ButtonDefinition) -> Void) -> [LintFinding] {
    var properties = Properties()
    var button = ButtonDefinition()
    button.title = LocalizedText("Try Again")
    configure(&button)
    properties.buttons = [button]
    let job = Repository.job(layout: .contentUnavailable, properties: properties)
    let site = SiteDefinition(
      title: "t", devices: [job.device], themes: [job.theme], locales: [job.locale], designs: [job.design])
    var session = Linter.Session(linter: Linter(site: site), renderer: Renderer())
    // Only the size rules: systemBlue on white is under 4.5:1 for 15 pt text, a contrast finding of its own.
    return session.findings(for: job, scene: Renderer().scene(for: job)).filter {
      $0.node == "button" && [.tapTarget, .controlSize].contains($0.rule)
    }
  }

  @Test(arguments: [ControlSize.mini, .small, .medium])
  func uikitsSmallerSizesAreAWarningThatNamesTheSize(size: ControlSize) throws {
    let found = findings { $0.controlSize = size }
    #expect(found.map(\.rule) == [.controlSize], "\(found)")
    let finding = try #require(found.first)
    #expect(finding.severity == .warning)
    #expect(
      finding.message.contains("at UIKit's \(size.rawValue) size") && finding.message.contains("controlSize: large"))
  }

  @Test func theLayoutsDefaultSmallButtonIsWarnedAbout() {
    #expect(findings { _ in }.map(\.rule) == [.controlSize])
  }

  @Test func aLargeButtonPasses() {
    #expect(findings { $0.controlSize = .large }.isEmpty)
  }

  @Test func aWrittenSizeUnder44IsATapTargetError() throws {
    let found = findings {
      $0.controlSize = .large
      $0.size = Size(width: 120, height: 30)
    }
    #expect(found.map(\.rule) == [.tapTarget] && found.first?.severity == .error, "\(found)")
  }
}

/// `site.json` `coverage.states`: lint's `missing-state` names each design that
/// has no variant in a state the site asks every design for; off without it.
struct CoverageLintTests {
  static let designs = [
    "a.json":
      #"{"layout": "content-unavailable", "variants": [{"id": "empty"}, {"id": "failed", "state": "hasError"}]}"#,
    "b.json":
      #"{"layout": "content-unavailable", "suppress": {"missing-state": "Loads from disk: it never waits."}, "variants": [{"id": "empty"}, {"id": "failed", "state": "hasError"}, {"id": "offline", "state": "offline"}]}"#,
  ]

  func findings(_ siteJSON: String?) throws -> [LintFinding] {
    let site = try TemporarySite(siteJSON: siteJSON, placeholders: Self.designs)
    defer { site.remove() }
    let definition = try site.load()
    var session = Linter.Session(linter: Linter(site: definition), renderer: Renderer())
    return RenderMatrix(definition).jobs.flatMap { session.findings(for: $0, scene: Renderer().scene(for: $0)) }
      .filter { $0.rule == .missingState }
  }

  @Test func aDesignWithoutAStateTheSiteAsksForIsNamedOnce() throws {
    let found = try findings(
      #"{"devices": ["iphone-se", "iphone-15"], "locales": ["en", "de"], "coverage": {"states": ["noData", "hasError", "offline", "loading"]}}"#
    )
    let a = found.filter { $0.design == "a" }
    #expect(
      a.map(\.message).sorted() == [
        "a has no loading variant; site.json coverage.states asks every design for noData, hasError, offline, loading",
        "a has no offline variant; site.json coverage.states asks every design for noData, hasError, offline, loading",
      ])
    #expect(a.allSatisfy { $0.severity == .warning && $0.render.device == "iphone-se" && $0.render.locale == "en" })
    // A design may accept it, with its reason.
    let b = found.filter { $0.design == "b" }
    #expect(b.count == 1 && b.first?.suppression == "Loads from disk: it never waits.", "\(b)")
  }

  @Test func withoutCoverageTheRuleDoesNotRun() throws {
    #expect(try findings(#"{"devices": ["iphone-se"], "locales": ["en"]}"#).isEmpty)
  }

  @Test func anUnknownStateIsRefused() throws {
    let site = try TemporarySite(siteJSON: #"{"coverage": {"states": ["empty"]}}"#, placeholders: Self.designs)
    defer { site.remove() }
    #expect(site.errors().map(\.description).contains { $0.contains("coverage.states") && $0.contains("noData") })
  }
}
