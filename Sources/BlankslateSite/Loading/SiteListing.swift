import BlankslateCore
import BlankslateSupport
import BlankslateValidation

/// The `list` command's view of a site: designs, variants, layouts, states.
package struct SiteListing: Sendable {
  let site: SiteDefinition

  package init(_ site: SiteDefinition) {
    self.site = site
  }

  /// One line per design and an indented line per variant.
  package var text: String {
    var lines: [String] = []
    for design in site.designs {
      lines.append("\(design.id)  \(design.name)  [\(design.layout.rawValue)]  \(design.sourceFile)")
      for variant in design.variants {
        lines.append("  \(variant.id)  \(variant.name)  (\(variant.state(in: design.layout).rawValue))")
      }
    }
    let variants = site.designs.reduce(0) { $0 + $1.variants.count }
    lines.append(
      "\(site.designs.count) designs, \(variants) variants, \(RenderMatrix(site).count) renders "
        + "(\(site.devices.count) devices × \(site.themes.count) themes × \(site.locales.count) locales)")
    return lines.joined(separator: "\n")
  }

  /// The same as JSON, for scripts.
  package var json: String {
    let designs: [JSONDocument] = site.designs.map { design in
      .object([
        ("id", .string(design.id)), ("name", .string(design.name)), ("layout", .string(design.layout.rawValue)),
        ("file", .string(design.sourceFile)), ("tags", .array(design.tags.map(JSONDocument.string))),
        ("variants", design.variantSummaries),
      ])
    }
    return JSONDocument.object([("designs", .array(designs)), ("renders", .number(Double(RenderMatrix(site).count)))])
      .rendered(pretty: true)
  }
}
