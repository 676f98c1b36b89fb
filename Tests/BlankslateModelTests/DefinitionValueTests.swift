@testable import BlankslateModel
import BlankslateSupport
import BlankslateTestSupport
import Testing

@Suite("Colours, texts and numbers")
struct DefinitionValueTests {
  @Test(arguments: [
    ("#FFF", "#FFFFFF"), ("#00c2a8", "#00C2A8"), ("#00C2A880", "#00C2A880"), ("lightGray", "#AAAAAA"),
    ("orange", "#FF8000"), ("cyan", "#00FFFF"), ("clear", "#00000000"), ("brown", "#996633"),
  ])
  func parsesColours(text: String, hex: String) {
    #expect(ColorValue(parsing: text)?.resolved(in: .light).hex == hex)
  }

  @Test(arguments: ["#12345G", "#1234", "red ", "LightGray", "rgb(0,0,0)", ""])
  func refusesBadColours(text: String) {
    #expect(ColorValue(parsing: text) == nil)
  }

  @Test func semanticColoursFollowTheTheme() {
    let label = ColorValue(parsing: "label")
    #expect(label?.resolved(in: .light).hex == "#000000")
    #expect(label?.resolved(in: .dark).hex == "#FFFFFF")
    #expect(ColorValue(parsing: "secondaryLabel")?.resolved(in: .dark).hex == "#EBEBF599")
  }

  @Test func localizedTextFallsBack() {
    let text = LocalizedText(entries: [("zh-Hans", "暂无数据"), ("en", "No data")])
    #expect(text.resolved(in: "en") == "No data")
    #expect(text.resolved(in: "zh-Hans-CN") == "暂无数据")
    #expect(text.resolved(in: "fr") == "暂无数据")
    #expect(text.hasEntry(for: "en"))
    #expect(!text.hasEntry(for: "fr"))
    #expect(LocalizedText("plain").hasEntry(for: "fr"))
  }

  @Test(arguments: [
    (1.0, "1"), (0.5, "0.5"), (-0.001, "0"), (252.8, "252.8"), (1.006, "1.01"), (-3.25, "-3.25"), (1e6, "1000000"),
    (0.07, "0.07"),
  ])
  func formatsNumbersTheSameEverywhere(value: Double, text: String) {
    #expect(NumberText.format(value) == text)
  }

  @Test func variantsOverlayTheirDesign() throws {
    var design = Properties()
    design.message = LocalizedText("shared")
    design.image = .value(.one(.builtin(.blankpage6)))
    design.messageFont = 20
    var variant = Properties()
    variant.image = .null
    variant.messageFont = 12
    let merged = variant.laid(over: design)
    #expect(merged.message == LocalizedText("shared"))
    #expect(merged.image == .null)
    #expect(merged.messageFont == 12)
  }
}
