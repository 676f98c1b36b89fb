/// Renders the gallery's pages from the templates: the index, one page per
/// design, and one permalink page per render.
struct GalleryPages: Sendable {
  let site: SiteDefinition
  let jobs: [RenderJob]
  let templates: TemplateSet

  /// The index of each job by render identity, for neighbours and switches.
  private let jobIndex: [String: Int]

  init(site: SiteDefinition, jobs: [RenderJob], templates: TemplateSet) {
    self.site = site
    self.jobs = jobs
    self.templates = templates
    var index: [String: Int] = [:]
    for (position, job) in jobs.enumerated() {
      index[job.design.id + "/" + job.renderName] = position
    }
    jobIndex = index
  }

  // MARK: Shared

  private func base(pageTitle: String, path: String, breadcrumbs: [TemplateValue]) -> [String: TemplateValue] {
    [
      "pageTitle": .string(pageTitle),
      "siteTitle": .string(site.title),
      "root": .string(SitePaths.rootPrefix(from: path)),
      "breadcrumbs": .list(breadcrumbs),
      "siteDefinitionCount": .string(String(site.designs.count)),
    ]
  }

  static func themeLabel(_ theme: Theme) -> String {
    theme == .light ? "Light" : "Dark"
  }

  /// The accessible name of a render: design, variant, device, theme, locale.
  static func title(of job: RenderJob) -> String {
    "\(job.design.name) — \(job.variant.name) (\(job.device.metrics.name), \(job.theme.rawValue), \(job.locale))"
  }

  static func alt(of job: RenderJob, scene: Scene?) -> String {
    let texts = scene?.texts.filter { !$0.isEmpty } ?? []
    return title(of: job) + (texts.isEmpty ? "" : ": " + texts.joined(separator: " · "))
  }

  /// A link from a page in `fromDesign`'s folder to the render page of `job`.
  private func href(to job: RenderJob, fromDesign design: String) -> String {
    let file = job.renderName + ".html"
    return job.design.id == design ? file : "../\(job.design.id)/\(file)"
  }

  private func job(_ design: String, _ variant: String, _ device: Device, _ theme: Theme, _ locale: String) -> RenderJob? {
    jobIndex[design + "/" + "\(variant).\(device.rawValue).\(theme.rawValue).\(locale)"].map { jobs[$0] }
  }

  // MARK: Render pages

  /// The permalink page of one render: the SVG beside the live HTML rendition.
  func renderPage(_ job: RenderJob, scene: Scene, live: String) throws(TemplateError) -> String {
    let path = SitePaths.page(job)
    var context = base(
      pageTitle: "\(job.design.name) — \(job.variant.name) · \(site.title)", path: path,
      breadcrumbs: [
        ["label": .string(job.design.name), "href": .string("index.html")],
        ["label": .string(job.variant.name), "href": .string("index.html#variant-\(job.variant.id)")],
        ["label": .string("\(job.device.metrics.name), \(Self.themeLabel(job.theme)), \(job.locale)")],
      ])
    let metrics = job.device.metrics
    context["designName"] = .string(job.design.name)
    context["variantName"] = .string(job.variant.name)
    context["deviceName"] = .string(metrics.name)
    context["theme"] = .string(job.theme.rawValue)
    context["locale"] = .string(job.locale)
    context["layout"] = .string(job.design.layout.rawValue)
    context["state"] = .string(job.variant.state(in: job.design.layout).rawValue)
    context["svg"] = .string(job.renderName + ".svg")
    context["alt"] = .string(Self.alt(of: job, scene: scene))
    context["width"] = .string(NumberText.format(metrics.width))
    context["height"] = .string(NumberText.format(metrics.height))
    context["radius"] = .string(NumberText.format(metrics.screenCornerRadius))
    context["live"] = .string(live)
    context["switchGroups"] = .list(switchGroups(for: job))
    let neighbours = self.neighbours(of: job)
    if let previous = neighbours.previous {
      context["previous"] = ["href": .string(href(to: previous, fromDesign: job.design.id)), "label": .string("\(previous.design.name) — \(previous.variant.name)")]
    }
    if let next = neighbours.next {
      context["next"] = ["href": .string(href(to: next, fromDesign: job.design.id)), "label": .string("\(next.design.name) — \(next.variant.name)")]
    }
    return try templates.render("render", .object(context))
  }

