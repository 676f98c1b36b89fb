/// Every render of a site — design × variant × device × theme × locale ×
/// text size — in the one order the gallery, the goldens, `check` and every
/// report use.
///
/// The one owner of the axes: their order, each design's and variant's run
/// of renders, where a render lies, and how many there are. A new axis is a
/// change here and in `RenderJob`.
public struct RenderMatrix: Sendable {
  public let devices: [Device]
  public let themes: [Theme]
  public let locales: [String]
  public let textSizes: [TextSize]
  /// Every render, design by design, variant by variant, then device, theme, locale and text size.
  public let jobs: [RenderJob]
  /// Each design's renders: a contiguous run of `jobs`, in site order.
  public let designRanges: [Range<Int>]
  /// The renders of one variant: devices × themes × locales × text sizes.
  public let rendersPerVariant: Int
  /// The index of each variant's first render, by `design/variant`.
  private let variantStart: [String: Int]

  public init(_ site: SiteDefinition) {
    devices = site.devices
    themes = site.themes
    locales = site.locales
    textSizes = site.textSizes
    rendersPerVariant = Self.rendersPerVariant(
      devices: site.devices.count, themes: site.themes.count, locales: site.locales.count,
      textSizes: site.textSizes.count)
    var jobs: [RenderJob] = []
    jobs.reserveCapacity(site.designs.reduce(0) { $0 + $1.variants.count } * rendersPerVariant)
    var ranges: [Range<Int>] = []
    var starts: [String: Int] = [:]
    for design in site.designs {
      let designStart = jobs.count
      for variant in design.variants {
        starts[design.id + "/" + variant.id] = jobs.count
        for device in site.devices {
          for theme in site.themes {
            for locale in site.locales {
              for textSize in site.textSizes {
                jobs.append(
                  RenderJob(
                    design: design, variant: variant, device: device, theme: theme, locale: locale, textSize: textSize))
              }
            }
          }
        }
      }
      ranges.append(designStart..<jobs.count)
    }
    self.jobs = jobs
    designRanges = ranges
    variantStart = starts
  }

  /// The renders of one variant on axes of these sizes.
  public static func rendersPerVariant(devices: Int, themes: Int, locales: Int, textSizes: Int = 1) -> Int {
    devices * themes * locales * textSizes
  }

  public var count: Int { jobs.count }

  /// Each variant's run of renders in design `index`, in order.
  public func variantRanges(ofDesign index: Int) -> [Range<Int>] {
    let range = designRanges[index]
    return stride(from: range.lowerBound, to: range.upperBound, by: max(1, rendersPerVariant)).map {
      $0..<min($0 + rendersPerVariant, range.upperBound)
    }
  }

  /// The render of a variant on a device, in a theme, a locale and a text size, if the site has it.
  public func job(
    design: String, variant: String, device: Device, theme: Theme, locale: String, textSize: TextSize = .standard
  ) -> RenderJob? {
    guard let start = variantStart[design + "/" + variant] else { return nil }
    return job(variantStart: start, device: device, theme: theme, locale: locale, textSize: textSize)
  }

  /// Where the renders of `job`'s variant start in `jobs` (for looking up its
  /// siblings on other axes without finding the variant again).
  public func variantStart(of job: RenderJob) -> Int? {
    variantStart[job.design.id + "/" + job.variant.id]
  }

  /// The render on a device, in a theme, a locale and a text size, of the variant whose renders start at `start`.
  public func job(
    variantStart start: Int, device: Device, theme: Theme, locale: String, textSize: TextSize = .standard
  ) -> RenderJob? {
    guard let deviceIndex = devices.firstIndex(of: device), let themeIndex = themes.firstIndex(of: theme),
      let localeIndex = locales.firstIndex(of: locale), let sizeIndex = textSizes.firstIndex(of: textSize)
    else { return nil }
    return jobs[
      start + ((deviceIndex * themes.count + themeIndex) * locales.count + localeIndex) * textSizes.count + sizeIndex]
  }
}
