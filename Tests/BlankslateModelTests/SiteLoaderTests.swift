@testable import BlankslateModel
import BlankslateSupport
import BlankslateTestSupport
import Foundation
import Testing

@Suite("Loading definitions")
struct SiteLoaderTests {
  @Test func loadsTheBundledSite() throws {
    let site = try Repository.bundledSite()
    #expect(
      site.designs.map(\.id) == [
        "blank-page", "favourites-empty", "inbox-zero", "load-failed", "loading", "no-network", "offline",
        "search-no-results", "table", "zero-code",
      ])
    #expect(site.devices == [.iphoneSE, .iphone15])
    #expect(site.themes == [.light, .dark])
    #expect(site.locales == ["zh-Hans", "en", "de", "ar"])
    let variants = site.designs.reduce(0) { $0 + $1.variants.count }
    #expect(RenderMatrix(site).jobs.count == variants * 2 * 2 * 4 * 2)
  }

  @Test func resolvesVariantsOverTheirDesign() throws {
    let site = try TemporarySite(
      placeholders: [
        "orders.json": """
        { "layout": "blank-page", "message": "shared", "messageFont": 20,
          "variants": [ { "id": "a", "name": "A" }, { "id": "b", "messageFont": 12, "image": null } ] }
        """
      ])
    defer { site.remove() }
    let design = try #require(try site.load().designs.first)
    #expect(design.id == "orders")
    #expect(design.name == "orders")
    #expect(design.variants.map(\.id) == ["a", "b"])
    #expect(design.variants[0].properties.messageFont == 20)
    #expect(design.variants[1].properties.messageFont == 12)
    #expect(design.variants[1].properties.message == LocalizedText("shared"))
    #expect(design.variants[1].properties.image == .null)
    #expect(design.variants[1].name == "b")
  }

  @Test func aDesignWithoutVariantsHasADefault() throws {
    let site = try TemporarySite(placeholders: ["one.json": #"{ "layout": "no-network", "name": "One" }"#])
    defer { site.remove() }
    let design = try #require(try site.load().designs.first)
    #expect(design.variants.map(\.id) == ["default"])
  }

  /// One case per kind of bad input: the file, the JSON path in the message,
  /// and what the message must say.
  @Test(arguments: [
    (#"{ "layout": "message", "mesage": "x" }"#, "mesage", "Did you mean \"message\"?"),
    (#"{ "layout": "message", "messageFont": "big" }"#, "messageFont", "found a string, expected"),
    (
      ##"{ "layout": "message", "variants": [ {"id": "a"}, {"id": "b"}, {"id": "c", "messageColor": "#12345G"} ] }"##,
      "variants[2].messageColor", "expected a colour"
    ),
    (#"{ "layout": "message", "messageColor": "lightGrey" }"#, "messageColor", "Did you mean \"lightGray\"?"),
    (#"{ "layout": "blank" }"#, "layout", "Did you mean \"blank-page\"?"),
    (#"{ "layout": "blank-page", "state": "offline" }"#, "state", "\"noData\", \"hasError\", \"hasData\""),
    (#"{ "layout": "message", "variants": [ {"id": "a"}, {"id": "a"} ] }"#, "variants[1].id", "already used"),
    (#"{ "id": "Orders", "layout": "message" }"#, "id", "\"orders\""),
    (#"{ "layout": "message", "imageSize": [-1, 20] }"#, "imageSize[0]", "from 0 to"),
    (#"{ "layout": "message", "image": "../secret.svg" }"#, "image", "leaves the site's assets/ folder"),
    (#"{ "layout": "message", "image": "/etc/passwd.svg" }"#, "image", "leaves the site's assets/ folder"),
    (#"{ "layout": "message", "image": "assets/none.svg" }"#, "image", "does not exist"),
    (#"{ "layout": "message", "image": "builtin:blankpage_7" }"#, "image", "Did you mean \"builtin:blankpage_6\"?"),
    (#"{ "layout": "message", "message": "bell\u0007" }"#, "message", "U+0007"),
    (#"{ "layout": "message", "message": { "zh-Hans": "x", "english": "y" } }"#, "message.english", "locale tag"),
    (#"{ "layout": "blank-page", "offsetY": 10 }"#, "offsetY", "does not read \"offsetY\""),
    (#"{ "layout": "no-network", "button": { "title": "x", "colour": "red" } }"#, "button.colour", "unknown key"),
    (#"{ "layout": "table", "sections": [1, 2.5] }"#, "sections[1]", "whole number"),
    (#"{ "name": "No layout" }"#, "(top level)", "\"layout\" is required"),
    (#"{ "layout": "message", "variants": [] }"#, "variants", "at least one variant"),
    ("{ \"layout\": \"message\",\n  \"tags\": [\"a\",]\n}", "2:", "trailing comma"),
  ])
  func refusesBadInput(json: String, path: String, expectation: String) throws {
    let site = try TemporarySite(placeholders: ["bad.json": json])
    defer { site.remove() }
    let errors = site.errors()
    #expect(!errors.isEmpty, "accepted: \(json)")
    let messages = errors.map(\.description)
    #expect(messages.allSatisfy { $0.hasPrefix("Site/placeholders/bad.json") }, "\(messages)")
    #expect(messages.contains { $0.contains(path) && $0.contains(expectation) }, "\(messages)")
  }

  @Test(arguments: [
    (#"{ "devices": ["iphone-16"] }"#, "devices[0]", "\"iphone-se\", \"iphone-15\""),
    (#"{ "themes": ["light", "sepia"] }"#, "themes[1]", "\"light\", \"dark\""),
    (#"{ "locales": ["en", "en"] }"#, "locales[1]", "already used"),
    (#"{ "locales": ["english"] }"#, "locales[0]", "locale tag"),
    (#"{ "titel": "x" }"#, "titel", "Did you mean \"title\"?"),
  ])
  func refusesBadSiteSettings(json: String, path: String, expectation: String) throws {
    let site = try TemporarySite(siteJSON: json, placeholders: ["a.json": #"{ "layout": "message" }"#])
    defer { site.remove() }
    let messages = site.errors().map(\.description)
    #expect(
      messages.contains { $0.hasPrefix("Site/site.json:") && $0.contains(path) && $0.contains(expectation) },
      "\(messages)")
  }

  @Test func reportsEveryErrorOfEveryFile() throws {
    let site = try TemporarySite(
      placeholders: [
        "a.json": #"{ "layout": "message", "messageColor": "nope", "scrollEnabled": true }"#,
        "b.json": #"{ "layout": "table", "sections": "none" }"#,
        "c.json": "{ not json",
      ])
    defer { site.remove() }
    let messages = site.errors().map(\.description)
    #expect(messages.count == 4, "\(messages)")
    #expect(messages.filter { $0.hasPrefix("Site/placeholders/a.json:1:") }.count == 2)
    #expect(messages.contains { $0.hasPrefix("Site/placeholders/b.json:1:") && $0.contains("sections") })
    #expect(messages.contains { $0.hasPrefix("Site/placeholders/c.json:1:3: not valid JSON") })
  }

  /// A text or image written for a locale that is a slip (`jp` for `ja`,
  /// `cn` for `zh-Hans`, `qq`, which is no language) is refused where it is
  /// written, with what was meant; a language of a listed locale (`zh` for
  /// `zh-Hans`), English under a pseudo-locale, a regional form (`en-GB`) and
  /// a language the site does not list yet stand. A memo
  /// decoded under other locales is held to the site's locales as they are now.
  @Test func aLocaleTheSiteDoesNotShowIsRefusedWithWhatWasMeant() throws {
    let placeholders = [
      "orders.json": #"""
      { "layout": "content-unavailable", "variants": [
        { "id": "empty", "title": { "en": "No Orders", "jp": "注文はありません", "zh": "没有订单" } },
        { "id": "offline", "state": "offline", "image": { "en": "symbol:wifi.slash", "cn": "symbol:wifi" } },
        { "id": "british", "title": { "en": "Colour", "en-GB": "Colour", "qq": "?" } } ] }
      """#
    ]
    let site = try TemporarySite(
      siteJSON: #"{ "locales": ["en", "ja", "zh-Hans", "en-XA"] }"#, placeholders: placeholders)
    defer { site.remove() }
    let messages = site.errors().map(\.description)
    #expect(messages.count == 3, "\(messages)")
    #expect(messages.contains { $0.contains("variants[2].title.qq") }, "\(messages)")
    #expect(
      messages.contains {
        $0.hasPrefix("Site/placeholders/orders.json:2:50: variants[0].title.jp") && $0.contains("did you mean \"ja\"?")
      }, "\(messages)")
    #expect(
      messages.contains { $0.contains("variants[1].image.cn") && $0.contains("did you mean \"zh-Hans\"?") },
      "\(messages)")

    // A site narrowed to English while it is worked on keeps its translations for later.
    try Data(#"{ "locales": ["en"] }"#.utf8).write(to: site.root.appending(path: "site.json"))
    try Data(#"{ "layout": "message", "message": { "en": "No orders", "de": "Keine", "zh-Hant": "沒有" } }"#.utf8)
      .write(to: site.root.appending(path: "placeholders/narrow.json"))
    #expect(site.errors().map(\.description).allSatisfy { !$0.contains("narrow.json") })
    try FileManager.default.removeItem(at: site.root.appending(path: "placeholders/narrow.json"))

    // The same file loads under locales that show it; a memo of that load refuses it once they no longer do.
    try Data(#"{ "locales": ["en", "ja", "jp", "zh-Hans", "cn", "qq"] }"#.utf8).write(
      to: site.root.appending(path: "site.json"))
    let memo = SiteLoader.Memo()
    let loaded = try SiteLoader(root: site.root, displayRoot: "Site", memo: memo, fonts: FontsNotRead()).load()
    #expect(loaded.designs.count == 1)
    let kept = try #require(SiteLoader.Memo(decoding: memo.encoded(site: "Site"), site: "Site", workers: 1))
    try Data(#"{ "locales": ["en", "ja", "zh-Hans"] }"#.utf8).write(to: site.root.appending(path: "site.json"))
    for memo in [memo, kept] {
      do {
        _ = try SiteLoader(root: site.root, displayRoot: "Site", memo: memo, fonts: FontsNotRead()).load()
        Issue.record("a memo kept the locale jp after site.json stopped listing it")
      } catch {
        #expect(error.errors.map(\.description).contains { $0.contains("title.jp") && $0.contains("\"ja\"") })
      }
    }
  }

  @Test func refusesTheSameDesignIDInTwoFiles() throws {
    let site = try TemporarySite(
      placeholders: [
        "a.json": #"{ "id": "orders", "layout": "message" }"#,
        "b.json": #"{ "id": "orders", "layout": "table" }"#,
      ])
    defer { site.remove() }
    let messages = site.errors().map(\.description)
    #expect(
      messages == [
        "Site/placeholders/b.json:1:9: id: the id \"orders\" is already used by Site/placeholders/a.json; ids must be unique."
      ])
  }

  @Test func refusesAnAssetLinkThatLeadsOutOfTheSite() throws {
    let outside = temporaryFolder()
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    try Data("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8).write(to: outside.appending(path: "secret.svg"))
    defer { try? FileManager.default.removeItem(at: outside) }
    let site = try TemporarySite(placeholders: ["a.json": #"{ "layout": "message", "image": "assets/link.svg" }"#])
    defer { site.remove() }
    try FileManager.default.createDirectory(at: site.root.appending(path: "assets"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: site.root.appending(path: "assets/link.svg"), withDestinationURL: outside.appending(path: "secret.svg"))
    #expect(site.errors().map(\.description).contains { $0.contains("leaves the site's assets/ folder") })
  }

  @Test func refusesADefinitionLinkThatLeadsOutOfTheSite() throws {
    let outside = temporaryFolder()
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    try Data(#"{ "layout": "message" }"#.utf8).write(to: outside.appending(path: "elsewhere.json"))
    defer { try? FileManager.default.removeItem(at: outside) }
    let site = try TemporarySite(placeholders: ["a.json": #"{ "layout": "message" }"#])
    defer { site.remove() }
    try FileManager.default.createSymbolicLink(
      at: site.root.appending(path: "placeholders/b.json"),
      withDestinationURL: outside.appending(path: "elsewhere.json"))
    #expect(
      site.errors().map(\.description) == [
        "Site/placeholders/b.json: cannot be read: it is a link to a file outside the site folder."
      ])
  }

  @Test func aMissingPlaceholdersFolderIsAnError() throws {
    let root = temporaryFolder()
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    #expect(throws: DefinitionErrors.self) {
      try SiteLoader(root: root, displayRoot: "Empty", fonts: FontsNotRead()).load()
    }
  }
}
