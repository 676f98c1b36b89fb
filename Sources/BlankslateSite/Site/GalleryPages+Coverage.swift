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

  /// What the coverage page shows: a build that finds the same in its back
  /// buffer's page keeps that page.
  func coverageContext() -> [String: TemplateValue] {
    let path = SitePaths.coveragePage
    var context = base(pageTitle: "Coverage · \(site.title)", path: path, breadcrumbs: [["label": "Coverage"]])
    let states =
      site.coverage.isEmpty
      ? ContentState.allCases.filter { state in
        site.designs.contains { design in design.variants.contains { $0.state(in: design.layout) == state } }
      } : site.coverage
    let first = (
      device: site.devices.first ?? .iphone15, theme: site.themes.first ?? .light, locale: site.locales.first ?? "en",
      textSize: site.textSizes.first ?? .standard
    )
    var missing = 0
    context["states"] = .list(states.map { ["name": .string($0.rawValue)] })
    context["rows"] = .list(
      site.designs.map { design -> TemplateValue in
        let cells = states.map { state -> TemplateValue in
          if let variant = design.variants.first(where: { $0.state(in: design.layout) == state }) {
            let job = RenderJob(
              design: design, variant: variant, device: first.device, theme: first.theme, locale: first.locale,
              textSize: first.textSize)
            return ["variant": .string(variant.name), "href": .string(SitePaths.page(job))]
          }
          guard design.layout.states.contains(state) else { return ["none": .bool(true)] }
          missing += 1
          return ["missing": .bool(true)]
        }
        return [
          "name": .string(design.name), "href": .string(SitePaths.designFolder(design.id) + "/index.html"),
          "layout": .string(design.layout.rawValue), "cells": .list(cells),
        ]
      })
    context["missingCount"] = .string(String(missing))
    context["asked"] = .bool(!site.coverage.isEmpty)
    context["matrix"] = .string(
      "\(site.devices.count) devices × \(site.themes.count) themes × \(site.locales.count) languages (\(site.locales.joined(separator: ", "))) × \(site.textSizes.count) text sizes"
    )
    return context
  }
}
