/// Escaping for XML text and attributes (SVG and polyglot HTML alike).
public enum Markup {
  /// Escapes `&`, `<` and `>` for element content; replaces characters XML
  /// cannot hold with U+FFFD (definitions refuse them, this is a second guard).
  public static func escapeText(_ text: String) -> String {
    escape(text, quotes: false, keepLineBreaks: true)
  }

  /// Escapes text for a double-quoted attribute value: also `"`, `'` and line breaks.
  public static func escapeAttribute(_ text: String) -> String {
    escape(text, quotes: true, keepLineBreaks: false)
  }

  /// Escapes text that a template may place in content or in an attribute
  /// (Mustache's `{{name}}`): `&`, `<`, `>`, `"` and `'`, line breaks kept.
  public static func escapeTemplateValue(_ text: String) -> String {
    escape(text, quotes: true, keepLineBreaks: true)
  }

  /// Works on UTF-8 bytes: most strings need nothing and are returned as
  /// they are; the rest are copied once with the replacements made.
  private static func escape(_ text: String, quotes: Bool, keepLineBreaks: Bool) -> String {
    var text = text
    let escaped: [UInt8]? = text.withUTF8 { bytes in
      func needsWork(_ index: Int) -> Bool {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"): return true
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return quotes
        case 0x0A, 0x09: return !keepLineBreaks
        case 0..<0x20: return true
        case 0xEF: return isNoncharacter(at: index)
        default: return false
        }
      }
      func isNoncharacter(at index: Int) -> Bool {
        // U+FFFE and U+FFFF: EF BF BE, EF BF BF.
        index + 2 < bytes.count && bytes[index + 1] == 0xBF && (bytes[index + 2] == 0xBE || bytes[index + 2] == 0xBF)
      }
      var first = 0
      while first < bytes.count, !needsWork(first) { first += 1 }
      guard first < bytes.count else { return nil }
      var result: [UInt8] = []
      result.reserveCapacity(bytes.count + 16)
      result.append(contentsOf: bytes[0..<first])
      var index = first
      while index < bytes.count {
        let byte = bytes[index]
        guard needsWork(index) else {
          result.append(byte)
          index += 1
          continue
        }
        switch byte {
        case UInt8(ascii: "&"): result.append(contentsOf: Array("&amp;".utf8))
        case UInt8(ascii: "<"): result.append(contentsOf: Array("&lt;".utf8))
        case UInt8(ascii: ">"): result.append(contentsOf: Array("&gt;".utf8))
        case UInt8(ascii: "\""): result.append(contentsOf: Array("&quot;".utf8))
        case UInt8(ascii: "'"): result.append(contentsOf: Array("&#39;".utf8))
        case 0x0A: result.append(contentsOf: Array("&#10;".utf8))
        case 0x09: result.append(contentsOf: Array("&#9;".utf8))
        case 0x0D: result.append(contentsOf: Array("&#13;".utf8))
        case 0xEF:
          result.append(contentsOf: [0xEF, 0xBF, 0xBD])  // U+FFFD
          index += 3
          continue
        default:
          result.append(contentsOf: [0xEF, 0xBF, 0xBD])  // a control character XML cannot hold
        }
        index += 1
      }
      return result
    }
    guard let escaped else { return text }
    return String(decoding: escaped, as: UTF8.self)
  }
}
