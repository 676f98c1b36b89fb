import BlankslateCore
import BlankslateSupport
import BlankslateValidation

extension GalleryPages {
  /// A design's page: the matrix of its variants × devices × themes × locales × text sizes.
  /// `alts`: the text alternative of each render, by render name.
  func designPage(
    _ design: Design, alts: [String: String], lint: [String: LintCounts]
  ) throws(TemplateError) -> String {
    let path = SitePaths.designPage(design.id)
    var context = base(
      pageTitle: "\(design.name) · \(site.title)", path: path, breadcrumbs: [["label": .string(design.name)]])
    context["design"] = [
      "id": .string(design.id), "name": .string(design.name), "layout": .string(design.layout.rawValue),
      "sourceFile": .string(design.sourceFile), "tags": .list(design.tags.map(TemplateValue.string)),
    ]
    let sizes = site.textSizes
    let perDevice = site.themes.count * site.locales.count * sizes.count
    context["deviceHeaders"] = .list(
      site.devices.map { ["label": .string($0.metrics.name), "span": .string(String(perDevice))] })
    context["themeHeaders"] = .list(
      site.devices.flatMap { _ in
        site.themes.map {
          ["label": .string(Self.themeLabel($0)), "span": .string(String(site.locales.count * sizes.count))]
        }
      })
    context["localeHeaders"] = .list(
      site.devices.flatMap { _ in
        site.themes.flatMap { _ in
          site.locales.flatMap { locale in
            sizes.map { ["label": .string(sizes.count > 1 ? "\(locale) \($0.label)" : locale)] }
          }
        }
      })
    context["handoffLocale"] = .string(site.locales[0])
    context["variants"] = .list(
      design.variants.map { variant in
        var renders: [TemplateValue] = []
        for device in site.devices {
          for theme in site.themes {
            for locale in site.locales {
              for size in sizes {
                guard let job = job(design.id, variant.id, device, theme, locale, size) else { continue }
                renders.append([
                  "page": .string(job.id.pageName), "svg": .string(job.id.svgName),
                  "alt": .string(alts[job.renderName] ?? job.title),
                  "width": .string(NumberText.format(device.metrics.width)),
                  "height": .string(NumberText.format(device.metrics.height)),
                ])
              }
            }
          }
        }
        let badge = (lint[variant.id] ?? LintCounts()).badge
        let snippets = CodeHandOff.snippets(for: design, variant: variant, locale: site.locales[0])
        return [
          "snippets": .list(
            snippets.enumerated().map { index, snippet in
              [
                "label": .string(snippet.label), "code": .string(snippet.code),
                "hasUnexpressed": .bool(!snippet.unexpressed.isEmpty),
                "unexpressed": .list(snippet.unexpressed.map { ["line": .string($0)] }),
                "codeID": .string(PageID.snippet(variant: variant.id, number: index + 1)),
              ]
            }),
          "id": .string(variant.id), "name": .string(variant.name),
          "state": .string(variant.state(in: design.layout).rawValue), "renders": .list(renders),
          "lintKind": .string(badge.kind), "lintLabel": .string(badge.label),
        ]
      })
    return try templates.render("design", .object(context))
  }
}
