import BlankslateCore
import BlankslateTestSupport
import Foundation

extension TemporarySite {
  package func load() throws(DefinitionErrors) -> SiteDefinition {
    try SiteLoader(root: root, displayRoot: "Site").load()
  }

  /// The errors loading this site reports, or none.
  package func errors() -> [DefinitionError] {
    do {
      _ = try load()
      return []
    } catch {
      return error.errors
    }
  }

}

extension Repository {
  /// The bundled site, loaded.
  package static func bundledSite() throws -> SiteDefinition {
    try SiteLoader(root: site, displayRoot: "Site").load()
  }

  /// The render job of the bundled site for one design, variant, device, theme and locale.
  package static func job(
    _ design: String, _ variant: String, device: Device = .iphone15, theme: Theme = .light, locale: String = "zh-Hans"
  ) throws -> RenderJob {
    let site = try bundledSite()
    guard let found = site.designs.first(where: { $0.id == design }),
      let variantFound = found.variants.first(where: { $0.id == variant })
    else { throw FixtureError.missing("\(design)/\(variant)") }
    return RenderJob(design: found, variant: variantFound, device: device, theme: theme, locale: locale)
  }

  /// A job for an ad-hoc design of one variant.
  package static func job(
    layout: LayoutKind, properties: Properties, device: Device = .iphone15, theme: Theme = .light,
    locale: String = "en",
    textSize: TextSize = .large
  ) -> RenderJob {
    let variant = Variant(id: "default", name: "Default", properties: properties)
    let design = Design(
      id: "probe", name: "Probe", layout: layout, variants: [variant], sourceFile: "placeholders/probe.json")
    return RenderJob(
      design: design, variant: variant, device: device, theme: theme, locale: locale, textSize: textSize)
  }
}
