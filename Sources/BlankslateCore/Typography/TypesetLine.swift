import BlankslateSupport
import BlankslateModel

/// One line of text as it is drawn: its glyphs in visual order, placed with the
/// advances HarfBuzz gave them, so the width it was measured at is the width
/// every renderer draws.
package struct TypesetLine: Sendable, Hashable {
  /// The line's characters in logical (reading) order, without trailing spaces.
  package var text: String
  /// The sum of the glyph advances, in points.
  package var width: Double
  /// The runs left to right as drawn.
  package var runs: [GlyphRun]
  /// The pinned face whose metrics place the line's baseline (its first run in
  /// reading order, as a browser's strut is the element's first font).
  package var primaryFace: Int
  /// The primary face's ascender and descender in ems (both positive).
  package var ascent: Double
  package var descent: Double
  /// How far the glyphs' ink reaches above and below the baseline, in points.
  package var inkAbove: Double
  package var inkBelow: Double
  /// The line's glyphs as SVG path data, in grid units (`GlyphOutlines.grid`)
  /// from the line's left end on its baseline, y down; empty when
  /// nothing is inked. Made once per line, however often it is drawn.
  package var outline: [UInt8]
  /// Whether the line's paragraph runs right to left: its first strong
  /// character decides (UAX #9), else the locale, as UIKit's natural direction.
  package var isRightToLeft: Bool
  /// Whether the line ends inside a word: the next line goes on where UAX #14
  /// gives no break opportunity, because the word is wider than the line.
  package var endsInsideWord = false

  package init(
    text: String, width: Double, runs: [GlyphRun], primaryFace: Int, ascent: Double, descent: Double,
    inkAbove: Double = 0, inkBelow: Double = 0, outline: [UInt8] = [], isRightToLeft: Bool = false
  ) {
    self.isRightToLeft = isRightToLeft
    self.text = text
    self.width = width
    self.runs = runs
    self.primaryFace = primaryFace
    self.ascent = ascent
    self.descent = descent
    self.inkAbove = inkAbove
    self.inkBelow = inkBelow
    self.outline = outline
  }

  /// The smallest line height, in points, whose box holds the line's ink once
  /// the baseline is placed by `baseline(fontSize:lineHeight:)`: Arabic's deep
  /// descenders and stacked marks need taller lines than Latin, as UIKit gives them.
  package func lineHeightHoldingInk(fontSize: Double) -> Double {
    let metrics = (ascent - descent) * fontSize
    return max(2 * inkBelow + metrics, 2 * inkAbove - metrics)
  }

  /// The baseline's distance below the top of a line box `lineHeight` tall,
  /// in points: half the leading above, then the ascender (CSS's model).
  package func baseline(fontSize: Double, lineHeight: Double) -> Double {
    (lineHeight - (ascent + descent) * fontSize) / 2 + ascent * fontSize
  }
}

/// Glyphs of one face at one embedding level, shaped together.
package struct GlyphRun: Sendable, Hashable {
  /// The pinned face (`PinnedFont.all[face]`).
  package var face: Int
  /// The run's characters in logical order (what a page writes as text).
  package var text: String
  /// The run's first character's position in its line, in reading order.
  package var logicalStart: Int
  package var isRightToLeft: Bool
  /// The run's left edge from the line's left edge, in points.
  package var x: Double
  /// The run's width, in points.
  package var width: Double
  /// Points per font unit (font size ÷ units per em).
  package var scale: Double
  /// Glyph ids, left to right.
  package var glyphs: [UInt32]
  /// Each glyph's pen position from the run's left edge and its vertical
  /// offset (up is positive), in font units.
  package var xPositions: [Int32]
  package var yOffsets: [Int32]
  /// The space added after each of the run's characters, in points (`"tracking": "sf-pro"`), 0 without.
  package var tracking: Double = 0
}
