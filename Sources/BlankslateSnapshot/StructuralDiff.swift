import BlankslateCore
import BlankslateSite
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
    /// The changes of elements that are in both, aspect by aspect, for summaries over many renders.
    var effects: [Effect] = []
  }

  static func explain(golden: SVGStructure, current: SVGStructure) -> Explanation {
    var changes: [String] = []
    var currentFrames: [Rect] = []
    var goldenFrames: [Rect] = []
    var effects: [Effect] = []
    if golden.size != current.size {
      changes.append("screen size \(text(golden.size)) → \(text(current.size))")
      effects.append(Effect(element: "screen", aspect: .size, old: text(golden.size), new: text(current.size)))
    }
    if golden.background != current.background {
      changes.append("screen background \(golden.background ?? "none") → \(current.background ?? "none")")
      effects.append(
        Effect(
          element: "screen", aspect: .background, old: golden.background ?? "none", new: current.background ?? "none"))
    }
    if golden.title != current.title {
      changes.append("title \(quoted(golden.title)) → \(quoted(current.title))")
      effects.append(Effect(element: "screen", aspect: .title, old: quoted(golden.title), new: quoted(current.title)))
    }

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
      let found = Self.effects(before, element)
      if !found.isEmpty {
        effects += found
        changes += Effect.sentences(found)
        if let frame = element.frame { currentFrames.append(frame) }
        if let frame = before.frame { goldenFrames.append(frame) }
      }
    }
    effects += grouped(removed).map { Effect(element: $0, aspect: .removed, old: "", new: "") }
    effects += grouped(added).map { Effect(element: $0, aspect: .added, old: "", new: "") }
    return Explanation(changes: changes, currentFrames: currentFrames, goldenFrames: goldenFrames, effects: effects)
  }

  private static func compare(_ before: SVGStructure.Element, _ after: SVGStructure.Element) -> [String] {
    Effect.sentences(effects(before, after))
  }

  /// What changed on one element, aspect by aspect (`message` `y` 369.75 → 373.75).
  static func effects(_ before: SVGStructure.Element, _ after: SVGStructure.Element) -> [Effect] {
    let name = after.id
    var effects: [Effect] = []
    func note(_ aspect: Effect.Aspect, _ old: String?, _ new: String?, none: String = "none") {
      if old != new { effects.append(Effect(element: name, aspect: aspect, old: old ?? none, new: new ?? none)) }
    }
    if let a = before.frame, let b = after.frame, a != b {
      note(.width, n(a.width), n(b.width))
      note(.height, n(a.height), n(b.height))
      note(.x, n(a.x), n(b.x))
      note(.y, n(a.y), n(b.y))
    }
    note(.background, before.fill, after.fill)
    if before.text != after.text { note(.text, quoted(before.text), quoted(after.text)) }
    note(.textColor, before.textColor, after.textColor)
    note(.fontSize, before.fontSize, after.fontSize)
    note(.fontWeight, before.fontWeight, after.fontWeight, none: "400")
    note(.scrolling, before.scroll, after.scroll)
    note(.role, before.role, after.role)
    if before.colors != after.colors {
      note(.colors, before.colors.joined(separator: " "), after.colors.joined(separator: " "))
    }
    // What the element draws besides its frame: a colour or a shape that the
    // fields above do not name is still a change, even when the element moved.
    if before.ownMarkup != after.ownMarkup, !effects.contains(where: \.aspect.isDrawn),
      before.relativeMarkup != after.relativeMarkup
    {
      effects.append(Effect(element: name, aspect: after.role == "image" ? .artwork : .drawing, old: "", new: ""))
    }
    return effects
  }

  /// The names of added or removed elements, many of one role as one (`11 row elements (row-4 … row-14)`).
  private static func grouped(_ elements: [SVGStructure.Element]) -> [String] {
    var roles: [String] = []
    var byRole: [String: [String]] = [:]
    for element in elements {
      if byRole[element.role] == nil { roles.append(element.role) }
      byRole[element.role, default: []].append(element.id)
    }
    return roles.flatMap { role -> [String] in
      let ids = byRole[role] ?? []
      guard ids.count > 3, let first = ids.first, let last = ids.last else { return ids }
      return ["\(ids.count) \(role) elements (\(first) … \(last))"]
    }
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

  static func n(_ value: Double) -> String { NumberText.format(value) }

  private static func describe(_ frame: Rect) -> String {
    "\(n(frame.x)),\(n(frame.y)) \(n(frame.width))×\(n(frame.height))"
  }

  static func quoted(_ text: String) -> String {
    // Most texts are one line and short: neither replaced nor counted
    // (Foundation's replacing walked every text a check reads, a fifth of it).
    let flat =
      text.utf8.contains(UInt8(ascii: "\n")) ? text.replacingOccurrences(of: "\n", with: " ⏎ ") : text
    return "\"" + (flat.utf8.count > 60 && flat.count > 60 ? String(flat.prefix(60)) + "…" : flat) + "\""
  }

  /// `393×852`, or `?` for a screen of unknown size.
  private static func text(_ size: Size?) -> String {
    size.map { NumberText.format($0.width) + "×" + NumberText.format($0.height) } ?? "?"
  }
}
