/// A whole site: its settings and every design, ready to expand into renders.
public struct SiteDefinition: Sendable, Equatable {
  public var title: String
  public var devices: [Device]
  public var themes: [Theme]
  /// BCP 47 tags (`zh-Hans`, `en`), in the order the gallery shows them.
  public var locales: [String]
  /// Designs sorted by id.
  public var designs: [Design]
  /// Severities `site.json` sets for lint rules; the rest keep their default.
  public var lint: [LintRule: LintSeverity]
  /// The caps the site was loaded under (assets are checked against them later).
  public var limits: SiteLimits
  /// A hash of `site.json`'s bytes ("" without one): part of every design's cache key.
  public var settingsHash = ""

  public init(
    title: String, devices: [Device], themes: [Theme], locales: [String], designs: [Design],
    lint: [LintRule: LintSeverity] = [:], limits: SiteLimits = SiteLimits()
  ) {
    self.title = title
    self.devices = devices
    self.themes = themes
    self.locales = locales
    self.designs = designs
    self.lint = lint
    self.limits = limits
  }

  /// The severity of `rule` in this site.
  public func severity(of rule: LintRule) -> LintSeverity {
    lint[rule] ?? rule.defaultSeverity
  }

  /// Every render of the site: variant × device × theme × locale, in a fixed order.
  public var renderJobs: [RenderJob] {
    var jobs: [RenderJob] = []
    jobs.reserveCapacity(designs.reduce(0) { $0 + $1.variants.count } * devices.count * themes.count * locales.count)
    for design in designs {
      for variant in design.variants {
        for device in devices {
          for theme in themes {
            for locale in locales {
              jobs.append(RenderJob(design: design, variant: variant, device: device, theme: theme, locale: locale))
            }
          }
        }
      }
    }
    return jobs
  }
}
