@testable import BlankslateCore
@testable import BlankslateModel
import BlankslateCoreTestSupport
@testable import BlankslateSupport
import BlankslateTestSupport
import Foundation
import Testing

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

  /// Texts that are canonically equivalent (equal as Swift strings) but
  /// written with other scalars are set from their own scalars: the cache
  /// keys a text as written.
  @Test func aTextIsSetAsWrittenNotAsAnEquivalentOne() {
    let typesetter = Typesetter(library: .shared)
    let composed = typesetter.line("Caf\u{E9}", fontSize: 17, weight: 400, locale: "fr")
    let decomposed = typesetter.line("Cafe\u{301}", fontSize: 17, weight: 400, locale: "fr")
    #expect("Caf\u{E9}" == "Cafe\u{301}")
    #expect(composed.text.unicodeScalars.count == 4)
    #expect(decomposed.text.unicodeScalars.count == 5)
    #expect(decomposed.runs.flatMap(\.text.unicodeScalars).map(\.value).last == 0x301)
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

  /// The paragraphs are cut where a split by characters cuts (a line feed
  /// after a carriage return is one character with it), carriage returns left out:
  /// every text of up to five pieces of line ends, marks, emoji and scripts.
  @Test func paragraphsAreCutAsCharactersAre() {
    let pieces = ["\n", "\r", "\r\n", "a", "\u{301}", "👍🏽", "ك", "字", " ", "\n\u{301}", "\u{200D}"]
    var texts = [""]
    for _ in 0..<4 { texts = texts.flatMap { text in pieces.map { text + $0 } } }
    texts += pieces.flatMap { first in pieces.map { first + "x" + $0 + "y" } }
    #expect(texts.count > 14_000)
    for text in texts {
      let expected = text.split(separator: "\n", omittingEmptySubsequences: false).map { paragraph in
        paragraph.unicodeScalars.compactMap { $0 == "\r" ? nil : $0.value }
      }
      #expect(Typesetter.paragraphs(of: text) == expected, "\(Array(text.unicodeScalars.map(\.value)))")
    }
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
  @Test func namesItsFaceHashFoldersAndHowToGetIt() throws {
    let inter = PinnedFont.all[0]
    let file = try #require(inter.file)
    let missing = PinnedFont(
      id: 0, coverage: .latin, weight: 400, region: nil, file: file,
      location: .missing(lookedIn: ["/site/fonts", "/nonexistent"], different: []), faceIndex: 0,
      package: inter.package, cssFamily: inter.cssFamily)
    let error = try #require(throws: FontError.self) { try LoadedFace(missing) }
    #expect(
      error.description
        == "font Inter-Regular.otf (Blankslate Inter, weight 400) is missing: no file with SHA-256 \(file.sha256) "
        + "in /site/fonts, /nonexistent. To get it: install the Debian package fonts-inter (apt-get install "
        + "fonts-inter), or copy the exact file into the site's fonts/ folder from a machine that has it "
        + "(blankslate fonts --export DIR there); Homebrew's font-inter cask has the family, but its release may "
        + "hash differently.")
  }
}

/// No drawn line is wider than the width it was set in, in any script: each
/// line is shaped alone, as it is drawn, and breaks earlier when shaping
/// alone makes it wider than its share of the paragraph.
@Suite("Lines never pass their width")
struct LineWidthTests {
  static let texts = [
    "下にスワイプして更新するか、Wi-Fiとモバイルデータ通信の設定を確認してください。レシピをお気に入りに追加すると、ここに表示されます。データセンターのサーバーがメンテナンス中です。",
    "下拉刷新，或检查你的无线局域网和蜂窝数据设置。「设置」中可以打开。点按任意食谱上的爱心，即可收藏到这里。",
    "اسحب للأسفل للتحديث، أو تحقق من إعدادات Wi-Fi والبيانات الخلوية (iOS 17). اضغط على القلب في أي وصفة لحفظها هنا.",
    "Zum Aktualisieren nach unten ziehen oder die WLAN- und Mobilfunkdateneinstellungen überprüfen. Donaudampfschifffahrtsgesellschaftskapitän.",
    "AVAVAVAV Tap the heart on any recipe — “To”, ‘Ty’, W.A.V.E. — to keep it here, and try again later.",
  ]

