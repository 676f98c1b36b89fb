import BlankslateSupport

/// A whole site: its settings and every design, ready to expand into renders.
public struct SiteDefinition: Sendable, Equatable {
  /// The gallery's title.
  public var title: String
  /// The devices every variant is rendered on.
  public var devices: [Device]
  /// The themes every variant is rendered in.
  public var themes: [Theme]
  /// BCP 47 tags (`zh-Hans`, `en`), in the order the gallery shows them.
  public var locales: [String]
  /// The Dynamic Type sizes every render is made at (`[.large]` unless `site.json` says otherwise).
  public var textSizes: [TextSize]
  /// Designs sorted by id.
  public var designs: [Design]
  /// Severities `site.json` sets for lint rules; the rest keep their default.
  public var lint: [LintRule: LintSeverity]
  /// The caps the site was loaded under (assets are checked against them later).
  package var limits: SiteLimits
  /// A hash of `site.json`'s bytes ("" without one): part of every design's cache key.
  public var settingsHash = ""
  /// A hash of what `site.json` says besides its lists of devices, themes,
  /// locales and text sizes: with the first of each (the gallery's default
  /// view), all a render's own files read of it (`BuildCache.Key.renders`).
  public var settingsHashWithoutLists = ""
  /// The app's accent (`tint`), also on each design (`Design.appTint`); nil: systemBlue.
  package var tint: ColorValue?
  /// The fonts the site's text is set in: the stand-ins, or the team's own files (`fonts`, `tracking`).
  public var typography = SiteTypography.standIns
  /// The states every design should have (`coverage.states`); lint's `missing-state` reviews them.
  public var coverage: [ContentState] = []

  package init(
    title: String, devices: [Device], themes: [Theme], locales: [String], textSizes: [TextSize] = [.standard],
    designs: [Design], lint: [LintRule: LintSeverity] = [:], limits: SiteLimits = SiteLimits()
  ) {
    self.title = title
    self.devices = devices
    self.themes = themes
    self.locales = locales
    self.textSizes = textSizes
    self.designs = designs
    self.lint = lint
    self.limits = limits
  }

  /// The severity of `rule` in this site.
  public func severity(of rule: LintRule) -> LintSeverity {
    lint[rule] ?? rule.defaultSeverity
  }
}
