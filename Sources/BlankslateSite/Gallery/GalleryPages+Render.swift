import BlankslateCore
import BlankslateHandOff
import BlankslateSupport
import BlankslateValidation

extension GalleryPages {
  /// The permalink page of one render: the SVG beside the live HTML
  /// rendition, the resolved definition, the code that builds the screen,
  /// and links to its neighbours.
  ///
  /// `definition` and `handoff`: the page's sections that many renders share
  /// (`definitionSection`, `handoffSection`), rendered once by the caller.
  func renderPage(
    _ render: Render, live: String, findings: [LintFinding], definition: DefinitionSection, handoff: String
  ) throws(TemplateError) -> [UInt8] {
    let (job, scene) = (render.job, render.scene)
    let path = SitePaths.page(job)
    var context = base(
      pageTitle: "\(job.design.name) — \(job.variant.name) · \(site.title)", path: path,
      breadcrumbs: [
        ["label": .string(job.design.name), "href": .string("index.html")],
        ["label": .string(job.variant.name), "href": .string("index.html#" + PageID.variant(job.variant.id))],
        ["label": .string("\(job.device.metrics.name), \(Self.themeLabel(job.theme)), \(job.locale)")],
      ])
    context.reserveCapacity(42)  // a render page's context, in one allocation
    let metrics = job.device.metrics
    context["designName"] = .string(job.design.name)
    context["variantName"] = .string(job.variant.name)
    context["deviceName"] = .string(metrics.name)
    context["theme"] = .string(job.theme.rawValue)
    context["locale"] = .string(job.locale)
    context["layout"] = .string(job.design.layout.rawValue)
    context["state"] = .string(job.variant.state(in: job.design.layout).rawValue)
    context["svg"] = .string(job.id.svgName)
    if linksPNGs { context["png"] = .string(job.id.pngName) }
    context["alt"] = .string(render.alt)
    context["width"] = .string(NumberText.format(metrics.width))
    context["height"] = .string(NumberText.format(metrics.height))
    context["radius"] = .string(NumberText.format(metrics.screenCornerRadius))
    context["live"] = .string(live)
    context["liveHint"] = .string(Self.liveHint(for: scene))
    context["switchGroups"] = .list(switchGroups(for: job))
    let counts = LintCounts(findings)
    context["lintKind"] = .string(counts.badge.kind)
    context["lintLabel"] = .string(counts.badge.label)
    context["findings"] = .list(findings.map(Self.findingContext))
    context["readingOrder"] = .list(
      ReadingOrder(scene: scene, job: job).items.map { .object(["spoken": .string($0.spoken)]) })
    context["textDirection"] = .string(PinnedFont.isRightToLeft(job.locale) ? "rtl" : "ltr")
    // Only open findings are outlined on the render: an accepted one drawn there read as part of the design.
    context["outlines"] = .list(
      findings.filter { $0.suppression == nil }.compactMap { finding in
        finding.frame.map {
          Self.outline($0, kind: Self.kind(of: finding), screen: scene.size, label: finding.rule.rawValue)
        }
      })
    context["definitionSection"] = .string(definition.html)
    context["handoffSection"] = .string(handoff)
    // What the section is made of, for a theme's render.html that lays out the definition itself.
    context["definitionJSON"] = .string(definition.json)
    context["sourceFile"] = .string(job.design.sourceFile)
    context["sourcePath"] = .string(Self.sourcePath(of: job))
    let neighbours = self.neighbours(of: job)
    if let previous = neighbours.previous {
      context["previous"] = [
        "href": .string(href(to: previous, from: job.design.id)),
        "label": .string("\(previous.design.name) — \(previous.variant.name)"),
      ]
    }
    if let next = neighbours.next {
      context["next"] = [
        "href": .string(href(to: next, from: job.design.id)),
        "label": .string("\(next.design.name) — \(next.variant.name)"),
      ]
    }
    return try templates.renderBytes("render", .object(context))
  }

  /// A variant's resolved definition: its pretty JSON and the page section that shows it.
  struct DefinitionSection: Sendable {
    var json: String
    var html: String
  }

  /// A render page's section showing the variant's resolved definition
  /// (`json`, pretty; the same for all its renders, or for all in one locale).
  func definitionSection(of job: RenderJob, json: String) throws(TemplateError) -> DefinitionSection {
    let context: TemplateFields = [
      "sourceFile": .string(job.design.sourceFile), "sourcePath": .string(Self.sourcePath(of: job)),
      "json": .string(json),
    ]
    return DefinitionSection(
      json: json, html: try Self.section(templates.renderBytes("partials/definition", .object(context))))
  }

