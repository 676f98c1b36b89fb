import Foundation
import BlankslateModel
import BlankslateSupport

/// Lints the renders of a site: the rules of `SceneLinter`, missing
/// translations, the site's severities and each variant's suppressions.
public struct Linter: Sendable {
  /// The site whose rules and suppressions apply.
  public let site: SiteDefinition

  /// A linter with `site`'s rules and suppressions.
  public init(site: SiteDefinition) {
    self.site = site
  }

  /// Reviews a run of renders in the site's order, where each dark render
  /// follows the light render of the same variant, device, locale and text
  /// size: the dark one is compared with that light scene, laid out once.
  public struct Session {
    let linter: Linter
    let renderer: Renderer
    /// Each light scene until its dark twin, by the light render's whole name.
    private var lightScenes: [RenderID: Scene] = [:]

    /// A session of `linter` over renders `renderer` lays out.
    public init(linter: Linter, renderer: Renderer) {
      self.linter = linter
      self.renderer = renderer
    }

    /// The findings of `job`, laid out as `scene`.
    public mutating func findings(for job: RenderJob, scene: Scene) -> [LintFinding] {
      linter.findings(for: job, scene: scene, lightScene: lightScene(for: job, scene: scene))
    }

    /// The light render a dark `job` is compared with (nil for a light one,
    /// which is kept for its dark twin): the same render in every other
    /// respect — design, variant, device, locale and text size — found by its
    /// whole name, or laid out here outside the site's order (a filtered run).
    package mutating func lightScene(for job: RenderJob, scene: Scene) -> Scene? {
      let twin = Self.lightTwin(of: job)
      guard job.theme == .dark else {
        lightScenes[twin.id] = scene
        return nil
      }
      return lightScenes.removeValue(forKey: twin.id) ?? renderer.scene(for: twin)
    }

    /// `job` in the light theme, the same in everything else.
    package static func lightTwin(of job: RenderJob) -> RenderJob {
      var twin = job
      twin.theme = .light
      return twin
    }
  }

  /// The findings of one render, given its scene and, for a dark render, the
  /// same render in the light theme (`Session` finds it).
  package func findings(for job: RenderJob, scene: Scene, lightScene: Scene?) -> [LintFinding] {
    var raw = SceneLinter(job: job, scene: scene, lightScene: lightScene).findings()
    raw += missingTranslations(job, scene)
    raw += missingStates(job)
    return raw.compactMap { entry in
      let severity = site.severity(of: entry.rule)
      guard severity != .off else { return nil }
      return LintFinding(
        rule: entry.rule, severity: severity, render: job.id,
        node: entry.node?.id, frame: entry.node?.frame, message: entry.message, measured: entry.measured,
        threshold: entry.threshold, suppression: job.variant.suppressions[entry.rule])
    }
  }

  /// The states of `coverage.states` that no variant of the design shows, as
  /// findings of the design's first render (a design's one place in lint's
  /// report); only states its layout can show count.
  private func missingStates(_ job: RenderJob) -> [LintObservation] {
    guard !site.coverage.isEmpty, job.variant.id == job.design.variants.first?.id,
      job.device == site.devices.first, job.theme == site.themes.first, job.locale == site.locales.first,
      job.textSize == site.textSizes.first
    else { return [] }
    let layout = job.design.layout
    let shown = Set(job.design.variants.map { $0.state(in: layout) })
    return site.coverage.filter { layout.states.contains($0) && !shown.contains($0) }.map { state in
      LintObservation(
        .missingState, nil,
        "\(job.design.id) has no \(state.rawValue) variant; site.json coverage.states asks every design for "
          + site.coverage.map(\.rawValue).joined(separator: ", "), nil, nil)
    }
  }

  /// Written texts with no entry for the render's locale (pseudo-locales are generated, never missing).
  private func missingTranslations(
    _ job: RenderJob, _ scene: Scene
  ) -> [LintObservation] {
    guard !PseudoLocale.isPseudo(job.locale) else { return [] }
    let nodeIDs = [
      "title": "title", "message": "message", "button.title": "button", "customView.text": "custom-view",
      "toast": "toast", "chrome.navigationTitle": "navigation-title",
    ]
    return job.variant.properties.texts.compactMap { key, text in
      guard !text.hasEntry(for: job.locale) else { return nil }
      let node = nodeIDs[key].flatMap { scene.node(withID: $0) }
      let shown = text.resolved(in: job.locale)
      return LintObservation(
        .missingTranslation, node,
        "\(key) has no \(job.locale) text; it falls back to \"\(shown.prefix(40))\"", nil, nil
      )
    }
  }
}

/// The lint results of a whole site, for the console, JSON and JUnit.
public struct LintReport: Sendable {
  /// One finding as it repeats over renders: same variant, rule, element and message.
  public struct Group: Sendable, Equatable {
    /// The design's id.
    public var design: String
    /// The variant's id.
    public var variant: String
    /// The rule.
    public var rule: LintRule
    /// Error or warning.
    public var severity: LintSeverity
    /// The element it concerns, if one.
    public var node: String?
    /// What was found, in a sentence.
    public var message: String
    /// The reason of the suppression that accepts it, if one does.
    public var suppression: String?
    /// The renders it occurs in.
    public var renders: [RenderID]
  }

  /// Every finding, in site order.
  public var findings: [LintFinding]
  /// How many renders were linted.
  public var renderCount: Int

  /// A report of `findings` over `renderCount` renders.
  public init(findings: [LintFinding], renderCount: Int) {
    self.findings = findings
    self.renderCount = renderCount
  }

