import BlankslateCore
import BlankslateCoreTestSupport
@testable import BlankslateSite
@testable import BlankslateSnapshot
import BlankslateSupport
import BlankslateTestSupport
import Foundation
import Testing

/// `check` tells a change as the edit that made it: the key path and the
/// values as written, read from the definition kept beside the goldens, and
/// only on the renders the edit reaches.
@Suite("Changes in the definition's words")
struct DefinitionEditTests {
  /// The edits of every changed render, by text, and the renders each reaches.
  func edits(_ summary: SnapshotSummary) -> [String: [RenderID]] {
    var byEdit: [String: [RenderID]] = [:]
    for result in summary.results where result.status == .changed {
      for edit in result.edits { byEdit[edit.description, default: []].append(result.id) }
    }
    return byEdit
  }

  @Test func aButtonColourIsNamedAsWrittenAndDrawnInEachTheme() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    try copy.edit(
      "placeholders/favourites-empty.json", replacing: #""background": "systemIndigo""#,
      with: #""background": "systemGreen""#)
    let summary = try copy.check()
    let found = edits(summary)
    let text = "buttons[0].background systemIndigo → systemGreen (light #5856D6 → #34C759, dark #5E5CE6 → #30D158)"
    #expect(Array(found.keys) == [text])
    #expect(found[text]?.count == 32)
    // One card, naming it, with its effect on the button.
    let cards = ReviewCard.cards(summary)
    #expect(cards.count == 1)
    #expect(cards.first?.headline == text)
    #expect(
      cards.first?.effects.contains("button background (2 values, such as #5856D6 → #34C759)") == true,
      "\(cards.first?.effects ?? [])")
  }

  @Test func aTranslationReachesOnlyTheRendersInItsLanguage() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    try copy.edit(
      "placeholders/favourites-empty.json", replacing: #""de": "Noch keine Favoriten""#,
      with: #""de": "Keine Favoriten""#)
    let summary = try copy.check()
    let found = edits(summary)
    let text = #"title.de "Noch keine Favoriten" → "Keine Favoriten""#
    #expect(Array(found.keys) == [text])
    let renders = try #require(found[text])
    #expect(renders.count == 8)
    #expect(renders.allSatisfy { $0.locale == "de" })
  }

  @Test func oneThemesHalfReachesOnlyThatTheme() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    try copy.edit(
      "placeholders/favourites-empty.json", replacing: ##""dark": "#AEAEB2""##, with: ##""dark": "#8E8E93""##)
    let summary = try copy.check()
    let found = edits(summary)
    let text = "messageColor.dark #AEAEB2 → #8E8E93 (#AEAEB2 → #8E8E93)"
    #expect(Array(found.keys) == [text])
    #expect(found[text]?.count == 16)
    #expect(found[text]?.allSatisfy { $0.theme == "dark" } == true)
  }

  @Test func aWholePartWrittenIsOneEditWithItsValue() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    try copy.edit(
      "placeholders/favourites-empty.json", replacing: #""background": "systemIndigo"\#n    }"#,
      with: #""background": "systemIndigo"\#n    }, { "title": "Later", "style": "plain" }"#)
    let found = edits(try copy.check())
    #expect(Array(found.keys) == ["buttons[1] added: {title: Later, style: plain}"], "\(found.keys)")
  }

  /// A golden recorded on another machine, whose text libraries differ: the
  /// card says which, and what this machine has (a record written with
  /// other versions, as Debian 12's and a newer Ubuntu's or Homebrew's are).
  @Test func aGoldenRecordedWithAnotherTextStackSaysSo() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    let record = copy.folder.appending(path: "Site/__snapshots__/favourites-empty/default.definition.json")
    var text = try String(contentsOf: record, encoding: .utf8)
    let here = try #require(
      text.range(of: #""libunibreak": "[^"]*""#, options: .regularExpression).map { String(text[$0]) })
    let harfBuzz = try #require(
      text.range(of: #""HarfBuzz": "[^"]*""#, options: .regularExpression).map { String(text[$0]) })
    text = text.replacingOccurrences(of: here, with: #""libunibreak": "API 6.1""#)
      .replacingOccurrences(of: harfBuzz, with: #""HarfBuzz": "12.2.0""#)
    try text.write(to: record, atomically: true, encoding: .utf8)
    // A line that breaks elsewhere on that machine: the golden differs.
    let golden = copy.folder.appending(path: "Site/__snapshots__/favourites-empty/default.iphone-15.light.en.svg")
    let svg = try String(contentsOf: golden, encoding: .utf8)
    try svg.replacingOccurrences(of: "#5856D6", with: "#123456").write(to: golden, atomically: true, encoding: .utf8)
    let result = try #require(try copy.check().results.first)
    #expect(result.edits.isEmpty)
    #expect(
      result.context.contains { $0.hasPrefix("recorded with libunibreak API 6.1, this machine has API ") },
      "\(result.context)")
    #expect(result.context.contains { $0.hasPrefix("recorded with HarfBuzz 12.2.0, this machine has ") })
    #expect(!result.context.contains { $0.hasPrefix("recorded with FriBidi") })
    let card = try #require(ReviewCard.cards(try copy.check()).first)
    #expect(card.headline.contains("recorded with libunibreak API 6.1, this machine has API "), "\(card.headline)")
  }

  @Test func anUnchangedDefinitionSaysWhatElseChanged() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    // A golden edited by hand: the definition, files, fonts and the tool's version are as recorded.
    let golden = "favourites-empty/default.iphone-15.light.en.svg"
    let path = copy.folder.appending(path: "Site/__snapshots__/" + golden)
    let text = try String(contentsOf: path, encoding: .utf8)
    try text.replacingOccurrences(of: "#5856D6", with: "#123456").write(to: path, atomically: true, encoding: .utf8)
    let summary = try copy.check()
    let result = try #require(summary.results.first)
    #expect(summary.results.count == 1)
    #expect(result.edits.isEmpty)
    #expect(
      result.context == [
        "its definition, files, fonts and the tool's version are as recorded: the tool's own code changed (a layout default, a drawing), or the golden was edited by hand"
      ])
    #expect(result.changes.contains("button background #123456 → #5856D6"))
  }

  @Test func recordKeepsTheDefinitionOnlyOnceEveryRenderOfTheVariantMatches() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    let record = copy.folder.appending(path: "Site/__snapshots__/favourites-empty/default.definition.json")
    let before = try Data(contentsOf: record)
    try copy.edit(
      "placeholders/favourites-empty.json", replacing: #""imageTint": "systemPink""#,
      with: #""imageTint": "systemBlue""#)
    // Half the renders recorded: the rest are still explained by the edit.
    var options = SnapshotOptions(siteFolder: copy.folder.appending(path: "Site"), siteDisplay: "Site")
    options.filter = #"^favourites-empty/default\.iphone-se\."#
    _ = try SnapshotRecorder(mode: .failed).record(try SnapshotChecker(options: options).run(), isCI: false)
    #expect(try Data(contentsOf: record) == before)
    let rest = edits(try copy.check())
    #expect(rest.keys.contains { $0.hasPrefix("imageTint systemPink → systemBlue") })
    #expect(rest.values.first?.allSatisfy { $0.device == "iphone-15" } == true)
    // The rest recorded: the definition is kept, and nothing is left to explain.
    options.filter = nil
    _ = try SnapshotRecorder(mode: .failed).record(try SnapshotChecker(options: options).run(), isCI: false)
    #expect(try Data(contentsOf: record) != before)
    #expect(try String(contentsOf: record, encoding: .utf8).contains(#""imageTint": "systemBlue""#))
    #expect(try copy.check().results.isEmpty)
  }

  @Test func pruneRemovesTheDefinitionsOfVariantsTheSiteNoLongerHas() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    let stray = copy.folder.appending(path: "Site/__snapshots__/favourites-empty/gone.definition.json")
    try Data("{}".utf8).write(to: stray)
    let other = copy.folder.appending(path: "Site/__snapshots__/favourites-empty/notes.json")
    try Data("{}".utf8).write(to: other)
    let run = try SnapshotChecker(options: SnapshotOptions(siteFolder: copy.folder.appending(path: "Site"))).run()
    let removed = try SnapshotPruner().prune(run, dryRun: false, isCI: false)
    #expect(removed.map { ($0 as NSString).lastPathComponent } == ["gone.definition.json"])
    #expect(!FileManager.default.fileExists(atPath: stray.path))
    #expect(FileManager.default.fileExists(atPath: other.path))
  }
}

