/// The machine-readable views of a site: `index.json` for other tools, and
/// the search index the gallery's script filters with.
struct SiteIndex {
  let site: SiteDefinition
  /// The texts each design's renders show (defaults included), by design id.
  var shownTexts: [String: [String]] = [:]
  /// Lint counts by design and variant.
  var lint: [String: [String: LintCounts]] = [:]

  /// `index.json`: every design and variant, with the permalink and SVG of each render.
  var json: JSONDocument {
    .object([
      ("v", .number(1)),
      ("generator", .string("blankslate \(Blankslate.version)")),
      ("title", .string(site.title)),
      ("devices", .array(site.devices.map { .string($0.rawValue) })),
      ("themes", .array(site.themes.map { .string($0.rawValue) })),
      ("locales", .array(site.locales.map { .string($0) })),
      ("designs", .array(site.designs.map(designJSON))),
    ])
  }

  private func designJSON(_ design: Design) -> JSONDocument {
    .object([
      ("id", .string(design.id)),
      ("name", .string(design.name)),
      ("layout", .string(design.layout.rawValue)),
      ("tags", .array(design.tags.map(JSONDocument.string))),
      ("file", .string(design.sourceFile)),
      ("page", .string(SitePaths.designPage(design.id))),
      (
        "variants",
        .array(
          design.variants.map { variant in
            .object([
              ("id", .string(variant.id)),
              ("name", .string(variant.name)),
              ("state", .string(variant.state(in: design.layout).rawValue)),
              ("renders", .array(renders(of: design, variant))),
            ])
          })
      ),
    ])
  }

  private func renders(of design: Design, _ variant: Variant) -> [JSONDocument] {
    var result: [JSONDocument] = []
    for device in site.devices {
      for theme in site.themes {
        for locale in site.locales {
          let job = RenderJob(design: design, variant: variant, device: device, theme: theme, locale: locale)
          result.append(
            .object([
              ("device", .string(device.rawValue)), ("theme", .string(theme.rawValue)), ("locale", .string(locale)),
              ("page", .string(SitePaths.page(job))), ("svg", .string(SitePaths.svg(job))),
            ]))
        }
      }
    }
    return result
  }

  /// `_gallery/search-index.js`: what the index pages' script searches and
  /// filters across every page (a script file, so it loads from `file://`).
  var searchScript: String {
    let designs: [JSONDocument] = site.designs.map { design in
      .object([
        ("id", .string(design.id)),
        ("name", .string(design.name)),
        ("layout", .string(design.layout.rawValue)),
        ("states", .array(GalleryPages.states(of: design).map(JSONDocument.string))),
        ("tags", .array(design.tags.map(JSONDocument.string))),
        ("text", .string(searchText(of: design))),
        ("page", .string(SitePaths.designPage(design.id))),
        ("lint", lintBadge(design.id)),
        (
          "variants",
          .array(
            design.variants.map {
              .object([
                ("id", .string($0.id)), ("name", .string($0.name)),
                ("state", .string($0.state(in: design.layout).rawValue)),
              ])
            })
        ),
      ])
    }
    let index = JSONDocument.object([
      (
        "devices",
        .array(
          site.devices.map {
            .object([
              ("id", .string($0.rawValue)), ("name", .string($0.metrics.name)),
              ("width", .number($0.metrics.width)), ("height", .number($0.metrics.height)),
            ])
          })
      ),
      ("themes", .array(site.themes.map { .string($0.rawValue) })),
      ("locales", .array(site.locales.map { .string($0) })),
      ("designs", .array(designs)),
    ])
    return "window.BlankslateIndex = " + index.rendered(pretty: false) + ";\n"
  }

  private func lintBadge(_ design: String) -> JSONDocument {
    let badge = (lint[design] ?? [:]).values.reduce(LintCounts()) { $0.adding($1) }.badge
    return .object([("kind", .string(badge.kind)), ("label", .string(badge.label))])
  }

  /// Everything a search may match, lower-cased: ids, names, layout, tags and
  /// every text of every variant in every locale.
  private func searchText(of design: Design) -> String {
    var parts = [design.id, design.name, design.layout.rawValue] + design.tags
    for variant in design.variants {
      parts += [variant.id, variant.name]
      for (_, text) in variant.properties.texts {
        parts += text.entries.map(\.text)
      }
    }
    parts += shownTexts[design.id] ?? []
    var seen: Set<String> = []
    return parts.filter { seen.insert($0).inserted }.joined(separator: " ").lowercased()
  }
}
