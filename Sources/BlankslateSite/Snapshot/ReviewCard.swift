import BlankslateCore
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
  package var variants: [String] {
    renders.reduce(into: [String]()) { list, render in
      if !list.contains(render.variantPath) { list.append(render.variantPath) }
    }
  }

  /// The variants, shortened past three (`orders/empty, orders/error and 4 more`).
  package var variantList: String {
    let all = variants
    return all.prefix(3).joined(separator: ", ") + (all.count > 3 ? " and \(all.count - 3) more" : "")
  }

  /// Where it applies: its variants and, for one variant, which renders of it.
  package var placement: String {
    let variants = self.variants
    if variants.count == 1 { return RenderID.placement(of: renders) }
    // The same renders of each variant: said once, for each.
    let each = variants.map { variant in renders.filter { $0.variantPath == variant }.map(\.placement) }
    if let first = each.first, each.allSatisfy({ $0 == first }) {
      return "each of \(variants.count) variants: "
        + RenderID.placement(of: renders.filter { $0.variantPath == variants[0] })
    }
    return "\(variants.count) variants"
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
          card.effects = results.flatMap(\.changes).reduce(into: [String]()) { list, line in
            if !list.contains(line) { list.append(line) }
          }
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

  /// A `--filter` that selects exactly the card's renders among the results of its status.
  package func filter(in summary: SnapshotSummary) -> String {
    let candidates = summary.results.filter { $0.status == status }.map(\.id)
    let variants = self.variants
    if variants.count == 1 { return RenderID.filter(selecting: renders, among: candidates) }
    // Every render of its design's results: the design is the filter.
    let designs = Set(renders.map(\.design))
    if designs.count == 1, let design = designs.first,
      Set(candidates.filter { $0.design == design }) == Set(renders)
    {
      return "^" + RenderID.escaped(design + "/")
    }
    return variants.map { variant in
      let mine = renders.filter { $0.variantPath == variant }
      let theirs = candidates.filter { $0.variantPath == variant }
      return "(?:" + RenderID.filter(selecting: mine, among: theirs) + ")"
    }.joined(separator: "|")
  }

  /// The command that takes the card: record a new render, accept a change, prune an orphan.
  package func command(in summary: SnapshotSummary, site: String) -> String {
    let siteOption = site == "Site" ? "" : " --site '\(site.replacingOccurrences(of: "'", with: "'\\''"))'"
    let filter = self.filter(in: summary).replacingOccurrences(of: "'", with: "'\\''")
    switch status {
    case .orphaned: return "blankslate prune\(siteOption) --filter '\(filter)'"
    case .new: return "blankslate record\(siteOption) --filter '\(filter)'"
    default: return "blankslate record\(siteOption) --mode failed --filter '\(filter)'"
    }
  }
}
