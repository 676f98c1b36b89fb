import CFriBidi
import CHarfBuzz
import CUnibreak
import Synchronization
import BlankslateSupport

/// The one text-layout type: measures, breaks, orders and shapes text with the
/// pinned fonts, so Layout stays pure arithmetic on the lines it returns.
///
/// Per paragraph: every character gets a face (its script's face; common
/// characters such as spaces and digits join the run around them; a face
/// without the glyph falls back in `PinnedFont.Coverage` order), FriBidi
/// resolves embedding levels (UAX #9), HarfBuzz shapes each run of one face,
/// level and script, libunibreak finds break opportunities (UAX #14), and
/// lines are filled greedily, as UILabel fills them. Each line is shaped again
/// on its own, so a line's width is exactly the advances it is drawn with.
///
/// Results are cached by text, size, weight, locale and width; renders of the
/// same text in another theme or device of the same width cost a lookup.
public final class Typesetter: Sendable {
  /// The typesetter every layout of this process uses.
  public static let shared = Typesetter(library: .shared)

  /// What a text is set by. The text is compared as written (scalar for
  /// scalar): canonically equivalent texts are shaped from other scalars.
  private struct Key: Hashable {
    var text: ExactText
    var fontSize: Double
    var weight: Int
    var locale: String
    var maxWidth: Double
    var avoidsOrphans = false
  }

  private let library: FontLibrary
  /// The tracking the site asks for, applied to Latin runs (SF Pro's table is for Latin text).
  private let tracking: TrackingTable?
  private let outlines: GlyphOutlines
  private let reshapesEveryLine: Bool
  private let cache = Mutex(BoundedCache<Key, [TypesetLine]>(capacity: Typesetter.cachedTexts))
  /// How many texts each generation of the cache keeps. A design's texts in
  /// every locale, size and width are looked up many times while it renders,
  /// a site's other designs' rarely (every text a team writes is its own), so
  /// memory stays flat however large the site. On the team-shaped bench site
  /// (10k renders), 1,024 peaked at 121 MB, 256 at 80 MB and 128 at 75 MB;
  /// the texts set were 20.5k at 256, 21.0k at 128 and 21.5k at 64 (which
  /// saved 2 MB more).
  static let cachedTexts = 128
  /// How many generations the cache turns between two releases of the font files' pages.
  static let generationsPerRelease = 8
  private let generations = Atomic<Int>(0)
  /// Each glyph's ink, top and bottom in font units (up positive), by face and glyph.
  private let inks = Mutex<[UInt64: (top: Int32, bottom: Int32)]>([:])
  /// Runs as HarfBuzz shaped them, in font units and without tracking: what
  /// a run's glyphs are does not depend on the size it is set at, so a text
  /// laid out at another text size (or width) is not shaped again. Bounded
  /// like `cache`: a design's renders set each of its texts at every size
  /// one after another.
  private let shapes = Mutex(BoundedCache<ShapeKey, Shaped>(capacity: Typesetter.cachedTexts * 2))
  /// How many runs HarfBuzz has shaped (the shapes cache's misses).
  private let harfBuzzShapes = Atomic<Int>(0)

  /// A typesetter of its own (its own caches) over `library`'s fonts, tracking Latin text by `tracking`.
  public convenience init(library: FontLibrary, tracking: TrackingTable? = nil) {
    self.init(library: library, tracking: tracking, reshapesEveryLine: false)
  }

  /// `reshapesEveryLine`: shape each line of a broken paragraph again even
  /// where HarfBuzz says the paragraph's glyphs cut at the break are the
  /// same, as lines were made before they were cut (the tests compare the two).
  package init(library: FontLibrary, tracking: TrackingTable?, reshapesEveryLine: Bool) {
    self.library = library
    self.tracking = tracking
    self.reshapesEveryLine = reshapesEveryLine
    outlines = GlyphOutlines(library: library)
    Self.lineBreakingReady
  }

  /// The fonts this typesetter measures with (the gallery's stylesheet embeds the same files).
  public var fontLibrary: FontLibrary { library }

