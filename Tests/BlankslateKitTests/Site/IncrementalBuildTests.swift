import BlankslateKit
import Foundation
import Testing

/// Rebuilding after a change renders only what changed, links the rest from
/// the previous output, and gives the same bytes as a full build.
@Suite("Incremental builds", .serialized)
struct IncrementalBuildTests {
  static func inode(_ url: URL) throws -> UInt64 {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return (attributes[.systemFileNumber] as? UInt64) ?? UInt64((attributes[.systemFileNumber] as? Int) ?? -1)
  }

  static func build(_ site: URL, into output: URL, incremental: Bool = true) throws -> BuildSummary {
    var options = BuildOptions(site: site, siteDisplay: "Site", output: output, outputDisplay: "_site", jobs: 2)
    options.incremental = incremental
    return try SiteBuilder(options: options).build()
  }

  @Test func aChangedDesignIsTheOnlyOneRenderedAndTheResultIsAFullBuildsBytes() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    let output = copy.folder.appending(path: "_site")
    let first = try Self.build(copy.site, into: output)
    #expect(first.rendered == 4)
    let untouched = output.appending(path: "designs/table/empty.iphone-se.light.en.svg")
    let before = try Self.inode(untouched)

    // Nothing changed: nothing is rendered.
    let again = try Self.build(copy.site, into: output)
    #expect(again.rendered == 0)
    #expect(try Self.inode(untouched) == before, "an unchanged file was rewritten")

    // One colour of one design.
    try copy.edit("placeholders/zero-code.json", replacing: #""messageColor": "orange""#, with: #""messageColor": "purple""#)
    let changed = try Self.build(copy.site, into: output)
    #expect(changed.rendered == 1)
    #expect(try Self.inode(untouched) == before)

    let full = copy.folder.appending(path: "full")
    let reference = try Self.build(copy.site, into: full, incremental: false)
    #expect(reference.rendered == 4)
    let incremental = try SiteBuilderTests.contents(of: output)
    let fresh = try SiteBuilderTests.contents(of: full)
    #expect(incremental.keys.sorted() == fresh.keys.sorted())
    for (path, data) in incremental where fresh[path] != data {
      Issue.record("\(path) differs from a full build")
    }
    let page = try String(contentsOf: output.appending(path: "designs/zero-code/message-color.iphone-se.light.en.html"), encoding: .utf8)
    #expect(page.contains("purple"))
  }

  @Test func aRenamedDesignAlsoRefreshesItsNeighbours() throws {
    let copy = try SiteCopy()
    defer { copy.remove() }
    let output = copy.folder.appending(path: "_site")
    _ = try Self.build(copy.site, into: output)
    try copy.edit("placeholders/no-network.json", replacing: #""name": "CQNoNetworkView""#, with: #""name": "Offline screen""#)
    let summary = try Self.build(copy.site, into: output)
    // no-network, and blank-page and table, whose pages link to it by name.
    #expect(summary.rendered == 3)
    let neighbour = try String(contentsOf: output.appending(path: "designs/blank-page/has-data.iphone-15.dark.en.html"), encoding: .utf8)
    #expect(neighbour.contains("Offline screen — Offline"))
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
      site: copy.site, siteDisplay: "Site", output: output, jobs: 2, templates: copy.folder.appending(path: "theme"))
    options.incremental = true
    #expect(try SiteBuilder(options: options).build().rendered == 4)
  }
}
