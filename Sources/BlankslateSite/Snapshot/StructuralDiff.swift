import BlankslateCore
import BlankslateSupport
import BlankslateValidation

/// Explains how a render differs from its golden in the design's terms:
/// which element changed, which attribute, old → new.
enum StructuralDiff {
  /// What changed, and where, for highlighting.
  struct Explanation: Equatable, Sendable {
    /// Sentences such as `button background #00C2A8 → #00B8A0`.
    var changes: [String]
    /// Frames of the added and changed elements, in the current render.
    var currentFrames: [Rect]
    /// Frames of the removed and changed elements, in the golden.
    var goldenFrames: [Rect]
  }

  static func explain(golden: SVGStructure, current: SVGStructure) -> Explanation {
    var changes: [String] = []
    var currentFrames: [Rect] = []
    var goldenFrames: [Rect] = []
    if golden.size != current.size { changes.append("screen size \(text(golden.size)) → \(text(current.size))") }
    if golden.background != current.background {
      changes.append("screen background \(golden.background ?? "none") → \(current.background ?? "none")")
    }
    if golden.title != current.title { changes.append("title \(quoted(golden.title)) → \(quoted(current.title))") }

    let old = Dictionary(golden.elements.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let new = Dictionary(current.elements.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    // Only the outermost of removed or added elements: a removed row's title goes with it.
    let removed = golden.elements.filter { new[$0.id] == nil && ($0.parent.map { new[$0] != nil } ?? true) }
    changes += summarize(removed, "removed")
    goldenFrames += removed.compactMap(\.frame)
    let added = current.elements.filter { old[$0.id] == nil && ($0.parent.map { old[$0] != nil } ?? true) }
    changes += summarize(added, "added")
    currentFrames += added.compactMap(\.frame)
    for element in current.elements {
      guard let before = old[element.id] else { continue }
      let found = compare(before, element)
      if !found.isEmpty {
        changes += found
        if let frame = element.frame { currentFrames.append(frame) }
        if let frame = before.frame { goldenFrames.append(frame) }
      }
    }
    return Explanation(changes: changes, currentFrames: currentFrames, goldenFrames: goldenFrames)
  }

  private static func compare(_ before: SVGStructure.Element, _ after: SVGStructure.Element) -> [String] {
    let name = after.id
    var changes: [String] = []
    if let a = before.frame, let b = after.frame, a != b {
      if a.width != b.width { changes.append("\(name) width \(n(a.width)) → \(n(b.width))") }
      if a.height != b.height { changes.append("\(name) height \(n(a.height)) → \(n(b.height))") }
      if a.x != b.x || a.y != b.y {
        var moves: [String] = []
        if a.x != b.x { moves.append("x \(n(a.x)) → \(n(b.x))") }
        if a.y != b.y { moves.append("y \(n(a.y)) → \(n(b.y))") }
        changes.append("\(name) moved \(moves.joined(separator: ", "))")
      }
    }
    if before.fill != after.fill {
      changes.append("\(name) background \(before.fill ?? "none") → \(after.fill ?? "none")")
    }
    if before.text != after.text { changes.append("\(name) text \(quoted(before.text)) → \(quoted(after.text))") }
    if before.textColor != after.textColor {
      changes.append("\(name) text colour \(before.textColor ?? "none") → \(after.textColor ?? "none")")
    }
    if before.fontSize != after.fontSize {
      changes.append("\(name) font size \(before.fontSize ?? "none") → \(after.fontSize ?? "none")")
    }
    if before.fontWeight != after.fontWeight {
      changes.append("\(name) font weight \(before.fontWeight ?? "400") → \(after.fontWeight ?? "400")")
    }
    if before.scroll != after.scroll {
      changes.append("\(name) scrolling \(before.scroll ?? "none") → \(after.scroll ?? "none")")
    }
    if before.role != after.role { changes.append("\(name) role \(before.role) → \(after.role)") }
    if changes.isEmpty, before.ownMarkup != after.ownMarkup {
      changes.append(after.role == "image" ? "\(name) artwork changed" : "\(name) drawing changed")
    }
    return changes
  }

  /// `toast added at 100,200 175×42`, or for many of one role,
  /// `11 row elements removed (row-4 … row-14)`.
  private static func summarize(_ elements: [SVGStructure.Element], _ verb: String) -> [String] {
    var lines: [String] = []
    var byRole: [String: [SVGStructure.Element]] = [:]
    var roles: [String] = []
    for element in elements {
      if byRole[element.role] == nil { roles.append(element.role) }
      byRole[element.role, default: []].append(element)
    }
    for role in roles {
      let group = byRole[role] ?? []
      if group.count > 3, let first = group.first, let last = group.last {
        lines.append("\(group.count) \(role) elements \(verb) (\(first.id) … \(last.id))")
      } else {
        for element in group {
          let place = verb == "added" ? element.frame.map { " at \(describe($0))" } ?? "" : ""
          lines.append("\(element.id) \(verb)\(place)")
        }
      }
    }
    return lines
  }

  private static func n(_ value: Double) -> String { NumberText.format(value) }

  private static func describe(_ frame: Rect) -> String {
    "\(n(frame.x)),\(n(frame.y)) \(n(frame.width))×\(n(frame.height))"
  }

  private static func quoted(_ text: String) -> String {
    let flat = text.replacingOccurrences(of: "\n", with: " ⏎ ")
    return "\"" + (flat.count > 60 ? String(flat.prefix(60)) + "…" : flat) + "\""
  }

  /// `393×852`, or `?` for a screen of unknown size.
  private static func text(_ size: Size?) -> String {
    size.map { NumberText.format($0.width) + "×" + NumberText.format($0.height) } ?? "?"
  }
}
