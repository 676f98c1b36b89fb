import CFriBidi
import CHarfBuzz
import CUnibreak
import BlankslateModel
import BlankslateSupport

/// Runs shaped by HarfBuzz, and lines drawn from them.
extension Typesetter {
  /// A maximal range of characters with one face, level and script.
  struct Run {
    var range: Range<Int>
    var face: Int
    var level: Int8
    var script: hb_script_t
  }

  func runs(_ paragraph: Paragraph, _ range: Range<Int>) -> [Run] {
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
  struct ShapeKey: Hashable {
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

  struct Shaped {
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
  static func cut(_ shaped: [Shaped], of runs: [Run], to piece: Run) -> Shaped? {
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
  func shape(_ paragraph: Paragraph, _ run: Run, style: Style) -> Shaped {
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
  func line(
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
