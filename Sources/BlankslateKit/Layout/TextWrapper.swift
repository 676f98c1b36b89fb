/// Breaks text into lines that fit a width, as a multi-line label does.
///
/// Latin text breaks at spaces and after hyphens; CJK text may break between
/// any two characters except before closing punctuation (。，、！？」）…) and
/// after opening punctuation (「（…). A word wider than the line is broken
/// between characters. Line feeds in the text always break.
public struct TextWrapper: Sendable {
  public var fontSize: Double
  public var weight: TextBlock.Weight

  public init(fontSize: Double, weight: TextBlock.Weight = .regular) {
    self.fontSize = fontSize
    self.weight = weight
  }

  /// The lines of `text` within `maxWidth` points (at least one line, which may be empty).
  public func lines(of text: String, maxWidth: Double) -> [String] {
    // Most texts fit on one line: measure once before breaking anything.
    if !text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }),
      TextMetrics.width(of: text, fontSize: fontSize, weight: weight) <= maxWidth + 0.001
    {
      var line = Substring(text)
      while line.last == " " { line.removeLast() }
      return [String(line)]
    }
    var result: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let cleaned =
        paragraph.utf8.contains(0x0D)
        ? String(String.UnicodeScalarView(paragraph.unicodeScalars.filter { $0 != "\r" })) : String(paragraph)
      result += wrap(cleaned, maxWidth: maxWidth)
    }
    return result.isEmpty ? [""] : result
  }

  private func width(_ character: Character) -> Double {
    TextMetrics.advance(of: character) * fontSize * TextMetrics.weightFactor(weight)
  }

  private func wrap(_ paragraph: String, maxWidth: Double) -> [String] {
    let characters = Array(paragraph)
    guard !characters.isEmpty else { return [""] }
    var lines: [String] = []
    var start = 0
    while start < characters.count {
      var end = start
      var used = 0.0
      var lastBreak: Int?  // index after which a break is allowed
      while end < characters.count {
        let advance = width(characters[end])
        if used + advance > maxWidth + 0.001, end > start, !characters[end].isWhitespace {
          break
        }
        used += advance
        if canBreak(after: end, in: characters) { lastBreak = end + 1 }
        end += 1
      }
      if end < characters.count, let lastBreak, lastBreak > start {
        end = lastBreak
      }
      let line = String(characters[start..<end])
      lines.append(trimTrailingSpaces(line))
      start = end
      while start < characters.count, characters[start] == " " { start += 1 }
    }
    return lines
  }

  private func trimTrailingSpaces(_ line: String) -> String {
    var line = Substring(line)
    while line.last == " " { line.removeLast() }
    return String(line)
  }

  /// Whether a line may end after `characters[index]`.
  private func canBreak(after index: Int, in characters: [Character]) -> Bool {
    guard index + 1 < characters.count else { return true }
    let current = characters[index]
    let next = characters[index + 1]
    if Self.forbidsBreak(before: next) || Self.forbidsBreak(after: current) { return false }
    if current == " " || current == "-" || current == "\u{2014}" { return next != " " }
    return isCJK(current) || isCJK(next)
  }

  private func isCJK(_ character: Character) -> Bool {
    guard let scalar = character.unicodeScalars.first else { return false }
    return TextMetrics.isWide(scalar.value)
  }

  /// Closing punctuation, which never starts a line:
  /// 。，、！？：；）」』】》〉…ー· and . , ! ? : ; ) ] } %
  /// (a switch on the scalar: a `Set<Character>` hashes every character it is asked about).
  static func forbidsBreak(before character: Character) -> Bool {
    guard let value = singleScalar(character) else { return false }
    switch value {
    case 0x3002, 0xFF0C, 0x3001, 0xFF01, 0xFF1F, 0xFF1A, 0xFF1B, 0xFF09, 0x300D, 0x300F, 0x3011, 0x300B, 0x3009,
      0x2026, 0x30FC, 0x00B7, 0x2E, 0x2C, 0x21, 0x3F, 0x3A, 0x3B, 0x29, 0x5D, 0x7D, 0x25:
      return true
    default:
      return false
    }
  }

  /// Opening punctuation, which never ends a line: （「『【《〈 and ( [ {
  static func forbidsBreak(after character: Character) -> Bool {
    guard let value = singleScalar(character) else { return false }
    switch value {
    case 0xFF08, 0x300C, 0x300E, 0x3010, 0x300A, 0x3008, 0x28, 0x5B, 0x7B: return true
    default: return false
    }
  }

  private static func singleScalar(_ character: Character) -> UInt32? {
    let scalars = character.unicodeScalars
    guard let first = scalars.first, scalars.count == 1 else { return nil }
    return first.value
  }
}
