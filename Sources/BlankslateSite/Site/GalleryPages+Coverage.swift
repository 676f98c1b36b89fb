import BlankslateCore
import BlankslateSupport

extension GalleryPages {
  /// The coverage page: each design against the states, each cell the variant
  /// that shows the state (linked to its first render), missing where its
  /// layout could show the state and no variant does, or not applicable.
  /// The states are the site's `coverage.states` when it names them, else
  /// every state a design of the site shows.
  func renderCoveragePage(_ context: [String: TemplateValue]) throws(TemplateError) -> String {
    try templates.render("coverage", .object(context))
  }

  /// The states the coverage page has a column for: the site's
  /// `coverage.states` when it names them, else every state a design of the
  /// site shows.
  var coverageStates: [ContentState] {
    site.coverage.isEmpty
      ? ContentState.allCases.filter { state in
        site.designs.contains { design in design.variants.contains { $0.state(in: design.layout) == state } }
      } : site.coverage
  }

  /// What the coverage page shows, with a column for each of `states`
  /// (`coverageStates`): a build that finds the same in its back buffer's
  /// page keeps that page.
  func coverageContext(states: [ContentState]) -> [String: TemplateValue] {
    var context = coverageOwnContext(states: states)
    var missing = 0
    context["rows"] = .list(
      site.designs.map { design -> TemplateValue in
        let row = coverageRow(of: design, states: states)
        missing += row.missing
        return row.value
      })
    context["missingCount"] = .string(String(missing))
    return context
  }

  /// The fingerprint of what the coverage page shows, made of its own
  /// values and each design's row fingerprint (`parts`, kept with the design
  /// in the build cache), so that an unchanged page is known without making
  /// its rows. A row's fingerprint covers every state; the page's own
  /// values name the states it shows, which with the rows decide the cells
  /// and the count of missing ones.
  ///
  /// `parts`: each design's, in site order.
  func coverageFingerprint(states: [ContentState], parts: [DesignParts]) -> ContentHash {
    var fingerprint = ContentHash()
    TemplateValue.object(coverageOwnContext(states: states)).fingerprint(into: &fingerprint)
    for part in parts { fingerprint.add(part.coverageRow) }
    return fingerprint
  }

  /// What the coverage page shows of its own: its title, the states, the matrix.
  private func coverageOwnContext(states: [ContentState]) -> [String: TemplateValue] {
    let path = SitePaths.coveragePage
    var context = base(pageTitle: "Coverage · \(site.title)", path: path, breadcrumbs: [["label": "Coverage"]])
    context["states"] = .list(states.map { ["name": .string($0.rawValue)] })
    context["asked"] = .bool(!site.coverage.isEmpty)
    context["matrix"] = .string(
      "\(site.devices.count) devices × \(site.themes.count) themes × \(site.locales.count) languages (\(site.locales.joined(separator: ", "))) × \(site.textSizes.count) text sizes"
    )
    return context
  }

  /// `design`'s row of the coverage page across `states`, and how many of its cells are missing.
  private func coverageRow(of design: Design, states: [ContentState]) -> (value: TemplateValue, missing: Int) {
    let first = (
      device: site.devices.first ?? .iphone15, theme: site.themes.first ?? .light, locale: site.locales.first ?? "en",
      textSize: site.textSizes.first ?? .standard
    )
    var missing = 0
    let cells = states.map { state -> TemplateValue in
      if let variant = design.variants.first(where: { $0.state(in: design.layout) == state }) {
        // The render's id names its page; a job would copy the design for every cell.
        let id = RenderID(
          design: design.id, variant: variant.id, device: first.device, theme: first.theme, locale: first.locale,
          textSize: first.textSize)
        return ["variant": .string(variant.name), "href": .string(id.pagePath)]
      }
      guard design.layout.states.contains(state) else { return ["none": .bool(true)] }
      missing += 1
      return ["missing": .bool(true)]
    }
    let value: TemplateValue = [
      "name": .string(design.name), "href": .string(SitePaths.designFolder(design.id) + "/index.html"),
      "layout": .string(design.layout.rawValue), "cells": .list(cells),
    ]
    return (value, missing)
  }

  /// The fingerprint of `design`'s coverage row across every state: the
  /// row the page shows is the part of it under the page's states.
  func coverageRowFingerprint(of design: Design) -> String {
    var fingerprint = ContentHash()
    coverageRow(of: design, states: ContentState.allCases).value.fingerprint(into: &fingerprint)
    return fingerprint.hex
  }
}
