import BlankslateSupport

/// Ids of designs and variants: `[a-z0-9-]+`, safe in file names and URLs.
enum Identifier {
  static func isValid(_ text: String) -> Bool {
    !text.isEmpty
      && text.utf8.allSatisfy { byte in
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
      }
  }

  /// A valid id close to `text`, to show in a message ("Orders List" → "orders-list").
  static func suggest(from text: String) -> String {
    var result = ""
    for character in text.lowercased() {
      if character.isASCII, character.isLetter || character.isNumber {
        result.append(character)
      } else if !result.hasSuffix("-") {
        result.append("-")
      }
    }
    let trimmed = result.trimmingCharacters(in: "-")
    return trimmed.isEmpty ? "my-design" : trimmed
  }
}

/// Locale tags as the format accepts them: BCP 47 in its common shape
/// (`en`, `zh-Hans`, `pt-BR`, `en-XA`).
enum LocaleTag {
  /// `ll` or `lll`, then any number of `-` and 2 to 8 ASCII letters or digits (`zh-Hans`, `en-XA`).
  static func isValid(_ text: String) -> Bool {
    // One pass over the bytes, part by part (every text of every definition names a locale).
    var isFirst = true
    var length = 0
    for byte in text.utf8 {
      if byte == UInt8(ascii: "-") {
        guard isFirst ? (2...3).contains(length) : (2...8).contains(length) else { return false }
        isFirst = false
        length = 0
      } else {
        guard isLetter(byte) || (!isFirst && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)) else {
          return false
        }
        length += 1
      }
    }
    return isFirst ? (2...3).contains(length) : (2...8).contains(length)
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
  }
}