  /// Links to the same variant on the site's other devices, themes and locales.
  private func switchGroups(for job: RenderJob) -> [TemplateValue] {
    func option(_ label: String, _ target: RenderJob?) -> TemplateValue {
      guard let target else { return ["label": .string(label), "current": false] }
      let isCurrent = target.renderName == job.renderName
      return ["label": .string(label), "href": .string(target.renderName + ".html"), "current": .bool(isCurrent)]
    }
    let id = (job.design.id, job.variant.id)
    let devices = site.devices.map { option($0.metrics.name, self.job(id.0, id.1, $0, job.theme, job.locale)) }
    let themes = site.themes.map { option(Self.themeLabel($0), self.job(id.0, id.1, job.device, $0, job.locale)) }
    let locales = site.locales.map { option($0, self.job(id.0, id.1, job.device, job.theme, $0)) }
    return [
      ["label": "Devices", "options": .list(devices)],
      ["label": "Themes", "options": .list(themes)],
      ["label": "Languages", "options": .list(locales)],
    ]
  }

  /// The previous and next variant in gallery order, on the same device, theme and locale.
  private func neighbours(of job: RenderJob) -> (previous: RenderJob?, next: RenderJob?) {
    let order = site.designs.flatMap { design in design.variants.map { (design.id, $0.id) } }
    guard let position = order.firstIndex(where: { $0 == (job.design.id, job.variant.id) }) else { return (nil, nil) }
    func at(_ index: Int) -> RenderJob? {
      guard order.indices.contains(index) else { return nil }
      return self.job(order[index].0, order[index].1, job.device, job.theme, job.locale)
    }
    return (at(position - 1), at(position + 1))
  }

  // MARK: Design pages

  func designPage(_ design: Design, scenes: [String: Scene]) throws(TemplateError) -> String {
    let path = SitePaths.designPage(design.id)
    var context = base(pageTitle: "\(design.name) · \(site.title)", path: path, breadcrumbs: [["label": .string(design.name)]])
    context["design"] = [
      "id": .string(design.id), "name": .string(design.name), "layout": .string(design.layout.rawValue),
      "sourceFile": .string(design.sourceFile), "tags": .list(design.tags.map(TemplateValue.string)),
    ]
    context["variants"] = .list(
      design.variants.map { variant in
        var renders: [TemplateValue] = []
        for device in site.devices {
          for theme in site.themes {
            for locale in site.locales {
              guard let job = job(design.id, variant.id, device, theme, locale) else { continue }
              renders.append([
                "page": .string(job.renderName + ".html"), "svg": .string(job.renderName + ".svg"),
                "alt": .string(Self.alt(of: job, scene: scenes[job.renderName])),
                "width": .string(NumberText.format(device.metrics.width)),
                "height": .string(NumberText.format(device.metrics.height)),
                "deviceName": .string(device.metrics.name), "theme": .string(theme.rawValue), "locale": .string(locale),
              ])
            }
          }
        }
        return [
          "id": .string(variant.id), "name": .string(variant.name),
          "state": .string(variant.state(in: design.layout).rawValue), "renders": .list(renders),
        ]
      })
    return try templates.render("design", .object(context))
  }

  // MARK: Index

  func indexPage(thumbnailScenes: [String: Scene]) throws(TemplateError) -> String {
    var context = base(pageTitle: site.title, path: "index.html", breadcrumbs: [])
    context["designCount"] = .string(String(site.designs.count))
    context["variantCount"] = .string(String(site.designs.reduce(0) { $0 + $1.variants.count }))
    context["renderCount"] = .string(String(jobs.count))
    context["deviceList"] = .string(site.devices.map(\.metrics.name).joined(separator: ", "))
    context["themeList"] = .string(site.themes.map(\.rawValue).joined(separator: ", "))
    context["localeList"] = .string(site.locales.joined(separator: ", "))
    context["designs"] = .list(
      site.designs.map { design in
        let first = job(design.id, design.variants[0].id, site.devices[0], site.themes[0], site.locales[0])
        let states = design.variants.map { $0.state(in: design.layout).rawValue }
        var uniqueStates: [String] = []
        for state in states where !uniqueStates.contains(state) { uniqueStates.append(state) }
        return [
          "id": .string(design.id), "name": .string(design.name), "layout": .string(design.layout.rawValue),
          "href": .string(SitePaths.designPage(design.id)),
          "thumbnail": .string(first.map(SitePaths.svg) ?? ""),
          "thumbnailAlt": .string(first.map { Self.alt(of: $0, scene: thumbnailScenes[design.id]) } ?? design.name),
          "thumbWidth": .string(NumberText.format(site.devices[0].metrics.width)),
          "thumbHeight": .string(NumberText.format(site.devices[0].metrics.height)),
          "states": .list(uniqueStates.map(TemplateValue.string)),
          "hasTags": .bool(!design.tags.isEmpty), "tags": .list(design.tags.map(TemplateValue.string)),
          "variants": .list(
            design.variants.map {
              ["name": .string($0.name), "href": .string(SitePaths.designPage(design.id) + "#variant-" + $0.id)]
            }),
        ]
      })
    return try templates.render("index", .object(context))
  }
}