  @Test(arguments: texts)
  func everyLineFitsAtEveryWidthAndSize(text: String) {
    let typesetter = Typesetter.shared
    let locale =
      text.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) }
      ? "ja"
      : text.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }
        ? "zh-Hans"
        : text.unicodeScalars.contains { (0x0600...0x06FF).contains($0.value) } ? "ar" : "de"
    var checked = 0
    for fontSize in [13.0, 15, 17, 22, 28, 49, 53] {
      for weight in [400, 700] {
        for width in stride(from: 60.0, through: 420, by: 6.5) {
          for line in typesetter.lines(of: text, fontSize: fontSize, weight: weight, locale: locale, maxWidth: width)
          where line.text.count > 1 {
            checked += 1
            // A line may be wider only when it is one unit nothing can break (a ligature such as لى at 53 pt in 60).
            let unbreakable =
              typesetter.lines(of: line.text, fontSize: fontSize, weight: weight, locale: locale, maxWidth: width)
              .count == 1
            if line.width > width + 0.001, !unbreakable {
              Issue.record("\(locale) \(fontSize) pt \(weight): \"\(line.text)\" is \(line.width) wide in \(width)")
              return
            }
          }
        }
      }
    }
    #expect(checked > 1_000)
  }

  /// A broken paragraph's lines are cut from its shaping where HarfBuzz says
  /// the break is safe, and shaped again where it is not: either way each
  /// line is exactly the line shaped on its own (glyphs, positions, widths,
  /// outline), in every script, size, weight, width and tracking.
  @Test(
    arguments: texts + [
      "office affluent fjord waffle — ffi ffl fi fl, Tr Ty Yo AV To LT P. W. V.A. “quote” ‘single’ (x) [y] {z}",
      "لا توجد بيانات في هذا المجلد بعد. اسحب للأسفل للتحديث أو أضف ملفات جديدة من مكتبتك لتظهر هنا.",
      "데이터가 없습니다. 아래로 당겨 새로 고침하거나 Wi-Fi 설정을 확인하세요.",
    ])
  func linesCutFromTheParagraphAreTheLinesShapedAlone(text: String) {
    let locale =
      text.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) }
      ? "ja"
      : text.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }
        ? "zh-Hans"
        : text.unicodeScalars.contains { (0x0600...0x06FF).contains($0.value) }
          ? "ar" : text.unicodeScalars.contains { (0xAC00...0xD7AF).contains($0.value) } ? "ko" : "de"
    var broken = 0
    for tracking in [nil, TrackingTable.allCases.first] {
      let cutting = Typesetter(library: .shared, tracking: tracking, reshapesEveryLine: false)
      let reshaping = Typesetter(library: .shared, tracking: tracking, reshapesEveryLine: true)
      for fontSize in [13.0, 17, 28, 53] {
        for weight in [400, 700] {
          for width in stride(from: 60.0, through: 420, by: 17.5) {
            let cut = cutting.lines(of: text, fontSize: fontSize, weight: weight, locale: locale, maxWidth: width)
            let alone = reshaping.lines(of: text, fontSize: fontSize, weight: weight, locale: locale, maxWidth: width)
            if cut.count > 1 { broken += 1 }
            if cut != alone {
              Issue.record("\(locale) \(fontSize) pt \(weight) in \(width): \(cut.map(\.text)) ≠ \(alone.map(\.text))")
              return
            }
          }
        }
      }
    }
    #expect(broken > 200)
  }

  /// A run's glyphs do not depend on its size: a text set again at another
  /// text size reuses its shaping, and its lines, tracking included, are the
  /// lines a typesetter that never saw the text makes.
  @Test(arguments: [
    ("Nothing saved yet. Pull down to refresh, or check your Wi-Fi settings.", "en"),
    ("保存済みのレシピはありません。ここに表示されます。", "ja"),
    ("ستظهر وصفات محفوظة في هذا المجلد هنا (iOS 17) بعد إضافتها.", "ar"),
  ])
  func aTextAtAnotherSizeIsNotShapedAgain(text: String, locale: String) {
    let tracking = TrackingTable.allCases.first
    let shared = Typesetter(library: .shared, tracking: tracking, reshapesEveryLine: false)
    _ = shared.line(text, fontSize: 17, weight: 400, locale: locale)
    let shapedOnce = shared.runsShaped
    #expect(shapedOnce > 0)
    for fontSize in [11.0, 17, 28, 53] {
      let line = shared.line(text, fontSize: fontSize, weight: 400, locale: locale)
      let fresh = Typesetter(library: .shared, tracking: tracking, reshapesEveryLine: false)
      #expect(line == fresh.line(text, fontSize: fontSize, weight: 400, locale: locale), "\(fontSize) pt")
      for width in [120.0, 240, 360] {
        #expect(
          shared.lines(of: text, fontSize: fontSize, weight: 400, locale: locale, maxWidth: width)
            == fresh.lines(of: text, fontSize: fontSize, weight: 400, locale: locale, maxWidth: width),
          "\(fontSize) pt in \(width)")
      }
    }
    // The whole paragraph at four sizes, shaped once; a bold one is other glyphs.
    let shared2 = Typesetter(library: .shared, tracking: tracking, reshapesEveryLine: false)
    for fontSize in [11.0, 17, 28, 53] { _ = shared2.line(text, fontSize: fontSize, weight: 400, locale: locale) }
    #expect(shared2.runsShaped == shapedOnce)
    _ = shared2.line(text, fontSize: 17, weight: 700, locale: locale)
    #expect(shared2.runsShaped > shapedOnce)
  }

  /// Japanese mixes Han, hiragana and katakana in every phrase, and a CJK
  /// face shapes them alike: a phrase is one HarfBuzz run, whose glyphs and
  /// pen positions are those of each script's piece shaped alone, laid end
  /// to end.
  @Test(arguments: [
    "保存済みの注文はありません（0）", "今週保存済みのメッセージを追加すると、ここに表示されます。参照番号12。",
    "ブックマークを追加", "下書きはまだありません", "プレイリストに写真を共有しました",
  ])
  func japaneseScriptsAreShapedAsOneRun(text: String) throws {
    let typesetter = Typesetter(library: .shared)
    let line = typesetter.line(text, fontSize: 17, weight: 400, locale: "ja")
    #expect(line.runs.count == 1)
    #expect(typesetter.runsShaped == 1)
    let run = try #require(line.runs.first)
    // The text cut where its script changes (punctuation and digits stay with the text before them).
    func script(_ scalar: Unicode.Scalar) -> Int? {
      switch scalar.value {
      case 0x3040...0x309F: 1
      case 0x30A0...0x30FF: 2
      case 0x4E00...0x9FFF: 3
      default: nil
      }
    }
    var pieces: [String] = []
    var last: Int?
    for scalar in text.unicodeScalars {
      let current = script(scalar) ?? last
      if current != last || pieces.isEmpty { pieces.append("") }
      pieces[pieces.count - 1].unicodeScalars.append(scalar)
      last = current
    }
    #expect(pieces.count >= 2, "\(pieces)")
    var glyphs: [UInt32] = []
    var positions: [Int32] = []
    var pen: Int32 = 0
    for piece in pieces {
      let alone = try #require(
        Typesetter(library: .shared).line(piece, fontSize: 17, weight: 400, locale: "ja").runs.first)
      #expect(alone.face == run.face)
      glyphs += alone.glyphs
      positions += alone.xPositions.map { $0 + pen }
      pen += Int32((alone.width / alone.scale).rounded())
    }
    #expect(run.glyphs == glyphs)
    #expect(run.xPositions == positions)
    #expect(abs(line.width - Double(pen) * run.scale) < 1e-9)
  }

  /// Every text node and button title of every render of the bundled,
  /// held-back and v3 sites: its lines within its frame.
  @Test func everyBundledAndHeldBackTextFitsItsFrame() throws {
    var checked = 0
    for root in [
      Repository.site, Repository.root.appending(path: "Tests/HeldBack"),
      Repository.root.appending(path: "Tests/FidelitySite"),
    ] {
      let site = try SiteLoader(root: root, displayRoot: "Site").load()
      for job in RenderMatrix(site).jobs {
        for node in Renderer().scene(for: job).allNodes {
          let block: TextBlock
          switch node.content {
          case .text(let text): block = text
          case .button(let face): block = face.title
          default: continue
          }
          for line in block.lines where line.width > node.frame.width + 0.01 {
            Issue.record("\(job.id) \(node.id): \"\(line.text)\" is \(line.width) wide in \(node.frame.width)")
          }
          checked += 1
        }
      }
    }
    #expect(checked > 2_000)
  }
}

