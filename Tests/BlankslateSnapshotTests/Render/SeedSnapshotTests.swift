@testable import BlankslateCore
@testable import BlankslateModel
import BlankslateCoreTestSupport
@testable import BlankslateSite
@testable import BlankslateSnapshot
@testable import BlankslateSupport
import BlankslateTestSupport
@testable import BlankslateValidation
import Foundation
import Testing

/// Every variant of every seed design, rendered through the one render path,
/// compared byte for byte with its golden in `Site/__snapshots__` (the one
/// golden set: `blankslate record` writes it, after you look at each render).
@Suite("Seed renders match their goldens")
struct SeedSnapshotTests {
  static let seedVariants: [(String, String)] = [
    ("blank-page", "no-data"), ("blank-page", "has-error"), ("blank-page", "has-data"),
    ("table", "empty"), ("table", "with-rows"), ("table", "scroll-disabled"),
    ("zero-code", "default"), ("zero-code", "custom-view"), ("zero-code", "custom-image"),
    ("zero-code", "custom-message"), ("zero-code", "message-color"), ("zero-code", "offset"),
    ("zero-code", "loading"), ("zero-code", "under-header"), ("zero-code", "accessible"),
    ("no-network", "default"), ("no-network", "toast"), ("no-network", "accessible"),
  ]

  /// The render of `job` against its golden in the bundled site, with a line diff when they differ.
  static func expectMatchesItsGolden(_ job: RenderJob, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws
  {
    let store = GoldenStore(site: Repository.site, siteDisplay: "Site")
    let relative = GoldenStore.relativePath(of: job)
    let golden = try #require(
      try store.read(relative), "no golden \(relative); record it with blankslate record",
      sourceLocation: sourceLocation)
    Snapshot.expect(Renderer().render(job).svg, matches: golden, named: relative, sourceLocation: sourceLocation)
  }

  @Test func everySeedVariantIsCovered() throws {
    let site = try Repository.bundledSite()
    let seeds = site.designs.filter { $0.layout != .contentUnavailable }
    let bundled = seeds.flatMap { design in design.variants.map { "\(design.id)/\($0.id)" } }
    #expect(bundled.sorted() == Self.seedVariants.map { "\($0.0)/\($0.1)" }.sorted())
  }

  @Test(arguments: seedVariants)
  func iphone15LightChinese(design: String, variant: String) throws {
    try Self.expectMatchesItsGolden(try Repository.job(design, variant))
  }

  @Test(arguments: [
    ("blank-page", "no-data"), ("no-network", "toast"), ("zero-code", "custom-view"), ("table", "empty"),
  ])
  func iphoneSEDarkEnglish(design: String, variant: String) throws {
    try Self.expectMatchesItsGolden(try Repository.job(design, variant, device: .iphoneSE, theme: .dark, locale: "en"))
  }

  @Test func htmlRenditionOfTheNoNetworkToast() throws {
    let job = try Repository.job("no-network", "toast", device: .iphoneSE, locale: "en")
    Snapshot.assert(
      HTMLRenderer().render(Renderer().scene(for: job), idPrefix: "live-"),
      named: "no-network.toast.iphone-se.light.en", pathExtension: "html")
  }
}

extension SeedSnapshotTests {
  /// One render path: what `build` publishes is, byte for byte, what `check` compares and `record` writes.
  @Test func everyPublishedSVGIsItsGolden() throws {
    let output = temporaryFolder()
    defer {
      try? FileManager.default.removeItem(at: output)
      try? FileManager.default.removeItem(atPath: StagingStateFolder.path(of: output))
    }
    _ = try SiteBuilder(
      options: BuildOptions(siteFolder: Repository.site, siteDisplay: "Site", output: output, workers: 2)
    )
    .build()
    let goldens = Repository.site.appending(path: "__snapshots__")
    var compared = 0
    for path in try FileManager.default.subpathsOfDirectory(atPath: output.appending(path: "designs").path)
    where path.hasSuffix(".svg") {
      let published = try Data(contentsOf: output.appending(path: "designs/" + path))
      let golden = try Data(contentsOf: goldens.appending(path: path))
      Snapshot.expect(Array(published), matches: Array(golden), named: "designs/" + path)
      compared += 1
    }
    let goldenCount = try FileManager.default.subpathsOfDirectory(atPath: goldens.path).filter { $0.hasSuffix(".svg") }
      .count
    #expect(compared == goldenCount && compared == 768, "\(compared) published SVGs, \(goldenCount) goldens")
  }
}

/// Where a build keeps the state of an output (beside it, never in it).
enum StagingStateFolder {
  static func path(of output: URL) -> String {
    output.deletingLastPathComponent().path + "/." + output.lastPathComponent + ".blankslate"
  }
}
