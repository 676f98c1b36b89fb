import Testing

@testable import BlankslateKit
@testable import BlankslateCLI
@testable import BlankslateCore
@testable import BlankslateServe
@testable import BlankslateSite
@testable import BlankslateSupport
@testable import BlankslateValidation

@Suite("Typesetting with the pinned fonts")
struct TypesetterTests {
  let typesetter = Typesetter.shared

  @Test func everyPinnedFontIsInstalled() throws {
    try FontLibrary.shared.checkAll()
    let identities = try FontLibrary.shared.identities()
    #expect(identities.count == PinnedFont.all.count)
  }

  @Test func widthIsTheSumOfTheDrawnAdvances() {
    let line = typesetter.line("No data, pull to refresh", fontSize: 17, weight: 400, locale: "en")
    let drawn = line.runs.reduce(0) { $0 + $1.width }
    #expect(abs(line.width - drawn) < 1e-9)
    #expect(line.width > 150 && line.width < 230)
    #expect(line.runs.count == 1)
    #expect(PinnedFont.all[line.runs[0].face].fileName == "Inter-Regular.otf")
  }

  @Test func kerningChangesTheWidth() {
    // "AV" kerns tighter than "A" and "V" set apart.
    let pair = typesetter.line("AV", fontSize: 100, weight: 400, locale: "en").width
    let apart =
      typesetter.line("A", fontSize: 100, weight: 400, locale: "en").width
      + typesetter.line("V", fontSize: 100, weight: 400, locale: "en").width
    #expect(pair < apart - 1)
  }

  @Test func boldIsWiderThanRegular() {
    let regular = typesetter.line("Nothing here", fontSize: 17, weight: 400, locale: "en").width
    let bold = typesetter.line("Nothing here", fontSize: 17, weight: 700, locale: "en").width
    #expect(bold > regular)
  }

  @Test func scriptsFallBackToTheirFaces() {
    let line = typesetter.line("Wi-Fi 网络 شبكة", fontSize: 17, weight: 400, locale: "en")
    let files = Set(line.runs.map { PinnedFont.all[$0.face].fileName })
    #expect(files == ["Inter-Regular.otf", "NotoSansCJK-Regular.ttc#2", "NotoSansArabic-Regular.ttf"])
  }

  @Test func cjkRegionFollowsTheLocale() {
    let japanese = typesetter.line("直", fontSize: 17, weight: 400, locale: "ja")
    let chinese = typesetter.line("直", fontSize: 17, weight: 400, locale: "zh-Hans")
    #expect(PinnedFont.all[japanese.runs[0].face].region == .japanese)
    #expect(PinnedFont.all[chinese.runs[0].face].region == .simplifiedChinese)
    #expect(japanese.runs[0].glyphs != chinese.runs[0].glyphs)
  }

  @Test func arabicIsShapedRightToLeft() {
    let line = typesetter.line("لا توجد بيانات", fontSize: 17, weight: 400, locale: "ar")
    #expect(line.runs.allSatisfy { $0.isRightToLeft })
    // Joined forms: the shaped word has other glyphs than its letters set alone.
    let alone = "بيانات".unicodeScalars.flatMap {
      typesetter.line(String($0), fontSize: 17, weight: 400, locale: "ar").runs.flatMap(\.glyphs)
    }
    let joined = typesetter.line("بيانات", fontSize: 17, weight: 400, locale: "ar").runs.flatMap(\.glyphs)
    #expect(Set(joined) != Set(alone))
  }

  @Test func mixedDirectionsAreOrderedByTheBidiAlgorithm() {
    // In a right-to-left paragraph the Arabic that comes first in reading order is drawn at the right.
    let line = typesetter.line("غير متصل بـ Wi-Fi", fontSize: 17, weight: 400, locale: "ar")
    let latin = line.runs.first { !$0.isRightToLeft && $0.text.contains("Wi") }
    let arabic = line.runs.first { $0.text.contains("غير") }
    #expect(latin != nil && arabic != nil)
    #expect(latin!.x < arabic!.x)
    // A paragraph that starts with Latin runs left to right, in an Arabic screen too (UAX #9 P2–P3, as UIKit).
    for locale in ["ar", "en"] {
      let ltr = typesetter.line("Wi-Fi غير متصل", fontSize: 17, weight: 400, locale: locale)
      #expect(ltr.runs.first { $0.text.contains("Wi") }!.x == 0)
    }
  }

  @Test func visualOrderReversesRightToLeftSequences() {
    #expect(Typesetter.visualOrder([0, 1, 1, 0]) == [0, 2, 1, 3])
    #expect(Typesetter.visualOrder([1, 2, 2, 1]) == [3, 1, 2, 0])
    #expect(Typesetter.visualOrder([0, 0]) == [0, 1])
  }

  @Test func latinBreaksAtSpacesWithinTheWidth() {
    let lines = typesetter.lines(of: "one two three four", fontSize: 10, weight: 400, locale: "en", maxWidth: 40)
    #expect(lines.map(\.text) == ["one two", "three", "four"])
    #expect(lines.allSatisfy { $0.width <= 40 })
  }

  @Test func cjkBreaksBetweenCharactersButNotBeforeClosingPunctuation() {
    let lines = typesetter.lines(of: "请检查你的网络。好", fontSize: 10, weight: 400, locale: "zh-Hans", maxWidth: 70)
    #expect(lines.map(\.text) == ["请检查你的网", "络。好"])
  }

  @Test func aWordWiderThanTheLineIsCutBetweenCharacters() {
    let lines = typesetter.lines(of: "abcdefghijklmnop", fontSize: 10, weight: 400, locale: "en", maxWidth: 30)
    #expect(lines.count > 1)
    #expect(lines.map(\.text).joined() == "abcdefghijklmnop")
    #expect(lines.allSatisfy { $0.width <= 30 })
  }

  @Test func lineFeedsAlwaysBreak() {
    #expect(typesetter.lines(of: "a\nb", fontSize: 10, weight: 400, locale: "en").map(\.text) == ["a", "b"])
    #expect(typesetter.lines(of: "", fontSize: 10, weight: 400, locale: "en").map(\.text) == [""])
  }

  @Test func lineHeightIsRoundedUpToHalfAPoint() {
    #expect(TextMetrics.lineHeight(for: 16) == 19.5)
    #expect(TextMetrics.lineHeight(for: 17) == 20.5)
    #expect(TextMetrics.lineHeight(for: 15) == 18)
  }

  @Test func rightToLeftLocales() {
    #expect(PinnedFont.isRightToLeft("ar"))
    #expect(PinnedFont.isRightToLeft("he-IL"))
    #expect(PinnedFont.isRightToLeft("az-Arab"))
    #expect(!PinnedFont.isRightToLeft("en"))
    #expect(!PinnedFont.isRightToLeft("zh-Hans"))
  }
}

@Suite("A missing font")
struct MissingFontTests {
  @Test func namesItsFileAndPackage() {
    let inter = PinnedFont.all[0]
    let missing = PinnedFont(
      id: 0, coverage: .latin, weight: 400, region: nil, path: "/nonexistent/Inter-Regular.otf", faceIndex: 0,
      package: inter.package, cssFamily: inter.cssFamily)
    #expect(throws: FontError.self) { try LoadedFace(missing) }
    do {
      _ = try LoadedFace(missing)
    } catch {
      #expect(
        error.description
          == "font /nonexistent/Inter-Regular.otf is missing: install the Debian package fonts-inter (apt-get install fonts-inter)"
      )
    }
  }
}
