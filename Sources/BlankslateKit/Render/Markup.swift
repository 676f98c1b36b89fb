/// Escaping for XML text and attributes (SVG and polyglot HTML alike).
public enum Markup {
  /// Escapes `&`, `<` and `>` for element content; replaces characters XML
  /// cannot hold with U+FFFD (definitions refuse them, this is a second guard).
  public static func escapeText(_ text: String) -> String {
    escape(text, quotes: false)
  }

  /// Escapes text for a double-quoted attribute value: also `"`, `'` and line breaks.
  public static func escapeAttribute(_ text: String) -> String {
    escape(text, quotes: true)
  }

  /// Escapes text that a template may place in content or in an attribute
  /// (Mustache's `{{name}}`): `&`, `<`, `>`, `"` and `'`, line breaks kept.
  public static func escapeTemplateValue(_ text: String) -> String {
    escape(text, quotes: true, keepLineBreaks: true)
  }

  private static func escape(_ text: String, quotes: Bool, keepLineBreaks: Bool = false) -> String {
    let needsWork = text.utf8.contains { byte in
      byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte < 0x20
        || byte >= 0x80 || (quotes && (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")))
    }
    guard needsWork else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"" where quotes: result += "&quot;"
      case "'" where quotes: result += "&#39;"
      case "\n" where quotes && !keepLineBreaks: result += "&#10;"
      case "\r": result += "&#13;"
      case "\t" where quotes && !keepLineBreaks: result += "&#9;"
      default:
        if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
          result.unicodeScalars.append("\u{FFFD}")
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }
}
