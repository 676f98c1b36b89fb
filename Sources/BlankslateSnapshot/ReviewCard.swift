import BlankslateCore
import BlankslateSite
import BlankslateSupport

/// One thing a reviewer decides on: one edit of a definition wherever it
/// reaches (`spacing.titleToMessage 6 → 10` on all 64 renders of a variant,
/// or on every variant of its design), or, for renders no edit explains, one
/// cause and the same kind of effect; a variant's new renders; its orphaned
/// goldens. The terminal, the Markdown summary and the report show the same cards.
package struct ReviewCard: Sendable {
  package var status: SnapshotStatus
  /// The edit that makes the card, when one does.
  package var edit: DefinitionEdit?
  /// What the card says first: the edit in the definition's words, or what else changed.
  package var headline: String
  /// The visible effects over its renders, each once (`message moved y +4`).
  package var effects: [String]
  /// Its renders in the site's order; the first is the one shown.
  package var renders: [RenderID]
  /// The other edits that reach some of the same renders: recording them takes those too.
  package var companions: [String] = []

  /// `design/variant` of each render, in order, once each.
  package var variants: [String] { rendersByVariant.map(\.variant) }

  /// The renders of each variant, the variants in the order their first
  /// render comes: one pass, however many variants a site-wide edit reaches.
  package var rendersByVariant: [(variant: String, renders: [RenderID])] {
    var groups: [(variant: String, renders: [RenderID])] = []
    var index: [String: Int] = [:]
    for render in renders {
      let variant = render.variantPath
      if let at = index[variant] {
        groups[at].renders.append(render)
      } else {
        index[variant] = groups.count
        groups.append((variant, [render]))
      }
    }
    return groups
  }

  /// The variants, shortened past three (`orders/empty, orders/error and 4 more`).
  package var variantList: String {
    let all = variants
    return all.prefix(3).joined(separator: ", ") + (all.count > 3 ? " and \(all.count - 3) more" : "")
  }

  /// Where it applies: its variants and, for one variant, which renders of it.
  package var placement: String {
    let groups = rendersByVariant
    if groups.count == 1 { return RenderID.placement(of: renders) }
    // The same renders of each variant: said once, for each.
    let each = groups.map { $0.renders.map(\.placement) }
    if let first = each.first, each.allSatisfy({ $0 == first }) {
      return "each of \(groups.count) variants: " + RenderID.placement(of: groups[0].renders)
    }
    return "\(groups.count) variants"
  }

  /// The headline and the effects in one line.
  package var explanation: String {
    ([headline] + effects.prefix(6) + (effects.count > 6 ? ["and \(effects.count - 6) more effects"] : []))
      .joined(separator: "; ")
  }
}

extension ReviewCard {
  /// The cards of a summary: changes first (by edit, then by cause and effect),
  /// then new renders, then orphans, each in the site's order.
  package static func cards(_ summary: SnapshotSummary) -> [ReviewCard] {
    struct Building {
      var card: ReviewCard
      var results: [SnapshotResult]
    }
    var building: [Building] = []
    var index: [String: Int] = [:]
    func add(_ key: String, _ result: SnapshotResult, _ make: () -> ReviewCard) {
      if let at = index[key] {
        building[at].results.append(result)
      } else {
        index[key] = building.count
        building.append(Building(card: make(), results: [result]))
      }
    }
    for result in summary.results {
      let render = result.id
      switch result.status {
      case .changed where !result.edits.isEmpty:
        for edit in result.edits {
          let scope = edit.scope == .site ? "" : render.design
          add("edit\n\(scope)\n\(edit.description)", result) {
            ReviewCard(status: .changed, edit: edit, headline: edit.description, effects: [], renders: [])
          }
        }
      case .changed:
        // The same cause, and the same elements changing in the same ways (values may differ).
        let kinds = Set(result.effects.map { "\($0.element) \($0.aspect.rawValue)" }).sorted()
        let shape = kinds.isEmpty ? result.changes.joined(separator: "; ") : kinds.joined(separator: ", ")
        let cause = result.context.joined(separator: "; ")
        add("cause\n\(render.variantPath)\n\(cause)\n\(shape)", result) {
          ReviewCard(status: .changed, headline: cause.isEmpty ? "changed" : cause, effects: [], renders: [])
        }
      case .new:
        add("new\n\(render.variantPath)", result) {
          ReviewCard(status: .new, headline: "new: no golden yet", effects: [], renders: [])
        }
      case .orphaned:
        add("orphaned\n\(render.variantPath)", result) {
          ReviewCard(
            status: .orphaned, headline: "orphaned: no render produces its golden", effects: [], renders: [])
        }
      case .unchanged: continue
      }
    }
    let cards = building.map { item -> ReviewCard in
      var card = item.card
      if let edit = card.edit {
        card.companions = item.results.flatMap(\.edits).map(\.description).reduce(into: [String]()) { list, other in
          if other != edit.description, !list.contains(other) { list.append(other) }
        }
      }
      let results = item.results.sorted { ($0.rank, $0.id) < ($1.rank, $1.id) }
      card.renders = results.map(\.id)
      if card.status == .changed {
        if results.allSatisfy({ !$0.effects.isEmpty }) {
          card.effects = Effect.summary(results.map(\.effects))
        } else {
          var seen: Set<String> = []
          card.effects = results.flatMap(\.changes).filter { seen.insert($0).inserted }
        }
      }
      return card
    }
    let order: [SnapshotStatus: Int] = [.changed: 0, .new: 1, .orphaned: 2]
    let ranks = Dictionary(summary.results.map { ($0.id, $0.rank) }, uniquingKeysWith: { first, _ in first })
    return cards.enumerated().sorted { a, b in
      let (x, y) = (a.element, b.element)
      if x.status != y.status { return order[x.status, default: 3] < order[y.status, default: 3] }
      let (rx, ry) = (ranks[x.renders[0]] ?? 0, ranks[y.renders[0]] ?? 0)
      if rx != ry { return rx < ry }
      return a.offset < b.offset
    }.map(\.element)
  }

