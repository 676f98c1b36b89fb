@preconcurrency import CLibXML2
import BlankslateSupport

/// Counts the drawing work an SVG asks of a renderer: every element drawn,
/// with every reference that draws another subtree counted where it is used.
///
/// A few kilobytes can stand for billions of drawing operations: a `<use>`
/// of a group of `<use>`s, masks whose content is masked by the mask before,
/// markers drawn at every vertex of a path inside a marker. So each reference
/// that draws a subtree adds that subtree's cost, memoised per id (and per
/// inherited paint for `<use>`) and multiplied per use:
/// - `<use href>`: the referenced element, inheriting the `<use>`'s paint;
/// - `mask`, `clip-path`, `filter`: the referenced element's content, once
///   per element that names it;
/// - `marker-start`, `marker-mid`, `marker-end` (and CSS `marker`): the
///   marker's content at every vertex of a path, line, polyline or polygon;
/// - `fill` and `stroke` naming a pattern or gradient: its content, for each
///   shape painted with it (both inherit, as in CSS);
/// - `href` on a pattern, gradient or filter: the template it extends.
///
/// References are read from presentation attributes, `style` attributes and
/// `<style>` sheets (`CSSRuleReferences`, which matches generously). A
/// reference cycle, or a cost past the limit, refuses the asset; a sheet's
/// reference that would re-enter what it is drawn inside counts nothing, since
/// generous matching finds such cycles where a browser would draw none (a
/// `path { marker-end: url(#arrow) }` rule also matches the arrow's own path).

struct DrawingCost {
  enum Problem: Error, Equatable {
    case cycle
    case tooCostly
  }

  let limit: Int
  private let root: XMLElementView
  private var byID: [String: XMLElementView] = [:]
  private var rulesByKey: [String: [CSSRuleReferences.Rule]] = [:]
  private var contentMemo: [String: Int] = [:]
  private var useMemo: [UseKey: Int] = [:]
  private var expanding: Set<String> = []
  /// Set when a sheet's reference was skipped as a cycle: what is being
  /// counted then depends on where it was entered from, so it is not memoised.
  private var skippedCycle = false

  /// The paint servers and markers an element passes on to its children.
  private struct Inherited: Hashable {
    var fill: Found?
    var stroke: Found?
    var markerStart: Found?
    var markerMid: Found?
    var markerEnd: Found?
  }

  /// A reference, and whether a sheet's rule made it (matched generously).
  private struct Found: Hashable {
    var reference: CSSRuleReferences.Reference
    var fromSheet: Bool
    var id: String { reference.id }
    var property: String { reference.property }
  }

  private struct UseKey: Hashable {
    var id: String
    var inherited: Inherited
  }

  /// Elements that draw nothing where they stand, only where referenced.
  private static let referencedOnly: Set<String> = [
    "defs", "symbol", "mask", "clipPath", "marker", "pattern", "linearGradient", "radialGradient", "filter", "style",
    "title", "desc",
  ]
  private static let shapes: Set<String> = ["path", "rect", "circle", "ellipse", "line", "polyline", "polygon"]
  private static let markable: Set<String> = ["path", "line", "polyline", "polygon"]

  init(root: XMLElementView, limit: Int) {
    self.root = root
    self.limit = limit
    var found: [String: XMLElementView] = [:]
    var sheets: [String] = []
    root.forEachElement { element in
      if let id = element.attribute("id"), found[id] == nil { found[id] = element }
      if element.name == "style" { sheets.append(element.textContent) }
    }
    byID = found
    for rule in sheets.flatMap(CSSRuleReferences.rules(in:)) {
      // Indexed by the most selective part of each compound, so an element looks up only rules it could match.
      for compound in rule.selectors {
        let key = compound.id.map { "#" + $0 } ?? compound.classes.first.map { "." + $0 } ?? compound.tag ?? "*"
        rulesByKey[key, default: []].append(CSSRuleReferences.Rule(selectors: [compound], references: rule.references))
      }
    }
  }

  /// Why the drawing costs too much, or nil.
  mutating func problem() -> Problem? {
    do throws(Problem) {
      return try draw(root, Inherited()) > limit ? .tooCostly : nil
    } catch {
      return error
    }
  }

  /// The work of drawing `element` with the paint it inherits; at most `limit + 1`.
  private mutating func draw(_ element: XMLElementView, _ inherited: Inherited) throws(Problem) -> Int {
    let name = element.name
    if Self.referencedOnly.contains(name) { return elementCount(element) }
    let references = self.references(of: element)
    var paint = inherited
    Self.pass(references, into: &paint)
    var total = 1
    for found in references where ["mask", "clip-path", "filter"].contains(found.property) {
      total = capped(total + (try content(of: found)))
    }
    if Self.shapes.contains(name) {
      for server in [paint.fill, paint.stroke].compactMap({ $0 }) { total = capped(total + (try content(of: server))) }
      if Self.markable.contains(name) {
        var perVertex = 0
        for marker in [paint.markerStart, paint.markerMid, paint.markerEnd].compactMap({ $0 }) {
          perVertex = capped(perVertex + (try content(of: marker)))
        }
        if perVertex > 0 { total = capped(total + Self.vertices(of: element) * perVertex) }
      }
    }
    if name == "use", let id = Self.target(of: element) {
      total = capped(total + (try use(id, paint)))
    }
    for child in element.children where total <= limit {
      total = capped(total + (try draw(child, paint)))
    }
    return total
  }

