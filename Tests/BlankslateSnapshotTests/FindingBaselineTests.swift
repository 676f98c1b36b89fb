import BlankslateCore
import BlankslateCoreTestSupport
@testable import BlankslateSnapshot
import BlankslateTestSupport
import Foundation
import Testing

/// The goldens keep the lint findings they were recorded with, so a check
/// says which findings an edit brought, which it resolved and which were
/// already there, as Chromatic's accessibility baseline does.
@Suite("Lint findings since the goldens")
struct FindingBaselineTests {
  /// Three designs in English, Japanese and German at Large and AX5: one
  /// with a brand colour that fails contrast, one clean, one with an
  /// unlabelled asset.
  static func site() throws -> TemporarySite {
    let svg = Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48"><circle r="20"/></svg>"#.utf8)
    return try TemporarySite(
      siteJSON: """
        { "devices": ["iphone-se", "iphone-15"], "themes": ["light"], "locales": ["en", "ja", "de"],
          "textSizes": ["large", "accessibilityExtraExtraExtraLarge"] }
        """,
      placeholders: [
        "orders.json": ##"""
        { "id": "orders", "layout": "content-unavailable", "title": { "en": "No orders", "ja": "注文なし", "de": "Keine Bestellungen" },
          "button": { "title": { "en": "Shop", "ja": "買い物", "de": "Einkaufen" }, "style": "filled", "background": "#FFB340" } }
        """##,
        "notes.json": ##"""
        { "id": "notes", "layout": "content-unavailable", "title": { "en": "No notes", "ja": "メモなし", "de": "Keine Notizen" } }
        """##,
        "trips.json": ##"""
        { "id": "trips", "layout": "content-unavailable", "image": "assets/globe.svg", "title": { "en": "No trips", "ja": "旅行なし", "de": "Keine Reisen" } }
        """##,
      ], assets: ["assets/globe.svg": svg])
  }

  static func check(_ site: TemporarySite) throws -> SnapshotRun {
    try SnapshotChecker(options: SnapshotOptions(siteFolder: site.root, siteDisplay: "Site", workers: 2)).run()
  }

  static func edit(_ site: TemporarySite, _ file: String, _ old: String, _ new: String) throws {
    let url = site.root.appending(path: "placeholders/\(file)")
    let text = try String(contentsOf: url, encoding: .utf8)
    #expect(text.contains(old))
    try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: url)
  }

  @Test func anEditsNewAndResolvedFindingsAreToldApartFromThoseAlreadyThere() throws {
    let site = try Self.site()
    defer { site.remove() }
    // Before any golden: nothing to compare with.
    let first = try Self.check(site)
    #expect(first.summary.findings.new.isEmpty && first.summary.findings.unrecorded == 3)
    _ = try SnapshotRecorder(mode: .all).record(first, isCI: false)
    let record = try String(
      contentsOf: site.root.appending(path: "__snapshots__/orders/default.definition.json"), encoding: .utf8)
    #expect(record.contains(#""findings""#) && record.contains("#FFB340"))

    // As recorded: every finding is as it was.
    let same = try Self.check(site).summary.findings
    #expect(same.new.isEmpty && same.resolved.isEmpty && same.unrecorded == 0 && same.unchanged >= 2)

    // The brand colour fixed, a new fault in another design.
    try Self.edit(site, "orders.json", ##""background": "#FFB340""##, ##""background": "#0B5CAD""##)
    try Self.edit(
      site, "notes.json", #""layout": "content-unavailable","#,
      ##""layout": "content-unavailable", "titleColor": "#C8C8C8","##)
    let changed = try Self.check(site).summary.findings
    let resolved = try #require(changed.resolved.first { $0.variant == "orders/default" }, "\(changed)")
    #expect(resolved.rule == .contrast && resolved.element == "button" && resolved.cause.contains("#FFB340"))
    let new = try #require(changed.new.first { $0.variant == "notes/default" }, "\(changed)")
    #expect(new.rule == .contrast && new.element == "title" && new.severity == .error)
    #expect(changed.newErrors == 1 && changed.new.count == 1)
    // The unlabelled image was there before and is still.
    #expect(!changed.new.contains { $0.variant == "trips/default" })
    #expect(!changed.resolved.contains { $0.variant == "trips/default" })
    #expect(changed.line.hasPrefix("Lint since the goldens: 1 new (1 error), 1 resolved"))

    // Recording the edited variants takes their findings as the new baseline.
    _ = try SnapshotRecorder(mode: .failed).record(try Self.check(site), isCI: false)
    let after = try Self.check(site).summary.findings
    #expect(after.new.isEmpty && after.resolved.isEmpty)
  }

  /// A variant whose record is as it would be written now (definition, files, site keys, fonts,
  /// tool, text stack, severities and suppressions) keeps its recorded findings: its renders are
  /// not laid out for lint. One whose render differs anyway is linted after all.
  @Test func aVariantMadeOfWhatItsGoldensWereIsNotLintedAgain() throws {
    let site = try Self.site()
    defer { site.remove() }
    let first = try Self.check(site)
    #expect(first.linted == first.summary.checked)
    _ = try SnapshotRecorder(mode: .all).record(first, isCI: false)
    let again = try Self.check(site)
    #expect(again.linted == 0)
    #expect(again.summary.findings.new.isEmpty && again.summary.findings.resolved.isEmpty)
    #expect(again.summary.findings.unchanged >= 3 && again.summary.findings.unrecorded == 0)
    // A golden edited by hand: its variant is linted again, and its findings are still as recorded.
    let golden = site.root.appending(path: "__snapshots__/orders/default.iphone-se.light.en.svg")
    let text = try String(contentsOf: golden, encoding: .utf8)
    try text.replacingOccurrences(of: "#FFB340", with: "#FFB341").write(to: golden, atomically: true, encoding: .utf8)
    let edited = try Self.check(site)
    #expect(edited.linted == 12)  // orders/default: two phones × three languages × two sizes
    #expect(edited.summary.findings.new.isEmpty && edited.summary.findings.resolved.isEmpty)
    // A suppression is part of what the record holds: taking one back lints the variant again.
    try Self.edit(
      site, "orders.json", ##""style": "filled", "background": "#FFB340" }"##,
      ##""style": "filled", "background": "#FFB340" }, "suppress": [{ "rule": "contrast", "reason": "Brand." }]"##)
    let accepted = try Self.check(site)
    #expect(accepted.linted > 0)
    #expect(accepted.summary.findings.resolved.contains { $0.variant == "orders/default" && $0.rule == .contrast })
  }

  @Test func checkFailsOnNewFindingsOnlyWhenAsked() throws {
    let site = try Self.site()
    defer { site.remove() }
    _ = try SnapshotRecorder(mode: .all).record(try Self.check(site), isCI: false)
    // A suppressed finding is not a new one; an accepted cause stays accepted.
    try Self.edit(
      site, "notes.json", #""layout": "content-unavailable","#,
      ##""layout": "content-unavailable", "titleColor": "#C8C8C8", "suppress": [{ "rule": "contrast", "element": "title", "reason": "A draft." }],"##
    )
    let accepted = try Self.check(site).summary.findings
    #expect(accepted.new.isEmpty, "\(accepted)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(SummaryJSON.encode(try Self.check(site).summary).utf8))
        as? [String: Any])
    let findings = try #require(json["findings"] as? [String: Any])
    #expect((findings["new"] as? [Any])?.isEmpty == true)
    // Read back, merged with another shard's, the counts add up.
    let summary = try Self.check(site).summary
    let decoded = try SummaryJSON.decode(Array(SummaryJSON.encode(summary).utf8), file: "a.json")
    #expect(decoded.findings == summary.findings)
  }
}
