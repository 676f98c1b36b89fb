import BlankslateCore
import BlankslateSite
import BlankslateSupport
import BlankslateValidation

/// A check's summary as JUnit XML: one test suite per design, one test case
/// per render (and per orphaned golden), failures carrying the explanation
/// and the line diff (glyph outlines and embedded data shortened to their size and a hash).
package enum JUnitReport {
  /// - Throws: `SnapshotError.io` if the XML would not parse with libxml2
  ///   (it is validated before anything is written).
  package static func render(_ summary: SnapshotSummary) throws(SnapshotError) -> String {
    var cases: [String: [(name: String, result: SnapshotResult?)]] = [:]
    for id in summary.passed { cases[id.design, default: []].append((id.name, nil)) }
    for result in summary.results { cases[result.id.design, default: []].append((result.id.name, result)) }
    let suites = cases.keys.sorted(by: { $0.precedesInByteOrder($1) }).map { design in
      JUnitDocument.Suite(
        name: design,
        cases: (cases[design] ?? []).sorted { $0.name.precedesInByteOrder($1.name) }.map { test in
          JUnitDocument.TestCase(
            classname: "blankslate." + design, name: test.name,
            file: test.result?.definitionFile.map { summary.site + "/" + $0 } ?? test.result?.golden,
            line: test.result?.definitionLine,
            failure: test.result.map { result in
              (
                result.status.rawValue, result.headline,
                ([result.headline]
                  + (result.diff.isEmpty
                    ? [] : ["", SnapshotReport.elidingData(MarkdownSummary.abbreviated(result.diff))]))
                  .joined(separator: "\n")
              )
            })
        })
    }
    let xml = JUnitDocument(name: "blankslate check", suites: suites).xml
    let issues = MarkupChecker().check(Array(xml.utf8), file: "junit.xml", kind: .xml).issues
    guard issues.isEmpty else {
      throw .io(path: "junit.xml", reason: "the JUnit report did not validate: \(issues[0])")
    }
    return xml
  }
}

/// GitHub Actions workflow commands (`::error file=…::…`): each card (one
/// edit, or one cause, wherever it applies) becomes one annotation on the
/// definition of its first render.
package enum GitHubAnnotations {
  package static func lines(for summary: SnapshotSummary) -> [String] {
    let byID = Dictionary(summary.results.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let candidates = ReviewCard.Candidates(summary)
    return ReviewCard.cards(summary).compactMap { card in
      guard let result = byID[card.renders[0]] else { return nil }
      var properties: [String] = []
      if let file = result.definitionFile {
        properties.append("file=" + escapeProperty(summary.site + "/" + file))
        if let line = result.definitionLine { properties.append("line=\(line)") }
      } else {
        properties.append("file=" + escapeProperty(result.golden))
      }
      let renders = card.renders.count == 1 ? result.displayName : "\(card.variantList), \(card.renders.count) renders"
      let title: String
      switch card.status {
      case .changed: title = "Snapshot changed: \(renders)"
      case .new: title = "New renders without a golden: \(renders)"
      case .orphaned: title = "Orphaned goldens: \(renders)"
      case .unchanged: title = renders
      }
      properties.append("title=" + escapeProperty(title))
      return "::error " + properties.joined(separator: ",") + "::"
        + escapeData(card.explanation + " · accept: " + card.command(among: candidates, site: summary.site))
    }
  }

  static func escapeData(_ text: String) -> String {
    text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A")
  }

  static func escapeProperty(_ text: String) -> String {
    escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
  }
}
