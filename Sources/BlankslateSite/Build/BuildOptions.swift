import Foundation
import BlankslateCore
import BlankslateSupport
import BlankslateValidation

/// What `build` is asked to do.
public struct BuildOptions: Sendable {
  /// The site folder (`Site`).
  public var siteFolder: URL
  /// How messages name the site folder.
  public var siteDisplay: String
  /// The output folder (`_site`), replaced as a whole when the build succeeds.
  public var output: URL
  /// How messages name the output folder.
  public var outputDisplay: String
  /// Parallel workers; 1 renders on one thread. The bytes are the same either way.
  public var workers: Int
  /// A folder of templates laid over the built-in ones, file by file.
  public var templates: URL?
  /// Reuse the previous output's files for designs whose inputs did not change.
  public var incremental = true
  /// Writes each render as PNG too, at this many pixels per point (`build --png --scale N`).
  public var pngScale: Int?
  /// Told how many renders are done (rendered or reused) out of how many, from any worker thread.
  public var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
  /// Told once when another build is writing the same output and this one waits for it.
  public var waiting: (@Sendable () -> Void)?
  /// What a long-lived process (`serve`) keeps between its builds, or nil.
  package var memo: BuildMemo?
  /// Whether the build frees what it held (its definitions, plan, pages and
  /// caches) before it returns. A process that exits after one build (the
  /// `blankslate` executable) sets false and leaves that to its exit
  /// (`KeptUntilExit`).
  public var freesWhatItHeld = true

  /// A build of the site at `siteFolder` into `output`.
  public init(
    siteFolder: URL, siteDisplay: String? = nil, output: URL, outputDisplay: String? = nil, workers: Int? = nil,
    templates: URL? = nil
  ) {
    self.siteFolder = siteFolder
    self.siteDisplay = siteDisplay ?? siteFolder.path
    self.output = output
    self.outputDisplay = outputDisplay ?? output.path
    self.workers = max(1, workers ?? ProcessInfo.processInfo.activeProcessorCount)
    self.templates = templates
  }
}
