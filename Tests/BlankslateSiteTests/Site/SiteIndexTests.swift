@testable import BlankslateKit
@testable import BlankslateCLI
@testable import BlankslateCore
@testable import BlankslateServe
@testable import BlankslateSite
@testable import BlankslateSupport
@testable import BlankslateValidation
import Testing

/// The search index lowers its texts with shortcuts that must agree with the standard library.
@Suite("The search index")
struct SiteIndexTests {
  @Test(arguments: [
    "", "plain ascii", "Mixed Case ASCII 123", "暂无数据", "刷新一下返回店铺!", "点击 Reload 重新加载",
    "ΣΊΣΥΦΟΣ", "İstanbul", "STRASSE ß", "Ａｂｃ ＡＢＣ", "Ⓐ Ⓩ", "Ⅻ", "ДОБРО", "😀 Emoji", "[Ñó ðáţá ·]",
  ])
  func lowersTextAsTheStandardLibraryDoes(text: String) {
    #expect(SiteIndex.lowercased(text) == text.lowercased())
  }
}
