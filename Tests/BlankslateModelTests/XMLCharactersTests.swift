@testable import BlankslateModel
import BlankslateTestSupport
import Testing

/// A text's bytes are refused exactly when one of them is a C0 control other
/// than tab, line feed and carriage return, or starts U+FFFE or U+FFFF
/// (EF BF BE, EF BF BF), wherever in the text, eight bytes at a time or one.
@Suite("The bytes XML refuses")
struct XMLCharactersTests {
  /// The rule, one byte at a time.
  static func refuses(_ bytes: [UInt8]) -> Bool {
    for (index, byte) in bytes.enumerated() {
      if byte < 0x20, byte != 0x9, byte != 0xA, byte != 0xD { return true }
      if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBF,
        bytes[index + 2] == 0xBE || bytes[index + 2] == 0xBF
      {
        return true
      }
    }
    return false
  }

  @Test func everyByteStringIsAnsweredAsByteByByte() {
    let pool: [UInt8] = [
      0x00, 0x01, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x61, 0x7F, 0x80, 0xBC, 0xBD, 0xBE, 0xBF, 0xE3, 0xEF, 0xFF,
    ]
    var generator = SeededRandom(seed: 0x584D_4C)
    for _ in 0..<20_000 {
      let length = Int.random(in: 0...40, using: &generator)
      // Mostly harmless bytes, so that a refused one is met at every place in a word.
      let bytes = (0..<length).map { _ in
        Int.random(in: 0..<6, using: &generator) == 0
          ? pool.randomElement(using: &generator)! : UInt8.random(in: 0x20...0x7E, using: &generator)
      }
      let answer = bytes.withUnsafeBufferPointer { XMLCharacters.mayRefuse($0) }
      #expect(answer == Self.refuses(bytes), "\(bytes)")
    }
  }

  @Test(arguments: 0...17)
  func aRefusedCharacterIsFoundAtEveryPlace(offset: Int) {
    let padding = String(repeating: "a", count: offset)
    for refused in ["\u{1}", "\u{1F}", "\u{FFFE}", "\u{FFFF}"] {
      #expect(XMLCharacters.mayRefuse(padding + refused + "bc"), "\(offset) \(refused.unicodeScalars.first!.value)")
      #expect(XMLCharacters.mayRefuse(padding + refused), "\(offset) at the end")
    }
    // Tabs and line breaks, full-width forms (EF BC 88) and U+FFFD (EF BF BD) are XML's.
    #expect(!XMLCharacters.mayRefuse(padding + "\t\n\r（テスト）\u{FFFD}日本語の文"))
  }
}
