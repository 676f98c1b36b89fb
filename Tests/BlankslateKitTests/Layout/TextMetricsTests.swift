import BlankslateKit
import Testing

@Suite("Text metrics and wrapping")
struct TextMetricsTests {
  @Test func cjkIsFullWidth() {
    #expect(TextMetrics.width(of: "暂无数据", fontSize: 16) == 64)
    #expect(TextMetrics.width(of: "、。", fontSize: 10) == 20)
  }

  @Test func latinUsesTheAdvanceTable() {
    // Helvetica: "i" 222, "W" 944, space 278 thousandths of an em.
    #expect(abs(TextMetrics.width(of: "iW ", fontSize: 10) - 14.44) < 1e-9)
  }

  @Test func marksAndInvisiblesTakeNoSpace() {
    #expect(TextMetrics.width(of: "e\u{301}", fontSize: 10) == TextMetrics.width(of: "e", fontSize: 10))
    #expect(TextMetrics.width(of: "a\u{200B}b\u{202E}", fontSize: 10) == TextMetrics.width(of: "ab", fontSize: 10))
  }

  @Test func anEmojiSequenceIsOneGlyph() {
    #expect(TextMetrics.width(of: "👩‍👩‍👧", fontSize: 10) == TextMetrics.width(of: "👍", fontSize: 10))
  }

  @Test func lineHeightIsRoundedUpToHalfAPoint() {
    #expect(TextMetrics.lineHeight(for: 16) == 19.5)
    #expect(TextMetrics.lineHeight(for: 17) == 20.5)
    #expect(TextMetrics.lineHeight(for: 15) == 18)
  }

  @Test func wrapsLatinAtSpaces() {
    let lines = TextWrapper(fontSize: 10).lines(of: "one two three four", maxWidth: 40)
    #expect(lines == ["one two", "three", "four"])
  }

  @Test func wrapsCJKBetweenCharactersButNotBeforeClosingPunctuation() {
    let lines = TextWrapper(fontSize: 10).lines(of: "请检查你的网络。好", maxWidth: 70)
    // Seven characters fit, but the full stop may not start a line, so 络 moves down with it.
    #expect(lines == ["请检查你的网", "络。好"])
  }

  @Test func breaksAWordLongerThanTheLine() {
    let lines = TextWrapper(fontSize: 10).lines(of: "abcdefghijklmnop", maxWidth: 30)
    #expect(lines.count > 1)
    #expect(lines.joined() == "abcdefghijklmnop")
  }

  @Test func keepsLineFeeds() {
    #expect(TextWrapper(fontSize: 10).lines(of: "a\nb", maxWidth: 500) == ["a", "b"])
  }
}
