@testable import BlankslateCLI
@testable import BlankslateCore
@testable import BlankslateModel
import BlankslateCoreTestSupport
@testable import BlankslateServe
@testable import BlankslateSite
@testable import BlankslateSnapshot
@testable import BlankslateSupport
import BlankslateTestSupport
@testable import BlankslateValidation
import Foundation
import Testing

/// The gallery's symbols page shows every `symbol:` image by name.
@Suite("The symbols page")
struct SymbolsPageTests {
  @Test func theGalleryShowsEverySymbol() throws {
    let output = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: output) }
    let run = CommandRunner.run(["build", "--output", output.path, "--quiet"])
    #expect(run.status == 0, "\(run.error)")
    let page = try String(contentsOf: output.appending(path: "symbols.html"), encoding: .utf8)
    for symbol in SymbolName.allCases {
      #expect(page.contains("aria-label=\"\(symbol.rawValue)\""), "\(symbol)")
      #expect(page.contains("<code>symbol:\(symbol.rawValue)</code>"), "\(symbol)")
    }
    let index = try String(contentsOf: output.appending(path: "index.html"), encoding: .utf8)
    #expect(index.contains("href=\"symbols.html\""))
  }
}
