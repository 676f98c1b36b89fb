import BlankslateCore
import BlankslateCoreTestSupport
@testable import BlankslateSite
import BlankslateSupport
import BlankslateTestSupport
import Foundation
import Testing

/// A build keeps its decoded definitions in the output's state folder, and
/// the next build decodes only the files that changed; whatever it reads
/// there, its output is a full build's, byte for byte.
@Suite("Decoded definitions kept by build", .serialized)
struct KeptDefinitionsTests {
  /// A copy of the bundled site narrowed to one render a variant, so each build is quick.
  static func smallCopy() throws -> SiteCopy {
    let copy = try SiteCopy()
    try IncrementalBuildTests.narrow(
      copy, devices: #"["iphone-se"]"#, themes: #"["light"]"#, locales: #"["en"]"#, textSizes: #"["large"]"#)
    return copy
  }

  static func store(of output: URL) -> URL {
    output.deletingLastPathComponent().appending(path: "." + output.lastPathComponent + ".blankslate/definitions.cache")
  }

  @Test func aRebuildDecodesOnlyTheDefinitionsThatChanged() throws {
    let copy = try Self.smallCopy()
    defer { copy.remove() }
    let output = copy.folder.appending(path: "_site")
    #expect(!SiteBuilder.hasEarlierBuild(of: output))
    let first = try IncrementalBuildTests.build(copy.site, into: output)
    #expect(first.decoded == 10)
    // Written beside the build's other work, and there when the build returns.
    #expect(FileManager.default.fileExists(atPath: Self.store(of: output).path))
    #expect(SiteBuilder.hasEarlierBuild(of: output))

    let again = try IncrementalBuildTests.build(copy.site, into: output)
    #expect(again.decoded == 0)
    #expect(again.rendered == 0)

    try copy.setZeroCodeMessageColor("purple")
    let edited = try IncrementalBuildTests.build(copy.site, into: output)
    #expect(edited.decoded == 1)
    #expect(edited.rendered == 1)
    _ = try IncrementalBuildTests.expectFullBuildsBytes(
      output, site: copy.site, scratch: copy.folder.appending(path: "full"))
    let page = try String(
      contentsOf: output.appending(path: "designs/zero-code/message-color.iphone-se.light.en.html"), encoding: .utf8)
    #expect(page.contains("purple"))

    // A design removed is forgotten; one added is decoded.
    try FileManager.default.moveItem(
      at: copy.site.appending(path: "placeholders/table.json"),
      to: copy.site.appending(path: "placeholders/table-2.json"))
    let renamed = try IncrementalBuildTests.build(copy.site, into: output)
    #expect(renamed.decoded == 1)
    #expect(renamed.designs == 10)
  }

  /// A file written again at the same size, its modification time put back
  /// (as `touch -r` or `rsync -t` do), is read and decoded again: a version is
  /// its change time too, which no tool sets back.
  @Test func aFileEditedWithItsTimePutBackIsDecodedAgain() throws {
    let copy = try Self.smallCopy()
    defer { copy.remove() }
    let output = copy.folder.appending(path: "_site")
    _ = try IncrementalBuildTests.build(copy.site, into: output)
    let file = copy.site.appending(path: "placeholders/zero-code.json").path
    var before = stat()
    try #require(lstat(file, &before) == 0)
    try copy.edit(
      "placeholders/zero-code.json", replacing: #""messageColor": "orange""#, with: #""messageColor": "purple""#)
    try FileTimes.setModificationTime(of: file, to: before.st_mtim)
    var after = stat()
    try #require(lstat(file, &after) == 0)
    try #require(after.st_size == before.st_size && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)

    let rebuilt = try IncrementalBuildTests.build(copy.site, into: output)
    #expect(rebuilt.decoded == 1)
    let page = try String(
      contentsOf: output.appending(path: "designs/zero-code/message-color.iphone-se.light.en.html"), encoding: .utf8)
    #expect(page.contains("purple"))
  }

  /// What the state folder holds in the store's place never changes a page:
  /// a tampered, cut or foreign file, or a folder or link there, is not read,
  /// and every definition is decoded.
  @Test(arguments: ["garbage", "cut", "other site", "folder", "link"])
  func aStoreNotWrittenForThisBuildIsNotRead(kind: String) throws {
    let copy = try Self.smallCopy()
    defer { copy.remove() }
    let output = copy.folder.appending(path: "_site")
    _ = try IncrementalBuildTests.build(copy.site, into: output)
    let store = Self.store(of: output)
    let bytes = try Data(contentsOf: store)
    try FileManager.default.removeItem(at: store)
    switch kind {
    case "garbage": try Data(StateFile.header("definitions") + Array("66:nonsense".utf8)).write(to: store)
    case "cut": try bytes.prefix(bytes.count / 2).write(to: store)
    case "other site":
      // The same records, said to describe another folder.
      let other = copy.folder.appending(path: "Other")
      try FileManager.default.copyItem(at: copy.site, to: other)
      var options = BuildOptions(siteFolder: other, siteDisplay: "Site", output: output, outputDisplay: "_site")
      options.workers = 2
      _ = try SiteBuilder(options: options).build()
    case "folder": try FileManager.default.createDirectory(at: store, withIntermediateDirectories: false)
    default:
      let elsewhere = copy.folder.appending(path: "elsewhere.cache")
      try bytes.write(to: elsewhere)
      try FileManager.default.createSymbolicLink(at: store, withDestinationURL: elsewhere)
    }
    try copy.setZeroCodeMessageColor("purple")
    let rebuilt = try IncrementalBuildTests.build(copy.site, into: output)
    #expect(rebuilt.decoded == 10)
    _ = try IncrementalBuildTests.expectFullBuildsBytes(
      output, site: copy.site, scratch: copy.folder.appending(path: "full"))
  }

  @Test func noCacheDecodesEveryDefinition() throws {
    let copy = try Self.smallCopy()
    defer { copy.remove() }
    let output = copy.folder.appending(path: "_site")
    _ = try IncrementalBuildTests.build(copy.site, into: output)
    let full = try IncrementalBuildTests.build(copy.site, into: output, incremental: false)
    #expect(full.decoded == 10)
  }
}
