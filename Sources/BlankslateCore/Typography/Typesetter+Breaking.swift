import CFriBidi
import CHarfBuzz
import CUnibreak
import BlankslateModel
import BlankslateSupport

/// Where a paragraph's lines end.
extension Typesetter {
  /// Where lines end: the widest run of characters up to a UAX #14 break
  /// opportunity that fits, trailing spaces hanging; a word wider than the
  /// line is cut between clusters.
  ///
  /// `drawnWidth`: a line's width shaped on its own. A line whose characters'
  /// advances fit but whose drawn width does not ends at an earlier opportunity.
  /// UAX #14's answer after each character of `scalars` in `locale`
  /// (libunibreak's `LINEBREAK_*`), with Japanese strict breaking.
  func breakOpportunities(_ scalars: [UInt32], locale: String) -> [CChar] {
    let count = scalars.count
    var breaks = [CChar](repeating: 0, count: count)
    let language = String(locale.split(separator: "-").first ?? "")
    scalars.withUnsafeBufferPointer { text in
      set_linebreaks_utf32(text.baseAddress, count, language, &breaks)
    }
    // Strict line breaking, as JIS X 4051 asks and UAX #14 allows (class CJ
    // resolved to NS): no line starts with a small kana or the prolonged sound
    // mark, so 「ター」 moves down whole. libunibreak's default resolves CJ to ID.
    for index in 0..<max(0, count - 1)
    where breaks[index] == CChar(LINEBREAK_ALLOWBREAK) && Self.isConditionalJapaneseStarter(scalars[index + 1]) {
      breaks[index] = CChar(LINEBREAK_NOBREAK)
    }
    return breaks
  }

  func breakLines(
    _ paragraph: Paragraph, breaks: [CChar], shaped: [Shaped], maxWidth: Double,
    drawnWidth: (Range<Int>) -> Double
  ) -> [Range<Int>] {
    let scalars = paragraph.scalars
    let count = scalars.count
    // Advances per character, from the paragraph's runs: a cluster's advance on its first character.
    var advances = [Double](repeating: 0, count: count)
    var clusterStart = [Bool](repeating: false, count: count)
    for shaped in shaped {
      for (cluster, advance) in zip(shaped.clusters, shaped.advances) {
        advances[cluster] += Double(advance) * shaped.scale
        clusterStart[cluster] = true
      }
    }
    var lines: [Range<Int>] = []
    var start = 0
    while start < count {
      var width = 0.0
      var inkWidth = 0.0  // width without trailing spaces
      var fitting: Int?
      var index = start
      while index < count {
        width += advances[index]
        if !Self.isSpace(scalars[index]) { inkWidth = width }
        let isBreak = index == count - 1 || breaks[index] == CChar(LINEBREAK_ALLOWBREAK)
        if isBreak {
          if inkWidth <= maxWidth + 0.001 || fitting == nil && inkWidth == 0 {
            fitting = index + 1
          } else {
            break
          }
        }
        if breaks[index] == CChar(LINEBREAK_MUSTBREAK), index < count - 1 {
          fitting = index + 1
          break
        }
        index += 1
      }
      // No opportunity fits: cut the word between clusters.
      var end = fitting ?? cutPosition(start: start, advances: advances, clusterStart: clusterStart, maxWidth: maxWidth)
      func visible(_ end: Int) -> Int {
        var visibleEnd = end
        while visibleEnd > start, Self.isSpace(scalars[visibleEnd - 1]) { visibleEnd -= 1 }
        return visibleEnd
      }
      // Drawn alone, the line may be wider than its advances: step back to the
      // previous opportunity, or, in a word cut between clusters, one cluster.
      func earlierEnd(before end: Int) -> Int? {
        var candidate = end - 1
        while candidate > start {
          if breaks[candidate - 1] == CChar(LINEBREAK_ALLOWBREAK) { return candidate }
          candidate -= 1
        }
        var cut = end - 1
        while cut > start, !clusterStart[cut] { cut -= 1 }
        return cut > start ? cut : nil
      }
      while drawnWidth(start..<visible(end)) > maxWidth + 0.001, let earlier = earlierEnd(before: end) {
        end = earlier
      }
      let visibleEnd = visible(end)
      lines.append(start..<visibleEnd)
      start = end
      while start < count, Self.isSpace(scalars[start]) { start += 1 }
    }
    return lines.isEmpty ? [0..<0] : lines
  }

  /// `lines` with the last unit of the line before a one-unit last line
  /// moved down to it, when the last line still fits. A unit is what lies
  /// between two UAX #14 break opportunities: a word where spaces part words,
  /// one character (with the punctuation kinsoku binds to it) in Chinese and
  /// Japanese, where every character is a break opportunity, so 「…ありませ|ん。」
  /// ends 「…ありま|せん。」 as a Latin paragraph's lone last word is pushed out.
  func pushingOut(
    _ lines: [Range<Int>], scalars: [UInt32], breaks: [CChar], maxWidth: Double, drawnWidth: (Range<Int>) -> Double
  ) -> [Range<Int>] {
    guard lines.count >= 2, let last = lines.last else { return lines }
    let previous = lines[lines.count - 2]
    let allowed = CChar(LINEBREAK_ALLOWBREAK)
    guard !last.dropLast().contains(where: { breaks[$0] == allowed }) else { return lines }
    // The previous line's last opportunity before its own end: its last unit starts after it.
    guard let opportunity = previous.dropLast().last(where: { breaks[$0] == allowed }) else { return lines }
    var shortened = previous.lowerBound..<(opportunity + 1)
    while shortened.upperBound > shortened.lowerBound, Self.isSpace(scalars[shortened.upperBound - 1]) {
      shortened = shortened.lowerBound..<(shortened.upperBound - 1)
    }
    var start = opportunity + 1
    while start < last.lowerBound, Self.isSpace(scalars[start]) { start += 1 }
    let pushed = start..<last.upperBound
    guard !shortened.isEmpty, drawnWidth(pushed) <= maxWidth + 0.001 else { return lines }
    return Array(lines.dropLast(2)) + [shortened, pushed]
  }

  /// The end of the longest run of whole clusters from `start` that fits `maxWidth` (at least one cluster).
  private func cutPosition(start: Int, advances: [Double], clusterStart: [Bool], maxWidth: Double) -> Int {
    var used = 0.0
    var end = start
    var position = start
    while position < advances.count {
      var next = position + 1
      var clusterWidth = advances[position]
      while next < advances.count, !clusterStart[next] {
        clusterWidth += advances[next]
        next += 1
      }
      if used + clusterWidth > maxWidth + 0.001, end > start { break }
      used += clusterWidth
      end = next
      position = next
    }
    return end
  }

  /// UAX #14 class CJ: small hiragana and katakana, the prolonged sound mark,
  /// and their halfwidth forms (LineBreak.txt).
  static func isConditionalJapaneseStarter(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095, 0x3096,
      0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6, 0x30FC,
      0x31F0...0x31FF, 0xFF67...0xFF70:
      true
    default: false
    }
  }

  private static func isSpace(_ scalar: UInt32) -> Bool {
    scalar == 0x20 || scalar == 0x09 || scalar == 0x3000 || scalar == 0x1680
      || (0x2000...0x200A).contains(scalar)
        && scalar != 0x2007
  }
}
