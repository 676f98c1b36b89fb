import BlankslateSupport

/// Every render of a site — design × variant × device × theme × locale ×
/// text size — in the one order the gallery, the goldens, `check` and every
/// report use.
///
/// The one owner of the axes: their order, each design's and variant's run
/// of renders, where a render lies, and how many there are. A new axis is a
/// change here and in `RenderJob`.
package struct RenderMatrix: Sendable {
  package let devices: [Device]
  package let themes: [Theme]
  package let locales: [String]
  package let textSizes: [TextSize]
  /// Every render, design by design, variant by variant, then device, theme, locale and text size.
  package var jobs: Jobs { Jobs(matrix: self) }
  /// Each design's renders: a contiguous run of `jobs`, in site order.
  package let designRanges: [Range<Int>]
  /// The renders of one variant: devices × themes × locales × text sizes.
  package let rendersPerVariant: Int
  /// Each design's renders, in site order (one array per design, so that a
  /// matrix made again for a changed site shares the unchanged designs' arrays).
  private let designJobs: [[RenderJob]]
  /// The index of each variant's first render, by `design/variant`.
  private let variantStart: [String: Int]

  /// `reusing`: the matrix of an earlier build of the site; each design that
  /// is the same, on the same axes, keeps its renders without making them again.
  package init(_ site: SiteDefinition, reusing earlier: RenderMatrix? = nil) {
    devices = site.devices
    themes = site.themes
    locales = site.locales
    textSizes = site.textSizes
    rendersPerVariant = Self.rendersPerVariant(
      devices: site.devices.count, themes: site.themes.count, locales: site.locales.count,
      textSizes: site.textSizes.count)
    var earlierJobs: [String: [RenderJob]] = [:]
    if let earlier, earlier.devices == devices, earlier.themes == themes, earlier.locales == locales,
      earlier.textSizes == textSizes
    {
      for jobs in earlier.designJobs {
        if let first = jobs.first { earlierJobs[first.design.id] = jobs }
      }
    }
    var designJobs: [[RenderJob]] = []
    designJobs.reserveCapacity(site.designs.count)
    var ranges: [Range<Int>] = []
    var starts: [String: Int] = [:]
    starts.reserveCapacity(site.designs.reduce(0) { $0 + $1.variants.count })
    var count = 0
    for design in site.designs {
      for (index, variant) in design.variants.enumerated() {
        starts[design.id + "/" + variant.id] = count + index * rendersPerVariant
      }
      let jobs: [RenderJob]
      if let kept = earlierJobs[design.id], kept.first?.design == design {
        jobs = kept
      } else {
        jobs = Self.jobs(of: design, in: site, count: design.variants.count * rendersPerVariant)
      }
      designJobs.append(jobs)
      ranges.append(count..<(count + jobs.count))
      count += jobs.count
    }
    self.designJobs = designJobs
    designRanges = ranges
    variantStart = starts
  }

  /// The renders of one design, in order.
  private static func jobs(of design: Design, in site: SiteDefinition, count: Int) -> [RenderJob] {
    var jobs: [RenderJob] = []
    jobs.reserveCapacity(count)
    for variant in design.variants {
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
    return jobs
  }

  /// Every render of the matrix in its one order, as one collection over the designs' runs.
  package struct Jobs: RandomAccessCollection, Sendable {
    fileprivate let matrix: RenderMatrix
    package var startIndex: Int { 0 }
    package var endIndex: Int { matrix.count }

    package subscript(position: Int) -> RenderJob {
      let design = matrix.design(containing: position)
      return matrix.designJobs[design][position - matrix.designRanges[design].lowerBound]
    }
  }

  /// The renders in `range`, which lies inside one design's run (a design, or some of its variants).
  package func run(_ range: Range<Int>) -> ArraySlice<RenderJob> {
    guard !range.isEmpty else { return [] }
    let design = design(containing: range.lowerBound)
    let start = designRanges[design].lowerBound
    precondition(range.upperBound <= designRanges[design].upperBound, "a run of renders crosses designs")
    return designJobs[design][(range.lowerBound - start)..<(range.upperBound - start)]
  }

  /// The index of the design whose run holds render `position`.
  private func design(containing position: Int) -> Int {
    var (low, high) = (0, designRanges.count - 1)
    while low < high {
      let middle = (low + high + 1) / 2
      if designRanges[middle].lowerBound <= position { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// The renders of one variant on axes of these sizes.
  package static func rendersPerVariant(devices: Int, themes: Int, locales: Int, textSizes: Int = 1) -> Int {
    devices * themes * locales * textSizes
  }

  package var count: Int { designRanges.last?.upperBound ?? 0 }

  /// Each variant's run of renders in design `index`, in order.
  package func variantRanges(ofDesign index: Int) -> [Range<Int>] {
    let range = designRanges[index]
    return stride(from: range.lowerBound, to: range.upperBound, by: max(1, rendersPerVariant)).map {
      $0..<min($0 + rendersPerVariant, range.upperBound)
    }
  }

  /// The render of a variant on a device, in a theme, a locale and a text size, if the site has it.
  package func job(
    design: String, variant: String, device: Device, theme: Theme, locale: String, textSize: TextSize = .standard
  ) -> RenderJob? {
    guard let start = variantStart[design + "/" + variant] else { return nil }
    return job(variantStart: start, device: device, theme: theme, locale: locale, textSize: textSize)
  }

  /// Where the renders of `job`'s variant start in `jobs` (for looking up its
  /// siblings on other axes without finding the variant again).
  package func variantStart(of job: RenderJob) -> Int? {
    variantStart[job.design.id + "/" + job.variant.id]
  }

  /// The render on a device, in a theme, a locale and a text size, of the variant whose renders start at `start`.
  package func job(
    variantStart start: Int, device: Device, theme: Theme, locale: String, textSize: TextSize = .standard
  ) -> RenderJob? {
    guard let deviceIndex = devices.firstIndex(of: device), let themeIndex = themes.firstIndex(of: theme),
      let localeIndex = locales.firstIndex(of: locale), let sizeIndex = textSizes.firstIndex(of: textSize)
    else { return nil }
    return jobs[
      start + ((deviceIndex * themes.count + themeIndex) * locales.count + localeIndex) * textSizes.count + sizeIndex]
  }
}
