@testable import BlankslateKit
@testable import BlankslateCLI
@testable import BlankslateCore
@testable import BlankslateServe
@testable import BlankslateSite
@testable import BlankslateSupport
@testable import BlankslateValidation
import Testing

@Suite("The reused streaming checker")
struct StreamingCheckerTests {
  /// One checker validates file after file; nothing of one file leaks into the next.
  @Test func startsCleanForEveryFile() {
    let checker = StreamingChecker()
    let good = Array(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1 1\"><title>a</title><a href=\"#x\"/><g id=\"x\"/></svg>"
        .utf8)
    let broken = Array("<svg xmlns=\"http://www.w3.org/2000/svg\"><title>b</title><g id=\"x\"><g id=\"x\"/></svg>".utf8)
    for round in 0..<3 {
      let first = good.withUnsafeBytes { checker.check($0, file: "good\(round).svg", kind: .svg) }
      #expect(first.issues == [])
      #expect(first.links.map(\.target) == ["#x"])
      #expect(first.ids == ["x"])
      let second = broken.withUnsafeBytes { checker.check($0, file: "broken\(round).svg", kind: .svg) }
      #expect(!second.issues.isEmpty)
      #expect(second.issues.allSatisfy { $0.file == "broken\(round).svg" })
    }
  }
}
