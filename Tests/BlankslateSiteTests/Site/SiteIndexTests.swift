@testable import BlankslateCore
@testable import BlankslateModel
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
    "لا توجد بيانات", "データがありません Ｘ", "ԱՐԵՎ Ⴀ ᲐᲑ", "Ꭰ ℧ Ω K Å",
  ])
  func lowersTextAsTheStandardLibraryDoes(text: String) {
    #expect(SiteIndex.lowercased(text) == text.lowercased())
  }

  /// No character of a block the lowering skips changes when lowered, so
  /// skipping the lookup there gives the standard library's answer.
  @Test func everyCharacterOfASkippedBlockIsCaseless() {
    var cased: [String] = []
    for value in UInt32(0x80)..<0x11_0000 {
      guard let scalar = Unicode.Scalar(value), scalar.properties.changesWhenLowercased else { continue }
      let text = String(Character(scalar))
      if SiteIndex.lowercased(text) != text.lowercased() { cased.append(String(value, radix: 16)) }
    }
    #expect(cased.isEmpty, "\(cased)")
  }
}
