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

/// Every published file is UTF-8, read in place: bytes that are not UTF-8 are
/// refused whatever the file declares, and no other encoding is guessed from
/// its first bytes.
@Suite("Output files are read as UTF-8")
struct OutputEncodingTests {
  static let body = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><title>caf"#

  static func issues(_ bytes: [UInt8]) -> [ValidationIssue] {
    bytes.withUnsafeBytes { StreamingChecker().check($0, file: "t.svg", kind: .svg) }.issues
  }

  @Test func utf8IsRead() {
    #expect(Self.issues(Array((Self.body + "é</title></svg>").utf8)) == [])
    #expect(
      Self.issues(Array(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + Self.body + "é</title></svg>").utf8)) == [])
  }

  static let notUTF8: [[UInt8]] = [
    // Latin-1's é, alone.
    Array(body.utf8) + [0xE9] + Array("</title></svg>".utf8),
    // The same, in a file that declares Latin-1.
    Array(("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n" + body).utf8) + [0xE9] + Array("</title></svg>".utf8),
    // UTF-16, little-endian, with its byte order mark.
    [0xFF, 0xFE] + (body + "é</title></svg>").utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] },
    // An overlong encoding of "/" and a lone continuation byte.
    Array(body.utf8) + [0xC0, 0xAF, 0x80] + Array("</title></svg>".utf8),
  ]

  @Test(arguments: notUTF8)
  func whatIsNotUTF8IsRefused(bytes: [UInt8]) {
    #expect(!Self.issues(bytes).isEmpty)
  }

  @Test func anEmptyFileIsRefused() {
    #expect(!Self.issues([]).isEmpty)
  }
}