  /// Active findings of error severity.
  public var errors: Int { findings.filter { $0.isActive && $0.severity == .error }.count }
  /// Active findings of warning severity.
  public var warnings: Int { findings.filter { $0.isActive && $0.severity == .warning }.count }
  /// Findings a suppression accepts.
  public var suppressed: Int { findings.filter { $0.suppression != nil }.count }

  /// Whether lint fails: any active finding at error severity.
  public var hasErrors: Bool { errors > 0 }

  /// `2 errors, 5 warnings, 12 accepted in 128 renders`.
  public var countLine: String {
    "\(errors) \(errors == 1 ? "error" : "errors"), \(warnings) \(warnings == 1 ? "warning" : "warnings"), "
      + "\(suppressed) accepted in \(renderCount) renders"
  }

  /// Findings grouped by design, variant, rule, element and message, in that order.
  public var groups: [Group] {
    var order: [String] = []
    var byKey: [String: Group] = [:]
    for finding in findings {
      let key = [finding.design, finding.variant, finding.rule.rawValue, finding.node ?? "", finding.message].joined(
        separator: "\u{1F}")
      if byKey[key] == nil {
        order.append(key)
        byKey[key] = Group(
          design: finding.design, variant: finding.variant, rule: finding.rule, severity: finding.severity,
          node: finding.node, message: finding.message, suppression: finding.suppression, renders: [])
      }
      byKey[key]?.renders.append(finding.render)
    }
    return order.compactMap { byKey[$0] }
  }

  /// The console listing: a heading per design and variant, a line per group.
  public var text: String {
    var lines: [String] = []
    var heading = ""
    var reasonsShown: Set<String> = []
    for group in groups {
      let current = group.renders[0].variantPath
      if current != heading {
        lines.append(current)
        heading = current
        reasonsShown = []
      }
      let label = group.suppression == nil ? group.severity.rawValue : "accepted"
      var line =
        "  " + label.padding(toLength: 8, withPad: " ", startingAt: 0) + " "
        + group.rule.rawValue.padding(toLength: 20, withPad: " ", startingAt: 0) + " " + group.message
      // Where: each render by device, theme, locale and size, or the axes when it is every combination.
      let count = group.renders.count == 1 ? "" : "\(group.renders.count) renders: "
      line += "  [\(count)\(RenderID.placement(of: group.renders))]"
      if let reason = group.suppression, reasonsShown.insert(reason).inserted {
        line += "\n" + String(repeating: " ", count: 11) + "because: " + reason
      }
      lines.append(line)
    }
    lines.append("Lint: \(countLine).")
    return lines.joined(separator: "\n")
  }

  /// The report as `lint --json` prints it.
  public var json: String {
    let groups: [JSONDocument] = self.groups.map { group in
      .object([
        ("design", .string(group.design)), ("variant", .string(group.variant)), ("rule", .string(group.rule.rawValue)),
        ("severity", .string(group.severity.rawValue)), ("element", group.node.map(JSONDocument.string) ?? .null),
        ("message", .string(group.message)), ("suppressed", group.suppression.map(JSONDocument.string) ?? .null),
        ("renders", .array(group.renders.map { .string($0.description) })),
      ])
    }
    let findings: [JSONDocument] = self.findings.map { finding in
      .object([
        ("render", .string(finding.render.description)), ("rule", .string(finding.rule.rawValue)),
        ("severity", .string(finding.severity.rawValue)), ("element", finding.node.map(JSONDocument.string) ?? .null),
        ("message", .string(finding.message)), ("measured", finding.measured.map(JSONDocument.number) ?? .null),
        ("threshold", finding.threshold.map(JSONDocument.number) ?? .null),
        ("suppressed", finding.suppression.map(JSONDocument.string) ?? .null),
      ])
    }
    return JSONDocument.object([
      ("v", .number(1)),
      (
        "counts",
        .object([
          ("renders", .number(Double(renderCount))), ("errors", .number(Double(errors))),
          ("warnings", .number(Double(warnings))), ("suppressed", .number(Double(suppressed))),
        ])
      ),
      ("groups", .array(groups)),
      ("findings", .array(findings)),
    ]).rendered(pretty: true) + "\n"
  }

  /// JUnit XML: a test suite per design, a test case per variant and rule;
  /// active errors are failures, the rest are listed in `system-out`.
  public func junit(variants: [(design: String, variant: String)]) -> String {
    let groups = self.groups
    var designs: [String] = []
    for entry in variants where !designs.contains(entry.design) { designs.append(entry.design) }
    let suites = designs.map { design in
      JUnitDocument.Suite(
        name: design,
        cases: variants.filter { $0.design == design }.flatMap { entry in
          LintRule.allCases.map { rule in
            let matching = groups.filter { $0.design == design && $0.variant == entry.variant && $0.rule == rule }
            let errors = matching.filter { $0.suppression == nil && $0.severity == .error }
            let others = matching.filter { !($0.suppression == nil && $0.severity == .error) }
            return JUnitDocument.TestCase(
              classname: "lint." + design + "." + entry.variant, name: rule.rawValue,
              failure: errors.first.map { first in
                (
                  rule.rawValue, first.message,
                  errors.map { "\($0.message) [\($0.renders.map(\.placement).joined(separator: ", "))]" }.joined(
                    separator: "\n")
                )
              },
              systemOut: others.isEmpty
                ? nil
                : others.map { ($0.suppression.map { "accepted (\($0)): " } ?? "warning: ") + $0.message }.joined(
                  separator: "\n"))
          }
        })
    }
    return JUnitDocument(name: "blankslate lint", suites: suites).xml
  }
}
