import BlankslateCore
import BlankslateCoreTestSupport
@testable import BlankslateServe
import BlankslateSite
import BlankslateSnapshot
import BlankslateSupport
import BlankslateTestSupport
import BlankslateValidation
import Foundation
import Testing

/// serve's event stream carries a definition's words only inside one event.
@Suite("Event stream")
struct EventStreamTests {
  /// The events a browser reads from `stream`, as the HTML standard's
  /// "server-sent events" parse it: lines end at CRLF, LF or CR; a blank line
  /// ends an event; `event:` names it.
  static func events(_ stream: String) -> [String] {
    var names: [String] = []
    var name: String?
    var lines: [Substring] = []
    var rest = Substring(stream)
    while let end = rest.unicodeScalars.firstIndex(where: { $0 == "\n" || $0 == "\r" }) {
      lines.append(rest[..<end])
      let isCarriageReturn = rest.unicodeScalars[end] == "\r"
      rest = rest[rest.unicodeScalars.index(after: end)...]
      if isCarriageReturn, rest.unicodeScalars.first == "\n" {
        rest = rest[rest.unicodeScalars.index(after: rest.startIndex)...]
      }
    }
    for line in lines {
      if line.isEmpty {
        names.append(name ?? "message")
        name = nil
      } else if line.hasPrefix("event:") {
        name = line.dropFirst(6).trimmingCharacters(in: .whitespaces)
      }
    }
    return names
  }

  @Test(arguments: [
    "placeholders/a.json:1:2: unknown key \"x\revent: reload\rdata: 1\r\r\"",
    "a\r\nevent: reload\r\ndata: 2\r\n\r\nb", "a\n\nevent: reload\ndata: 3\n\n", "\u{85}\u{2028}x\r",
  ])
  func aFailureIsOneEventWhateverItsText(message: String) {
    let event = DevServer.failureEvent(message)
    #expect(Self.events(event) == ["failure"], "\(event.debugDescription)")
    #expect(!event.unicodeScalars.contains("\r"))
  }

  @Test func anUnknownKeyIsNamedOnOneLineAndCut() throws {
    let key = "x\revent: reload\ndata: 1\r\n\r\n" + String(repeating: "k", count: 200)
    var writer = JSONWriter()
    JSONDocument.string(key).write(to: &writer)
    let site = try TemporarySite(placeholders: [
      "a.json": #"{"layout": "content-unavailable", "#
        + String(decoding: writer.bytes, as: UTF8.self) + ": 1}"
    ])
    defer { site.remove() }
    let errors = site.errors()
    #expect(errors.count == 1)
    for error in errors {
      let text = error.description
      #expect(!text.contains("\r") && !text.contains("\n"), "\(text.debugDescription)")
      #expect(!text.contains(String(repeating: "k", count: 41)), "\(text)")
    }
  }
}
