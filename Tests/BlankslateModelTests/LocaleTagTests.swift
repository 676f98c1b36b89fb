import BlankslateTestSupport
import Testing

@testable import BlankslateModel

/// Locale tags in the common shape of BCP 47: a language of two or three
/// letters, then parts of two to eight letters or digits, parted by hyphens.
@Suite("Locale tags")
struct LocaleTagTests {
  @Test(arguments: ["en", "de", "ast", "zh-Hans", "pt-BR", "en-XA", "sr-Latn-RS", "de-1996", "EN-gb", "es-419"])
  func acceptsTheCommonShape(tag: String) {
    #expect(LocaleTag.isValid(tag))
  }

  @Test(arguments: [
    "", "e", "engl", "en-", "-en", "en--US", "en-U", "1a", "e1", "en_US", "zh-Hans-abcdefghi", "é", "en-é", "en US",
    "en-US-",
  ])
  func refusesOtherShapes(tag: String) {
    #expect(!LocaleTag.isValid(tag))
  }
}
