/// A JUnit XML report, the shape CI systems read: suites of test cases, each
/// passing, failing (with a message and a text), or passing with notes.
/// `lint` and `check` describe their results as one.
package struct JUnitDocument {
  package struct TestCase {
    var classname: String
    var name: String
    /// Where the test's subject is defined, for CI systems that link to it.
    var file: String?
    var line: Int?
    var failure: (type: String, message: String, text: String)?
    /// Notes on a case that did not fail (accepted findings, warnings).
    var systemOut: String?

    package init(
      classname: String, name: String, file: String? = nil, line: Int? = nil,
      failure: (type: String, message: String, text: String)? = nil, systemOut: String? = nil
    ) {
      self.classname = classname
      self.name = name
      self.file = file
      self.line = line
      self.failure = failure
      self.systemOut = systemOut
    }
  }

  package struct Suite {
    var name: String
    var cases: [TestCase]

    package init(name: String, cases: [TestCase]) {
      self.name = name
      self.cases = cases
    }
  }

  /// The name of the whole run (`blankslate check`).
  var name: String
  var suites: [Suite]

  package init(name: String, suites: [Suite]) {
    self.name = name
    self.suites = suites
  }

  package var xml: String {
    var writer = MarkupWriter(capacity: 16_384)
    writer.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
    let all = suites.flatMap(\.cases)
    writer.open("testsuites", Self.counts(all, name: name))
    writer.raw("\n")
    for suite in suites {
      writer.open("testsuite", Self.counts(suite.cases, name: suite.name))
      writer.raw("\n")
      for test in suite.cases {
        writer.open(
          "testcase",
          [
            "classname": .text(test.classname), "name": .text(test.name),
            "file": test.file.map(MarkupWriter.Value.text),
            "line": test.line.map { .number(Double($0)) },
          ])
        if let failure = test.failure {
          writer.open("failure", ["type": .text(failure.type), "message": .text(failure.message)])
          writer.text(failure.text)
          writer.close("failure")
        }
        if let notes = test.systemOut {
          writer.open("system-out")
          writer.text(notes)
          writer.close("system-out")
        }
        writer.close("testcase")
        writer.raw("\n")
      }
      writer.close("testsuite")
      writer.raw("\n")
    }
    writer.close("testsuites")
    writer.raw("\n")
    return writer.output
  }

  private static func counts(_ cases: [TestCase], name: String) -> KeyValuePairs<String, MarkupWriter.Value?> {
    [
      "name": .text(name), "tests": .number(Double(cases.count)),
      "failures": .number(Double(cases.filter { $0.failure != nil }.count)), "errors": 0,
    ]
  }
}
