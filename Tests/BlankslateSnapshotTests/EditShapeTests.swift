import BlankslateCore
import BlankslateCoreTestSupport
@testable import BlankslateSnapshot
import BlankslateTestSupport
import Foundation
import Testing

/// One edit of one key is one card, whatever shapes its old and new values
/// have (a theme pair, a language table, one value, absent), and a colour
/// is resolved with the app's own tint.
@Suite("One edit, one card")
struct EditShapeTests {
  /// A held-out team site: a brand tint, four designs of their own words, two phones, three languages.
  static func site() throws -> TemporarySite {
    try TemporarySite(
      siteJSON: ##"""
        { "devices": ["iphone-se", "iphone-15"], "themes": ["light", "dark"], "locales": ["en", "ja", "ar"], "tint": "#6A1B9A" }
        """##,
      placeholders: [
        "likes.json": ##"""
        { "id": "likes", "layout": "content-unavailable", "image": "symbol:heart",
          "imageTint": { "light": "#E0245E", "dark": "#FF5C8A" },
          "title": { "en": "No likes yet", "ja": "いいねはまだありません", "ar": "لا إعجابات بعد" },
          "spacing": { "titleToMessage": 6 } }
        """##,
        "inbox.json": ##"""
        { "id": "inbox", "layout": "content-unavailable", "titleColor": "#D32F2F",
          "title": { "en": "Inbox empty", "ja": "受信箱は空です", "ar": "البريد فارغ" } }
        """##,
        "search.json": ##"""
        { "id": "search", "layout": "content-unavailable", "state": "noResults", "query": "tea",
          "message": "Try another word." }
        """##,
        "feed.json": ##"""
        { "id": "feed", "layout": "content-unavailable", "title": { "en": "Nothing new", "ja": "新着なし", "ar": "لا جديد" } }
        """##,
      ])
  }

  static func check(_ site: TemporarySite) throws -> SnapshotSummary {
    try SnapshotChecker(options: SnapshotOptions(siteFolder: site.root, siteDisplay: "Site", workers: 2)).run().summary
  }

  /// Every golden of `site` recorded, with its records.
  static func recordAll(_ site: TemporarySite) throws {
    _ = try SnapshotRecorder(mode: .all).record(
      try SnapshotChecker(options: SnapshotOptions(siteFolder: site.root, siteDisplay: "Site", workers: 2)).run(),
      isCI: false)
  }

  static func edit(_ site: TemporarySite, _ file: String, _ old: String, _ new: String) throws {
    let url = site.root.appending(path: "placeholders/\(file)")
    let text = try String(contentsOf: url, encoding: .utf8)
    try #require(text.contains(old))
    try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: url)
  }

  @Test func aThemePairReplacedWithOneValueAndASpacingEditAreTwoCards() throws {
    let site = try Self.site()
    defer { site.remove() }
    try Self.recordAll(site)
    try Self.edit(site, "likes.json", ##"{ "light": "#E0245E", "dark": "#FF5C8A" }"##, ##""systemTeal""##)
    try Self.edit(site, "likes.json", ##""titleToMessage": 6"##, ##""titleToMessage": 10"##)
    let cards = ReviewCard.cards(try Self.check(site))
    #expect(cards.count == 2, "\(cards.map(\.headline))")
    let tint = try #require(cards.first { $0.headline.hasPrefix("imageTint") })
    #expect(tint.headline.hasPrefix("imageTint {light: #E0245E, dark: #FF5C8A} → systemTeal"), "\(tint.headline)")
    #expect(tint.headline.contains("light #E0245E → #30B0C7, dark #FF5C8A → #40C8E0"), "\(tint.headline)")
    #expect(tint.renders.count == 12)
    #expect(cards.contains { $0.headline == "spacing.titleToMessage 6 → 10" }, "\(cards.map(\.headline))")
  }

  @Test(arguments: [
    // A language table for one text, and back; one value for a pair; a pair for none.
    ("feed.json", ##"{ "en": "Nothing new", "ja": "新着なし", "ar": "لا جديد" }"##, ##""Nothing new""##, "title"),
    (
      "search.json", ##""message": "Try another word.""##,
      ##""message": { "en": "Try another word.", "ja": "別の言葉で" }"##, "message"
    ),
    (
      "inbox.json", ##""titleColor": "#D32F2F""##, ##""titleColor": { "light": "#D32F2F", "dark": "#EF9A9A" }"##,
      "titleColor"
    ),
  ])
  func aValueThatChangesShapeIsOneCard(file: String, old: String, new: String, key: String) throws {
    let site = try Self.site()
    defer { site.remove() }
    try Self.recordAll(site)
    try Self.edit(site, file, old, new)
    let cards = ReviewCard.cards(try Self.check(site))
    #expect(cards.count == 1 && cards.first?.headline.hasPrefix(key + " ") == true, "\(cards.map(\.headline))")
  }

  @Test func tintColorIsTheAppsTintOnTheCard() throws {
    let site = try Self.site()
    defer { site.remove() }
    try Self.recordAll(site)
    try Self.edit(site, "inbox.json", ##""titleColor": "#D32F2F""##, ##""titleColor": "tintColor""##)
    let cards = ReviewCard.cards(try Self.check(site))
    let card = try #require(cards.first)
    #expect(card.headline.contains("#D32F2F → #6A1B9A"), "\(card.headline)")
    #expect(!card.headline.contains("#007AFF"))
  }
}