/// Japanese and Chinese lines never start with a character JIS X 4051 and
/// UAX #14 keep off a line's start (small kana, the prolonged sound mark,
/// closing brackets and stops), nor end with an opening bracket.
@Suite("Kinsoku")
struct KinsokuTests {
  static let noStart: Set<Character> = ["ー", "ゃ", "ゅ", "ょ", "っ", "ャ", "ュ", "ョ", "ッ", "。", "、", "」", "）", "，", "！", "？"]
  static let noEnd: Set<Character> = ["「", "（"]

  @Test(arguments: [
    ("ja", "データセンターのサーバーがメンテナンス中です。しばらくしてからもう一度お試しください。「設定」アプリでネットワークを確認してください。"),
    ("ja", "ショッピングカートは空です。お気に入りのチョコレートやキャンディーを追加してください。"),
    ("zh-Hans", "下拉刷新，或检查你的无线局域网和蜂窝数据设置。「设置」中可以打开。（需要网络）"),
  ])
  func noLineStartsOrEndsWhereItMayNot(locale: String, text: String) {
    var checked = 0
    for fontSize in [15.0, 17, 22, 28] {
      // At least four characters a line: narrower, a word is cut between clusters wherever it must be.
      for width in stride(from: max(80, fontSize * 4), through: 360, by: 3.5) {
        let lines = Typesetter.shared.lines(of: text, fontSize: fontSize, weight: 400, locale: locale, maxWidth: width)
        for (index, line) in lines.enumerated() {
          checked += 1
          if index > 0, let first = line.text.first, Self.noStart.contains(first) {
            Issue.record("\(fontSize) pt in \(width): a line starts with \(first): \(line.text)")
            return
          }
          if index < lines.count - 1, let last = line.text.last, Self.noEnd.contains(last) {
            Issue.record("\(fontSize) pt in \(width): a line ends with \(last): \(line.text)")
            return
          }
        }
      }
    }
    #expect(checked > 500)
  }
}

