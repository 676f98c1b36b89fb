import Foundation
import BlankslateCore
import BlankslateSupport
import BlankslateValidation

extension GalleryPages {
  /// How many index pages the site's designs fill.
  var indexPageCount: Int { pageCount(perPage: Self.designsPerPage) }

  /// Index page `number` from its context (`indexPageContext`).
  func renderIndexPage(_ context: TemplateValue) throws(TemplateError) -> String {
    try templates.render("index", context)
  }

  /// The designs index page `number` (1-based) shows, as positions in the site.
  func indexPageDesigns(_ number: Int) -> Range<Int> { pageDesigns(number, perPage: Self.designsPerPage) }

  /// The fingerprint of everything index page `number` shows: the page is
  /// a function of its context (`indexPageContext`) and the templates, so
  /// the fingerprint says when the page changed. It is made of parts — the
  /// page's own values, the site's summary (once per build), and each
  /// card's fingerprint (`parts`, made when its design is
  /// rendered and kept with it in the build cache) — so that an unchanged
  /// page is known without making any of its cards.
  ///
  /// `parts`: each design's, in site order.
  func indexPageFingerprint(_ number: Int, parts: [DesignParts]) -> ContentHash {
    var fingerprint = ContentHash()
    TemplateValue.object(indexPageOwnContext(number)).fingerprint(into: &fingerprint)
    fingerprint.add(indexSummaryFingerprint)
    for position in indexPageDesigns(number) { fingerprint.add(parts[position].card) }
    return fingerprint
  }

  /// Everything index page `number` shows: a page of cards with the
  /// search, filters and switches, which work across every page through
  /// the search index.
  ///
  /// `thumbnailAlts`: the text alternative of each design's first
  /// render (its thumbnail), by design id.
  func indexPageContext(
    _ number: Int, thumbnailAlts: [String: String], lint: [String: [String: LintCounts]]
  ) -> TemplateValue {
    let root = SitePaths.rootPrefix(from: SitePaths.indexPage(number))
    var context = indexPageOwnContext(number)
    let cards = site.designs[indexPageDesigns(number)].map { design in
      let inputs = cardInputs(design, root: root, alt: thumbnailAlts[design.id], lint: lint[design.id] ?? [:])
      return self.cards?.value(for: design.id, madeFrom: inputs, make: Self.card) ?? Self.card(inputs)
    }
    context.merge(indexSummary) { _, summary in summary }
    context["designs"] = .list(cards)
    return .object(context)
  }

  /// What index page `number` shows of its own: its title, path, summary line and page links.
  private func indexPageOwnContext(_ number: Int) -> TemplateFields {
    let path = SitePaths.indexPage(number)
    let root = SitePaths.rootPrefix(from: path)
    var context = base(
      pageTitle: number == 1 ? site.title : "\(site.title) · page \(number)", path: path,
      breadcrumbs: number == 1 ? [] : [["label": .string("Page \(number)")]])
    context["usesSearchIndex"] = true
    context["pageNumber"] = .string(String(number))
    let designs = indexPageDesigns(number)
    context["pageSummary"] = .string(
      indexPageCount == 1
        ? "\(site.designs.count) design\(site.designs.count == 1 ? "" : "s")."
        : "Designs \(designs.lowerBound + 1)–\(designs.upperBound) of \(site.designs.count), page \(number) of \(indexPageCount)."
    )
    context["hasPages"] = .bool(indexPageCount > 1)
    context["pages"] = .list(
      (1...indexPageCount).map { page in
        [
          "number": .string(String(page)), "current": .bool(page == number),
          "href": .string(root + SitePaths.indexPage(page)),
        ]
      })
    return context
  }

  /// The fingerprints of what the site's own pages show of one design:
  /// its index card and its coverage row. The build cache keeps them with
  /// the design's key and meta, which determine both, so that a page none
  /// of whose designs changed is known without making its cards or rows.
  struct DesignParts: Sendable, Equatable {
    var card: String
    var coverageRow: String
  }