/// A variant's record names, by content, every asset file its properties can
/// draw: a plain path, each theme's and each language's image, a template
/// asset; nothing else.
@Suite("The files a definition record names")
struct DefinitionRecordFilesTests {
  static let svg = Array(
    #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="9" height="9"/></svg>"#.utf8)

  @Test func everyImageTheVariantCanDrawIsNamedByItsContent() throws {
    let site = try TemporarySite(
      siteJSON: #"{ "devices": ["iphone-se"], "themes": ["light", "dark"], "locales": ["en", "de"] }"#,
      placeholders: [
        "a.json": #"""
        { "layout": "content-unavailable", "title": "T", "message": "M", "imageTint": "systemRed",
          "variants": [
            { "id": "plain", "image": "assets/plain.svg" },
            { "id": "themed", "image": { "light": "assets/light.svg", "dark": "assets/dark.svg" } },
            { "id": "worded", "image": { "en": "assets/en.svg", "de": "symbol:tray" } },
            { "id": "template", "image": { "path": "assets/tint.svg", "template": true } },
            { "id": "symbol", "image": "symbol:star", "buttons": [{ "title": "Go", "symbol": "star" }] } ] }
        """#
      ],
      assets: Dictionary(
        uniqueKeysWithValues: ["plain", "light", "dark", "en", "tint"].map { ("assets/\($0).svg", Self.svg) }))
    defer { site.remove() }
    let inputs = try SiteInputs.load(site.root, display: "Site", workers: 1)
    let design = try #require(inputs.site.designs.first)
    var files: [String: [String]] = [:]
    for variant in design.variants {
      let record = DefinitionRecord.current(design, variant, site: inputs.site, assets: inputs.catalog, fonts: [])
      let parsed = try JSONParser().parse(record)
      guard case .object(let members)? = parsed["files"]?.kind else {
        Issue.record("\(variant.id): no files object")
        continue
      }
      files[variant.id] = members.map(\.key)
      #expect(members.allSatisfy { $0.value.stringValue?.count == 64 }, "\(variant.id): each file by its SHA-256")
    }
    #expect(
      files == [
        "plain": ["assets/plain.svg"], "themed": ["assets/light.svg", "assets/dark.svg"], "worded": ["assets/en.svg"],
        "template": ["assets/tint.svg"], "symbol": [],
      ])
  }
}

/// The record a check writes for each variant, with the parts every variant
/// shares written once and put in whole, is the record written as one
/// document: goldens recorded before stay recorded.
@Suite("A definition record's bytes")
struct DefinitionRecordBytesTests {
  @Test func aRecordIsTheDocumentOfTheVariantItsSiteAndItsRendererWrittenWhole() throws {
    let site = try TemporarySite(
      siteJSON: #"{ "devices": ["iphone-se"], "locales": ["en", "ar"], "tint": "systemRed" }"#,
      placeholders: [
        "a.json": #"""
        { "layout": "content-unavailable", "name": "A design", "title": { "en": "T", "ar": "ت" },
          "variants": [
            { "id": "one", "name": "One \"quoted\"", "image": "assets/plain.svg", "message": "M" },
            { "id": "two", "buttons": [{ "title": "Go", "symbol": "star" }, { "title": "Back" }] } ] }
        """#
      ],
      assets: ["assets/plain.svg": DefinitionRecordFilesTests.svg])
    defer { site.remove() }
    let inputs = try SiteInputs.load(site.root, display: "Site", workers: 1)
    let design = try #require(inputs.site.designs.first)
    let fonts = ["Face-Regular.otf 1 2 3 Version 1.0; \"x\"", "Face-Bold.otf 4 5 6 Version 1.0"]
    let writer = DefinitionRecord.Writer(site: inputs.site, assets: inputs.catalog, fonts: fonts)
    var siteKeys: [(String, JSONDocument)] = []
    if let tint = inputs.site.tint { siteKeys.append(("tint", tint.json)) }
    #expect(!siteKeys.isEmpty, "the site's tint is one of the keys every record holds")
    let image = try #require(inputs.catalog.entry(for: "assets/plain.svg"))
    for variant in design.variants {
      let definition = variant.properties.json()
      let files: [(String, JSONDocument)] =
        variant.id == "one" ? [("assets/plain.svg", .string(SHA256.hex(Array(image.base64.utf8))))] : []
      let members: [(String, JSONDocument)] = [
        ("v", .number(1)), ("file", .string(design.sourceFile)), ("layout", .string(design.layout.rawValue)),
        ("name", .string(variant.name)), ("designName", .string(design.name)), ("definition", definition),
        ("site", .object(siteKeys)), ("files", .object(files)),
        (
          "renderer",
          .object([
            ("tool", .string("blankslate \(Blankslate.version)")), ("fonts", .array(fonts.map { .string($0) })),
            ("textStack", DefinitionRecord.textStackJSON),
          ])
        ),
        ("lint", .object([("severities", .object([])), ("suppress", .array([]))])),
      ]
      let whole = JSONDocument.object(members)
      let expected = whole.renderedBytes(pretty: true) + [UInt8(ascii: "\n")]
      #expect(writer.record(design, variant) == expected, "variant \(variant.id)")
      // With its findings, last: the record without them is its stem.
      let findings = [
        FindingChanges.Entry(
          variant: "a/" + variant.id, rule: .contrast, element: "title", cause: "#111 on #222, failed",
          severity: .error,
          summary: "title text")
      ]
      let kept = writer.record(design, variant, findings: findings)
      let withFindings = JSONDocument.object(members + [("findings", FindingChanges.json(findings))])
      #expect(kept == withFindings.renderedBytes(pretty: true) + [UInt8(ascii: "\n")], "variant \(variant.id)")
      let stem = try #require(DefinitionRecord.stem(of: kept))
      #expect(stem.stem == expected)
      let items = try JSONParser().parse(stem.findings)
      #expect(FindingChanges.recorded(items: items, variant: "a/" + variant.id) == findings)
    }
  }
}

/// Which files of the golden store are variants' recorded definitions, and whose.
@Suite("Recorded definitions' names")
struct DefinitionRecordNameTests {
  @Test(arguments: [
    ("orders/no-data.definition.json", "orders", "no-data"), ("a/b.definition.json", "a", "b"),
    ("screen-00001/v0.definition.json", "screen-00001", "v0"),
  ])
  func aRecordNamesItsDesignAndVariant(path: String, design: String, variant: String) {
    let owner = DefinitionRecord.owner(of: path)
    #expect(owner?.design == design && owner?.variant == variant)
  }

  @Test(arguments: [
    "orders/no-data.iphone-se.light.en.svg", "orders/.definition.json", "/no-data.definition.json",
    "orders/no-data.definition.json.bak", "a/b/c.definition.json", "Orders/no-data.definition.json",
    "orders/no_data.definition.json", "orders/é.definition.json", "orders/no-data.definition.jsoN",
    "no-data.definition.json",
  ])
  func otherFilesAreNone(path: String) {
    #expect(DefinitionRecord.owner(of: path) == nil)
  }
}
