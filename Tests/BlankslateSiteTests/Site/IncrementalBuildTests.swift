import BlankslateCore
import BlankslateCoreTestSupport
@testable import BlankslateSite
import BlankslateSupport
import BlankslateTestSupport
import BlankslateValidation
import Foundation
import Synchronization
import Testing

/// Rebuilding after a change renders only what changed, keeps or links the
/// rest from the two previous outputs, and gives the same bytes as a full build.
@Suite("Incremental builds", .serialized)
struct IncrementalBuildTests {
  static func inode(_ url: URL) throws -> UInt64 {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return (attributes[.systemFileNumber] as? UInt64) ?? UInt64((attributes[.systemFileNumber] as? Int) ?? -1)
  }

  static func build(
    _ site: URL, into output: URL, incremental: Bool = true, memo: BuildMemo? = nil, pngScale: Int? = nil
  ) throws -> BuildSummary {
    var options = BuildOptions(
      siteFolder: site, siteDisplay: "Site", output: output, outputDisplay: "_site", workers: 2)
    options.incremental = incremental
    options.memo = memo
    options.pngScale = pngScale
    return try SiteBuilder(options: options).build()
  }

  /// The copy's matrix narrowed: each list given replaces the bundled site's
  /// (a full build follows every rebuild, so the suite builds fewer renders).
  static func narrow(
    _ copy: SiteCopy, devices: String? = nil, themes: String? = nil, locales: String? = nil,
    textSizes: String? = nil
  ) throws {
    let bundled = [
      ("devices", #"["iphone-se", "iphone-15"]"#, devices), ("themes", #"["light", "dark"]"#, themes),
      ("locales", #"["zh-Hans", "en", "de", "ar"]"#, locales),
      ("textSizes", #"["large", "accessibilityExtraExtraExtraLarge"]"#, textSizes),
    ]
    for case let (key, old, new?) in bundled {
      try copy.edit("site.json", replacing: "\"\(key)\": \(old)", with: "\"\(key)\": \(new)")
    }
  }

  @Test func aChangedDesignIsTheOnlyOneRenderedAndTheResultIsAFullBuildsBytes() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    let output = copy.folder.appending(path: "_site")
    let first = try Self.build(copy.site, into: output)
    #expect(first.rendered == 10)
    let untouched = output.appending(path: "designs/table/empty.iphone-se.light.en.svg")
    let before = try Self.inode(untouched)

    // Nothing changed: nothing is rendered.
    let again = try Self.build(copy.site, into: output)
    #expect(again.rendered == 0)
    #expect(try Self.inode(untouched) == before, "an unchanged file was rewritten")

    // One colour of one design.
    try copy.edit(
      "placeholders/zero-code.json", replacing: #""messageColor": "orange""#, with: #""messageColor": "purple""#)
    let changed = try Self.build(copy.site, into: output)
    #expect(changed.rendered == 1)
    #expect(try Self.inode(untouched) == before)

    let reference = try Self.expectFullBuildsBytes(
      output, site: copy.site, scratch: copy.folder.appending(path: "full"))
    #expect(reference.rendered == 10)
    let page = try String(
      contentsOf: output.appending(path: "designs/zero-code/message-color.iphone-se.light.en.html"), encoding: .utf8)
    #expect(page.contains("purple"))
  }

  @Test func aRenamedDesignAlsoRefreshesItsNeighbours() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    let output = copy.folder.appending(path: "_site")
    _ = try Self.build(copy.site, into: output)
    // loading's one variant links to no-network (the next design); its SVG and its design page do not.
    let untouched = ["default.iphone-15.dark.en.svg", "index.html"].map {
      output.appending(path: "designs/loading/" + $0)
    }
    let before = try untouched.map(Self.inode)
    try copy.edit(
      "placeholders/no-network.json", replacing: #""name": "CQNoNetworkView""#, with: #""name": "Offline screen""#)
    let summary = try Self.build(copy.site, into: output)
    // no-network; loading and offline link to it by name from the pages of
    // their last and first variants, and only those pages are rendered again.
    #expect(summary.rendered == 1)
    #expect(summary.refreshed == 2)
    let neighbour = try String(
      contentsOf: output.appending(path: "designs/loading/default.iphone-15.dark.en.html"), encoding: .utf8)
    #expect(neighbour.contains("Offline screen — Offline"))
    #expect(try untouched.map(Self.inode) == before, "a file that does not name the neighbour was rewritten")
    try Self.expectFullBuildsBytes(output, site: copy.site, scratch: copy.folder.appending(path: "full"))
  }

  @Test func otherTemplatesRenderEverything() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    let output = copy.folder.appending(path: "_site")
    _ = try Self.build(copy.site, into: output)
    let templates = copy.folder.appending(path: "theme/static")
    try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
    try Data("body { color: red; }\n".utf8).write(to: templates.appending(path: "gallery.css"))
    var options = BuildOptions(
      siteFolder: copy.site, siteDisplay: "Site", output: output, workers: 2,
      templates: copy.folder.appending(path: "theme"))
    options.incremental = true
    #expect(try SiteBuilder(options: options).build().rendered == 10)
  }

  /// The output and a full build of the same site hold the same files and
  /// bytes; returns the full build's summary.
  @discardableResult
  static func expectFullBuildsBytes(
    _ output: URL, site: URL, scratch: URL, pngScale: Int? = nil
  ) throws -> BuildSummary {
    try? FileManager.default.removeItem(at: scratch)
    let summary = try build(site, into: scratch, incremental: false, pngScale: pngScale)
    let incremental = try folderContents(output)
    let fresh = try folderContents(scratch)
    let missing = Set(fresh.keys).subtracting(incremental.keys).sorted()
    let extra = Set(incremental.keys).subtracting(fresh.keys).sorted()
    #expect(missing.isEmpty, "\(missing.count) files missing, such as \(missing.prefix(3))")
    #expect(extra.isEmpty, "\(extra.count) files a full build has not, such as \(extra.prefix(3))")
    // Every file but the output's marker is counted.
    #expect(summary.files == fresh.count - 1)
    for (path, data) in incremental where fresh[path].map({ $0 != data }) == true {
      Issue.record("\(path) differs from a full build")
    }
    return summary
  }

  /// The output's published cache holds what a full build's does: every
  /// design's key, meta (search texts included: a reused design's are
  /// carried as the earlier cache held them), card and coverage row
  /// fingerprints, and every page's fingerprint.
  static func expectFullBuildsCache(_ output: URL, scratch: URL) throws {
    func cache(_ folder: URL) throws -> BuildCache {
      let state = folder.deletingLastPathComponent().appending(path: "." + folder.lastPathComponent + ".blankslate")
      let bytes = Array(try Data(contentsOf: state.appending(path: StateFolder.publishedCache)))
      return try #require(BuildCache.decode(bytes, accepting: { _ in true })?.cache)
    }
    let rebuilt = try cache(output)
    let full = try cache(scratch)
    #expect(rebuilt.designs.keys.sorted() == full.designs.keys.sorted())
    for (id, entry) in full.designs {
      let other = try #require(rebuilt.designs[id])
      #expect(other.key == entry.key, "\(id)")
      #expect(other.meta != nil && other.meta == entry.meta, "\(id)")
      #expect(other.parts == entry.parts, "\(id)")
    }
    #expect(rebuilt.pages == full.pages)
  }

  /// An edit to `site.json` that changes which devices, themes, locales or
  /// text sizes there are (a list grown, shrunk or reordered), or anything
  /// else in it, renders every design, and gives a full build's bytes.
  @Test(arguments: [false, true])
  func anEditToTheListsRendersEveryDesign(keepingAMemo: Bool) throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    try Self.narrow(copy, devices: #"["iphone-se"]"#, locales: #"["en", "ar"]"#, textSizes: #"["large"]"#)
    let output = copy.folder.appending(path: "_site")
    let scratch = copy.folder.appending(path: "full")
    let memo = keepingAMemo ? BuildMemo() : nil
    #expect(try Self.build(copy.site, into: output, memo: memo).rendered == 10)
    let edits: [(from: String, to: String)] = [
      (#""locales": ["en", "ar"]"#, #""locales": ["en", "ar", "ja"]"#),
      (#""devices": ["iphone-se"]"#, #""devices": ["iphone-se", "ipad-mini"]"#),
      (#""textSizes": ["large"]"#, #""textSizes": ["large", "accessibilityExtraExtraExtraLarge"]"#),
      // Another first text size: every index card's thumbnail is another render (a kept card would link the old one).
      (
        #""textSizes": ["large", "accessibilityExtraExtraExtraLarge"]"#,
        #""textSizes": ["accessibilityExtraExtraExtraLarge", "large"]"#
      ),
      (#""themes": ["light", "dark"]"#, #""themes": ["light"]"#),
      (#""locales": ["en", "ar", "ja"]"#, #""locales": ["ar", "en", "ja"]"#),
      (#""title": "Blankslate gallery""#, #""title": "Gallery""#),
    ]
    for edit in edits {
      try copy.edit("site.json", replacing: edit.from, with: edit.to)
      let summary = try Self.build(copy.site, into: output, memo: memo)
      #expect(summary.rendered == 10, "\(edit.to): \(summary)")
      try Self.expectFullBuildsBytes(output, site: copy.site, scratch: scratch)
    }
  }

  /// With PNGs, a design linked from the published output brings its PNGs
  /// too, and one rendered again after a locale is added has them: every rebuild is a full build's.
  @Test func aBuildWithPNGsKeepsThemThroughEveryKindOfReuse() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    try Self.narrow(copy, devices: #"["iphone-se"]"#, locales: #"["en", "ar"]"#)
    let output = copy.folder.appending(path: "_site")
    let scratch = copy.folder.appending(path: "full")
    func expectFullBuildsFiles(_ rebuilt: BuildSummary) throws {
      let full = try Self.expectFullBuildsBytes(output, site: copy.site, scratch: scratch, pngScale: 1)
      #expect(try folderContents(output).keys.contains { $0.hasSuffix(".png") })
      #expect(rebuilt.files == full.files && rebuilt.bytes == full.bytes)
    }
    #expect(try Self.build(copy.site, into: output, pngScale: 1).rendered == 10)
    // One design edited: the others are linked from the published output (the back buffer is empty).
    try copy.edit(
      "placeholders/zero-code.json", replacing: #""messageColor": "orange""#, with: #""messageColor": "purple""#)
    let edited = try Self.build(copy.site, into: output, pngScale: 1)
    #expect(edited.rendered == 1)
    try expectFullBuildsFiles(edited)
    // A locale added: every design rendered again.
    try copy.edit("site.json", replacing: #""locales": ["en", "ar"]"#, with: #""locales": ["en", "ar", "ja"]"#)
    let grown = try Self.build(copy.site, into: output, pngScale: 1)
    #expect(grown.rendered == 10)
    try expectFullBuildsFiles(grown)
  }

  /// With a memo (as `serve` builds: definitions and caches kept between builds) and without.
  @Test(arguments: [false, true])
  func everyRebuildOfASeriesOfEditsMatchesAFullBuild(keepingAMemo: Bool) throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    // Every design and variant, on a narrower matrix (a full build follows each edit): a
    // left-to-right and a right-to-left locale, one device, theme and text size.
    try Self.narrow(
      copy, devices: #"["iphone-se"]"#, themes: #"["dark"]"#, locales: #"["de", "ar"]"#,
      textSizes: #"["accessibilityExtraExtraExtraLarge"]"#)
    let output = copy.folder.appending(path: "_site")
    let scratch = copy.folder.appending(path: "full")
    let memo = keepingAMemo ? BuildMemo() : nil
    #expect(try Self.build(copy.site, into: output, memo: memo).rendered == 10)
    #expect(try Self.build(copy.site, into: output, memo: memo).rendered == 0)
    // The back buffer is one build behind the output: each edit meets it in another state.
    let edits: [(file: String, from: String, to: String)] = [
      ("placeholders/zero-code.json", #""messageColor": "orange""#, #""messageColor": "purple""#),
      ("placeholders/table.json", #""name": ""#, #""name": "~"#),
      ("placeholders/zero-code.json", #""messageColor": "purple""#, #""messageColor": "orange""#),
      ("placeholders/zero-code.json", #""messageColor": "orange""#, ##""messageColor": "#008080""##),
      // Renamed back: the back buffer holds it, and its neighbours' pages, as two builds ago (nothing to render).
      ("placeholders/table.json", #""name": "~"#, #""name": ""#),
      ("placeholders/table.json", #""name": ""#, #""name": "~"#),
    ]
    for edit in edits {
      try copy.edit(edit.file, replacing: edit.from, with: edit.to)
      let summary = try Self.build(copy.site, into: output, memo: memo)
      // Only the edited design is ever rendered whole; its neighbours at most have pages refreshed.
      #expect(summary.rendered <= 1 && summary.refreshed <= 2, "\(edit.file): \(summary.rendered) rendered")
      try Self.expectFullBuildsBytes(output, site: copy.site, scratch: scratch)
      try Self.expectFullBuildsCache(output, scratch: scratch)
    }
    #expect(try Self.build(copy.site, into: output, memo: memo).rendered == 0)
    try Self.expectFullBuildsBytes(output, site: copy.site, scratch: scratch)
  }

  /// A memo keeps a decoded definition only while the image paths it names
  /// resolve as they did: an asset removed is an error at once, as without one.
  @Test func aMemoNoticesAnAssetThatWentAway() throws {
    let svg = Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>"#.utf8)
    let site = try TemporarySite(
      siteJSON: #"{"devices": ["iphone-se"], "locales": ["en"], "themes": ["light"]}"#,
      placeholders: [
        "a.json": #"{"layout": "content-unavailable", "image": "assets/a.svg", "variants": [{"id": "empty"}]}"#
      ],
      assets: ["assets/a.svg": svg])
    defer { site.remove() }
    let output = site.root.deletingLastPathComponent().appending(path: "out-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: output) }
    let memo = BuildMemo()
    #expect(try Self.build(site.root, into: output, memo: memo).rendered == 1)
    try FileManager.default.removeItem(at: site.root.appending(path: "assets/a.svg"))
    #expect {
      try Self.build(site.root, into: output, memo: memo)
    } throws: { error in
      "\(error)".contains("placeholders/a.json") && "\(error)".contains("assets/a.svg")
    }
    try Data(svg).write(to: site.root.appending(path: "assets/a.svg"))
    #expect(try Self.build(site.root, into: output, memo: memo).rendered == 0)
  }

  /// A memo does not read a definition whose file is the same version as
  /// last time; an edit that keeps the size and sets the modification time
  /// back is still another version (its change time moved) and is read.
  @Test func aMemoReadsADefinitionWrittenBackToItsOldTimes() throws {
    let site = try TemporarySite(
      siteJSON: #"{"devices": ["iphone-se"], "locales": ["en"], "themes": ["light"]}"#,
      placeholders: ["a.json": #"{"layout": "content-unavailable", "title": "AAAA", "variants": [{"id": "empty"}]}"#])
    defer { site.remove() }
    let output = site.root.deletingLastPathComponent().appending(path: "out-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: output) }
    let memo = BuildMemo()
    #expect(try Self.build(site.root, into: output, memo: memo).rendered == 1)
    #expect(try Self.build(site.root, into: output, memo: memo).rendered == 0)
    let path = site.root.appending(path: "placeholders/a.json").path
    var before = stat()
    #expect(lstat(path, &before) == 0)
    // The same size and inode, written in place; then the old modification time put back.
    let descriptor = open(path, O_WRONLY)
    #expect(descriptor >= 0)
    let text = Array(#"{"layout": "content-unavailable", "title": "BBBB", "variants": [{"id": "empty"}]}"#.utf8)
    #expect(pwrite(descriptor, text, text.count, 0) == text.count)
    close(descriptor)
    var times = [before.st_atim, before.st_mtim]
    #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    var after = stat()
    #expect(lstat(path, &after) == 0)
    #expect(after.st_size == before.st_size && after.st_ino == before.st_ino)
    #expect(after.st_mtim.tv_sec == before.st_mtim.tv_sec && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
    #expect(try Self.build(site.root, into: output, memo: memo).rendered == 1)
    let page = try String(
      contentsOf: output.appending(path: "designs/a/empty.iphone-se.light.en.html"), encoding: .utf8)
    #expect(page.contains("BBBB") && !page.contains("AAAA"))
  }

  @Test func aFailedRebuildLeavesTheOutputAndTheNextBuildIsWhole() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    let output = copy.folder.appending(path: "_site")
    _ = try Self.build(copy.site, into: output)
    _ = try Self.build(copy.site, into: output)
    let before = try folderContents(output)
    // A template that renders invalid HTML fails validation after the back buffer was written over.
    let theme = copy.folder.appending(path: "theme")
    try FileManager.default.createDirectory(at: theme, withIntermediateDirectories: true)
    try Data("<html><body><p>unclosed</body></html>\n".utf8).write(to: theme.appending(path: "design.html"))
    var options = BuildOptions(siteFolder: copy.site, siteDisplay: "Site", output: output, workers: 2, templates: theme)
    options.incremental = true
    #expect(throws: BuildError.self) { try SiteBuilder(options: options).build() }
    #expect(try folderContents(output) == before)

    try copy.edit(
      "placeholders/zero-code.json", replacing: #""messageColor": "orange""#, with: #""messageColor": "purple""#)
    #expect(try Self.build(copy.site, into: output).rendered == 1)
    try Self.expectFullBuildsBytes(output, site: copy.site, scratch: copy.folder.appending(path: "full"))
  }

  @Test func theBackBufferStaysOutOfVersionControlAndOutOfTheOutput() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    let output = copy.folder.appending(path: "_site")
    _ = try Self.build(copy.site, into: output)
    _ = try Self.build(copy.site, into: output)
    let ignore = copy.folder.appending(path: "._site.blankslate/.gitignore")
    #expect(try String(contentsOf: ignore, encoding: .utf8).split(separator: "\n").contains("*"))
    #expect(!FileManager.default.fileExists(atPath: output.appending(path: ".gitignore").path))
    // Kept in place by the next build: the same file, not a copy.
    let svg = "designs/table/empty.iphone-se.light.en.svg"
    let kept = try Self.inode(copy.folder.appending(path: "._site.blankslate/back/" + svg))
    _ = try Self.build(copy.site, into: output)
    #expect(try Self.inode(output.appending(path: svg)) == kept)
    #expect(!FileManager.default.fileExists(atPath: output.appending(path: ".gitignore").path))
  }

  /// The index files of a rebuild are made from the designs and their
  /// metas, never from the back buffer's files: one edited there (its size
  /// kept, in the clock tick its cache was written) does not reach the output.
  @Test func theBackBuffersIndexFilesNeverReachTheOutput() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    let output = copy.folder.appending(path: "_site")
    let scratch = copy.folder.appending(path: "full")
    _ = try Self.build(copy.site, into: output)
    _ = try Self.build(copy.site, into: output)
    try copy.edit(
      "placeholders/zero-code.json", replacing: #""messageColor": "orange""#, with: #""messageColor": "purple""#)
    _ = try Self.build(copy.site, into: output)
    try Self.expectFullBuildsBytes(output, site: copy.site, scratch: scratch)
    // Someone edits the back buffer's files, keeping their sizes, in the
    // clock tick its cache was written in (the cache's time is set to theirs).
    let files = ["._site.blankslate/back/index.json", "._site.blankslate/back/_gallery/search-index.js"].map {
      copy.folder.appending(path: $0)
    }
    for file in files {
      let text = try String(contentsOf: file, encoding: .utf8)
      try Data(text.replacingOccurrences(of: "SPBlankPageView", with: "XXBlankPageView").utf8).write(to: file)
    }
    try FileTimes.setModificationTime(
      of: copy.folder.appending(path: "._site.blankslate/" + StateFolder.backCache).path,
      to: FileTimes.earliestChange(of: files))
    try copy.edit(
      "placeholders/zero-code.json", replacing: #""messageColor": "purple""#, with: #""messageColor": "orange""#)
    _ = try Self.build(copy.site, into: output)
    try Self.expectFullBuildsBytes(output, site: copy.site, scratch: scratch)
    #expect(
      !(try String(contentsOf: output.appending(path: "index.json"), encoding: .utf8).contains("XXBlankPageView")))
  }

  /// A site of 100 designs of four layouts in turn, on one device, theme
  /// and locale (three index pages); `extra` adds members to design `index`'s definition.
  static func hundredDesigns(_ extra: (Int) -> String) throws -> TemporarySite {
    try designs(100, extra)
  }

  /// The folders a test's builds of `site` use, beside it: the output
  /// (`_site`), its back buffer, and a full build's, to compare with.
  static func outputFolders(of site: TemporarySite) -> (folder: URL, output: URL, scratch: URL, backBuffer: URL) {
    let folder = site.root.deletingLastPathComponent().appending(path: site.root.lastPathComponent + "-out")
    return (
      folder, folder.appending(path: "_site"), folder.appending(path: "full"),
      folder.appending(path: "._site.blankslate/back")
    )
  }

  /// `count` designs of the four seed layouts, `Design 0` … on, `extra` added to each.
  static func designs(_ count: Int, _ extra: (Int) -> String) throws -> TemporarySite {
    var placeholders: [String: String] = [:]
    for index in 0..<count {
      let layout = ["blank-page", "message", "no-network", "table"][index % 4]
      placeholders[String(format: "design-%03d.json", index)] =
        #"{ "name": "Design \#(index)", "layout": "\#(layout)"\#(extra(index)) }"#
    }
    return try TemporarySite(
      siteJSON: #"{ "devices": ["iphone-se"], "themes": ["light"], "locales": ["en"] }"#, placeholders: placeholders)
  }

  /// The coverage page comes in pages of a hundred designs, each
  /// fingerprinted from its own designs' rows: a design renamed on page 2
  /// rewrites that page alone, the others kept as the back buffer holds
  /// them; thirty designs fewer take the third page away. The output is a
  /// full build's each time.
  @Test func aCoveragePageIsRewrittenOnlyForItsOwnDesigns() throws {
    let site = try Self.designs(230) { _ in "" }
    defer { site.remove() }
    let (folder, output, scratch, backBuffer) = Self.outputFolders(of: site)
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try Self.build(site.root, into: output)
    _ = try Self.build(site.root, into: output)
    let pages = ["coverage.html", "coverage-2.html", "coverage-3.html"]
    for page in pages { #expect(FileManager.default.fileExists(atPath: output.appending(path: page).path), "\(page)") }
    #expect(!FileManager.default.fileExists(atPath: output.appending(path: "coverage-4.html").path))

    let held = try pages.map { try Self.inode(backBuffer.appending(path: $0)) }
    let design = site.root.appending(path: "placeholders/design-150.json")
    let text = try String(contentsOf: design, encoding: .utf8)
    try Data(text.replacingOccurrences(of: #""Design 150""#, with: #""Design one-fifty""#).utf8).write(to: design)
    #expect(try Self.build(site.root, into: output).rendered == 1)
    #expect(try Self.inode(output.appending(path: pages[0])) == held[0], "page 1 was rewritten for a row on page 2")
    #expect(try Self.inode(output.appending(path: pages[1])) != held[1])
    #expect(try Self.inode(output.appending(path: pages[2])) == held[2], "page 3 was rewritten for a row on page 2")
    #expect(try String(contentsOf: output.appending(path: pages[1]), encoding: .utf8).contains("Design one-fifty"))
    try Self.expectFullBuildsBytes(output, site: site.root, scratch: scratch)

    for index in 200..<230 {
      try FileManager.default.removeItem(
        at: site.root.appending(path: "placeholders/" + String(format: "design-%03d.json", index)))
    }
    _ = try Self.build(site.root, into: output)
    #expect(!FileManager.default.fileExists(atPath: output.appending(path: pages[2]).path))
    #expect(!(try String(contentsOf: output.appending(path: pages[0]), encoding: .utf8).contains(pages[2])))
    try Self.expectFullBuildsBytes(output, site: site.root, scratch: scratch)
  }

  @Test func anIndexPageIsRewrittenExactlyWhenWhatItShowsChanged() throws {
    let site = try Self.hundredDesigns { #", "tags": ["t\#($0 % 7)"]"# }
    defer { site.remove() }
    let (folder, output, scratch, backBuffer) = Self.outputFolders(of: site)
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try Self.build(site.root, into: output)
    _ = try Self.build(site.root, into: output)
    func edit(_ file: String, _ old: String, _ new: String) throws {
      let url = site.root.appending(path: "placeholders/" + file)
      let text = try String(contentsOf: url, encoding: .utf8)
      try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: url)
    }
    let first = output.appending(path: "index.html")
    let third = output.appending(path: "pages/3.html")

    // A name on page 2: pages 1 and 3 are kept as the back buffer holds them, not written again.
    let before = (
      try Self.inode(backBuffer.appending(path: "index.html")),
      try Self.inode(backBuffer.appending(path: "pages/3.html"))
    )
    try edit("design-060.json", #""Design 60""#, #""Design sixty""#)
    _ = try Self.build(site.root, into: output)
    #expect(try Self.inode(first) == before.0, "page 1 was rewritten though nothing on it changed")
    #expect(try Self.inode(third) == before.1)
    #expect(try String(contentsOf: output.appending(path: "pages/2.html"), encoding: .utf8).contains("Design sixty"))
    #expect(try String(contentsOf: output.appending(path: "coverage.html"), encoding: .utf8).contains("Design sixty"))
    try Self.expectFullBuildsBytes(output, site: site.root, scratch: scratch)

    // A new tag on page 2 changes the tag filter every page shows.
    try edit("design-061.json", #""tags": ["t5"]"#, #""tags": ["t5", "zebra-tag"]"#)
    _ = try Self.build(site.root, into: output)
    #expect(try String(contentsOf: first, encoding: .utf8).contains("zebra-tag"))
    #expect(try String(contentsOf: third, encoding: .utf8).contains("zebra-tag"))
    try Self.expectFullBuildsBytes(output, site: site.root, scratch: scratch)

    // And back, twice over, so each state meets the back buffer holding the other. The
    // coverage page shows no tags: the back buffer's, made after the name edit, is kept.
    let coverage = try Self.inode(backBuffer.appending(path: "coverage.html"))
    try edit("design-061.json", #""tags": ["t5", "zebra-tag"]"#, #""tags": ["t5"]"#)
    _ = try Self.build(site.root, into: output)
    #expect(try Self.inode(output.appending(path: "coverage.html")) == coverage)
    try Self.expectFullBuildsBytes(output, site: site.root, scratch: scratch)
    #expect(!(try String(contentsOf: first, encoding: .utf8).contains("zebra-tag")))
  }

  /// An index page's fingerprint is made of its designs' card fingerprints,
  /// and the coverage page's of their row fingerprints, which the build
  /// cache keeps with each design: a rendered design's are made again, a
  /// reused one's carried. A design rendered again for an edit its card
  /// and row do not show leaves both pages as the back buffer holds them;
  /// one whose findings change (the card's lint badge) rewrites its index
  /// page only, and a carried fingerprint never keeps a stale page.
  @Test func anIndexPageKeepsItsCardsFingerprintsAcrossBuilds() throws {
    let site = try Self.hundredDesigns { $0 == 65 ? #", "messageColor": "purple""# : "" }
    defer { site.remove() }
    let (folder, output, scratch, backBuffer) = Self.outputFolders(of: site)
    defer { try? FileManager.default.removeItem(at: folder) }
    let design = site.root.appending(path: "placeholders/design-065.json")
    func edit(_ old: String, _ new: String) throws {
      let text = try String(contentsOf: design, encoding: .utf8)
      #expect(text.contains(old))
      try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: design)
    }
    func lintBadge() throws -> String {
      let page = try String(contentsOf: output.appending(path: "pages/2.html"), encoding: .utf8)
      guard let card = page.range(of: #"href="../designs/design-065/index.html""#) else { return "no card" }
      let rest = page[card.upperBound...]
      guard let badge = rest.range(of: "class=\"lint ") else { return "no badge" }
      return String(rest[badge.upperBound...].prefix { $0 != "\"" })
    }
    _ = try Self.build(site.root, into: output)
    _ = try Self.build(site.root, into: output)
    let clean = try lintBadge()

    // The same colour written another way: rendered again, the same card and coverage row.
    var held = try Self.inode(backBuffer.appending(path: "pages/2.html"))
    var coverage = try Self.inode(backBuffer.appending(path: "coverage.html"))
    try edit(#""purple""#, ##""#800080""##)
    #expect(try Self.build(site.root, into: output).rendered == 1)
    #expect(try Self.inode(output.appending(path: "pages/2.html")) == held, "a card no edit changed rewrote its page")
    #expect(try Self.inode(output.appending(path: "coverage.html")) == coverage)
    try Self.expectFullBuildsBytes(output, site: site.root, scratch: scratch)

    // A message colour too light to read on white: the card's badge changes, and its page with it;
    // the coverage page shows no findings, and is kept.
    held = try Self.inode(backBuffer.appending(path: "pages/2.html"))
    coverage = try Self.inode(backBuffer.appending(path: "coverage.html"))
    try edit(##""#800080""##, ##""#FFFF66""##)
    #expect(try Self.build(site.root, into: output).rendered == 1)
    #expect(try Self.inode(output.appending(path: "pages/2.html")) != held)
    #expect(try Self.inode(output.appending(path: "coverage.html")) == coverage)
    #expect(try lintBadge() != clean)
    try Self.expectFullBuildsBytes(output, site: site.root, scratch: scratch)

    // Back, twice: each build meets a back buffer whose card fingerprint is the other state's.
    try edit(##""#FFFF66""##, #""purple""#)
    _ = try Self.build(site.root, into: output)
    #expect(try lintBadge() == clean)
    try Self.expectFullBuildsBytes(output, site: site.root, scratch: scratch)
    try edit(#""purple""#, ##""#FFFF66""##)
    _ = try Self.build(site.root, into: output)
    #expect(try lintBadge() != clean)
    try Self.expectFullBuildsBytes(output, site: site.root, scratch: scratch)
  }

  /// A cache's design metas are read only when the design is reused: one
  /// whose bytes do not read as a meta (here a control character in a
  /// text, the length kept) in both caches renders that design again, and
  /// only it; the output is a full build's. The next build finds it
  /// unreadable in the back buffer's cache still, and links the design
  /// from the published build instead of rendering it.
  @Test func aDesignWhoseCachedMetaIsUnreadableIsRenderedAgain() throws {
    let (copy, output) = try Self.builtTwice()
    defer { copy.remove() }
    let caches = try Self.breakZeroCode(at: "No data", in: copy)
    for cache in caches {
      #expect(cache.designs["zero-code"]?.meta == nil)
      #expect(cache.designs["table"]?.meta != nil)
    }
    let rebuilt = try Self.build(copy.site, into: output)
    #expect(rebuilt.rendered == 1)
    try Self.expectFullBuildsBytes(output, site: copy.site, scratch: copy.folder.appending(path: "full"))
    #expect(try Self.build(copy.site, into: output).rendered == 0)
  }

  /// A kept design's index entries come from the build cache only when
  /// they read as JSON: entries broken in both caches (a quote turned into
  /// a control byte) are made again, the design is not rendered, and the
  /// output is a full build's; a second rebuild keeps the entries it wrote.
  @Test func aDesignWhoseCachedIndexEntriesAreBrokenHasThemMadeAgain() throws {
    let (copy, output) = try Self.builtTwice()
    defer { copy.remove() }
    let caches = try Self.breakZeroCode(at: #""id":"zero-code""#, in: copy)
    for cache in caches {
      let kept = try #require(cache.designs["zero-code"]?.indexEntries)
      #expect(JSONValidator.firstError(in: kept.json) != nil)
      #expect(cache.designs["table"]?.indexEntries != nil)
    }
    #expect(try Self.build(copy.site, into: output).rendered == 0)
    try Self.expectFullBuildsBytes(output, site: copy.site, scratch: copy.folder.appending(path: "full"))
    #expect(try Self.build(copy.site, into: output).rendered == 0)
    try Self.expectFullBuildsBytes(output, site: copy.site, scratch: copy.folder.appending(path: "again"))
  }

  /// A narrowed copy of the bundled site, built twice into its `_site`.
  private static func builtTwice() throws -> (SiteCopy, URL) {
    let copy = try SiteCopy()
    try narrow(copy, devices: #"["iphone-se"]"#, themes: #"["light"]"#, locales: #"["en"]"#)
    let output = copy.folder.appending(path: "_site")
    _ = try build(copy.site, into: output)
    #expect(try build(copy.site, into: output).rendered == 0)
    return (copy, output)
  }

  /// Both build caches with the first byte of `marker` after zero-code's
  /// entry turned into a control byte (the length kept), as they now read.
  private static func breakZeroCode(at marker: String, in copy: SiteCopy) throws -> [BuildCache] {
    let state = copy.folder.appending(path: "._site.blankslate")
    return try [StateFolder.publishedCache, StateFolder.backCache].map { name in
      let url = state.appending(path: name)
      var bytes = Array(try Data(contentsOf: url))
      let id = Array("9:zero-code,".utf8)
      let entry = try #require(bytes.indices.first { bytes[$0...].starts(with: id) })
      let at = try #require((entry..<bytes.count).first { bytes[$0...].starts(with: Array(marker.utf8)) })
      bytes[at] = 0x01
      try Data(bytes).write(to: url)
      return try #require(BuildCache.decode(bytes, accepting: { _ in true })?.cache)
    }
  }

  @Test func aSecondBuildIntoTheSameOutputWaitsForTheFirst() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    let output = copy.folder.appending(path: "_site")
    _ = try Self.build(copy.site, into: output)
    // Hold the output's lock, as a running build does.
    let descriptor = open(copy.folder.appending(path: "._site.blankslate/lock").path, O_RDWR)
    #expect(descriptor >= 0)
    #expect(flock(descriptor, LOCK_EX) == 0)
    let marker = output.appending(path: ".blankslate-output")
    let before = try Self.inode(marker)
    let process = Process()
    process.executableURL = CommandRunner.binary
    process.arguments = ["build", "--site", copy.site.path, "--output", output.path, "--no-cache"]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.runWatched()
    // The second build says it waits: from then on it is blocked on the lock this test holds.
    let reader = StreamReader(errors.fileHandleForReading)
    let waiting = reader.wait(for: "Waiting for another build of", quietly: true)
    #expect(!waiting.isEmpty, "\(reader.text)")
    #expect(process.isRunning, "the second build did not wait")
    #expect(try Self.inode(marker) == before, "the second build published while the first held the lock")
    flock(descriptor, LOCK_UN)
    close(descriptor)
    _ = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(try Self.inode(marker) != before, "the second build never published")
  }
}
