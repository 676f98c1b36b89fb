@testable import BlankslateModel
import BlankslateSupport
import BlankslateTestSupport
import Testing

@Suite("JSON parser")
struct JSONParserTests {
  @Test func keepsKeyOrderAndPositions() throws {
    let value = try JSONParser().parse("{\n  \"b\": 1,\n  \"a\": [true, null, \"x\"]\n}")
    guard case .object(let members) = value.kind else {
      Issue.record("not an object")
      return
    }
    #expect(members.map(\.key) == ["b", "a"])
    #expect(members[1].keyPosition == SourcePosition(line: 3, column: 3))
    #expect(members[1].value.position == SourcePosition(line: 3, column: 8))
  }

  @Test func decodesEscapesAndSurrogatePairs() throws {
    let value = try JSONParser().parse(#""a\n\u00e9\ud83d\ude00\"""#)
    #expect(value.kind == .string("a\né😀\""))
  }

  @Test(arguments: [
    ("{\"a\": 1,}", 1, 9, "trailing comma"),
    ("{\"a\": 1, \"a\": 2}", 1, 10, "duplicate key"),
    ("[1, 2", 1, 6, "unterminated array"),
    ("{\n  \"a\": 01\n}", 2, 9, "leading zero"),
    ("\"\\ud800\"", 1, 8, "lone high surrogate"),
    ("\"tab\there\"", 1, 5, "raw control character"),
    ("// comment\n{}", 1, 1, "expected a value"),
    ("{} {}", 1, 4, "after the end"),
    ("", 1, 1, "end of file"),
  ])
  func refusesInvalidJSON(text: String, line: Int, column: Int, message: String) {
    do {
      _ = try JSONParser().parse(text)
      Issue.record("parsed invalid JSON: \(text)")
    } catch {
      #expect(error.position == SourcePosition(line: line, column: column), "\(error.message)")
      #expect(error.message.contains(message), "\(error.message)")
    }
  }

  @Test(arguments: [1, 15, 16, 17, 40])
  func findsADuplicateKeyInAnObjectOfAnySize(position: Int) {
    // Keys k0…k39, with k0 written again after `position` of them.
    var members = (0..<40).map { "\"k\($0)\": \($0)" }
    members.insert("\"k0\": 0", at: position)
    let text = "{" + members.joined(separator: ",") + "}"
    do {
      _ = try JSONParser().parse(text)
      Issue.record("a duplicate key at \(position) was not found")
    } catch {
      #expect(error.message.contains("duplicate key \"k0\""), "\(error.message)")
    }
    let unique = "{" + (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ",") + "}"
    #expect(throws: Never.self) { try JSONParser().parse(unique) }
  }

  @Test func limitsNestingDepth() {
    let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
    #expect(throws: JSONParser.SyntaxError.self) { try JSONParser(maximumDepth: 64).parse(deep) }
    let shallow = String(repeating: "[", count: 10) + String(repeating: "]", count: 10)
    #expect(throws: Never.self) { try JSONParser(maximumDepth: 64).parse(shallow) }
  }

  @Test func countsColumnsInCharacters() {
    do {
      _ = try JSONParser().parse("{\"暂无\": x}")
      Issue.record("parsed invalid JSON")
    } catch {
      #expect(error.position.column == 8)
    }
  }
}

@Suite("JSON validator")
struct JSONValidatorTests {
  @Test(arguments: [
    #"{"a": [1, -2.5e3, "x\n\u00e9", true, false, null, {}], "b": {"c": []}}"#, "[]", "0", #""s""#, " {\"a\":1} ",
  ])
  func acceptsJSON(text: String) {
    #expect(JSONValidator.firstError(in: Array(text.utf8)) == nil)
    #expect(throws: Never.self) { try JSONParser().parse(text) }
  }

  @Test(arguments: ["{", "[1,]", "{\"a\" 1}", "01x", "\"\\q\"", "[1] 2", "tru", "-", "1.", "\"\u{1}\"", ""])
  func refusesWhatTheParserRefuses(text: String) {
    #expect(JSONValidator.firstError(in: Array(text.utf8)) != nil, "\(text)")
    #expect(throws: JSONParser.SyntaxError.self) { try JSONParser().parse(text) }
  }

  /// Strings are passed eight bytes at a time: a quote, a backslash, an
  /// escape or a control byte at every offset of a word, in strings of every
  /// length around it, gets the parser's answer (seeded: `FUZZ_SEED`).
  @Test func stringsGetTheParsersAnswerWhereverTheirSpecialBytesFall() throws {
    let (seed, iterations) = SeededRandom.fuzzSettings(defaultIterations: 4000)
    var random = SeededRandom(seed: seed)
    let pieces = ["a", "é", "ラ", "\\\"", "\\\\", "\\n", "\\u00e9", "\\u12", "\\q", "\u{1}", "\t", "/", "\"", "\\"]
    var accepted = 0
    for _ in 0..<iterations {
      let count = Int.random(in: 0...24, using: &random)
      let body = (0..<count).map { _ in
        Int.random(in: 0..<4, using: &random) == 0 ? pieces.randomElement(using: &random)! : "x"
      }.joined()
      let text = Array(("[\"" + body + "\", 1]").utf8)
      let parsed = (try? JSONParser().parse(text)) != nil
      #expect((JSONValidator.firstError(in: text) == nil) == parsed, "\(String(decoding: text, as: UTF8.self))")
      if parsed { accepted += 1 }
    }
    #expect(accepted > iterations / 10 && accepted < iterations - iterations / 10)
  }

  /// A trusted range (a part copied from a file that passed the check) is
  /// skipped when a value starts there; everything around it is still read.
  @Test func skipsTrustedValuesAndReadsTheRest() {
    let text = Array(#"{"designs": [{"a": 1}, {"b": oops}, {"c": 3}]}"#.utf8)
    let second = 23..<34
    #expect(String(decoding: text[second], as: UTF8.self) == #"{"b": oops}"#)
    #expect(JSONValidator.firstError(in: text) != nil)
    text.withUnsafeBytes { bytes in
      #expect(JSONValidator.firstError(in: bytes, trusting: [second]) == nil)
      // A range that does not start where a value starts is never skipped.
      #expect(JSONValidator.firstError(in: bytes, trusting: [24..<34]) != nil)
      // Trusting one entry vouches for nothing after it.
      let broken = Array(#"{"designs": [{"a": 1}, {"b": 2}], "x": }"#.utf8)
      broken.withUnsafeBytes { broken in
        #expect(JSONValidator.firstError(in: broken, trusting: [13..<21]) != nil)
      }
    }
  }
}