  /// `design`'s parts, with `alt` and `lint` its renders' thumbnail text and findings.
  func parts(of design: Design, alt: String?, lint: [String: LintCounts]) -> DesignParts {
    DesignParts(
      card: cardFingerprint(for: design, alt: alt, lint: lint), coverageRow: coverageRowFingerprint(of: design))
  }

  /// The fingerprint of `design`'s card as an index page at the site's
  /// root draws it (every link relative to it; a page elsewhere prefixes
  /// its links alike, and its fingerprint names its path). A card shows
  /// only the design, the site's first device, theme and locale, the
  /// thumbnail's text alternative and the lint counts: the build cache
  /// keeps it with the design's key and meta, which determine all of them.
  private func cardFingerprint(for design: Design, alt: String?, lint: [String: LintCounts]) -> String {
    var fingerprint = ContentHash()
    Self.card(cardInputs(design, root: "", alt: alt, lint: lint)).fingerprint(into: &fingerprint)
    return fingerprint.hex
  }

  /// Everything an index card is made from (`card(_:)` reads nothing
  /// else): a card kept between builds (`BuildMemo`) is used again exactly
  /// when this is equal.
  struct CardInputs: Equatable, Sendable {
    var design: Design
    /// The way from the index page to the site's root.
    var root: String
    /// The text alternative of the design's first render.
    var alt: String?
    var lint: LintCounts
    /// The gallery's default view, which the thumbnail shows.
    var device: Device
    var theme: Theme
    var locale: String
    var textSize: TextSize
  }

  /// What `design`'s card on a page at `root` is made from.
  private func cardInputs(_ design: Design, root: String, alt: String?, lint: [String: LintCounts]) -> CardInputs {
    CardInputs(
      design: design, root: root, alt: alt, lint: lint.values.reduce(LintCounts()) { $0.adding($1) },
      device: site.devices[0], theme: site.themes[0], locale: site.locales[0], textSize: site.textSizes[0])
  }

  /// A design's card on an index page.
  static func card(_ inputs: CardInputs) -> TemplateValue {
    let (design, root, alt, lint) = (inputs.design, inputs.root, inputs.alt, inputs.lint)
    let first = design.variants.first.map {
      RenderJob(
        design: design, variant: $0, device: inputs.device, theme: inputs.theme, locale: inputs.locale,
        textSize: inputs.textSize)
    }
    let renderBase = SitePaths.designFolder(design.id) + "/" + design.variants[0].id
    let states = Self.states(of: design)
    let value: TemplateValue = [
      "id": .string(design.id), "name": .string(design.name), "layout": .string(design.layout.rawValue),
      "href": .string(root + SitePaths.designPage(design.id)),
      "renderBase": .string(renderBase),
      "renderPage": .string(root + (first.map(SitePaths.page) ?? SitePaths.designPage(design.id))),
      "thumbnail": .string(root + (first.map(SitePaths.svg) ?? "")),
      "thumbnailAlt": .string(alt ?? first.map(\.title) ?? design.name),
      "thumbWidth": .string(NumberText.format(inputs.device.metrics.width)),
      "thumbHeight": .string(NumberText.format(inputs.device.metrics.height)),
      "states": .list(states.map(TemplateValue.string)),
      "stateList": .string(states.joined(separator: " ")),
      "hasTags": .bool(!design.tags.isEmpty), "tags": .list(design.tags.map(TemplateValue.string)),
      "tagList": .string(design.tags.joined(separator: " ")),
      "lintKind": .string(lint.badge.kind), "lintLabel": .string(lint.badge.label),
      "variants": .list(
        design.variants.map {
          [
            "name": .string($0.name),
            "href": .string(root + SitePaths.designPage(design.id) + "#" + PageID.variant($0.id)),
          ]
        }),
    ]
    return value
  }

  private static func switchGroup(_ label: String, _ name: String, _ options: [(value: String, label: String)])
    -> TemplateValue
  {
    [
      "label": .string(label),
      "options": .list(
        options.enumerated().map { index, option in
          [
            "name": .string(name), "value": .string(option.value), "label": .string(option.label),
            "first": .bool(index == 0),
          ]
        }),
    ]
  }

