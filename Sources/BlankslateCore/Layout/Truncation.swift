import BlankslateSupport
import BlankslateModel

/// Where a fixed-size control puts the ellipsis when its text does not fit:
/// `NSLineBreakMode.byTruncatingTail`, a `UILabel`'s default, or
/// `.byTruncatingMiddle`, the default of a `UIButton`'s title label.
enum Truncation {
  case tail
  case middle
}

extension LayoutContext {
  /// The part of `text` that the lines `kept` do not show, from the first
  /// character after them (each line's text is found in order in `text`).
  static func text(of text: String, after kept: [TypesetLine]) -> String {
    var rest = Substring(text)
    for line in kept where !line.text.isEmpty {
      if let range = rest.range(of: line.text) { rest = rest[range.upperBound...] }
    }
    return String(rest.drop { $0 == " " || $0 == "\n" })
  }

  /// `text` as one line no wider than `width`: as it is when it fits, else the
  /// most characters that fit with an ellipsis at the tail, or with the
  /// ellipsis between the start and the end. A line break becomes a space.
  func truncate(
    _ text: String, fontSize: Double, weight: TextBlock.Weight, to width: Double, at truncation: Truncation
  ) -> TypesetLine {
    let characters = Array(text.replacingOccurrences(of: "\n", with: " "))
    func line(_ count: Int) -> TypesetLine? {
      let shown: String
      if count >= characters.count {
        shown = String(characters)
      } else {
        switch truncation {
        case .tail:
          shown = Self.withoutTrailingSpaces(characters[..<count]) + "…"
        case .middle:
          let head = (count + 1) / 2
          shown =
            Self.withoutTrailingSpaces(characters[..<head]) + "…"
            + String(characters[(characters.count - (count - head))...].drop { $0 == " " })
        }
      }
      return typeset(shown, fontSize: fontSize, weight: weight, maxWidth: .infinity).first
    }
    // The most characters that fit: widths grow with the count, so halve the range.
    var (low, high) = (0, characters.count)
    while low < high {
      let middle = (low + high + 1) / 2
      if let candidate = line(middle), candidate.width <= width + 0.001 { low = middle } else { high = middle - 1 }
    }
    return line(low) ?? TypesetLine(text: "", width: 0, runs: [], primaryFace: 0, ascent: 0, descent: 0)
  }

  private static func withoutTrailingSpaces(_ characters: ArraySlice<Character>) -> String {
    var end = characters.endIndex
    while end > characters.startIndex, characters[end - 1] == " " { end -= 1 }
    return String(characters[characters.startIndex..<end])
  }
}
