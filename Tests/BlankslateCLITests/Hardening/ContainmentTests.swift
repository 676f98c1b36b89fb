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

/// Nothing outside the site and the output is ever read, written or deleted,
/// whatever links the site, its `__snapshots__` or its `assets/` hold.
@Suite("Containment: links out of the site", .serialized)
struct ContainmentTests {
  /// A copy of the bundled site, with a folder beside it that stands for
  /// everything outside (a secret, a served web root).
  struct Scene {
    let copy: SiteCopy
    let outside: URL
    static let secret = "SECRET-TOKEN-8c1f"

    init() throws {
      copy = try SiteCopy()
      outside = copy.folder.appending(path: "outside")
      try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
      try Data("API_KEY=\(Self.secret)\n".utf8).write(to: outside.appending(path: "environ"))
    }

    func link(_ relative: String, to target: URL) throws {
      let url = copy.site.appending(path: relative)
      try? FileManager.default.removeItem(at: url)
      try FileManager.default.createSymbolicLink(at: url, withDestinationURL: target)
    }

    func run(_ arguments: [String], environment: [String: String] = ["CI": "", "NO_COLOR": "1"]) throws
      -> CommandRunner.Run
    {
      CommandRunner.run(arguments, in: copy.folder, environment: environment)
    }

    /// Every file below `outside`, with its bytes.
    func outsideFiles() throws -> [String: Data] {
      try folderContents(outside)
    }
  }