  /// How many of the lists (one a design) hold each value, a value that a
  /// list holds twice counted once. A design's lists are short (its tags, its
  /// states), so a value is looked for among those before it rather than
  /// put in a set (a long list still is): every build counts them for each
  /// of thousands of designs.
  static func designCounts(_ values: [[String]]) -> [String: Int] {
    var counts: [String: Int] = [:]
    for list in values {
      if list.count > 16 {
        for value in Set(list) { counts[value, default: 0] += 1 }
        continue
      }
      for (index, value) in list.enumerated() where !list[..<index].contains(value) {
        counts[value, default: 0] += 1
      }
    }
    return counts
  }

  /// The distinct states of a design's variants, in variant order.
  static func states(of design: Design) -> [String] {
    var states: [String] = []
    for variant in design.variants {
      let state = variant.state(in: design.layout).rawValue
      if !states.contains(state) { states.append(state) }
    }
    return states
  }

  /// What every index page shows of the whole site: counts, the filters
  /// with how many designs each matches, the device, theme and language switches.
  static func indexSummary(of site: SiteDefinition, renders: Int) -> TemplateFields {
    let tags = mostUsed(site.designs.map(\.tags), limit: tagOptions)
    return [
      "designCount": .string(String(site.designs.count)),
      "variantCount": .string(String(site.designs.reduce(0) { $0 + $1.variants.count })),
      "renderCount": .string(String(renders)),
      "countLine": .string(
        [
          (site.designs.count, "design"), (site.designs.reduce(0) { $0 + $1.variants.count }, "variant"),
          (renders, "render"),
        ].map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }.joined(separator: " · ")),
      "deviceList": .string(site.devices.map(\.metrics.name).joined(separator: ", ")),
      "themeList": .string(site.themes.map(\.rawValue).joined(separator: ", ")),
      "localeList": .string(site.locales.joined(separator: ", ")),
      // Each on its own, so that a narrow window does not break "zh-Hans" at its hyphen.
      "localeItems": .list(
        site.locales.enumerated().map { index, locale in
          ["name": .string(locale), "last": .bool(index == site.locales.count - 1)]
        }),
      "layouts": .list(counted(site.designs.map { [$0.layout.rawValue] })),
      "states": .list(counted(site.designs.map(states))),
      "tags": .list(tags.shown),
      "moreTags": .string(tags.omitted > 0 ? "\(tags.omitted) more; type a tag in Search" : ""),
      "switches": .list(
        [
          switchGroup("Device", "device", site.devices.map { ($0.rawValue, $0.metrics.name) }),
          switchGroup("Theme", "theme", site.themes.map { ($0.rawValue, themeLabel($0)) }),
          switchGroup("Language", "locale", site.locales.map { ($0, $0) }),
        ]
          + (site.textSizes.count > 1
            ? [switchGroup("Text size", "size", site.textSizes.map { ($0.rawValue, $0.label) })] : [])),
    ]
  }

  /// Each distinct value with how many designs have it, sorted by value.
  /// How many tags the tag filter offers: every index page carries the
  /// list, so it may not grow with the site (search and `?tag=` reach the rest).
  static let tagOptions = 100

  /// The `limit` values used by most lists, by name, with counts; and how many were left out.
  static func mostUsed(_ values: [[String]], limit: Int) -> (shown: [TemplateValue], omitted: Int) {
    let counts = designCounts(values)
    let kept = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key.precedesInByteOrder($1.key) }
      .prefix(limit).map(\.key).sorted { $0.precedesInByteOrder($1) }
    return (kept.map { ["value": .string($0), "count": .string(String(counts[$0] ?? 0))] }, counts.count - kept.count)
  }

  static func counted(_ values: [[String]]) -> [TemplateValue] {
    let counts = designCounts(values)
    return counts.keys.sorted { $0.precedesInByteOrder($1) }.map {
      ["value": .string($0), "count": .string(String(counts[$0] ?? 0))]
    }
  }
}