  /// A `--filter` that selects exactly the card's renders among the results
  /// of its status (`candidates`, made once for all of a summary's cards).
  package func filter(among candidates: Candidates) -> String {
    let groups = rendersByVariant
    // A filter made for one variant's renders starts with `design/variant.`,
    // which no other variant's id does (ids hold no dot before it): the
    // results of other variants never decide it.
    if groups.count == 1 {
      return RenderID.filter(selecting: renders, among: candidates.renders(status, variant: groups[0].variant))
    }
    // Every render of its design's results: the design is the filter.
    let designs = Set(renders.map(\.design))
    if designs.count == 1, let design = designs.first,
      Set(candidates.renders(status, design: design)) == Set(renders)
    {
      return "^" + RenderID.escaped(design + "/")
    }
    return groups.map { group in
      "(?:" + RenderID.filter(selecting: group.renders, among: candidates.renders(status, variant: group.variant))
        + ")"
    }.joined(separator: "|")
  }

  /// The command that takes the card: record a new render, accept a change, prune an orphan.
  package func command(among candidates: Candidates, site: String) -> String {
    let siteOption = site == "Site" ? "" : " --site '\(site.replacingOccurrences(of: "'", with: "'\\''"))'"
    let filter = self.filter(among: candidates).replacingOccurrences(of: "'", with: "'\\''")
    switch status {
    case .orphaned: return "blankslate prune\(siteOption) --filter '\(filter)'"
    case .new: return "blankslate record\(siteOption) --filter '\(filter)'"
    default: return "blankslate record\(siteOption) --mode failed --filter '\(filter)'"
    }
  }
}

extension ReviewCard {
  /// A summary's results, by status, as the cards' filters look them up: the
  /// renders of each variant and of each design, in the summary's order.
  /// Made once for all the cards: each card reading every result made a
  /// report of thousands of new variants quadratic.
  package struct Candidates: Sendable {
    private struct Key: Hashable {
      var status: SnapshotStatus
      var group: String
    }
    private var byVariant: [Key: [RenderID]] = [:]
    private var byDesign: [Key: [RenderID]] = [:]

    package init(_ summary: SnapshotSummary) {
      for result in summary.results {
        byVariant[Key(status: result.status, group: result.id.variantPath), default: []].append(result.id)
        byDesign[Key(status: result.status, group: result.id.design), default: []].append(result.id)
      }
    }

    /// The results of `status` among `variant`'s renders (`design/variant`).
    package func renders(_ status: SnapshotStatus, variant: String) -> [RenderID] {
      byVariant[Key(status: status, group: variant)] ?? []
    }

    /// The results of `status` among `design`'s renders.
    package func renders(_ status: SnapshotStatus, design: String) -> [RenderID] {
      byDesign[Key(status: status, group: design)] ?? []
    }
  }
}
