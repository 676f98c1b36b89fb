import BlankslateCore
import BlankslateCoreTestSupport
import BlankslateSite
import BlankslateTestSupport
import Foundation
import Testing

/// A finding is its rule, its element and its cause, whatever renders show
/// it: one line a finding, UIKit's own defaults once for the site, a
/// suppression that names an element and a value accepts that cause alone,
/// and a word broken where no break is allowed is named.
@Suite("Findings by cause")
struct FindingIdentityTests {
  /// A team's site: six designs of two states each, every text its own, in
  /// three languages on two phones at Large and AX5, UIKit's default colours
  /// throughout, and one brand button the team coloured.
  static func teamSite(lint: String = "", suppress: String = "") throws -> TemporarySite {
    var placeholders: [String: String] = [:]
    let words = ["orders", "photos", "messages", "friends", "recipes", "trips"]
    for (index, word) in words.enumerated() {
      let button = ##", "button": { "title": "Start", "style": "filled", "background": "#FFB340" }"##
      let brand = index == 0 ? button + suppress : ""
      placeholders["\(word).json"] = """
        { "id": "\(word)", "layout": "content-unavailable", "chrome": { "tabBar": true }\(brand),
          "variants": [
            { "id": "empty", "title": { "en": "No \(word) yet", "ja": "\(word)はまだありません", "de": "Noch keine \(word)" },
              "message": { "en": "Your \(word) will appear here.", "ja": "\(word)はここに表示されます。", "de": "Deine \(word) erscheinen hier." } },
            { "id": "failed", "state": "hasError", "title": { "en": "Couldn't load \(word)", "ja": "\(word)を読み込めません", "de": "\(word) nicht geladen" } } ] }
        """
    }
    return try TemporarySite(
      siteJSON: """
        { "devices": ["iphone-se", "iphone-15"], "themes": ["light"], "locales": ["en", "ja", "de"],
          "textSizes": ["large", "accessibilityExtraExtraExtraLarge"]\(lint) }
        """, placeholders: placeholders)
  }

  @Test func uikitsDefaultsAreOneWarningForTheSiteAndTheTeamsColoursStayErrors() throws {
    let site = try Self.teamSite()
    defer { site.remove() }
    let report = try SiteLinter(siteFolder: site.root, siteDisplay: "Site").run().report
    let defaults = report.groups.filter { $0.rule == .uikitDefault }
    let message = try #require(defaults.first { $0.node == "message" }, "\(report.text)")
    #expect(defaults.filter { $0.node == "message" }.count == 1)
    #expect(message.design == nil && message.severity == .warning)
    #expect(Set(message.renders.map(\.design)).count == 6 && message.renders.count > 24)
    #expect(message.message.contains("secondaryLabel") && message.message.contains("3.44:1"))
    // No finding blames the team for UIKit's colours, and the colour the team wrote stays an error.
    #expect(!report.groups.contains { $0.rule == .contrast && $0.node == "message" })
    let brand = try #require(report.groups.first { $0.rule == .contrast && $0.node == "button" }, "\(report.text)")
    #expect(brand.design == "orders" && brand.severity == .error && brand.variants == ["empty", "failed"])
    // One line a finding: the site's once, each design's once.
    let lines = report.text.split(separator: "\n")
    #expect(lines.filter { $0.contains("uikit-default") }.count == defaults.count)
    #expect(lines.count <= report.groups.count + 6 + 2 + report.groups.filter { $0.suppression != nil }.count)
    #expect(report.errors == report.groups.filter { $0.isActive && $0.severity == .error }.count)
  }

  @Test func siteJSONSetsTheSeverityOfUIKitsDefaults() throws {
    let site = try Self.teamSite(lint: #", "lint": { "uikit-default": "error" }"#)
    defer { site.remove() }
    let report = try SiteLinter(siteFolder: site.root, siteDisplay: "Site").run().report
    let defaults = report.groups.filter { $0.rule == .uikitDefault }
    #expect(!defaults.isEmpty && defaults.allSatisfy { $0.severity == .error })
  }

  /// Accepting the brand button's contrast leaves every other finding of the
  /// rule reported; a suppression that meets no finding is named.
  @Test func aSuppressionAcceptsItsElementAndValueAlone() throws {
    let site = try Self.teamSite(
      suppress: #"""
        , "messageColor": "#AAAAAA", "suppress": [
          { "rule": "contrast", "element": "button", "value": "#FFB340", "reason": "The brand's orange, signed off." },
          { "rule": "contrast", "element": "title", "reason": "Nothing to accept here." } ]
        """#)
    defer { site.remove() }
    let report = try SiteLinter(siteFolder: site.root, siteDisplay: "Site").run().report
    let button = try #require(report.groups.first { $0.rule == .contrast && $0.node == "button" })
    #expect(button.suppression == "The brand's orange, signed off.")
    let message = try #require(report.groups.first { $0.rule == .contrast && $0.node == "message" }, "\(report.text)")
    #expect(message.design == "orders" && message.suppression == nil && message.severity == .error)
    #expect(report.unmatched.map(\.suppression.label) == ["contrast on title"])
    #expect(report.unmatched.first?.variants == ["empty", "failed"])
    #expect(
      report.text.contains("unused   orders (empty, failed): contrast on title, because: Nothing to accept here."))
  }

  /// German at AX5 breaks a long word where UAX #14 allows no break: the
  /// finding names the word as broken, the language, the device and the size.
  @Test func aWordBrokenWhereNoBreakIsAllowedIsNamed() throws {
    let site = try TemporarySite(
      siteJSON:
        #"{ "devices": ["iphone-se"], "themes": ["light"], "locales": ["de"], "textSizes": ["accessibilityExtraExtraExtraLarge"] }"#,
      placeholders: [
        "orders.json": #"{ "layout": "content-unavailable", "title": "Lieferbestellungen", "message": "Nichts." }"#
      ])
    defer { site.remove() }
    let report = try SiteLinter(siteFolder: site.root, siteDisplay: "Site").run().report
    let broken = try #require(report.findings.first { $0.rule == .brokenWord && $0.node == "title" }, "\(report.text)")
    #expect(
      broken.cause.contains("|") && "Lieferbestellungen".contains(broken.cause.replacingOccurrences(of: "|", with: "")))
    #expect(broken.message.contains("de, iPhone SE, AX5"), "\(broken.message)")
    #expect(!report.findings.contains { $0.rule == .brokenWord && $0.node == "message" })
  }
}
