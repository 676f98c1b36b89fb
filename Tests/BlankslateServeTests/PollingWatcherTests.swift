import BlankslateCoreTestSupport
@testable import BlankslateServe
import BlankslateTestSupport
import Foundation
import Testing

/// The portable watcher's looks, compared by hand (no clock): what each kind
/// of change shows as, and what it never reports.
@Suite("The polling watcher")
struct PollingWatcherTests {
  @Test func everyKindOfChangeIsSeenAndEditorScratchIsNot() throws {
    let root = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let site = root.appending(path: "Site")
    try FileManager.default.createDirectory(
      at: site.appending(path: "placeholders"), withIntermediateDirectories: true)
    let file = site.appending(path: "placeholders/a.json")
    try Data("{\"a\": 1}".utf8).write(to: file)
    let watcher = PollingWatcher(roots: [site.path])
    var last = watcher.look()
    func changes() -> [String] {
      let now = watcher.look()
      defer { last = now }
      return PollingWatcher.changes(from: last, to: now).map { String($0.dropFirst(site.path.count)) }
    }
    #expect(changes() == [])
    // New bytes of the same size, the modification time set back: the change time tells.
    let before = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
    try Data("{\"a\": 2}".utf8).write(to: file)
    try FileManager.default.setAttributes([.modificationDate: try #require(before)], ofItemAtPath: file.path)
    #expect(changes().contains("/placeholders/a.json"))
    // An editor's save: a scratch file, renamed over the file.
    let scratch = site.appending(path: "placeholders/.a.json.swp")
    try Data("x".utf8).write(to: scratch)
    #expect(changes() == [], "an editor's scratch file is no change")
    try FileManager.default.removeItem(at: file)
    try FileManager.default.moveItem(at: scratch, to: file)
    #expect(changes() == ["/placeholders/a.json"])
    // A file added, a folder added, goldens (ignored).
    try Data("{}".utf8).write(to: site.appending(path: "placeholders/b.json"))
    try FileManager.default.createDirectory(
      at: site.appending(path: "__snapshots__/x"), withIntermediateDirectories: true)
    #expect(changes() == ["/placeholders/b.json"])
    // The whole root replaced by another folder, then moved away and back.
    let replacement = root.appending(path: "Site.new")
    try FileManager.default.copyItem(at: site, to: replacement)
    try FileManager.default.moveItem(at: site, to: root.appending(path: "Site.old"))
    try FileManager.default.moveItem(at: replacement, to: site)
    #expect(changes().contains(""), "the root folder itself is new")
    try FileManager.default.moveItem(at: site, to: root.appending(path: "Site.gone"))
    #expect(changes().count == 4, "everything below the root went away")
    try FileManager.default.moveItem(at: root.appending(path: "Site.gone"), to: site)
    #expect(changes().count == 4, "and is back")
    #expect(changes() == [])
  }
}
