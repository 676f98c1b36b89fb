import Foundation

/// A copy of the bundled site (with its goldens) that a test may edit.
package struct SiteCopy {
  package let folder: URL
  package var site: URL { folder.appending(path: "Site") }

  package init() throws {
    folder = temporaryFolder()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: Repository.site, to: folder.appending(path: "Site"))
  }

  package func remove() {
    try? FileManager.default.removeItem(at: folder)
  }

  /// Replaces `old` with `new` in a definition file (once, and it must be there).
  package func edit(_ file: String, replacing old: String, with new: String) throws {
    let url = site.appending(path: file)
    let text = try String(contentsOf: url, encoding: .utf8)
    guard text.contains(old) else { throw FixtureError.missing("\(old) in \(file)") }
    try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: url)
  }

  /// Gives the zero-code design's message another colour: an edit that
  /// renders one design again and leaves every other as it was.
  package func setZeroCodeMessageColor(_ color: String) throws {
    let url = site.appending(path: "placeholders/zero-code.json")
    let text = try String(contentsOf: url, encoding: .utf8)
    let edited = text.replacing(#/"messageColor": "[^"]*"/#, with: #""messageColor": "\#(color)""#)
    guard edited != text else { throw FixtureError.missing("a messageColor other than \(color) in zero-code.json") }
    try Data(edited.utf8).write(to: url)
  }

  package func golden(_ relative: String) throws -> String {
    try String(contentsOf: site.appending(path: "__snapshots__/" + relative), encoding: .utf8)
  }

  /// Every golden's path and text.
  package func goldens() throws -> [String: String] {
    var result: [String: String] = [:]
    let root = site.appending(path: "__snapshots__")
    for path in try FileManager.default.subpathsOfDirectory(atPath: root.path) where path.hasSuffix(".svg") {
      result[path] = try String(contentsOf: root.appending(path: path), encoding: .utf8)
    }
    return result
  }

}
