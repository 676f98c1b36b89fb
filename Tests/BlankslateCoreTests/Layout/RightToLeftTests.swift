@testable import BlankslateCore
@testable import BlankslateModel
import BlankslateCoreTestSupport
@testable import BlankslateSupport
import BlankslateTestSupport
import Testing

@Suite("Right-to-left screens")
struct RightToLeftTests {
  func scene(_ design: String, _ variant: String, locale: String) throws -> Scene {
    Renderer().scene(for: try Repository.job(design, variant, device: .iphone15, locale: locale))
  }

  @Test func theTabBarRunsFromTheRight() throws {
    let arabic = try scene("no-network", "default", locale: "ar")
    let english = try scene("no-network", "default", locale: "en")
    let home = try #require(arabic.node(withID: "tab-title-1"))
    let homeEnglish = try #require(english.node(withID: "tab-title-1"))
    #expect(home.frame.midX > 393 / 2 && homeEnglish.frame.midX < 393 / 2)
    #expect(abs(home.frame.midX - (393 - homeEnglish.frame.midX)) < 0.01)
  }

  @Test func leadingTextSitsAtTheRightEdge() throws {
    let arabic = try scene("blank-page", "has-data", locale: "ar")
    let row = try #require(arabic.node(withID: "row-1-title"))
    guard case .text(let block) = row.content, let line = block.lines.first else {
      Issue.record("row 1 has no text")
      return
    }
    #expect(block.isRightToLeft)
    #expect(abs(block.lineX(line, in: row.frame) + line.width - row.frame.maxX) < 0.01)
    // The row's leading inset (16 pt) is now on the right.
    #expect(row.frame.maxX == 393 - 16)
  }

  @Test func centredContentStaysCentred() throws {
    let arabic = try scene("no-network", "toast", locale: "ar")
    for id in ["toast", "image", "button"] {
      let node = try #require(arabic.node(withID: id))
      #expect(abs(node.frame.midX - 393 / 2) < 0.01, "\(id)")
    }
  }

  @Test func theLiveRenditionCarriesTheDirection() throws {
    let arabic = try scene("no-network", "default", locale: "ar")
    #expect(HTMLRenderer().render(arabic).contains("dir=\"rtl\""))
    #expect(!HTMLRenderer().render(try scene("no-network", "default", locale: "en")).contains("dir="))
  }

  /// UIKit's natural writing direction: a paragraph's first strong character
  /// decides, so English in an Arabic screen keeps its full stop at the end.
  @Test func aParagraphTakesTheDirectionOfItsFirstStrongCharacter() throws {
    let english = Typesetter.shared.lines(of: "Add a row to begin.", fontSize: 17, weight: 400, locale: "ar")
    #expect(english.allSatisfy { !$0.isRightToLeft })
    #expect(english.flatMap(\.runs).allSatisfy { !$0.isRightToLeft })
    let arabic = Typesetter.shared.lines(of: "أضف صفًا للبدء (3 items).", fontSize: 17, weight: 400, locale: "en")
    #expect(arabic.allSatisfy { $0.isRightToLeft })
    let digits = Typesetter.shared.lines(of: "2024", fontSize: 17, weight: 400, locale: "ar")
    #expect(digits.allSatisfy { $0.isRightToLeft })
    // The live rendition gives such a line its own direction, so the browser orders it the same way.
    var properties = Properties()
    properties.message = LocalizedText("Add a row to begin.")
    let scene = Renderer().scene(for: Repository.job(layout: .contentUnavailable, properties: properties, locale: "ar"))
    #expect(HTMLRenderer().render(scene).contains("<span class=\"bs-line bs-f-inter\" dir=\"ltr\""))
  }
}
