@testable import BlankslateCore
@testable import BlankslateModel
import BlankslateCoreTestSupport
@testable import BlankslateSupport
import BlankslateTestSupport
import Foundation
import Testing

/// README names every pinned font file with its hash; the installed files
/// must be those, or goldens recorded here would not be what a reviewer sees.
@Suite("The pinned font files")
struct FontFilesTests {
  /// (path, sha256) from README's table between the fonts markers.
  static func readmeTable() throws -> [(path: String, hash: String)] {
    let readme = try String(contentsOf: Repository.root.appending(path: "README.md"), encoding: .utf8)
    guard let start = readme.range(of: "<!-- fonts:begin"), let end = readme.range(of: "<!-- fonts:end -->") else {
      return []
    }
    return readme[start.upperBound..<end.lowerBound].split(separator: "\n").compactMap { row in
      let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count == 5, cells[0].hasPrefix("`/") else { return nil }
      return (cells[0].trimmingCharacters(in: ["`"]), cells[4].trimmingCharacters(in: ["`"]))
    }
  }

  @Test func readmeNamesEveryPinnedFileWithItsHash() throws {
    let named = try Self.readmeTable().map { "\($0.path) \($0.hash)" }
    #expect(named == PinnedFile.all.map { "\($0.debianPath) \($0.sha256)" })
    // Every face lives in one of them.
    #expect(Set(PinnedFont.all.compactMap(\.file)) == Set(PinnedFile.all))
  }

  @Test func theInstalledFilesAreTheOnesReadmeHashes() throws {
    for (path, hash) in try Self.readmeTable() {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
      process.arguments = [path]
      let output = Pipe()
      process.standardOutput = output
      try process.runWatched()
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      let actual = String(decoding: data, as: UTF8.self).split(separator: " ").first.map(String.init)
      #expect(actual == hash, "\(path) is not the file README pins; update README and re-record the goldens")
    }
  }
}

@Suite("The gallery's font classes")
struct FontClassTests {
  /// Every face's class is in the gallery stylesheet, naming the face's family.
  @Test func everyFamilyHasItsClass() throws {
    let css = try String(
      contentsOf: Repository.root.appending(path: "Templates/static/gallery.css"), encoding: .utf8)
    for font in PinnedFont.all {
      #expect(css.contains(".\(font.cssClass) { font-family: \"\(font.cssFamily)\"; }"), "\(font.fileName)")
    }
  }
}
