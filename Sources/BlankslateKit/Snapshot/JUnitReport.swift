/// A check's summary as JUnit XML: one test suite per design, one test case
/// per render (and per orphaned golden), failures carrying the explanation
/// and the line diff.
public enum JUnitReport {
  /// - Throws: `SnapshotError.io` if the XML would not parse with libxml2
  ///   (it is validated before anything is written).
  public static func render(_ summary: SnapshotSummary) throws(SnapshotError) -> String {
    var cases: [String: [(name: String, result: SnapshotResult?)]] = [:]
    for id in summary.passed {
      let (design, name) = split(id)
      cases[design, default: []].append((name, nil))
    }
    for result in summary.results {
      let (design, name) = split(result.id)
      cases[design, default: []].append((name, result))
    }
    var writer = MarkupWriter(capacity: 16_384)
    writer.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
    writer.open(
      "testsuites",
      [
        "name": "blankslate check", "tests": .number(Double(summary.checked)),
        "failures": .number(Double(summary.results.count)), "errors": 0,
      ])
    writer.raw("\n")
    for design in cases.keys.sorted(by: { $0.precedesInByteOrder($1) }) {
      let tests = (cases[design] ?? []).sorted { $0.name.precedesInByteOrder($1.name) }
      writer.open(
        "testsuite",
        [
          "name": .text(design), "tests": .number(Double(tests.count)),
          "failures": .number(Double(tests.filter { $0.result != nil }.count)), "errors": 0,
        ])
      writer.raw("\n")
      for test in tests {
        let file = test.result?.definitionFile.map { summary.site + "/" + $0 } ?? test.result?.golden
        writer.open(
          "testcase",
          [
            "classname": .text("blankslate." + design), "name": .text(test.name), "file": file.map(MarkupWriter.Value.text),
            "line": test.result?.definitionLine.map { .number(Double($0)) },
          ])
        if let result = test.result {
          writer.open("failure", ["type": .text(result.status.rawValue), "message": .text(result.headline)])
          writer.text(([result.headline] + (result.diff.isEmpty ? [] : ["", result.diff])).joined(separator: "\n"))
          writer.close("failure")
        }
        writer.close("testcase")
        writer.raw("\n")
      }
      writer.close("testsuite")
      writer.raw("\n")
    }
    writer.close("testsuites")
    writer.raw("\n")
    let issues = MarkupChecker().check(Array(writer.output.utf8), file: "junit.xml", kind: .xml).issues
    guard issues.isEmpty else {
      throw .io(path: "junit.xml", reason: "the JUnit report did not validate: \(issues[0])")
    }
    return writer.output
  }

  private static func split(_ id: String) -> (design: String, name: String) {
    let parts = id.split(separator: "/", maxSplits: 1)
    return parts.count == 2 ? (String(parts[0]), String(parts[1])) : (id, id)
  }
}

/// GitHub Actions workflow commands (`::error file=…::…`): each difference
/// becomes an annotation on the definition that produced it.
public enum GitHubAnnotations {
  public static func lines(for summary: SnapshotSummary) -> [String] {
    summary.results.map { result in
      var properties: [String] = []
      if let file = result.definitionFile {
        properties.append("file=" + escapeProperty(summary.site + "/" + file))
        if let line = result.definitionLine { properties.append("line=\(line)") }
      } else {
        properties.append("file=" + escapeProperty(result.golden))
      }
      let title: String
      switch result.status {
      case .changed: title = "Snapshot changed: \(result.displayName)"
      case .new: title = "New render without a golden: \(result.displayName)"
      case .orphaned: title = "Orphaned golden: \(result.displayName)"
      case .unchanged: title = result.displayName
      }
      properties.append("title=" + escapeProperty(title))
      let message = result.status == .changed ? result.changes.joined(separator: "; ") : result.headline
      return "::error " + properties.joined(separator: ",") + "::" + escapeData(message)
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
