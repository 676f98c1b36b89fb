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
      let accepted = job.variant.suppression(for: entry.rule, element: entry.node?.id, cause: entry.cause)
      var finding = LintFinding(
        rule: entry.rule, severity: severity, render: job.id,
        node: entry.node?.id, frame: entry.node?.frame, message: entry.message, measured: entry.measured,
        threshold: entry.threshold, suppression: accepted?.reason, cause: entry.cause,
        summary: entry.summary, isSiteWide: entry.isSiteWide)
      finding.acceptedBy = accepted?.index
      return finding
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