  /// What a `<use>` of `id` draws: the element (a symbol's children, as a group).
  private mutating func use(_ id: String, _ inherited: Inherited) throws(Problem) -> Int {
    let key = UseKey(id: id, inherited: inherited)
    if let known = useMemo[key] { return known }
    guard let target = byID[id] else { return 0 }
    guard expanding.insert("use " + id).inserted else { throw .cycle }
    let skippedBefore = skippedCycle
    skippedCycle = false
    defer { skippedCycle = skippedCycle || skippedBefore }
    var total = 0
    if target.name == "symbol" {
      for child in target.children where total <= limit { total = capped(total + (try draw(child, inherited))) }
    } else {
      total = try draw(target, inherited)
    }
    expanding.remove("use " + id)
    if !skippedCycle { useMemo[key] = total }
    return total
  }

  /// What referencing `id` as a mask, clip, filter, marker or paint server
  /// draws: its content with the paint its own ancestors give it, and the
  /// template its `href` extends.
  private mutating func content(of found: Found) throws(Problem) -> Int {
    let id = found.id
    if let known = contentMemo[id] { return known }
    guard let target = byID[id] else { return 0 }
    guard expanding.insert(id).inserted else {
      guard found.fromSheet else { throw .cycle }
      skippedCycle = true
      return 0
    }
    let skippedBefore = skippedCycle
    skippedCycle = false
    defer { skippedCycle = skippedCycle || skippedBefore }
    let inherited = inheritedPaint(above: target)
    var total = 1
    for child in target.children where total <= limit {
      total = capped(total + (try draw(child, inherited)))
    }
    if ["pattern", "linearGradient", "radialGradient", "filter"].contains(target.name),
      let template = Self.target(of: target)
    {
      total = capped(
        total + (try content(of: Found(reference: .init(property: "href", id: template), fromSheet: false))))
    }
    expanding.remove(id)
    if !skippedCycle { contentMemo[id] = total }
    return total
  }

  /// The paint an element inherits from its ancestors.
  private func inheritedPaint(above element: XMLElementView) -> Inherited {
    var chain: [XMLElementView] = []
    var parent = element.node.pointee.parent
    while let node = parent, node.pointee.type == XML_ELEMENT_NODE {
      chain.append(XMLElementView(node: node, document: element.document))
      parent = node.pointee.parent
    }
    var paint = Inherited()
    for ancestor in chain.reversed() { Self.pass(references(of: ancestor), into: &paint) }
    return paint
  }

  /// The paint an element's own references give it and its children.
  private static func pass(_ references: [Found], into paint: inout Inherited) {
    for found in references {
      switch found.property {
      case "fill": paint.fill = found
      case "stroke": paint.stroke = found
      case "marker-start": paint.markerStart = found
      case "marker-mid": paint.markerMid = found
      case "marker-end": paint.markerEnd = found
      case "marker": (paint.markerStart, paint.markerMid, paint.markerEnd) = (found, found, found)
      default: break
      }
    }
  }

  /// Every reference the element makes: its attributes, its `style`, and the sheet rules it could match.
  private func references(of element: XMLElementView) -> [Found] {
    var references: [Found] = []
    var classes: Set<String> = []
    var id: String?
    for (name, value) in element.attributes {
      switch name {
      case "style":
        references += CSSRuleReferences.declarations(in: value).map { Found(reference: $0, fromSheet: false) }
      case "class": classes = Set(value.split(whereSeparator: \.isWhitespace).map(String.init))
      case "id": id = value
      case "fill", "stroke", "mask", "clip-path", "filter", "marker-start", "marker-mid", "marker-end":
        references += CSSRuleReferences.ids(in: value).map {
          Found(reference: CSSRuleReferences.Reference(property: name, id: $0), fromSheet: false)
        }
      default: break
      }
    }
    guard !rulesByKey.isEmpty else { return references }
    let tag = element.name
    var keys = ["*", tag] + classes.map { "." + $0 }
    if let id { keys.append("#" + id) }
    for key in keys {
      for rule in rulesByKey[key] ?? [] where rule.selectors[0].matches(tag: tag, classes: classes, id: id) {
        references += rule.references.map { Found(reference: $0, fromSheet: true) }
      }
    }
    return references
  }

  /// The `#id` an element's `href` (or `xlink:href`) names.
  private static func target(of element: XMLElementView) -> String? {
    guard let reference = element.attribute("href") ?? element.attribute("xlink:href"), reference.hasPrefix("#")
    else { return nil }
    return String(reference.dropFirst())
  }

  /// At least as many vertices as the shape has: every number and command of its geometry.
  static func vertices(of element: XMLElementView) -> Int {
    switch element.name {
    case "line": return 2
    case "path": return countNumbers(element.attribute("d") ?? "", countingLetters: true)
    default: return countNumbers(element.attribute("points") ?? "", countingLetters: false) / 2 + 1
    }
  }

  private static func countNumbers(_ text: String, countingLetters: Bool) -> Int {
    var count = 0
    var inNumber = false
    for byte in text.utf8 {
      let isDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".")
      if isDigit, !inNumber { count += 1 }
      inNumber = isDigit
      if countingLetters, (UInt8(ascii: "A")...UInt8(ascii: "z")).contains(byte), byte != UInt8(ascii: "e"),
        byte != UInt8(ascii: "E")
      {
        count += 1
      }
    }
    return count
  }

  /// The element and everything inside it, counted once each (what a referenced-only subtree costs where it stands).
  private func elementCount(_ element: XMLElementView) -> Int {
    var total = 0
    element.forEachElement { _ in total += 1 }
    return min(total, limit + 1)
  }

  private func capped(_ value: Int) -> Int { min(value, limit + 1) }
}