  /// A link planted in the published gallery (to a secret outside) is never
  /// carried into a later build: not when a design is linked from the
  /// published output (only regular files are lent), nor when that output,
  /// now the back buffer, is built in place (a design folder changed after
  /// its build's cache was written, even in the same clock tick, is not
  /// kept). The design is rendered again.
  @Test func aLinkPlantedInTheGalleryIsNeverPublishedAgain() throws {
    let scene = try Scene()
    defer { scene.copy.remove() }
    let folder = scene.copy.folder
    #expect(try scene.run(["build"]).status == 0)
    let planted = folder.appending(path: "_site/designs/table/empty.iphone-se.light.en.svg")
    try FileManager.default.removeItem(at: planted)
    try FileManager.default.createSymbolicLink(
      at: planted, withDestinationURL: scene.outside.appending(path: "environ"))
    // Planted within the tick the cache was written in (a file system's clock
    // moves in ticks of milliseconds): the cache's time is set to the folder's.
    try FileTimes.setModificationTime(
      of: folder.appending(path: "._site.blankslate/" + StateFolder.publishedCache).path,
      to: FileTimes.earliestChange(of: [planted.deletingLastPathComponent()]))
    // Edits elsewhere: the first rebuild links from `_site/`, the next builds in place over the output it planted in.
    for color in ["purple", "#008080", "orange"] {
      try scene.copy.setZeroCodeMessageColor(color)
      #expect(try scene.run(["build"]).status == 0)
      var status = stat()
      #expect(lstat(planted.path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG, "\(color)")
      let published = try folderContents(folder.appending(path: "_site"))
      #expect(!published.values.contains { String(decoding: $0, as: UTF8.self).contains(Scene.secret) }, "\(color)")
    }
    let links = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { relative in
      var status = stat()
      return lstat(folder.appending(path: relative).path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
    }
    #expect(links.isEmpty, "\(links)")
  }

  /// A site page edited in the published gallery (an index page, the
  /// coverage and symbols pages, the fonts' stylesheet) is never published
  /// again: when that output is the back buffer and its cache says the page
  /// is current, the page is kept only if it last changed before the cache
  /// was written, even within the same clock tick. It is made again.
  @Test func aSitePageEditedInTheGalleryIsNeverPublishedAgain() throws {
    let scene = try Scene()
    defer { scene.copy.remove() }
    let folder = scene.copy.folder
    #expect(try scene.run(["build"]).status == 0)
    #expect(try scene.run(["build"]).status == 0)
    let marker = "TAMPERED-7d2e"
    let pages = ["index.html", "coverage.html", "symbols.html", "_gallery/fonts.css"]
    let urls = pages.map { folder.appending(path: "_site/" + $0) }
    for (page, url) in zip(pages, urls) {
      let handle = try FileHandle(forWritingTo: url)
      try handle.seekToEnd()
      try handle.write(contentsOf: Data((page.hasSuffix(".css") ? "/* \(marker) */" : "<!-- \(marker) -->").utf8))
      try handle.close()
    }
    // Edited within the tick the cache was written in: the cache's time is set to the first edit's.
    try FileTimes.setModificationTime(
      of: folder.appending(path: "._site.blankslate/" + StateFolder.publishedCache).path,
      to: FileTimes.earliestChange(of: urls))
    // The first rebuild publishes the other buffer; the next builds in place over the edited output.
    for color in ["purple", "#008080", "orange"] {
      try scene.copy.setZeroCodeMessageColor(color)
      #expect(try scene.run(["build"]).status == 0)
      for page in pages {
        let text = try String(contentsOf: folder.appending(path: "_site/" + page), encoding: .utf8)
        #expect(!text.contains(marker), "\(page) after \(color)")
      }
    }
  }

  @Test func aGoldenLinkedOutOfTheSiteIsRefusedAndNeverRead() throws {
    let scene = try Scene()
    defer { scene.copy.remove() }
    try scene.link(
      "__snapshots__/no-network/default.iphone-se.light.zh-Hans.svg", to: scene.outside.appending(path: "environ"))
    let run = try scene.run(["check", "--json", "summary.json", "--junit", "junit.xml"])
    #expect(run.status == 2, "\(run.output)\n\(run.error)")
    #expect(run.error.contains("default.iphone-se.light.zh-Hans.svg: refused: it leads out of Site"), "\(run.error)")
    let everything =
      run.output + run.error
      + ((try? String(contentsOf: scene.copy.folder.appending(path: "summary.json"), encoding: .utf8)) ?? "")
      + ((try? String(contentsOf: scene.copy.folder.appending(path: "junit.xml"), encoding: .utf8)) ?? "")
    #expect(!everything.contains(Scene.secret))
    let report = scene.copy.folder.appending(path: "_report")
    for (_, data) in try folderContents(report) {
      #expect(!String(decoding: data, as: UTF8.self).contains(Scene.secret))
    }
  }

  @Test(arguments: ["__snapshots__", "__snapshots__/blank-page"])
  func aSnapshotsFolderLinkedOutIsRefusedByPruneAndRecord(linked: String) throws {
    let scene = try Scene()
    defer { scene.copy.remove() }
    // The outside folder looks like goldens: an orphan prune would delete, a design record would write.
    let target = scene.outside.appending(path: "goldens")
    try FileManager.default.copyItem(at: scene.copy.site.appending(path: linked), to: target)
    if linked == "__snapshots__" {
      try FileManager.default.createDirectory(at: target.appending(path: "gone"), withIntermediateDirectories: true)
      try Data("<svg/>".utf8).write(to: target.appending(path: "gone/a.iphone-se.light.en.svg"))
    } else {
      try Data("<svg/>".utf8).write(to: target.appending(path: "old.iphone-se.light.en.svg"))
    }
    try scene.link(linked, to: target)
    try scene.copy.edit("placeholders/blank-page.json", replacing: #""name": ""#, with: #""name": "~"#)
    let before = try scene.outsideFiles()
    for arguments in [["prune"], ["record", "--mode", "all"], ["check"]] {
      let run = try scene.run(arguments)
      #expect(run.status == 2, "\(arguments): \(run.output)\n\(run.error)")
      #expect(
        run.error.contains("refused: it leads out of Site through the symbolic link Site/\(linked)"), "\(run.error)")
      #expect(try scene.outsideFiles() == before, "\(arguments) changed a file outside the site")
    }
  }

  @Test func anAssetsFolderLinkedOutIsNeverPublished() throws {
    let scene = try Scene()
    defer { scene.copy.remove() }
    let assets = scene.outside.appending(path: "assets")
    try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
    try Data(#"<svg xmlns="http://www.w3.org/2000/svg"><text>\#(Scene.secret)</text></svg>"#.utf8)
      .write(to: assets.appending(path: "art.svg"))
    try scene.link("assets", to: assets)
    try scene.copy.edit(
      "placeholders/blank-page.json", replacing: #""layout": "blank-page","#,
      with: #""layout": "blank-page", "image": "assets/art.svg","#)
    let run = try scene.run(["build"])
    #expect(run.status == 2, "\(run.output)\n\(run.error)")
    #expect(run.error.contains("it leads out of Site through the symbolic link Site/assets"), "\(run.error)")
    #expect(!FileManager.default.fileExists(atPath: scene.copy.folder.appending(path: "_site").path))
  }

  @Test func aSymlinkedOutputIsRefusedAndTheFolderItNamesKeepsItsFiles() throws {
    let scene = try Scene()
    defer { scene.copy.remove() }
    let webRoot = scene.outside.appending(path: "www")
    try FileManager.default.createDirectory(at: webRoot, withIntermediateDirectories: true)
    try Data("<p>live</p>".utf8).write(to: webRoot.appending(path: "index.html"))
    try FileManager.default.createSymbolicLink(
      at: scene.copy.folder.appending(path: "_site"), withDestinationURL: webRoot)
    let before = try scene.outsideFiles()
    for _ in 0..<2 {
      let run = try scene.run(["build"])
      #expect(run.status == 2)
      #expect(run.error.contains("_site: will not build into this folder: it is a symbolic link"), "\(run.error)")
    }
    #expect(try scene.outsideFiles() == before)
  }

  @Test func anOutputInsideTheSiteIsRefused() throws {
    let scene = try Scene()
    defer { scene.copy.remove() }
    let run = try scene.run(["build", "--output", "Site/out"])
    #expect(run.status == 2)
    #expect(run.error.contains("it lies inside the site folder"), "\(run.error)")
    #expect(!FileManager.default.fileExists(atPath: scene.copy.site.appending(path: "out").path))
  }

  @Test func stagingCleanUpNeverEmptiesWhatTheToolDidNotMake() throws {
    let scene = try Scene()
    defer { scene.copy.remove() }
    let folder = scene.copy.folder
    #expect(try scene.run(["build"]).status == 0)
    // Names a killed build's staging folder could have, holding someone's files or linking to them.
    let mine = folder.appending(path: "._site.staging-4242")
    try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
    try Data("keep".utf8).write(to: mine.appending(path: "notes.txt"))
    let state = folder.appending(path: "._site.blankslate")
    try FileManager.default.createSymbolicLink(
      at: state.appending(path: "staging-77"), withDestinationURL: scene.outside)
    try FileManager.default.createSymbolicLink(
      at: folder.appending(path: "._site.staging"), withDestinationURL: scene.outside)
    let before = try scene.outsideFiles()
    #expect(try scene.run(["build"]).status == 0)
    #expect(try scene.outsideFiles() == before)
    #expect(FileManager.default.fileExists(atPath: mine.appending(path: "notes.txt").path))
    #expect(
      (try? FileManager.default.destinationOfSymbolicLink(atPath: folder.appending(path: "._site.staging").path)) != nil
    )

    // A state folder that is a link, or holds files the tool did not write, is refused.
    try FileManager.default.removeItem(at: state)
    try FileManager.default.createSymbolicLink(at: state, withDestinationURL: scene.outside)
    let linked = try scene.run(["build"])
    #expect(linked.status == 2)
    #expect(linked.error.contains("._site.blankslate: will not build into this folder"), "\(linked.error)")
    try FileManager.default.removeItem(at: state)
    try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
    try Data("mine".utf8).write(to: state.appending(path: "thesis.tex"))
    let foreign = try scene.run(["build"])
    #expect(foreign.status == 2)
    #expect(FileManager.default.fileExists(atPath: state.appending(path: "thesis.tex").path))
    #expect(try scene.outsideFiles() == before)
  }

  /// The cache is read as untrusted input: a file cut short, a count that
  /// is no count, or a cache of another format is no cache; a length off
  /// by one inside a design's meta makes that meta unreadable (the design
  /// is rendered again, the others reused); and the rebuild's pages are a
  /// full build's.
  @Test(arguments: ["none", "truncated", "length", "count", "json"])
  func theBuildCacheIsNeverPublishedAndATamperedOneChangesNoPage(_ tampering: String) throws {
    let scene = try Scene()
    defer { scene.copy.remove() }
    let folder = scene.copy.folder
    #expect(try scene.run(["build"]).status == 0)
    #expect(try scene.run(["build"]).status == 0)
    let output = folder.appending(path: "_site")
    let published = try folderContents(output)
    #expect(published.keys.allSatisfy { !$0.contains("cache") }, "\(published.keys.filter { $0.contains("cache") })")
    for name in ["published.cache", "back.cache"] {
      let url = folder.appending(path: "._site.blankslate/" + name)
      var bytes = [UInt8](try Data(contentsOf: url))
      #expect(bytes.starts(with: BuildCache.header))
      let text = String(decoding: bytes, as: UTF8.self)
      switch tampering {
      case "truncated":
        bytes = Array(bytes.prefix(bytes.count / 2))
      case "length":
        // The first alt text's length, one more than its bytes.
        let alt = try #require(text.range(of: "Zero-code placeholder"))
        let colon = try #require(text[..<alt.lowerBound].lastIndex(of: ":"))
        let digits = text[..<colon].reversed().prefix { $0.isNumber }
        let start = text.index(colon, offsetBy: -digits.count)
        let length = try #require(Int(text[start..<colon]))
        bytes = Array((text[..<start] + String(length + 1) + text[colon...]).utf8)
      case "count":
        // A design's byte count written as a number no count is.
        let count = try #require(text.range(of: #",1:1,"#) ?? text.range(of: #",1:0,"#))
        bytes = Array((text[..<count.lowerBound] + ",5:1e300" + text[text.index(before: count.upperBound)...]).utf8)
      case "json":
        bytes = Array(#"{"v": 2, "identity": "x", "folder": "y", "designs": {}, "pages": {}}"#.utf8)
      default:
        break
      }
      try Data(bytes).write(to: url)
    }
    try scene.copy.edit(
      "placeholders/zero-code.json", replacing: #""messageColor": "orange""#, with: #""messageColor": "purple""#)
    let rebuilt = try scene.run(["build"])
    #expect(rebuilt.status == 0, "\(rebuilt.error)")
    // A whole cache spares the unchanged designs; a tampered one is no cache, and every design is rendered.
    #expect(
      rebuilt.output.contains("unchanged and reused") == (tampering == "none" || tampering == "length"),
      "\(tampering): \(rebuilt.output)")

    let full = try scene.run(["build", "--no-cache", "--output", "full"])
    #expect(full.status == 0)
    let fresh = try folderContents(folder.appending(path: "full"))
    let incremental = try folderContents(output)
    #expect(incremental.keys.sorted() == fresh.keys.sorted())
    for (path, data) in incremental where fresh[path] != data { Issue.record("\(path) differs from a full build") }
  }

  /// A cache that is whole is trusted: the rebuild after one edit renders only
  /// that design, and its output is a full build's.
  @Test func aWholeCacheRoundTripsEveryValue() throws {
    var cache = BuildCache(identity: "blankslate test")
    var meta = DesignMeta()
    meta.bytes = 123_456
    meta.texts = ["No data", "暂无数据, with a comma", "لا توجد بيانات", "tab\tand\nline"]
    meta.characters = DrawnCharacters(Set("No data 暂无".unicodeScalars))
    #expect(meta.characters.text == " Nadot无暂")
    #expect(DrawnCharacters(sorted: "ba") == nil && DrawnCharacters(sorted: "aa") == nil)
    meta.thumbnailAlt = "Zero-code: 12:34, done"
    var counts = LintCounts()
    counts.errors = 1
    counts.warnings = 2
    counts.accepted = 3
    meta.lint = ["default": counts, "accessible": LintCounts()]
    cache.designs["zero-code"] = BuildCache.Entry(
      key: BuildCache.Key(
        own: "0123456789abcdef", previous: "fedcba9876543210", next: "00000000ffffffff", renders: "abababababababab"),
      meta: meta)
    cache.designs["other"] = BuildCache.Entry(
      key: BuildCache.Key(
        own: "1111111111111111", previous: "2222222222222222", next: "3333333333333333", renders: "5555555555555555"),
      meta: DesignMeta())
    cache.pages["index.html"] = "4444444444444444"
    let bytes = cache.encoded(describing: "folder 1 2 3")
    // Each value is a netstring: its length in bytes, then the bytes.
    let text = String(decoding: bytes, as: UTF8.self)
    for netstring in [
      "15:blankslate test,", "6:123456,", "7:No data,", "26:暂无数据, with a comma,", "12:tab\tand\nline,", "1:0,",
    ] {
      #expect(text.contains(netstring), "\(netstring)")
    }
    let decoded = try #require(BuildCache.decode(bytes, identity: "blankslate test"))
    #expect(decoded.folder == "folder 1 2 3")
    let again = try #require(decoded.cache)
    #expect(again.encoded(describing: "folder 1 2 3") == bytes)
    #expect(again.designs["zero-code"]?.meta == meta)
    #expect(again.pages == ["index.html": "4444444444444444"])
    #expect(again.designs["other"]?.key.renders == "5555555555555555")
    // Another tool's cache names its folder, and is not used.
    #expect(BuildCache.decode(bytes, identity: "blankslate other")?.cache == nil)
    // Any byte cut off the end is no cache.
    #expect(BuildCache.decode(Array(bytes.dropLast()), identity: "blankslate test")?.cache == nil)
  }

  /// A cache's texts are checked on their bytes: one that is not UTF-8, or
  /// holds a character XML refuses (a control character, U+FFFE, U+FFFF),
  /// makes its design's meta unreadable (the meta is read when the design
  /// is reused, and such a design is rendered again), and the meta is
  /// written into the next cache as it was read; U+FFFD, tabs and line
  /// feeds are text.
  @Test(
    arguments: [
      ([0xC3, 0x28, 0x20], false), ([0xE6, 0x9A, 0x20], false), ([0x01, 0x6F, 0x20], false),
      ([0xEF, 0xBF, 0xBE], false), ([0xEF, 0xBF, 0xBF], false), ([0xEF, 0xBF, 0xBD], true),
      ([0x09, 0x0A, 0x0D], true), ([0x4E, 0x6F, 0x20], true),
    ] as [([UInt8], Bool)])
  func aCacheTextIsUTF8OfXMLCharactersOrNoMeta(_ replacement: [UInt8], isText: Bool) throws {
    var cache = BuildCache(identity: "blankslate test")
    var meta = DesignMeta()
    meta.texts = ["No data"]
    cache.designs["zero-code"] = BuildCache.Entry(
      key: BuildCache.Key(
        own: "0123456789abcdef", previous: "fedcba9876543210", next: "00000000ffffffff", renders: "abababababababab"),
      meta: meta)
    var bytes = cache.encoded(describing: "folder")
    // "No " becomes the three replacement bytes; the netstring's length stays right.
    let start = try #require(bytes.indices.first { bytes[$0...].starts(with: Array("7:No data,".utf8)) }) + 2
    bytes.replaceSubrange(start..<(start + 3), with: replacement)
    let decoded = try #require(BuildCache.decode(bytes, identity: "blankslate test")?.cache)
    let entry = try #require(decoded.designs["zero-code"])
    #expect(entry.key.own == "0123456789abcdef")
    #expect((entry.meta != nil) == isText, "\(replacement)")
    if isText {
      #expect(entry.meta?.texts == [String(decoding: replacement, as: UTF8.self) + "data"])
    }
    #expect(decoded.encoded(describing: "folder") == bytes)
  }

  @Test func renamingADefinitionFileRendersItsPagesAgain() throws {
    let scene = try Scene()
    defer { scene.copy.remove() }
    let folder = scene.copy.folder
    #expect(try scene.run(["build"]).status == 0)
    let placeholders = scene.copy.site.appending(path: "placeholders")
    try FileManager.default.moveItem(
      at: placeholders.appending(path: "table.json"), to: placeholders.appending(path: "renamed-table.json"))
    // The design keeps its id (set inside the file), so its pages keep their paths.
    let text = try String(contentsOf: placeholders.appending(path: "renamed-table.json"), encoding: .utf8)
    if !text.contains(#""id""#) {
      try Data(
        text.replacingOccurrences(of: "{", with: #"{ "id": "table","#, options: [], range: text.range(of: "{")).utf8
      )
      .write(to: placeholders.appending(path: "renamed-table.json"))
    }
    #expect(try scene.run(["build"]).status == 0)
    var stale: [String] = []
    for (path, data) in try folderContents(folder.appending(path: "_site")) where path.hasSuffix(".html") {
      if String(decoding: data, as: UTF8.self).contains("placeholders/table.json") { stale.append(path) }
    }
    #expect(stale == [], "pages still name the old file: \(stale.prefix(3))")
  }

  @Test func onlyGoldenShapedFilesAreGoldens() throws {
    let scene = try Scene()
    defer { scene.copy.remove() }
    let snapshots = scene.copy.site.appending(path: "__snapshots__")
    let keep = [
      "README.svg", "diagrams/flow.svg", "blank-page/notes.svg", "blank-page/x/y.iphone-se.light.en.svg",
      "blank-page/design.tmp-notes", "blank-page/.no-data.iphone-se.light.en.svg.tmp-notapid",
    ]
    for path in keep {
      let url = snapshots.appending(path: path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data("<svg/>".utf8).write(to: url)
    }
    #expect(try scene.run(["check"]).status == 0)
    #expect(try scene.run(["prune"]).status == 0)
    #expect(try scene.run(["record", "--mode", "failed"]).status == 0)
    for path in keep {
      #expect(FileManager.default.fileExists(atPath: snapshots.appending(path: path).path), "\(path) was deleted")
    }
  }
}
