@testable import BlankslateModel
import BlankslateSupport
import BlankslateTestSupport
import Testing

/// UIKit's full set of system colours, and colours that differ per theme.
@Suite("Colours")
struct ColorTests {
  @Test(arguments: [
    ("systemRed", "#FF3B30", "#FF453A"), ("systemPink", "#FF2D55", "#FF375F"),
    ("systemMint", "#00C7BE", "#63E6E2"), ("systemIndigo", "#5856D6", "#5E5CE6"),
    ("systemGray4", "#D1D1D6", "#3A3A3C"), ("systemGray6", "#F2F2F7", "#1C1C1E"),
    ("tintColor", "#007AFF", "#0A84FF"), ("quaternaryLabel", "#3C3C432E", "#EBEBF529"),
    ("systemGroupedBackground", "#F2F2F7", "#000000"), ("opaqueSeparator", "#C6C6C8", "#38383A"),
    ("link", "#007AFF", "#0984FF"), ("placeholderText", "#3C3C434D", "#EBEBF54D"),
  ])
  func systemColoursHaveApplesLightAndDarkValues(name: String, light: String, dark: String) throws {
    let color = try #require(ColorValue(parsing: name))
    #expect(color.resolved(in: .light).hex == light)
    #expect(color.resolved(in: .dark).hex == dark)
  }

  @Test func everySystemColourIsANameAndResolvesInBothThemes() {
    #expect(SemanticColor.allCases.count == 39)
    for color in SemanticColor.allCases {
      #expect(ColorValue(parsing: color.rawValue) == .semantic(color))
      #expect(ColorValue.allNames.contains(color.rawValue))
    }
  }

  @Test func aColourMayDifferPerTheme() throws {
    let site = try TemporarySite(
      placeholders: [
        "a.json": ##"""
        {"id": "a", "layout": "message", "messageColor": {"light": "#112233", "dark": "systemPink"}}
        """##
      ])
    defer { site.remove() }
    let design = try #require(try site.load().designs.first)
    let color = try #require(design.variants.first?.properties.messageColor)
    #expect(color.resolved(in: .light).hex == "#112233")
    #expect(color.resolved(in: .dark).hex == "#FF375F")
  }

  @Test(arguments: [
    (##"{"light": "#112233"}"##, "both \"light\" and \"dark\"", "messageColor"),
    (##"{"light": "#112233", "dark": "pnik"}"##, "messageColor.dark", "messageColor.dark"),
    (##"{"light": "#112233", "dark": "#000", "auto": "#FFF"}"##, "auto", "messageColor"),
    (##"{"light": {"light": "#000", "dark": "#FFF"}, "dark": "#000"}"##, "expected a string", "messageColor.light"),
    (##""systemPnik""##, "Did you mean \"systemPink\"", "messageColor"),
    (##""#12345""##, "#RGB, #RRGGBB or #RRGGBBAA", "messageColor"),
  ])
  func badColoursAreRefusedWithTheReason(color: String, expected: String, path: String) throws {
    let site = try TemporarySite(
      placeholders: ["a.json": #"{"id": "a", "layout": "message", "messageColor": "# + color + "}"])
    defer { site.remove() }
    let errors = site.errors().map(\.description)
    #expect(errors.count == 1, "\(errors)")
    #expect(errors.first?.contains(expected) == true, "\(errors)")
    #expect(errors.first?.contains(path) == true, "\(errors)")
  }
}