/// The modern layout's labels never leave one word alone on their last line
/// when the line above can spare one (UILabel's `.standard` strategy, `.pushOut`).
@Suite("No orphan on the last line")
struct OrphanTests {
  static let text = "Tap the heart on a recipe to keep it here."

  @Test func aOneWordLastLineTakesTheWordBeforeIt() throws {
    let typesetter = Typesetter.shared
    var found = 0
    for width in stride(from: 120.0, through: 400, by: 1.5) {
      let greedy = typesetter.lines(of: Self.text, fontSize: 17, weight: 400, locale: "en", maxWidth: width)
      guard greedy.count >= 2, let last = greedy.last, !last.text.contains(" ") else { continue }
      found += 1
      let pushed = typesetter.lines(
        of: Self.text, fontSize: 17, weight: 400, locale: "en", maxWidth: width, avoidsOrphans: true)
      #expect(pushed.count == greedy.count, "\(width)")
      #expect(pushed.last?.text.split(separator: " ").count == 2, "\(width): \(pushed.map(\.text))")
      #expect(pushed.map(\.text).joined(separator: " ") == Self.text)
      for line in pushed { #expect(line.width <= width + 0.001, "\(width): \(line.text)") }
    }
    #expect(found > 3, "no width leaves an orphan: the test checks nothing")
  }

  /// In Chinese and Japanese every character is a break opportunity, so the
  /// unit pushed out is one character: a last line of one character (and the
  /// punctuation bound to it) takes the character before it.
  @Test(arguments: [
    ("ja", "お気に入りのレシピはまだありません。ハートをタップして保存しましょう。"),
    ("zh-Hans", "这里还没有收藏的菜谱。点一下菜谱上的心形即可保存。"),
  ])
  func aOneCharacterLastLineTakesTheCharacterBeforeIt(locale: String, text: String) throws {
    let typesetter = Typesetter.shared
    let punctuation: Set<Character> = ["。", "、", "」", "！", "？"]
    func units(_ line: TypesetLine) -> Int { line.text.filter { !punctuation.contains($0) }.count }
    var found = 0
    for width in stride(from: 80.0, through: 420, by: 1) {
      let greedy = typesetter.lines(of: text, fontSize: 15, weight: 400, locale: locale, maxWidth: width)
      guard greedy.count >= 2, let last = greedy.last, units(last) == 1 else { continue }
      found += 1
      let pushed = typesetter.lines(
        of: text, fontSize: 15, weight: 400, locale: locale, maxWidth: width, avoidsOrphans: true)
      let pushedLast = try #require(pushed.last)
      // One unit moves down: a character, or one with the small kana bound to it (「しょ」).
      #expect((2...3).contains(units(pushedLast)), "\(width): \(pushed.map(\.text))")
      #expect(pushed.count == greedy.count, "\(width): \(pushed.map(\.text))")
      #expect(pushed.map(\.text).joined() == text)
      for line in pushed { #expect(line.width <= width + 0.001, "\(width): \(line.text)") }
    }
    #expect(found > 2, "no width leaves one character alone: the test checks nothing")
  }

  @Test func theModernLayoutsMessagesHaveNoOrphanAtAnySizeOrDevice() throws {
    var properties = Properties()
    properties.message = LocalizedText(Self.text)
    var wrapped = 0
    for device in Device.allCases {
      for size in TextSize.allCases {
        var job = Repository.job(layout: .contentUnavailable, properties: properties, device: device)
        job.textSize = size
        guard case .text(let block) = Renderer().scene(for: job).node(withID: "message")?.content,
          block.lines.count >= 2, let last = block.lines.last
        else { continue }
        wrapped += 1
        #expect(last.text.contains(" "), "\(device) \(size): \(block.lines.map(\.text))")
      }
    }
    #expect(wrapped > 5, "the message never wraps: the test checks nothing")
  }
}

/// A build hands the font files' pages back to the kernel as it goes, so
/// thousands of CJK characters do not keep megabytes of charstrings in its
/// peak memory; what is set after that is drawn from the same bytes.
@Suite("Font pages handed back")
struct FontPagesTests {
  /// 600 ideographs, a line of 30 each: far more charstrings than a page holds.
  static let text = (0..<20).map { line in
    String(String.UnicodeScalarView((0..<30).compactMap { Unicode.Scalar(0x4E00 + UInt32(line * 30 + $0) * 7) }))
  }.joined(separator: "\n")

  @Test func textSetAfterThePagesAreHandedBackIsTheSame() throws {
    let library = FontLibrary()
    try library.checkAll()
    let before = Typesetter(library: library).lines(of: Self.text, fontSize: 17, weight: 400, locale: "ja")
    let face = library.face(before[0].runs[0].face)
    #expect(PinnedFont.all[before[0].runs[0].face].fileName.hasPrefix("NotoSansCJK"))
    #if os(Linux)
      let read = try #require(Self.residentKilobytes(of: face.mappedAddress))
      #expect(read >= 64, "setting 600 ideographs read only \(read) KB of the face")
    #endif
    library.releasePages()
    #if os(Linux)
      let left = try #require(Self.residentKilobytes(of: face.mappedAddress))
      #expect(left == 0, "\(left) KB of the face are still the process's")
    #endif
    // A typesetter of its own, so every line is shaped and drawn again from the file.
    let after = Typesetter(library: library).lines(of: Self.text, fontSize: 17, weight: 400, locale: "ja")
    #expect(after == before)
    #expect(before.count == 20)
  }

  #if os(Linux)
    /// The resident size of the mapping that starts at `address`, from `/proc/self/smaps`.
    static func residentKilobytes(of address: UInt) -> Int? {
      // Read to the end: a procfs file has no size, and one read gives a page of it.
      guard let handle = FileHandle(forReadingAtPath: "/proc/self/smaps"), let data = try? handle.readToEnd() else {
        return nil
      }
      let smaps = String(decoding: data, as: UTF8.self)
      var inMapping = false
      for line in smaps.split(separator: "\n") {
        if let dash = line.firstIndex(of: "-"), let start = UInt(line[..<dash], radix: 16) {
          inMapping = start == address
        } else if inMapping, line.hasPrefix("Rss:") {
          return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1])
        }
      }
      return nil
    }
  #endif
}

extension FontPagesTests {
  /// A FIFO or a folder where a font should be is refused at once: the
  /// mapping is made from a descriptor opened without blocking and checked
  /// with `fstat` (a FIFO opened to read would wait for a writer forever).
  @Test(arguments: ["fifo", "folder"])
  func aSpecialFileWhereAFontShouldBeIsRefusedAtOnce(kind: String) throws {
    let folder = temporaryFolder()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appending(path: "Team-Regular.otf").path
    if kind == "fifo" { #expect(mkfifo(path, 0o644) == 0) } else { #expect(mkdir(path, 0o755) == 0) }
    let team = TeamFont(file: "fonts/Team-Regular.otf", path: path, sha256: "", coverages: [.latin], weight: 400)
    let slot = PinnedFont.all[0].replaced(by: team)
    let library = FontLibrary(faces: [slot])
    #expect(throws: FontError.self) { try library.checkAll() }
    #expect(library.problems().map(\.reason) == ["is not a regular file"])
  }
}