  /// Where the variant lies in its file, as the definition section says it.
  static func sourcePath(of job: RenderJob) -> String {
    job.variant.path == .root ? "its single default variant" : job.variant.path.description
  }

  /// A render page's section showing the Swift that builds the variant's screen
  /// in `locale` (the same for every device, theme and text size), with copy buttons.
  func handoffSection(snippets: [CodeHandOff.Snippet], locale: String) throws(TemplateError) -> String {
    let context: TemplateFields = [
      "locale": .string(locale),
      "snippets": .list(
        snippets.enumerated().map { index, snippet in
          [
            "label": .string(snippet.label), "code": .string(snippet.code),
            "hasUnexpressed": .bool(!snippet.unexpressed.isEmpty),
            "unexpressed": .list(snippet.unexpressed.map { ["line": .string($0)] }),
            "codeID": .string(PageID.snippet(number: index + 1)),
          ]
        }),
    ]
    return try Self.section(templates.renderBytes("partials/handoff", .object(context)))
  }

  /// A partial's output as a page lays it in: its escaping already done, one line break at its end.
  private static func section(_ bytes: [UInt8]) -> String {
    var text = String(decoding: bytes, as: UTF8.self)
    while text.hasSuffix("\n") { text.removeLast() }
    return text + "\n"
  }

  static func kind(of finding: LintFinding) -> String {
    finding.suppression != nil ? "accepted" : finding.severity.rawValue
  }

  static func findingContext(_ finding: LintFinding) -> TemplateValue {
    var context: TemplateFields = [
      "kind": .string(kind(of: finding)), "rule": .string(finding.rule.rawValue), "message": .string(finding.message),
    ]
    if let reason = finding.suppression { context["reason"] = .string(reason) }
    return .object(context)
  }

  /// A box around `frame`, placed in percent of the screen so it scales
  /// with the image, and clipped to the screen: a part of the frame off the
  /// screen is not drawn over the page, and a frame wholly off it is pointed
  /// at by a bar along the edge it lies beyond.
  package static func outline(_ frame: Rect, kind: String, screen: Size, label: String) -> TemplateValue {
    func percent(_ value: Double, _ total: Double) -> String { NumberText.format(value / total * 100) + "%" }
    let grown = Rect(x: frame.x - 2, y: frame.y - 2, width: frame.width + 4, height: frame.height + 4)
    let minX = max(0, grown.minX)
    let minY = max(0, grown.minY)
    var box = Rect(
      x: minX, y: minY, width: min(screen.width, grown.maxX) - minX, height: min(screen.height, grown.maxY) - minY)
    var label = label
    if box.width <= 0 || box.height <= 0 {
      // Wholly off the screen: a 4 pt bar inside the edge it lies beyond, as wide as the frame where it can be.
      let bar = 4.0
      let spanX = (max(0, min(grown.minX, screen.width - bar)), max(bar, min(grown.width, screen.width)))
      let spanY = (max(0, min(grown.minY, screen.height - bar)), max(bar, min(grown.height, screen.height)))
      if grown.minY >= screen.height {
        (box, label) = (
          Rect(x: spanX.0, y: screen.height - bar, width: spanX.1, height: bar), label + " (below the screen)"
        )
      } else if grown.maxY <= 0 {
        (box, label) = (Rect(x: spanX.0, y: 0, width: spanX.1, height: bar), label + " (above the screen)")
      } else if grown.minX >= screen.width {
        (box, label) = (
          Rect(x: screen.width - bar, y: spanY.0, width: bar, height: spanY.1), label + " (right of the screen)"
        )
      } else {
        (box, label) = (Rect(x: 0, y: spanY.0, width: bar, height: spanY.1), label + " (left of the screen)")
      }
      box.width = min(box.width, screen.width - box.x)
      box.height = min(box.height, screen.height - box.y)
    }
    return [
      "kind": .string(kind), "label": .string(label),
      "style": .string(
        "left:\(percent(box.x, screen.width));top:\(percent(box.y, screen.height));"
          + "width:\(percent(box.width, screen.width));height:\(percent(box.height, screen.height))"),
    ]
  }

  /// The variant as the gallery shows it: ids, layout, state, and its
  /// properties as written (the design's, with the variant's laid over them).
  static func resolvedDefinition(of job: RenderJob) -> JSONDocument {
    .object([
      ("design", .string(job.design.id)),
      ("variant", .string(job.variant.id)),
      ("name", .string(job.variant.name)),
      ("layout", .string(job.design.layout.rawValue)),
      ("state", .string(job.variant.state(in: job.design.layout).rawValue)),
      ("properties", job.variant.properties.json(around: job.locale)),
      (
        "suppress",
        .array(job.variant.suppressions.map(\.json))
      ),
    ])
  }

