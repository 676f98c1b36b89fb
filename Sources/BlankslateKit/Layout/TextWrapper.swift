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
    if Self.noBreakBefore.contains(next) || Self.noBreakAfter.contains(current) { return false }
    if current == " " || current == "-" || current == "\u{2014}" { return next != " " }
    return isCJK(current) || isCJK(next)
  }

  private func isCJK(_ character: Character) -> Bool {
    guard let scalar = character.unicodeScalars.first else { return false }
    return TextMetrics.isWide(scalar.value)
  }

  static let noBreakBefore: Set<Character> = [
    "。", "，", "、", "！", "？", "：", "；", "）", "」", "』", "】", "》", "〉", "…", "ー", "·",
    ".", ",", "!", "?", ":", ";", ")", "]", "}", "%",
  ]
  static let noBreakAfter: Set<Character> = ["（", "「", "『", "【", "《", "〈", "(", "[", "{"]
}
