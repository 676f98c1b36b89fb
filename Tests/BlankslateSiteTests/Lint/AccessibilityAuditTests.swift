import BlankslateCore
import BlankslateCoreTestSupport
import BlankslateSite
import BlankslateTestSupport
import Foundation
import Testing

/// The static accessibility audit: what Apple's audit would find once the app
/// runs, found from the definitions: images VoiceOver cannot describe, labels
/// that are code or repeat their trait, fixed-size text above Large, the tap
/// target gates, contrast that nearly passed, and parts drawn over each other.
@Suite("Accessibility audit")
struct AccessibilityAuditTests {
  static let svg = Array(
    #"<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64"/></svg>"#.utf8)

  /// A team's site of eight small designs, each text its own, in English,
  /// Japanese, German and Arabic at Large and AX5, with asset images
  /// labelled, decorative and neither.
  static func teamSite() throws -> TemporarySite {
    var placeholders: [String: String] = [:]
    func design(_ id: String, _ body: String) {
      placeholders["\(id).json"] = #"{ "id": "\#(id)", "layout": "content-unavailable", \#(body) }"#
    }
    design(
      "orders",
      #""image": "assets/empty_box_v2.svg", "title": { "en": "No orders", "ja": "注文はありません", "de": "Keine Bestellungen", "ar": "لا طلبات" }"#
    )
    design(
      "photos",
      #""image": { "source": "assets/camera.svg", "accessibilityLabel": { "en": "A camera with no film", "ja": "フィルムのないカメラ", "de": "Eine Kamera ohne Film", "ar": "كاميرا بلا فيلم" } }, "title": { "en": "No photos", "ja": "写真はありません", "de": "Keine Fotos", "ar": "لا صور" }"#
    )
    design(
      "trips",
      #""image": { "path": "assets/map.svg", "decorative": true }, "title": { "en": "No trips", "ja": "旅行はありません", "de": "Keine Reisen", "ar": "لا رحلات" }"#
    )
    design(
      "friends",
      #""image": { "source": "assets/people.svg", "accessibilityLabel": { "en": "emptyFriendsList", "ja": "emptyFriendsList", "de": "emptyFriendsList", "ar": "emptyFriendsList" } }, "title": { "en": "No friends", "ja": "友達はいません", "de": "Keine Freunde", "ar": "لا أصدقاء" }"#
    )
    design(
      "recipes",
      #""image": "symbol:tray", "title": { "en": "No recipes", "ja": "レシピはありません", "de": "Keine Rezepte", "ar": "لا وصفات" }, "button": { "title": { "en": "Retry button", "ja": "再試行ボタン", "de": "Erneut versuchen Schaltfläche", "ar": "زر إعادة المحاولة" }, "style": "filled" }"#
    )
    design(
      "notes",
      #""title": { "en": "No notes", "ja": "メモはありません", "de": "Keine Notizen", "ar": "لا ملاحظات" }, "titleFont": 20, "messageFont": { "style": "body" }, "message": { "en": "Write one.", "ja": "書いてください。", "de": "Schreib eine.", "ar": "اكتب واحدة." }"#
    )
    design(
      "mail",
      ##""title": { "en": "No mail", "ja": "メールはありません", "de": "Keine Post", "ar": "لا بريد" }, "button": { "title": "OK", "controlSize": "mini", "style": "filled", "background": "#2E7D32" }, "messageColor": "#8A8A8A", "message": { "en": "Nothing new.", "ja": "新着なし。", "de": "Nichts Neues.", "ar": "لا جديد." }"##
    )
    design(
      "saved",
      #""title": { "en": "Nothing saved", "ja": "保存なし", "de": "Nichts gespeichert", "ar": "لا محفوظات" }, "toast": { "en": "Saved", "ja": "保存しました", "de": "Gespeichert", "ar": "تم الحفظ" }"#
    )
    return try TemporarySite(
      siteJSON: """
        { "devices": ["iphone-se", "iphone-15"], "themes": ["light"], "locales": ["en", "ja", "de", "ar"],
          "textSizes": ["large", "accessibilityExtraExtraExtraLarge"] }
        """, placeholders: placeholders,
      assets: [
        "assets/empty_box_v2.svg": svg, "assets/camera.svg": svg, "assets/map.svg": svg, "assets/people.svg": svg,
      ])
  }

  static func report() throws -> LintReport {
    let site = try teamSite()
    defer { site.remove() }
    return try SiteLinter(siteFolder: site.root, siteDisplay: "Site").run().report
  }

  @Test func anAssetNeedsALabelOrDecorativeAndASymbolIsDecorativeAsUIKitMakesIt() throws {
    let report = try Self.report()
    let labels = report.groups.filter { $0.rule == .accessibilityLabel }
    let orders = try #require(labels.first { $0.design == "orders" }, "\(report.text)")
    #expect(orders.message.contains("assets/empty_box_v2.svg") && orders.severity == .warning)
    // One finding across four languages, two phones and two sizes.
    #expect(labels.filter { $0.design == "orders" }.count == 1 && orders.renders.count == 16)
    // Labelled, decorative and a symbol: nothing to say.
    for design in ["photos", "trips", "recipes"] {
      #expect(!labels.contains { $0.design == design }, "\(design): \(report.text)")
    }
    // A label that is code is read letter by letter.
    let friends = try #require(labels.first { $0.design == "friends" }, "\(report.text)")
    #expect(friends.message.contains("camelCase"))
  }

  @Test(arguments: [
    ("empty_box_v2", "is the image's file name"), ("tray.fill", "is a symbol's name"), ("no_orders_yet", "snake_case"),
    ("emptyBox", "camelCase"), ("error.network.title", "dotted"),
  ])
  func aLabelThatIsCodeIsNamed(label: String, reason: String) {
    #expect(SpokenLabel.unreadable(label, names: ["empty_box_v2"])?.contains(reason) == true)
  }

  @Test(arguments: ["An empty box", "iPhone", "McDonald's", "空の箱", "صندوق فارغ", "Leere Kiste", "e.g. a box"])
  func aPersonsWordsAreReadable(label: String) {
    #expect(SpokenLabel.unreadable(label, names: ["box"]) == nil)
  }

  @Test func aButtonThatSaysItIsAButtonIsFoundInEachLanguage() throws {
    let report = try Self.report()
    let traits = report.groups.filter { $0.rule == .traitInLabel && $0.design == "recipes" }
    let said = Set(traits.flatMap { group in group.renders.map(\.locale) })
    #expect(said == ["en", "ja", "de", "ar"], "\(report.text)")
    #expect(traits.contains { $0.message.contains("ボタン") })
    #expect(traits.contains { $0.message.contains("زر") })
    #expect(!report.groups.contains { $0.rule == .traitInLabel && $0.design != "recipes" })
  }

  @Test func fixedSizeTextIsFoundAboveLargeOnly() throws {
    let report = try Self.report()
    let fixed = report.groups.filter { $0.rule == .dynamicType }
    let notes = try #require(fixed.first { $0.design == "notes" && $0.node == "title" }, "\(report.text)")
    #expect(notes.message.contains("fixed 20 pt"))
    #expect(notes.renders.allSatisfy { $0.textSize == "accessibilityExtraExtraExtraLarge" })
    // A text style follows Dynamic Type; UIKit's own styles too.
    #expect(!fixed.contains { $0.design == "notes" && $0.node == "message" })
    #expect(!fixed.contains { $0.design == "orders" })
    // MBProgressHUD's toast is a fixed size.
    #expect(fixed.contains { $0.design == "saved" && $0.node == "toast" })
  }

  @Test func aSmallTargetNamesTheGateItFailsAndContrastSaysHowNearItCame() throws {
    let report = try Self.report()
    let tap = try #require(
      report.groups.first { $0.design == "mail" && ($0.rule == .tapTarget || $0.rule == .controlSize) },
      "\(report.text)")
    #expect(tap.message.contains("44"))
    let contrast = try #require(
      report.groups.first { $0.design == "mail" && $0.rule == .contrast && $0.node == "message" })
    // #8A8A8A on white is 3.45:1: under 4.5, over two thirds of it.
    #expect(contrast.message.contains("nearly passed"), "\(contrast.message)")
  }

  @Test func aToastOverTheTitleIsReadInItsPlaceNotWhenItAppears() throws {
    let report = try Self.report()
    let covered = report.groups.filter { $0.rule == .readingOrder }
    #expect(covered.allSatisfy { $0.design == "saved" && $0.node == "toast" }, "\(report.text)")
    #expect(!covered.isEmpty && covered.allSatisfy { $0.message.contains("announcement") })
  }

  /// `lint --json` carries what VoiceOver reads on every render: the title as
  /// a heading, a labelled image by its label, an undescribed symbol not at
  /// all, a button with its trait, in the render's own language.
  @Test func theJSONCarriesEachRendersReadingOrder() throws {
    let site = try Self.teamSite()
    defer { site.remove() }
    let report = try SiteLinter(siteFolder: site.root, siteDisplay: "Site").run(readingOrders: true).report
    #expect(report.readingOrders.count == report.renderCount)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
    let orders = try #require(json["readingOrders"] as? [[String: Any]])
    #expect(orders.count == report.renderCount)
    func spoken(_ render: String) throws -> [String] {
      let order = try #require(orders.first { ($0["render"] as? String) == render }, "\(render)")
      return (order["items"] as? [[String: Any]] ?? []).compactMap { $0["spoken"] as? String }
    }
    // The navigation bar's title first, the content top to bottom, the state's own message last.
    #expect(
      try spoken("photos/default.iphone-se.light.en") == [
        "List, heading", "A camera with no film, image", "No photos, heading", "Items you add will appear here.",
      ])
    #expect(try spoken("photos/default.iphone-se.light.ja").prefix(3).suffix(2) == ["フィルムのないカメラ、画像", "写真はありません、見出し"])
    // A decorative image and an undescribed symbol are not read.
    #expect(
      try spoken("trips/default.iphone-se.light.de") == [
        "Liste, Überschrift", "Keine Reisen, Überschrift", "Hinzugefügte Einträge erscheinen hier.",
      ])
    #expect(try spoken("recipes/default.iphone-se.light.en").last == "Retry button, button")
    #expect(try !spoken("recipes/default.iphone-se.light.en").contains { $0.contains("image") })
    // Without the JSON, no reading order is made.
    let plain = try SiteLinter(siteFolder: site.root, siteDisplay: "Site").run().report
    #expect(plain.readingOrders.isEmpty)
  }

  @Test func theReportStaysShort() throws {
    let report = try Self.report()
    let text = report.text
    #expect(text.split(separator: "\n").count <= 60, "\(text)")
  }
}