  /// Whether a text of the job's variant has more translations than a page
  /// shows, so that its resolved definition depends on the render's locale.
  static func definitionDependsOnLocale(_ job: RenderJob) -> Bool {
    job.variant.properties.texts.contains { $0.text.entries.count > LocalizedText.entriesShown }
  }

  /// What a reviewer can try on the live rendition.
  static func liveHint(for scene: Scene) -> String {
    var hints: [String] = []
    // One walk over the scene, without collecting its nodes.
    var (toast, reload, spinner) = (false, false, false)
    var scroll: ScrollBehavior?
    scene.forEachNode { node in
      if case .showToast = node.action { toast = true }
      if node.action == .reload && node.role == .button { reload = true }
      if node.role == .spinner { spinner = true }
      if scroll == nil, let found = node.scroll { scroll = found }
    }
    if toast { hints.append("tap the button: the toast appears") }
    if reload { hints.append("tap the button to reload") }
    if spinner { hints.append("the spinner turns") }
    if let scroll {
      hints.append(scroll == .enabled ? "drag the list" : "the list does not scroll")
    }
    return hints.isEmpty ? "the same Scene in HTML and CSS" : hints.joined(separator: "; ")
  }

  /// A link from a page in `design`'s folder to the render page of `job`.
  private func href(to job: RenderJob, from design: String) -> String {
    let file = job.id.pageName
    return job.design.id == design ? file : "../\(job.design.id)/\(file)"
  }

  /// Links to the same variant on the site's other devices, themes, locales
  /// and text sizes: every one is a render of the matrix (each list by each).
  private func switchGroups(for job: RenderJob) -> [TemplateValue] {
    func option(
      _ label: String, _ device: Device, _ theme: Theme, _ locale: String, _ size: TextSize? = nil
    ) -> TemplateValue {
      let target = RenderID(
        design: job.design.id, variant: job.variant.id, device: device, theme: theme, locale: locale,
        textSize: size ?? job.textSize)
      return ["label": .string(label), "href": .string(target.pageName), "current": .bool(target == job.id)]
    }
    let variant = job.variant.id
    let devices = site.devices.map { option($0.metrics.name, $0, job.theme, job.locale) }
    let themes = site.themes.map { option(Self.themeLabel($0), job.device, $0, job.locale) }
    let sizes = site.textSizes.map { option($0.label, job.device, job.theme, job.locale, $0) }
    // At most a window of languages around this one (a page listing all of
    // 1,000 locales, on each of 1,000 pages, would grow with their square);
    // the design page's matrix links every one.
    let nearby = Self.window(of: site.locales, around: job.locale, size: Self.languageLinks)
    var locales = nearby.map { option($0, job.device, job.theme, $0) }
    if nearby.count < site.locales.count {
      locales.append([
        "label": .string("All \(site.locales.count) languages"),
        "href": .string(SitePaths.designPageName + "#" + PageID.variant(variant)), "current": false,
      ])
    }
    return [
      ["label": "Devices", "options": .list(devices)],
      ["label": "Themes", "options": .list(themes)],
      ["label": "Languages", "options": .list(locales)],
    ] + (site.textSizes.count > 1 ? [["label": "Text sizes", "options": .list(sizes)]] : [])
  }

  /// How many languages a render page links to directly.
  static let languageLinks = 12

  /// At most `size` consecutive items of `items`, with `current` among them, as near the middle as the ends allow.
  static func window(of items: [String], around current: String, size: Int) -> ArraySlice<String> {
    guard items.count > size, let position = items.firstIndex(of: current) else { return items[...] }
    let start = max(0, min(position - size / 2, items.count - size))
    return items[start..<(start + size)]
  }

  /// The previous and next variant in gallery order, on the same device, theme and locale: each
  /// variant's renders are a run of the matrix, in gallery order, so its neighbours' runs are beside it.
  private func neighbours(of job: RenderJob) -> (previous: RenderJob?, next: RenderJob?) {
    guard let start = matrix.variantStart(of: job) else { return (nil, nil) }
    func at(_ variantStart: Int) -> RenderJob? {
      guard variantStart >= 0, variantStart < matrix.count else { return nil }
      return matrix.job(
        variantStart: variantStart, device: job.device, theme: job.theme, locale: job.locale, textSize: job.textSize)
    }
    return (at(start - matrix.rendersPerVariant), at(start + matrix.rendersPerVariant))
  }
}
