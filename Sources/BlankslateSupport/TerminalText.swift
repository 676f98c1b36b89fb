/// Text made safe to print on a terminal: characters that would move the
/// cursor, change colours or reorder what the reader sees (C0 and C1
/// controls, DEL, the bidirectional formatting characters) are shown as
/// `\uXXXX`, which also keeps JSON printed this way valid and equal.
package enum TerminalText {
  package static func escaped(_ text: String) -> String {
    escaped(text, where: needsEscape)
  }

  /// `text` with each scalar `escapes` picks as `\uXXXX`.
  private static func escaped(_ text: String, where escapes: (Unicode.Scalar) -> Bool) -> String {
    guard text.unicodeScalars.contains(where: escapes) else { return text }
    var result = ""
    result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      if escapes(scalar) {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        result += "\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether `scalar` is a control or bidirectional formatting character (not a newline or tab).
  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A, 0x09: false
    case 0x00..<0x20, 0x7F...0x9F: true
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// `text` on one line, as a message names a key or a value it did not
  /// expect: every control (line feed and tab too), line or paragraph
  /// separator and bidirectional control as `\uXXXX`, and at most `limit`
  /// characters of it, then `…`. Nothing a definition writes can start a
  /// line of its own, in a terminal, a log or serve's event stream.
  package static func oneLine(_ text: String, limit: Int = 40) -> String {
    let cut = text.unicodeScalars.count > limit
    let kept = cut ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit))) : text
    let shown = escaped(kept) { scalar in
      needsEscape(scalar) || scalar == "\n" || scalar == "\t" || scalar == "\u{2028}" || scalar == "\u{2029}"
    }
    return cut ? shown + "…" : shown
  }

  /// `text` cut to `limit` characters with an ellipsis and the length it had.
  package static func excerpt(_ text: String, limit: Int = 40) -> String {
    guard text.count > limit else { return text }
    return String(text.prefix(limit)) + "… (\(text.count) characters)"
  }
}