  /// libunibreak (before 4.0) builds its tables once, before first use.
  private static let lineBreakingReady: Void = init_linebreak()

  /// `text` broken into lines no wider than `maxWidth` points (at least one
  /// line, which may be empty). Line feeds always break.
  ///
  /// `avoidsOrphans`: as `UILabel` breaks lines since iOS 14 (its default
  /// `lineBreakStrategy` is `.standard`, which includes `.pushOut`): a
  /// paragraph's last line is never one word alone when the line above can
  /// give it one (Apple: "typically, the text system only pushes out the last
  /// line by one word").
  public func lines(
    of text: String, fontSize: Double, weight: Int, locale: String, maxWidth: Double = .infinity,
    avoidsOrphans: Bool = false
  ) -> [TypesetLine] {
    let key = Key(
      text: ExactText(text), fontSize: fontSize, weight: weight, locale: locale, maxWidth: maxWidth,
      avoidsOrphans: avoidsOrphans)
    return cached(key) { style in
      Self.paragraphs(of: text).flatMap { paragraph in
        layOut(paragraph, style: style, maxWidth: maxWidth, avoidsOrphans: avoidsOrphans)
      }
    }
  }

  /// The scalars of each paragraph of `text`, carriage returns left out: as
  /// `text.split(separator: "\n")` by characters cuts it (a line feed after a
  /// carriage return is one character with it, `\r\n`, and does not cut), read
  /// once by scalar instead of by grapheme cluster.
  static func paragraphs(of text: String) -> [[UInt32]] {
    var paragraphs: [[UInt32]] = []
    var current: [UInt32] = []
    current.reserveCapacity(text.utf8.count)
    var afterCarriageReturn = false
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n" where !afterCarriageReturn:
        paragraphs.append(current)
        current.removeAll(keepingCapacity: true)
      case "\r":
        break
      default:
        current.append(scalar.value)
      }
      afterCarriageReturn = scalar == "\r"
    }
    paragraphs.append(current)
    return paragraphs
  }

  /// `text` on one line, however wide (line feeds are left out).
  public func line(_ text: String, fontSize: Double, weight: Int, locale: String) -> TypesetLine {
    // A width no text has keys the one-line result apart from the wrapped ones.
    let lines = cached(Key(text: ExactText(text), fontSize: fontSize, weight: weight, locale: locale, maxWidth: -1)) {
      style in
      layOut(
        text.unicodeScalars.compactMap { $0 == "\n" || $0 == "\r" ? nil : $0.value }, style: style,
        maxWidth: .infinity)
    }
    return lines[0]
  }

  /// The cached lines of `key`, or those `make` sets in its style (at least one line).
  private func cached(_ key: Key, _ make: (Style) -> [TypesetLine]) -> [TypesetLine] {
    if let cached = cache.withLock({ $0.value(for: key) }) { return cached }
    let style = Style(fontSize: key.fontSize, weight: key.weight, locale: key.locale)
    var lines = make(style)
    if lines.isEmpty { lines = [emptyLine(style)] }
    // Every eighth time the cache turns a generation, the font files' pages
    // that the texts before it read go back to the kernel too
    // (`FontLibrary.releasePages`): often enough that a site's thousands of
    // CJK characters never stay mapped together, seldom enough that the
    // tables every text reads are not read in again and again.
    if cache.withLock({ $0.store(lines, for: key) }),
      generations.add(1, ordering: .relaxed).newValue % Self.generationsPerRelease == 0
    {
      library.releasePages()
    }
    return lines
  }

  // MARK: - One paragraph

  private struct Style {
    var fontSize: Double
    var weight: Int
    var locale: String
    var isRightToLeft: Bool
    /// The face per coverage, in fallback order.
    var faces: [Int]

    init(fontSize: Double, weight: Int, locale: String) {
      self.fontSize = fontSize
      self.weight = weight
      self.locale = locale
      isRightToLeft = PinnedFont.isRightToLeft(locale)
      let region = PinnedFont.Region.forLocale(locale)
      let weights = Self.facesByRegionAndWeight[region] ?? [:]
      faces =
        weights[weight]
        ?? PinnedFont.Coverage.allCases.map { PinnedFont.face($0, weight: weight, region: region).id }
    }

    /// The faces of every region at the weights text is set in (100 to 900),
    /// chosen once: a style is made for every text laid out.
    static let facesByRegionAndWeight: [PinnedFont.Region: [Int: [Int]]] = Dictionary(
      uniqueKeysWithValues: PinnedFont.Region.allCases.map { region in
        (
          region,
          Dictionary(
            uniqueKeysWithValues: stride(from: 100, through: 900, by: 100).map { weight in
              (weight, PinnedFont.Coverage.allCases.map { PinnedFont.face($0, weight: weight, region: region).id })
            })
        )
      })
  }

  /// What the whole paragraph resolved to, shared by its lines.
  private struct Paragraph {
    var scalars: [UInt32]
    var faces: [Int]
    var scripts: [hb_script_t]
    var levels: [Int8]
    /// The paragraph's resolved direction.
    var isRightToLeft: Bool
  }

  private func emptyLine(_ style: Style) -> TypesetLine {
    let face = library.face(style.faces[0])
    return TypesetLine(
      text: "", width: 0, runs: [], primaryFace: face.font.id, ascent: face.ascent, descent: face.descent,
      isRightToLeft: style.isRightToLeft)
  }

  private func layOut(_ scalars: [UInt32], style: Style, maxWidth: Double, avoidsOrphans: Bool = false)
    -> [TypesetLine]
  {
    guard !scalars.isEmpty else { return [emptyLine(style)] }
    let (levels, isRightToLeft) = self.levels(of: scalars, rightToLeft: style.isRightToLeft)
    let paragraph = Paragraph(
      scalars: scalars, faces: faces(for: scalars, style: style), scripts: scripts(of: scalars), levels: levels,
      isRightToLeft: isRightToLeft)
    // The whole paragraph is shaped once: it is the line when it fits, and
    // gives the advances to break at when it does not.
    let whole = 0..<scalars.count
    let runs = self.runs(paragraph, whole)
    let shaped = runs.map { shape(paragraph, $0, style: style) }
    let width = shaped.reduce(0.0) { $0 + $1.width }
    if width <= maxWidth + 0.001 { return [line(paragraph, whole, runs: runs, shaped: shaped, style: style)] }
    // Each line is as it is shaped on its own, as it is drawn; a line that is
    // wider alone than its share of the paragraph (kerning or a contextual
    // form across the break) is broken earlier, so no drawn line passes
    // `maxWidth`. Where HarfBuzz says a break is safe, the line's glyphs are
    // the paragraph's, cut there: the same glyphs and positions shaping the
    // line again would give (`HB_GLYPH_FLAG_UNSAFE_TO_BREAK`).
    // Breaking asks for the widths of candidate lines; only the lines kept
    // are made (text, ink and outlines), from the same shaping.
    var made: [Range<Int>: (runs: [Run], shaped: [Shaped])] = [:]
    func shapedPieces(_ range: Range<Int>) -> (runs: [Run], shaped: [Shaped]) {
      if let known = made[range] { return known }
      let pieces = self.runs(paragraph, range)
      let shapedPieces = pieces.map { piece in
        reshapesEveryLine
          ? shape(paragraph, piece, style: style)
          : Self.cut(shaped, of: runs, to: piece) ?? shape(paragraph, piece, style: style)
      }
      made[range] = (pieces, shapedPieces)
      return (pieces, shapedPieces)
    }
    func drawnWidth(_ range: Range<Int>) -> Double {
      let (pieces, shapedPieces) = shapedPieces(range)
      return Self.width(of: shapedPieces, levels: pieces.map(\.level))
    }
    var ranges = breakLines(paragraph, shaped: shaped, style: style, maxWidth: maxWidth, drawnWidth: drawnWidth)
    if avoidsOrphans { ranges = pushingOut(ranges, scalars: scalars, maxWidth: maxWidth, drawnWidth: drawnWidth) }
    return ranges.map { range in
      let (pieces, shapedPieces) = shapedPieces(range)
      return line(paragraph, range, runs: pieces, shaped: shapedPieces, style: style)
    }
  }

  /// The width of a line of these shaped runs: their widths summed in the
  /// order `line` places them (visual), so it is the line's width to the bit.
  private static func width(of shaped: [Shaped], levels: [Int8]) -> Double {
    visualOrder(levels).reduce(0.0) { $0 + shaped[$1].width }
  }

  /// The face of every character.
  private func faces(for scalars: [UInt32], style: Style) -> [Int] {
    let unicode = hb_unicode_funcs_get_default()
    var faces = [Int](repeating: -1, count: scalars.count)
    for (index, scalar) in scalars.enumerated() {
      let script = hb_unicode_script(unicode, scalar)
      if script == HB_SCRIPT_INHERITED, index > 0 {
        faces[index] = faces[index - 1]  // a mark stays with its base
        continue
      }
      if let coverage = Self.coverage(of: script) {
        faces[index] = face(for: scalar, preferring: style.faces[coverage.rawValue], style: style)
      } else if index > 0, faces[index - 1] >= 0, library.face(faces[index - 1]).hasGlyph(scalar) {
        faces[index] = faces[index - 1]
      }
    }
    // Common characters before the first resolved one take the face after them.
    var next = -1
    for index in faces.indices.reversed() {
      if faces[index] >= 0 {
        next = faces[index]
      } else if next >= 0, library.face(next).hasGlyph(scalars[index]) {
        faces[index] = next
      } else {
        faces[index] = face(for: scalars[index], preferring: style.faces[0], style: style)
      }
    }
    return faces
  }

  /// `preferred` when it has the glyph, else the first face in fallback order
  /// that does, else `preferred` (which then draws its .notdef box).
  private func face(for scalar: UInt32, preferring preferred: Int, style: Style) -> Int {
    if library.face(preferred).hasGlyph(scalar) { return preferred }
    return style.faces.first { library.face($0).hasGlyph(scalar) } ?? preferred
  }

  static func coverage(of script: hb_script_t) -> PinnedFont.Coverage? {
    switch script {
    case HB_SCRIPT_COMMON, HB_SCRIPT_INHERITED, HB_SCRIPT_UNKNOWN: nil
    case HB_SCRIPT_ARABIC: .arabic
    case HB_SCRIPT_HEBREW: .hebrew
    case HB_SCRIPT_HAN, HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA, HB_SCRIPT_HANGUL, HB_SCRIPT_BOPOMOFO: .cjk
    default: .latin
    }
  }

  /// Each character's script, common and inherited characters taking the
  /// script before them, except that a closing bracket takes its opening
  /// bracket's (UAX #24's paired punctuation, as browsers resolve it), so
  /// `(iOS 17).` inside Arabic keeps `).` in Arabic.
  private func scripts(of scalars: [UInt32]) -> [hb_script_t] {
    let unicode = hb_unicode_funcs_get_default()
    var scripts = scalars.map { hb_unicode_script(unicode, $0) }
    var last = HB_SCRIPT_COMMON
    var open: [(closing: UInt32, script: hb_script_t)] = []
    for index in scripts.indices {
      guard scripts[index] == HB_SCRIPT_COMMON || scripts[index] == HB_SCRIPT_INHERITED else {
        last = scripts[index]
        continue
      }
      let scalar = scalars[index]
      if let closing = Self.brackets[scalar] {
        open.append((closing, last))
      } else if let match = open.lastIndex(where: { $0.closing == scalar }) {
        last = open[match].script
        open.removeSubrange(match...)
      }
      scripts[index] = last
    }
    return scripts
  }

  /// Opening brackets and the closing one each pairs with (Unicode's Bidi_Paired_Bracket, the common ones).
  private static let brackets: [UInt32: UInt32] = [
    0x28: 0x29, 0x5B: 0x5D, 0x7B: 0x7D, 0xAB: 0xBB, 0x2039: 0x203A, 0x201C: 0x201D, 0x2018: 0x2019,
    0x3008: 0x3009, 0x300A: 0x300B, 0x300C: 0x300D, 0x300E: 0x300F, 0x3010: 0x3011, 0xFF08: 0xFF09,
  ]

  /// Embedding levels by the Unicode bidirectional algorithm (FriBidi); left
  /// to right text without a right-to-left character is all level 0.
  /// Each character's embedding level, and the paragraph's direction: its
  /// first strong character's, else `rightToLeft` (the locale's).
  private func levels(of scalars: [UInt32], rightToLeft: Bool) -> (levels: [Int8], isRightToLeft: Bool) {
    let count = scalars.count
    guard rightToLeft || scalars.contains(where: { $0 >= 0x0590 }) else {
      return ([Int8](repeating: 0, count: count), false)
    }
    var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: count)
    var brackets = [FriBidiBracketType](repeating: 0, count: count)
    var levels = [FriBidiLevel](repeating: 0, count: count)
    var direction = rightToLeft ? blankslate_fribidi_par_wrtl : blankslate_fribidi_par_wltr
    fribidi_get_bidi_types(scalars, FriBidiStrIndex(count), &types)
    fribidi_get_bracket_types(scalars, FriBidiStrIndex(count), types, &brackets)
    let maximum = fribidi_get_par_embedding_levels_ex(types, brackets, FriBidiStrIndex(count), &direction, &levels)
    // A paragraph without a strong character keeps the weak direction it was given.
    let resolved = direction == blankslate_fribidi_par_rtl || direction == blankslate_fribidi_par_wrtl
    guard maximum > 0 else { return ([Int8](repeating: resolved ? 1 : 0, count: count), resolved) }
    return (levels, resolved)
  }

  // MARK: - Breaking

  /// Where lines end: the widest run of characters up to a UAX #14 break
  /// opportunity that fits, trailing spaces hanging; a word wider than the
  /// line is cut between clusters.
  ///
  /// `drawnWidth`: a line's width shaped on its own. A line whose characters'
  /// advances fit but whose drawn width does not ends at an earlier opportunity.
  private func breakLines(
    _ paragraph: Paragraph, shaped: [Shaped], style: Style, maxWidth: Double,
    drawnWidth: (Range<Int>) -> Double
  ) -> [Range<Int>] {
    let scalars = paragraph.scalars
    let count = scalars.count
    var breaks = [CChar](repeating: 0, count: count)
    let language = String(style.locale.split(separator: "-").first ?? "")
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

  /// `lines` with the last word of the line before a one-word last line moved
  /// down to it, when the last line still fits; words are what spaces part.
  private func pushingOut(
    _ lines: [Range<Int>], scalars: [UInt32], maxWidth: Double, drawnWidth: (Range<Int>) -> Double
  ) -> [Range<Int>] {
    guard lines.count >= 2, let last = lines.last else { return lines }
    let previous = lines[lines.count - 2]
    guard !last.contains(where: { Self.isSpace(scalars[$0]) }) else { return lines }
    // The start of the previous line's last word.
    guard let space = previous.dropLast().lastIndex(where: { Self.isSpace(scalars[$0]) }) else { return lines }
    var shortened = previous.lowerBound..<space
    while shortened.upperBound > shortened.lowerBound, Self.isSpace(scalars[shortened.upperBound - 1]) {
      shortened = shortened.lowerBound..<(shortened.upperBound - 1)
    }
    let pushed = (space + 1)..<last.upperBound
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

  // MARK: - Shaping

  /// A maximal range of characters with one face, level and script.
  private struct Run {
    var range: Range<Int>
    var face: Int
    var level: Int8
    var script: hb_script_t
  }

  private func runs(_ paragraph: Paragraph, _ range: Range<Int>) -> [Run] {
    var runs: [Run] = []
    var start = range.lowerBound
    for index in range {
      let next = index + 1
      if next == range.upperBound || paragraph.faces[next] != paragraph.faces[start]
        || paragraph.levels[next] != paragraph.levels[start]
        || !Self.shapesAlike(paragraph.scripts[next], paragraph.scripts[start])
      {
        runs.append(
          Run(
            range: start..<next, face: paragraph.faces[start], level: paragraph.levels[start],
            script: paragraph.scripts[start]))
        start = next
      }
    }
    return runs
  }

  /// Whether characters of these scripts are shaped in one run when they
  /// share a face and level: Han, hiragana and katakana, which Japanese
  /// mixes in every phrase (「保存済みの注文」 is four script runs) and which
  /// a CJK face shapes alike (HarfBuzz's default features carry nothing
  /// across them). One run per phrase instead of one per script change is
  /// a fifth of the HarfBuzz calls for a Japanese text.
  static func shapesAlike(_ first: hb_script_t, _ second: hb_script_t) -> Bool {
    first == second || isJapaneseScript(first) && isJapaneseScript(second)
  }

  private static func isJapaneseScript(_ script: hb_script_t) -> Bool {
    script == HB_SCRIPT_HAN || script == HB_SCRIPT_HIRAGANA || script == HB_SCRIPT_KATAKANA
  }

  /// What a run's shaping depends on: the paragraph around it (Arabic joins
  /// across a run's edge), the run, and the language.
  private struct ShapeKey: Hashable {
    var scalars: [UInt32]
    var range: Range<Int>
    var face: Int
    var level: Int8
    var script: UInt32
    var locale: String

    /// The paragraph's scalars hashed as one block of bytes, not one by one.
    func hash(into hasher: inout Hasher) {
      scalars.withUnsafeBytes { hasher.combine(bytes: $0) }
      hasher.combine(UInt64(truncatingIfNeeded: range.lowerBound) << 32 | UInt64(truncatingIfNeeded: range.upperBound))
      hasher.combine(UInt64(truncatingIfNeeded: face) << 40 | UInt64(UInt8(bitPattern: level)) << 32 | UInt64(script))
      hasher.combine(locale)
    }
  }

  private struct Shaped {
    var glyphs: [UInt32] = []
    var clusters: [Int] = []
    var advances: [Int32] = []
    var xOffsets: [Int32] = []
    var yOffsets: [Int32] = []
    /// Whether breaking the text at the start of each glyph's cluster changes
    /// the shaping on either side (HarfBuzz's `HB_GLYPH_FLAG_UNSAFE_TO_BREAK`).
    var unsafeToBreak: [Bool] = []
    var scale: Double
    /// The tracking added after each character, in points.
    var tracking: Double = 0

    /// The run's advances, in points: the width it is drawn with.
    var width: Double { Double(advances.reduce(0, +)) * scale }
  }

  /// The glyphs of `piece` (a run of one line) cut from the paragraph's
  /// shaped `runs`, when the run it lies in breaks safely at both its ends;
  /// nil when it must be shaped again.
  private static func cut(_ shaped: [Shaped], of runs: [Run], to piece: Run) -> Shaped? {
    guard let index = runs.firstIndex(where: { $0.range.contains(piece.range.lowerBound) }) else { return nil }
    let whole = shaped[index]
    let run = runs[index]
    guard run.range != piece.range else { return whole }
    guard piece.range.upperBound <= run.range.upperBound else { return nil }
    // Glyphs run left to right: clusters rise in a left-to-right run and fall in a right-to-left one.
    let inPiece = whole.clusters.indices.filter { piece.range.contains(whole.clusters[$0]) }
    guard let first = inPiece.first, let last = inPiece.last, inPiece.count == last - first + 1 else { return nil }
    /// A cut at `position` is safe where a cluster starts there and HarfBuzz allows the break.
    func safe(at position: Int) -> Bool {
      guard position > run.range.lowerBound, position < run.range.upperBound else { return true }
      guard let glyph = whole.clusters.firstIndex(of: position) else { return false }
      return !whole.unsafeToBreak[glyph]
    }
    guard safe(at: piece.range.lowerBound), safe(at: piece.range.upperBound) else { return nil }
    let glyphs = first...last
    return Shaped(
      glyphs: Array(whole.glyphs[glyphs]), clusters: Array(whole.clusters[glyphs]),
      advances: Array(whole.advances[glyphs]), xOffsets: Array(whole.xOffsets[glyphs]),
      yOffsets: Array(whole.yOffsets[glyphs]), unsafeToBreak: Array(whole.unsafeToBreak[glyphs]), scale: whole.scale,
      tracking: whole.tracking)
  }

  /// One run shaped by HarfBuzz, with the whole paragraph as context (Arabic
  /// joining across a run's edge), glyphs left to right.
  private func shape(_ paragraph: Paragraph, _ run: Run, style: Style) -> Shaped {
    let face = library.face(run.face)
    let key = ShapeKey(
      scalars: paragraph.scalars, range: run.range, face: run.face, level: run.level, script: run.script.rawValue,
      locale: style.locale)
    var shaped: Shaped
    if let found = shapes.withLock({ $0.value(for: key) }) {
      shaped = found
    } else {
      shaped = harfBuzzShape(paragraph, run, face: face, locale: style.locale)
      shapes.withLock { _ = $0.store(shaped, for: key) }
    }
    shaped.scale = style.fontSize / face.unitsPerEm
    // Tracking, as a browser's letter-spacing adds it: after each character
    // (the last glyph of each cluster), to Latin text only: Apple's table is
    // SF Pro's, and joined scripts are never spaced apart — neither are the
    // punctuation and digits that take a cursive script from the text around
    // them, which browsers leave unspaced too.
    if let tracking, face.font.coverage == .latin, Self.coverage(of: run.script) == .latin {
      let points = tracking.tracking(at: style.fontSize)
      let units = Int32((points / shaped.scale).rounded())
      if units != 0 {
        shaped.tracking = Double(units) * shaped.scale
        for index in shaped.glyphs.indices
        where index == shaped.glyphs.count - 1 || shaped.clusters[index + 1] != shaped.clusters[index] {
          shaped.advances[index] += units
        }
      }
    }
    return shaped
  }

  /// How many runs this typesetter has had HarfBuzz shape.
  package var runsShaped: Int { harfBuzzShapes.load(ordering: .relaxed) }

  /// `run` as HarfBuzz shapes it in `face`, in font units, untracked.
  private func harfBuzzShape(_ paragraph: Paragraph, _ run: Run, face: LoadedFace, locale: String) -> Shaped {
    harfBuzzShapes.add(1, ordering: .relaxed)
    var shaped = Shaped(scale: 1)
    let buffer = hb_buffer_create()
    defer { hb_buffer_destroy(buffer) }
    paragraph.scalars.withUnsafeBufferPointer { text in
      hb_buffer_add_codepoints(
        buffer, text.baseAddress, Int32(text.count), UInt32(run.range.lowerBound), Int32(run.range.count))
    }
    hb_buffer_set_direction(buffer, run.level % 2 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
    hb_buffer_set_script(buffer, run.script)
    hb_buffer_set_language(buffer, hb_language_from_string(locale, -1))
    hb_shape(face.hbFont, buffer, nil, 0)
    var count: UInt32 = 0
    guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
      let positions = hb_buffer_get_glyph_positions(buffer, &count)
    else { return shaped }
    for index in 0..<Int(count) {
      shaped.glyphs.append(infos[index].codepoint)
      shaped.clusters.append(Int(infos[index].cluster))
      shaped.advances.append(positions[index].x_advance)
      shaped.xOffsets.append(positions[index].x_offset)
      shaped.yOffsets.append(positions[index].y_offset)
      shaped.unsafeToBreak.append(infos[index].mask & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0)
    }
    return shaped
  }

  /// The characters `range` of the paragraph as one drawn line: runs shaped,
  /// then put in visual order (rule L2 of UAX #9).
  private func line(
    _ paragraph: Paragraph, _ range: Range<Int>, runs logical: [Run], shaped: [Shaped], style: Style
  ) -> TypesetLine {
    let text = String(scalars: paragraph.scalars[range])
    guard !range.isEmpty else {
      var line = emptyLine(style)
      line.text = text
      return line
    }
    var glyphRuns: [GlyphRun] = []
    for (run, shaped) in zip(logical, shaped) {
      var pen: Int32 = 0
      var xs: [Int32] = []
      var ys: [Int32] = []
      for index in shaped.glyphs.indices {
        xs.append(pen + shaped.xOffsets[index])
        ys.append(shaped.yOffsets[index])
        pen += shaped.advances[index]
      }
      glyphRuns.append(
        GlyphRun(
          face: run.face,
          text: String(scalars: paragraph.scalars[run.range]),
          logicalStart: run.range.lowerBound - range.lowerBound, isRightToLeft: run.level % 2 == 1, x: 0,
          width: shaped.width, scale: shaped.scale, glyphs: shaped.glyphs, xPositions: xs,
          yOffsets: ys, tracking: shaped.tracking))
    }
    var x = 0.0
    var visual: [GlyphRun] = []
    for index in Self.visualOrder(logical.map(\.level)) {
      var run = glyphRuns[index]
      run.x = x
      x += run.width
      visual.append(run)
    }
    let primary = library.face(logical[0].face)
    var above = 0.0
    var below = 0.0
    for run in visual {
      for (glyph, offset) in zip(run.glyphs, run.yOffsets) {
        let ink = inkExtent(face: run.face, glyph: glyph)
        guard ink.top != ink.bottom else { continue }
        above = max(above, Double(offset + ink.top) * run.scale)
        below = max(below, -Double(offset + ink.bottom) * run.scale)
      }
    }
    return TypesetLine(
      text: text, width: x, runs: visual, primaryFace: primary.font.id, ascent: primary.ascent,
      descent: primary.descent, inkAbove: above, inkBelow: below,
      outline: outline(of: visual, fontSize: style.fontSize),
      isRightToLeft: paragraph.isRightToLeft)
  }

  /// How far `glyph`'s ink reaches above and below its baseline, in font
  /// units; the same top and bottom for a glyph that inks nothing.
  private func inkExtent(face: Int, glyph: UInt32) -> (top: Int32, bottom: Int32) {
    let key = UInt64(face) << 32 | UInt64(glyph)
    if let ink = inks.withLock({ $0[key] }) { return ink }
    var extents = hb_glyph_extents_t()
    let found = hb_font_get_glyph_extents(library.face(face).hbFont, glyph, &extents) != 0 && extents.height != 0
    let ink = found ? (top: extents.y_bearing, bottom: extents.y_bearing + extents.height) : (top: 0, bottom: 0)
    inks.withLock { $0[key] = ink }
    return ink
  }

  /// The glyphs of `runs` as one SVG path on the outline grid
  /// (`GlyphOutlines.grid`): each glyph's first point written where the
  /// glyph sits, then its outline.
  private func outline(of runs: [GlyphRun], fontSize: Double) -> [UInt8] {
    var data: [UInt8] = []
    for run in runs {
      let perUnit = run.scale / GlyphOutlines.grid
      let runX = run.x / GlyphOutlines.grid
      for (glyph, (x, y)) in zip(run.glyphs, zip(run.xPositions, run.yOffsets)) {
        let outline = outlines.outline(face: run.face, glyph: glyph, fontSize: fontSize)
        guard !outline.isEmpty else { continue }
        let originX = Int32((runX + Double(x) * perUnit).rounded()) + outline.startX
        let originY = Int32((-Double(y) * perUnit).rounded()) + outline.startY
        data.append(0x4D)  // M
        NumberText.append(integer: originX, to: &data)
        if originY >= 0 { data.append(0x20) }
        NumberText.append(integer: originY, to: &data)
        data.append(contentsOf: outline.rest)
      }
    }
    return data
  }

  /// The drawing order of runs with these levels: from the highest level down
  /// to the lowest odd one, every sequence at that level or above is reversed.
  package static func visualOrder(_ levels: [Int8]) -> [Int] {
    var order = Array(levels.indices)
    guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 % 2 == 1 }).min() else { return order }
    var level = highest
    while level >= lowestOdd {
      var index = 0
      while index < order.count {
        guard levels[order[index]] >= level else {
          index += 1
          continue
        }
        var end = index
        while end < order.count, levels[order[end]] >= level { end += 1 }
        order[index..<end].reverse()
        index = end
      }
      level -= 1
    }
    return order
  }
}
