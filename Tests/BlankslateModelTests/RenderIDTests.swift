@testable import BlankslateModel
import BlankslateSupport
import BlankslateTestSupport
import Testing

/// A render's identity is written and read in one place: every name, path and
/// display form comes from `RenderID`, and reads back to the same identity.
@Suite("Render identities")
struct RenderIDTests {
  @Test(
    arguments: [
      ("favourites/empty.iphone-15.light.en", nil),
      (
        "no-network/toast.iphone-se.dark.zh-Hans.accessibilityExtraExtraExtraLarge", "accessibilityExtraExtraExtraLarge"
      ),
      ("a-1/x-1.ipad-mini.dark.en-XA", nil),
    ] as [(String, String?)])
  func anIDReadsBackToItself(_ text: String, _ size: String?) throws {
    let id = try #require(RenderID(text))
    #expect(id.description == text)
    #expect(id.textSize == size)
    #expect(RenderID(goldenPath: id.goldenPath) == id)
    #expect(id.svgPath == "designs/" + text + ".svg")
    #expect(id.pagePath == "designs/" + text + ".html")
    #expect(id.pngPath == "designs/" + text + ".png")
    #expect(id.displayName == id.variantPath + " " + id.placement)
    #expect(id.placement.split(separator: " ").count == (size == nil ? 3 : 4))
  }

  @Test(arguments: [
    "", "design", "design/", "/v.d.t.l", "a/b/c.d.e.f", "d/v.dev.theme", "d/v.dev.theme.l.s.extra", "d/v..theme.l",
    "d/v.dev.theme.l ", "d/ü.dev.theme.l", "d/v.dev.th_eme.l", "d/v.dev.theme.l.", "d/.v.dev.theme.l",
    "d.e/v.dev.theme.l", "d/v.dev.theme.l/x", "d//v.dev.theme.l",
  ])
  func anythingElseIsNotAnID(_ text: String) {
    #expect(RenderID(text) == nil, "\(text)")
    #expect(RenderID(goldenPath: text + ".svg") == nil)
  }

  @Test func aJobsIDIsItsDesignVariantDeviceThemeLocaleAndSize() throws {
    let design = try #require(try Repository.bundledSite().designs.first { $0.id == "no-network" })
    let variant = try #require(design.variants.first { $0.id == "toast" })
    let job = RenderJob(design: design, variant: variant, device: .iphoneSE, theme: .dark, locale: "ar")
    #expect(job.id.description == "no-network/toast.iphone-se.dark.ar")
    var larger = job
    larger.textSize = .accessibilityExtraExtraExtraLarge
    #expect(larger.id.description == "no-network/toast.iphone-se.dark.ar.accessibilityExtraExtraExtraLarge")
    #expect(larger.id != job.id && larger.id.variantPath == job.id.variantPath)
    #expect(job.id < larger.id)
  }

  /// Every render of one variant on a realistic site: four devices, two themes, four locales, two sizes.
  static let matrix: [RenderID] = ["iphone-se", "iphone-15", "iphone-15-pro-max", "ipad-mini"].flatMap { device in
    ["light", "dark"].flatMap { theme in
      ["en", "ja", "ar", "de"].flatMap { locale in
        [nil, "accessibilityExtraExtraExtraLarge"].map { size in
          RenderID(design: "chat", variant: "empty", device: device, theme: theme, locale: locale, textSize: size)
        }
      }
    }
  }

  /// The filter selects exactly the set among the candidates, whatever the set:
  /// whole axes, prefixes, and scattered renders (seeded, so every run checks the same sets).
  @Test func theFilterOfASetSelectsExactlyThatSet() throws {
    var random = SeededRandom(seed: 22)
    let other = RenderID(
      design: "chat", variant: "empty-2", device: "iphone-se", theme: "light", locale: "en", textSize: nil)
    let candidates = Self.matrix + [other]
    var subsets: [[RenderID]] = [
      Self.matrix, Self.matrix.filter { $0.device == "ipad-mini" }, Self.matrix.filter { $0.theme == "dark" },
      Self.matrix.filter { $0.textSize != nil }, Self.matrix.filter { $0.locale == "ar" || $0.locale == "ja" },
      [Self.matrix[5]],
    ]
    for _ in 0..<40 {
      subsets.append(Self.matrix.filter { _ in Int.random(in: 0..<4, using: &random) == 0 })
    }
    for subset in subsets where !subset.isEmpty {
      let filter = RenderID.filter(selecting: subset, among: candidates)
      let regex = try Regex(filter)
      let matched = candidates.filter { $0.description.firstMatch(of: regex) != nil }
      #expect(Set(matched) == Set(subset), "\(filter) selects \(matched.count) of \(subset.count)")
    }
  }

  @Test func aSetIsPlacedByItsAxesWhenItIsEveryCombination() {
    #expect(
      RenderID.placement(of: Self.matrix.filter { $0.textSize == nil && $0.locale == "en" })
        == "iphone-se, iphone-15, iphone-15-pro-max, ipad-mini × light, dark × en")
    #expect(RenderID.placement(of: [Self.matrix[1]]) == "iphone-se light en accessibilityExtraExtraExtraLarge")
    let scattered = [Self.matrix[0], Self.matrix[9], Self.matrix[30]]
    #expect(RenderID.placement(of: scattered) == scattered.map(\.placement).joined(separator: ", "))
  }
}
