import Foundation
import BlankslateCore
import BlankslateSupport
import BlankslateValidation

/// Builds a site folder into a validated static gallery.
///
/// Definition → Layout → Render → Site → Validation, then one swap into the
/// output folder: a build that fails anywhere leaves the previous output as it was.
public struct SiteBuilder: Sendable {
  /// What to build, and how.
  public var options: BuildOptions

  /// A builder of the site `options` names.
  public init(options: BuildOptions) {
    self.options = options
  }

  /// Loads, plans, renders the designs, makes the site's own files, checks
  /// every link, then publishes: each phase is one call below.
  ///
  /// - Throws: `BuildError`; `exitCode` says how the CLI should exit.
  public func build() throws(BuildError) -> BuildSummary {
    var timings = BuildTimings()
    let (inputs, definitions, decoded) = try timings.measure(.load) { () throws(BuildError) in try load() }
    let staging = try StagingFolder(
      target: options.output, protecting: options.siteFolder, backBuffer: true, waiting: options.waiting)
    do throws(BuildError) {
      // The decoded definitions are kept for the next build beside this one's
      // work (a rebuild's plan and renders leave a core idle part of the time).
      let storing = DispatchGroup()
      if options.memo == nil {
        let folder = options.siteFolder
        DispatchQueue.global().async(group: storing) { SiteInputs.store(definitions, for: folder, in: staging) }
      }
      defer { storing.wait() }
      let plan = try BuildPlan(inputs, staging: staging, options: options)
      let designs = try plan.renderDesigns()
      for output in designs.outputs { timings.add(output.timings) }
      let (files, cache) = try plan.makeSiteFiles(designs, timings: &timings)
      let (issues, tally) = plan.verifyLinks(designs, files: files, timings: &timings)
      guard issues.isEmpty else { throw .validation(issues) }
      plan.sweep()
      storing.wait()
      try timings.measure(.publish) { () throws(BuildError) in
        try staging.publish(cache: cache, workers: options.workers)
      }
      // The cache just published is known: the next build of this process need not read it back.
      if let memo = options.memo,
        let file = FileTree.identity(of: staging.statePath + "/" + StateFolder.publishedCache),
        let folder = StagingFolder.identity(of: options.output.path)
      {
        var published = cache
        published.written = file.modificationTime
        memo.caches.keep(BuildCache.CacheFile(folder: folder, cache: published), for: file, madeFrom: plan.identity)
      }
      var summary = plan.summary(designs, tally: tally, timings: timings)
      summary.decoded = decoded
      if !options.freesWhatItHeld {
        KeptUntilExit.keep((inputs, plan, designs, files, cache))
      }
      return summary
    } catch {
      staging.discard()
      throw error
    }
  }

  /// Whether the state folder of `output` holds the cache of a published
  /// build, which a build that is not `--no-cache` reuses.
  public static func hasEarlierBuild(of output: URL) -> Bool {
    FileTree.identity(of: StateFolder.path(of: output) + "/" + StateFolder.publishedCache) != nil
  }

  /// The definitions, the templates and the site's assets, each checked;
  /// and the decoded definitions, to keep for the next build. Those of the
  /// last build are read from the output's state folder (unless the build
  /// reuses nothing, or `serve` keeps them in memory): a definition whose file
  /// is the version it was decoded from is not decoded again.
  private func load() throws(BuildError) -> (BuildPlan.Inputs, SiteLoader.Memo, decoded: Int) {
    let memo =
      options.memo?.inputs
      ?? SiteInputs.Memo(
        definitions: options.incremental
          ? SiteInputs.storedDefinitions(for: options.siteFolder, output: options.output, workers: options.workers)
          : SiteLoader.Memo())
    let before = memo.definitions.decoded
    let inputs = try SiteInputs.load(
      options.siteFolder, display: options.siteDisplay, workers: options.workers, memo: memo)
    let loaded = BuildPlan.Inputs(site: inputs.site, templates: try loadTemplates(), assets: inputs.assets ?? .init())
    return (loaded, memo.definitions, memo.definitions.decoded - before)
  }

  private func loadTemplates() throws(BuildError) -> TemplateSet {
    do {
      if let folder = options.templates { return try TemplateSet.builtIn(overriddenBy: folder) }
      return try TemplateSet.builtIn()
    } catch let error as TemplateError {
      throw .template(error)
    } catch {
      throw .io(
        path: options.templates?.path ?? "templates", reason: "cannot read the templates (\(FileWriter.reason(error)))")
    }
  }
}
