import CFriBidi
import CHarfBuzz
import CUnibreak
import Synchronization
import BlankslateModel
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

  let library: FontLibrary
  /// The tracking the site asks for, applied to Latin runs (SF Pro's table is for Latin text).
  let tracking: TrackingTable?
  let outlines: GlyphOutlines
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
  let inks = Mutex<[UInt64: (top: Int32, bottom: Int32)]>([:])
  /// Runs as HarfBuzz shaped them, in font units and without tracking: what
  /// a run's glyphs are does not depend on the size it is set at, so a text
  /// laid out at another text size (or width) is not shaped again. Bounded
  /// like `cache`: a design's renders set each of its texts at every size
  /// one after another.
  let shapes = Mutex(BoundedCache<ShapeKey, Shaped>(capacity: Typesetter.cachedTexts * 2))
  /// How many runs HarfBuzz has shaped (the shapes cache's misses).
  let harfBuzzShapes = Atomic<Int>(0)

  /// A typesetter of its own (its own caches) over `library`'s fonts, tracking Latin text by `tracking`.
  package convenience init(library: FontLibrary, tracking: TrackingTable? = nil) {
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
  package var fontLibrary: FontLibrary { library }

  /// libunibreak (before 4.0) builds its tables once, before first use.
  private static let lineBreakingReady: Void = init_linebreak()

  /// `text` broken into lines no wider than `maxWidth` points (at least one
  /// line, which may be empty). Line feeds always break.
  ///
  /// `avoidsOrphans`: as `UILabel` breaks lines since iOS 14 (its default
  /// `lineBreakStrategy` is `.standard`, which includes `.pushOut`): a
  /// paragraph's last line is never one word alone, or in Chinese and Japanese
  /// one character, when the line above can give it one (Apple: "typically,
  /// the text system only pushes out the last line by one word").
  package func lines(
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
  package func line(_ text: String, fontSize: Double, weight: Int, locale: String) -> TypesetLine {
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

  struct Style {
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
  struct Paragraph {
    var scalars: [UInt32]
    var faces: [Int]
    var scripts: [hb_script_t]
    var levels: [Int8]
    /// The paragraph's resolved direction.
    var isRightToLeft: Bool
  }

  func emptyLine(_ style: Style) -> TypesetLine {
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
    let breaks = breakOpportunities(scalars, locale: style.locale)
    var ranges = breakLines(paragraph, breaks: breaks, shaped: shaped, maxWidth: maxWidth, drawnWidth: drawnWidth)
    if avoidsOrphans {
      ranges = pushingOut(ranges, scalars: scalars, breaks: breaks, maxWidth: maxWidth, drawnWidth: drawnWidth)
    }
    return ranges.enumerated().map { index, range in
      let (pieces, shapedPieces) = shapedPieces(range)
      var made = line(paragraph, range, runs: pieces, shaped: shapedPieces, style: style)
      // The next line starts where no opportunity is: this one was cut inside a word.
      if index + 1 < ranges.count, let next = ranges[index + 1].first, next > 0 {
        made.endsInsideWord = ![CChar(LINEBREAK_ALLOWBREAK), CChar(LINEBREAK_MUSTBREAK)].contains(breaks[next - 1])
      }
      return made
    }
  }

  /// The width of a line of these shaped runs: their widths summed in the
  /// order `line` places them (visual), so it is the line's width to the bit.
  static func width(of shaped: [Shaped], levels: [Int8]) -> Double {
    visualOrder(levels).reduce(0.0) { $0 + shaped[$1].width }
  }

  /// The face of every character.
  func faces(for scalars: [UInt32], style: Style) -> [Int] {
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
  func face(for scalar: UInt32, preferring preferred: Int, style: Style) -> Int {
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
  func scripts(of scalars: [UInt32]) -> [hb_script_t] {
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
  func levels(of scalars: [UInt32], rightToLeft: Bool) -> (levels: [Int8], isRightToLeft: Bool) {
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
}
