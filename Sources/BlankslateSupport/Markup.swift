/// Escaping for XML text and attributes (SVG and polyglot HTML alike).
package enum Markup {
  /// Escapes `&`, `<` and `>` for element content; replaces characters XML
  /// cannot hold with U+FFFD (definitions refuse them, this is a second guard).
  package static func escapeText(_ text: String) -> String {
    escape(text, quotes: false, keepLineBreaks: true)
  }

  /// Escapes text for a double-quoted attribute value: also `"`, `'` and line breaks.
  package static func escapeAttribute(_ text: String) -> String {
    escape(text, quotes: true, keepLineBreaks: false)
  }

  /// Escapes text that a template may place in content or in an attribute
  /// (Mustache's `{{name}}`): `&`, `<`, `>`, `"` and `'`, line breaks kept.
  package static func escapeTemplateValue(_ text: String) -> String {
    escape(text, quotes: true, keepLineBreaks: true)
  }

  /// Works on UTF-8 bytes: most strings need nothing and are returned as
  /// they are; the rest are copied once with the replacements made.
  private static func escape(_ text: String, quotes: Bool, keepLineBreaks: Bool) -> String {
    var text = text
    let escaped: [UInt8]? = text.withUTF8 { bytes in
      guard firstNeedingWork(in: bytes, quotes: quotes, keepLineBreaks: keepLineBreaks) != nil else { return nil }
      var result: [UInt8] = []
      result.reserveCapacity(bytes.count + 16)
      appendEscaped(bytes, quotes: quotes, keepLineBreaks: keepLineBreaks, to: &result)
      return result
    }
    guard let escaped else { return text }
    return String(decoding: escaped, as: UTF8.self)
  }

  /// Appends `text` as `escapeTemplateValue` (`inAttribute`) or `escapeText` would make it.
  package static func appendTemplateValue(_ text: String, inAttribute: Bool, to output: inout [UInt8]) {
    var text = text
    text.withUTF8 { bytes in
      appendEscaped(bytes, quotes: inAttribute, keepLineBreaks: true, to: &output)
    }
  }

  /// Appends `text` escaped for element content (`attribute: false`) or for
  /// a double-quoted attribute value.
  package static func append(_ text: String, attribute: Bool, to output: inout [UInt8]) {
    var text = text
    text.withUTF8 { bytes in
      appendEscaped(bytes, quotes: attribute, keepLineBreaks: !attribute, to: &output)
    }
  }

  private static func needsWork(
    _ bytes: UnsafeBufferPointer<UInt8>, at index: Int, quotes: Bool, keepLineBreaks: Bool
  ) -> Bool {
    switch bytes[index] {
    case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"): return true
    case UInt8(ascii: "\""), UInt8(ascii: "'"): return quotes
    case 0x0A, 0x09: return !keepLineBreaks
    case 0..<0x20: return true
    case 0xEF: return isNoncharacter(bytes, at: index)
    default: return false
    }
  }

  /// U+FFFE and U+FFFF: EF BF BE, EF BF BF.
  private static func isNoncharacter(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    index + 2 < bytes.count && bytes[index + 1] == 0xBF && (bytes[index + 2] == 0xBE || bytes[index + 2] == 0xBF)
  }

  private static func firstNeedingWork(
    in bytes: UnsafeBufferPointer<UInt8>, quotes: Bool, keepLineBreaks: Bool
  ) -> Int? {
    var index = 0
    while index < bytes.count {
      if needsWork(bytes, at: index, quotes: quotes, keepLineBreaks: keepLineBreaks) { return index }
      index += 1
    }
    return nil
  }

  private static func appendEscaped(
    _ bytes: UnsafeBufferPointer<UInt8>, quotes: Bool, keepLineBreaks: Bool, to result: inout [UInt8]
  ) {
    var runStart = 0
    var index = 0
    while index < bytes.count {
      guard needsWork(bytes, at: index, quotes: quotes, keepLineBreaks: keepLineBreaks) else {
        index += 1
        continue
      }
      result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
      let byte = bytes[index]
      index += 1
      switch byte {
      case UInt8(ascii: "&"): result += "&amp;".utf8
      case UInt8(ascii: "<"): result += "&lt;".utf8
      case UInt8(ascii: ">"): result += "&gt;".utf8
      case UInt8(ascii: "\""): result += "&quot;".utf8
      case UInt8(ascii: "'"): result += "&#39;".utf8
      case 0x0A: result += "&#10;".utf8
      case 0x09: result += "&#9;".utf8
      case 0x0D: result += "&#13;".utf8
      case 0xEF:
        result += [0xEF, 0xBF, 0xBD]  // U+FFFD
        index += 2
      default:
        result += [0xEF, 0xBF, 0xBD]  // a control character XML cannot hold
      }
      runStart = index
    }
    result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
  }
}
