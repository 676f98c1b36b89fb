import BlankslateCore
import BlankslateSupport

extension GalleryPages {
  /// The coverage page: each design against the states, each cell every
  /// variant that shows the state (each linked to its first render), missing
  /// where the state is asked for, its layout could show it and no variant
  /// does, or not applicable. The states are the site's `coverage.states`
  /// when it names them, then every other state a design of the site shows,
  /// marked as not asked; else every state a design shows.
  func renderCoveragePage(_ context: TemplateFields) throws(TemplateError) -> String {
    try templates.render("coverage", .object(context))
  }

  /// How many coverage pages the site's designs fill (`designsPerCoveragePage` each).
  var coveragePageCount: Int { pageCount(perPage: Self.designsPerCoveragePage) }

  /// The designs coverage page `number` (1-based) has rows for, as positions in the site.
  func coveragePageDesigns(_ number: Int) -> Range<Int> { pageDesigns(number, perPage: Self.designsPerCoveragePage) }

  /// The states the coverage page has a column for: the site's
  /// `coverage.states` when it names them, then the other states a design of
  /// the site shows (a variant is never left without a column); else every
  /// state a design shows.
  var coverageStates: [ContentState] {
    var shown = Set<ContentState>()
    for design in site.designs {
      for variant in design.variants { shown.insert(variant.state(in: design.layout)) }
    }
    return site.coverage + ContentState.allCases.filter { shown.contains($0) && !site.coverage.contains($0) }
  }

  /// Whether `coverage.states` asks every design for `state` (every state is asked when it names none).
  func isAsked(_ state: ContentState) -> Bool { site.coverage.isEmpty || site.coverage.contains(state) }

  /// What coverage page `number` shows, with a column for each of `states`
  /// (`coverageStates`): a build that finds the same in its back buffer's
  /// page keeps that page.
  func coverageContext(_ number: Int, states: [ContentState], missing: Int) -> TemplateFields {
    var context = coverageOwnContext(number, states: states, missing: missing)
    context["rows"] = .list(site.designs[coveragePageDesigns(number)].map { coverageRow(of: $0, states: states) })
    return context
  }

  /// The fingerprint of what coverage page `number` shows, made of its own
  /// values and its designs' row fingerprints (`parts`, kept with each
  /// design in the build cache), so that an unchanged page is known without
  /// making its rows. A row's fingerprint covers every state; the page's own
  /// values name the states it shows, which with the rows decide the cells,
  /// and the site's count of missing cells.
  ///
  /// `parts`: each design's, in site order.
  func coverageFingerprint(_ number: Int, states: [ContentState], missing: Int, parts: [DesignParts]) -> ContentHash {
    var fingerprint = ContentHash()
    TemplateValue.object(coverageOwnContext(number, states: states, missing: missing)).fingerprint(into: &fingerprint)
    for position in coveragePageDesigns(number) { fingerprint.add(parts[position].coverageRow) }
    return fingerprint
  }

  /// What coverage page `number` shows of its own: its title, the states,
  /// the matrix, the site's missing cells, and the page links.
  private func coverageOwnContext(_ number: Int, states: [ContentState], missing: Int) -> TemplateFields {
    let path = SitePaths.coveragePage(number)
    let breadcrumbs: [TemplateValue] =
      number == 1
      ? [["label": "Coverage"]]
      : [["label": "Coverage", "href": .string(SitePaths.coveragePage)], ["label": .string("Page \(number)")]]
    var context = base(
      pageTitle: "Coverage · \(site.title)" + (number == 1 ? "" : " · page \(number)"), path: path,
      breadcrumbs: breadcrumbs)
    context["states"] = .list(
      states.map { ["name": .string($0.rawValue), "notAsked": .bool(!isAsked($0))] })
    context["asked"] = .bool(!site.coverage.isEmpty)
    context["matrix"] = .string(
      "\(site.devices.count) devices × \(site.themes.count) themes × \(site.locales.count) languages (\(site.locales.joined(separator: ", "))) × \(site.textSizes.count) text sizes"
    )
    // The site's count, on every page: it says what the whole site lacks.
    context["missingCount"] = .string(String(missing))
    let count = coveragePageCount
    context["hasPages"] = .bool(count > 1)
    if count > 1 {
      let designs = coveragePageDesigns(number)
      context["pageSummary"] = .string(
        "Designs \(designs.lowerBound + 1)–\(designs.upperBound) of \(site.designs.count), page \(number) of \(count).")
      context["pages"] = .list(
        (1...count).map { page in
          [
            "number": .string(String(page)), "current": .bool(page == number),
            "href": .string(SitePaths.coveragePage(page)),
          ]
        })
    }
    return context
  }

  /// How many cells of the coverage pages are missing over the site, with a column for each of `states`.
  func coverageMissingCount(states: [ContentState]) -> Int {
    let asked = states.filter(isAsked)
    return site.designs.reduce(0) { $0 + CoverageCell.missingCount(of: $1, among: asked) }
  }

  /// What a coverage cell shows: every variant in the state, else missing
  /// where the state is asked for and the design's layout can show it, else nothing.
  private enum CoverageCell {
    case variants([Variant])
    case missing
    case none

    init(_ design: Design, _ state: ContentState, asked: Bool) {
      let variants = design.variants.filter { $0.state(in: design.layout) == state }
      if !variants.isEmpty {
        self = .variants(variants)
      } else {
        self = asked && design.layout.states.contains(state) ? .missing : .none
      }
    }

    /// How many of `states` are `.missing` cells in `design`'s row: no
    /// variant in the state, and the layout can show it (each variant's state found once).
    static func missingCount(of design: Design, among states: [ContentState]) -> Int {
      let shown = design.variants.map { $0.state(in: design.layout) }
      let possible = design.layout.states
      return states.reduce(0) { count, state in
        !shown.contains(state) && possible.contains(state) ? count + 1 : count
      }
    }
  }

  /// `design`'s row of the coverage page across `states`.
  private func coverageRow(of design: Design, states: [ContentState]) -> TemplateValue {
    let first = (
      device: site.devices.first ?? .iphone15, theme: site.themes.first ?? .light, locale: site.locales.first ?? "en",
      textSize: site.textSizes.first ?? .standard
    )
    let cells = states.map { state -> TemplateValue in
      switch CoverageCell(design, state, asked: isAsked(state)) {
      case .variants(let variants):
        // The render's id names its page; a job would copy the design for every cell.
        return [
          "variants": .list(
            variants.map { variant in
              let id = RenderID(
                design: design.id, variant: variant.id, device: first.device, theme: first.theme,
                locale: first.locale, textSize: first.textSize)
              return ["name": .string(variant.name), "href": .string(id.pagePath)]
            })
        ]
      case .missing: return ["missing": .bool(true)]
      case .none: return ["none": .bool(true)]
      }
    }
    return [
      "name": .string(design.name), "href": .string(SitePaths.designFolder(design.id) + "/index.html"),
      "layout": .string(design.layout.rawValue), "cells": .list(cells),
    ]
  }

  /// The fingerprint of `design`'s coverage row across every state: the
  /// row the page shows is the part of it under the page's states.
  func coverageRowFingerprint(of design: Design) -> String {
    var fingerprint = ContentHash()
    coverageRow(of: design, states: ContentState.allCases).fingerprint(into: &fingerprint)
    return fingerprint.hex
  }
}
