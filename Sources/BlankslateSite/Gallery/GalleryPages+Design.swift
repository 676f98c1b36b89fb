import BlankslateCore
import BlankslateHandOff
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
    // One column per render of a variant, each header naming all four axes, so
    // that a column shown alone (filtered, or scrolled to) still says its device.
    func axes(_ device: Device, _ theme: Theme, _ locale: String, _ size: TextSize) -> TemplateFields {
      [
        "device": .string(device.rawValue), "deviceName": .string(device.metrics.name),
        "theme": .string(theme.rawValue),
        "themeName": .string(Self.themeLabel(theme)), "locale": .string(locale), "size": .string(size.rawValue),
        "sizeName": .string(sizes.count > 1 ? size.label : ""),
      ]
    }
    var columns: [TemplateValue] = []
    for device in site.devices {
      for theme in site.themes {
        for locale in site.locales {
          for size in sizes { columns.append(.object(axes(device, theme, locale, size))) }
        }
      }
    }
    context["columns"] = .list(columns)
    context["columnCount"] = .string(String(columns.count))
    func options(_ values: [(String, String)]) -> TemplateValue {
      .list(values.map { ["value": .string($0.0), "label": .string($0.1)] })
    }
    context["deviceOptions"] = options(site.devices.map { ($0.rawValue, $0.metrics.name) })
    context["themeOptions"] = options(site.themes.map { ($0.rawValue, Self.themeLabel($0)) })
    context["localeOptions"] = options(site.locales.map { ($0, $0) })
    context["sizeOptions"] = options(sizes.map { ($0.rawValue, $0.label) })
    context["hasSizes"] = .bool(sizes.count > 1)
    // The view a page opens with: the site's first theme and language, every device and size.
    context["defaultTheme"] = .string(site.themes[0].rawValue)
    context["defaultLocale"] = .string(site.locales[0])
    context["handoffLocale"] = .string(site.locales[0])
    context["variants"] = .list(
      design.variants.map { variant in
        var renders: [TemplateValue] = []
        for device in site.devices {
          for theme in site.themes {
            for locale in site.locales {
              for size in sizes {
                guard let job = job(design.id, variant.id, device, theme, locale, size) else { continue }
                var render = axes(device, theme, locale, size)
                render["page"] = .string(job.id.pageName)
                render["svg"] = .string(job.id.svgName)
                render["alt"] = .string(alts[job.renderName] ?? job.title)
                render["width"] = .string(NumberText.format(device.metrics.width))
                render["height"] = .string(NumberText.format(device.metrics.height))
                renders.append(.object(render))
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
