import BlankslateCore
import BlankslateSite
import BlankslateSupport

/// One visible change of one element between a golden and its render: the
/// element, what about it changed, and the values before and after, as the
/// SVG says them (`message` `y` `369.75` → `373.75`).
public struct Effect: Sendable, Hashable {
  /// What about an element changed.
  public enum Aspect: String, Sendable, CaseIterable {
    case width, height, x, y, background, text
    case textColor = "text colour"
    case fontSize = "font size"
    case fontWeight = "font weight"
    case scrolling, role
    case colors = "colours"
    case artwork, drawing, added, removed
    /// The screen's: its title (what a screen reader names the render) and its size.
    case title, size

    /// Whether the aspect changes what the element draws (not only where):
    /// an element whose drawing changed in none of these has changed artwork.
    var isDrawn: Bool {
      switch self {
      case .x, .y, .scrolling, .role, .added, .removed, .artwork, .drawing, .title, .size: false
      default: true
      }
    }

    /// Positions and sizes: many renders are summed up by how far they moved.
    var isMeasure: Bool { [.x, .y, .width, .height].contains(self) }

    /// What a sentence calls it.
    var words: String {
      switch self {
      case .x: "moved x"
      case .y: "moved y"
      case .artwork: "artwork changed"
      case .drawing: "drawing changed"
      default: rawValue
      }
    }
  }

  /// The element's role as the scene names it (`title`, `button`).
  public var element: String
  /// What changed about it.
  public var aspect: Aspect
  /// The value in the golden.
  public var old: String
  /// The value in the render.
  public var new: String

  /// An effect on `element`'s `aspect`, from `old` to `new`.
  public init(element: String, aspect: Aspect, old: String, new: String) {
    self.element = element
    self.aspect = aspect
    self.old = old
    self.new = new
  }

  /// The sentences of one render's effects, an element's move in one
  /// (`image moved x 1 → 2, y 3 → 4`); additions and removals are told elsewhere.
  static func sentences(_ effects: [Effect]) -> [String] {
    var lines: [String] = []
    var moves: [String: Int] = [:]
    for effect in effects {
      switch effect.aspect {
      case .added, .removed: continue
      case .artwork, .drawing: lines.append("\(effect.element) \(effect.aspect.words)")
      case .x, .y:
        let part = "\(effect.aspect.rawValue) \(effect.old) → \(effect.new)"
        if let at = moves[effect.element] {
          lines[at] += ", " + part
        } else {
          moves[effect.element] = lines.count
          lines.append("\(effect.element) moved " + part)
        }
      default: lines.append("\(effect.element) \(effect.aspect.rawValue) \(effect.old) → \(effect.new)")
      }
    }
    return lines
  }

  /// The effects of many renders said once each: an element's aspect with its
  /// values when every render agrees, else how far it moved (`message moved y
  /// +3.5 … +7`) or how many values it took; `(on 12 of 64 renders)` when not
  /// every render shows it.
  static func summary(_ renders: [[Effect]]) -> [String] {
    struct Key: Hashable {
      var element: String
      var aspect: Aspect
    }
    var order: [Key] = []
    var seen: [Key: [(old: String, new: String)]] = [:]
    for effects in renders {
      var inThisRender: Set<Key> = []
      for effect in effects {
        let key = Key(element: effect.element, aspect: effect.aspect)
        guard inThisRender.insert(key).inserted else { continue }
        if seen[key] == nil { order.append(key) }
        seen[key, default: []].append((effect.old, effect.new))
      }
    }
    return order.map { key in
      let pairs = seen[key] ?? []
      let share = pairs.count == renders.count ? "" : " (on \(pairs.count) of \(renders.count) renders)"
      let head = "\(key.element) \(key.aspect.words)"
      switch key.aspect {
      case .added, .removed, .artwork, .drawing: return head + share
      default: break
      }
      let distinct = Set(pairs.map { $0.old + "\u{0}" + $0.new })
      if distinct.count == 1, let pair = pairs.first { return "\(head) \(pair.old) → \(pair.new)" + share }
      if key.aspect.isMeasure {
        let deltas = pairs.compactMap { pair in Double(pair.old).flatMap { old in Double(pair.new).map { $0 - old } } }
        if deltas.count == pairs.count, let low = deltas.min(), let high = deltas.max() {
          func signed(_ value: Double) -> String { (value > 0 ? "+" : "") + NumberText.format(value) }
          return head + " " + (low == high ? signed(low) : "\(signed(low)) … \(signed(high))") + share
        }
      }
      let first = pairs[0]
      return "\(head) (\(distinct.count) values, such as \(first.old) → \(first.new))" + share
    }
  }
}
