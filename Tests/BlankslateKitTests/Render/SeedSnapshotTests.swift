import BlankslateKit
import Testing

/// A golden SVG for every variant of every seed design, compared byte for byte.
///
/// Record with `SNAPSHOT_TESTING_RECORD=all swift test --filter SeedSnapshotTests`,
/// then render the goldens to PNG and look at each one beside its seed.
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

  static func render(_ job: RenderJob) -> String {
    SVGRenderer().render(Layouts.scene(for: job), title: "\(job.design.name) — \(job.variant.name)")
  }

  @Test func everySeedVariantIsCovered() throws {
    let site = try Repository.bundledSite()
    let bundled = site.designs.flatMap { design in design.variants.map { "\(design.id)/\($0.id)" } }
    #expect(bundled.sorted() == Self.seedVariants.map { "\($0.0)/\($0.1)" }.sorted())
  }

  @Test(arguments: seedVariants)
  func iphone15LightChinese(design: String, variant: String) throws {
    let job = try Repository.job(design, variant)
    Snapshot.assert(Self.render(job), named: "\(design).\(variant).iphone-15.light.zh-Hans")
  }

  @Test(arguments: [("blank-page", "no-data"), ("no-network", "toast"), ("zero-code", "custom-view"), ("table", "empty")])
  func iphoneSEDarkEnglish(design: String, variant: String) throws {
    let job = try Repository.job(design, variant, device: .iphoneSE, theme: .dark, locale: "en")
    Snapshot.assert(Self.render(job), named: "\(design).\(variant).iphone-se.dark.en")
  }

  @Test func htmlRenditionOfTheNoNetworkToast() throws {
    let job = try Repository.job("no-network", "toast", device: .iphoneSE, locale: "en")
    Snapshot.assert(HTMLRenderer().render(Layouts.scene(for: job), idPrefix: "live-"), named: "no-network.toast.iphone-se.light.en", pathExtension: "html")
  }
}
