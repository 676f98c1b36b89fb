import BlankslateCore
import BlankslateCoreTestSupport
import BlankslateSite
import BlankslateSupport
import BlankslateTestSupport
import BlankslateValidation
import Foundation
import Testing

@Suite("Building the gallery", .serialized)
struct SiteBuilderTests {
  static func build(site: URL = Repository.site, into output: URL, jobs: Int) throws(BuildError) -> BuildSummary {
    try SiteBuilder(
      options: BuildOptions(
        siteFolder: site, siteDisplay: "Site", output: output, outputDisplay: "_site", workers: jobs)
    ).build()
  }

  @Test func bundledSiteBuildsValidAndIdenticalTwice() throws {
    let first = temporaryFolder()
    let second = temporaryFolder()
    defer {
      try? FileManager.default.removeItem(at: first)
      try? FileManager.default.removeItem(at: second)
    }
    let summary = try Self.build(into: first, jobs: 4)
    #expect(summary.rendered == summary.designs)
    #expect(summary.designs == 10)
    #expect(summary.renders == summary.variants * 32)
    _ = try Self.build(into: second, jobs: 1)
    let a = try folderContents(first)
    let b = try folderContents(second)
    #expect(a.count == summary.files + 1)  // + the output marker; the build cache is never published
    #expect(a.keys.allSatisfy { !$0.contains("cache") })
    #expect(a.keys.sorted() == b.keys.sorted())
    for (path, data) in a where b[path] != data {
      Issue.record("\(path) differs between --jobs 4 and --jobs 1")
    }
    // An independent pass over what was written: every page and image parses.
    let report = try FolderValidator().validate([first.path])
    #expect(report.issues == [])
    // Renders (SVG and page), design pages, the index, the symbols and coverage pages, and the gallery's art and glyph files.
    let artFiles = BuiltinImage.allCases.count + Symbol.allCases.count * 3 * Theme.allCases.count
    #expect(report.filesChecked == summary.renders * 2 + summary.designs + 3 + artFiles)
    // Every seed text reaches the SVGs.
    let svgText = a.filter { $0.key.hasSuffix(".svg") }.values.map { String(decoding: $0, as: UTF8.self) }.joined()
    for text in ["暂无数据", "貌似出了点差错", "点击重新加载", "这是一个自定义的View", "自定义的无数据提示", "您似乎迷路了", "刷新一下返回店铺!", "重新查看", "请检查你的网络连接"] {
      #expect(svgText.contains(text), "no SVG shows \(text)")
    }
  }

  @Test func rebuildingReplacesTheOutputWhole() throws {
    let output = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: output) }
    _ = try Self.build(into: output, jobs: 2)
    let stray = output.appending(path: "designs/stale.html")
    try Data("old".utf8).write(to: stray)
    // The next build starts afresh; the one after writes over the back buffer, which held the stray.
    for _ in 0..<2 {
      _ = try Self.build(into: output, jobs: 2)
      #expect(!FileManager.default.fileExists(atPath: stray.path))
    }
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: output.deletingLastPathComponent().path)
      .filter { $0.hasPrefix("." + output.lastPathComponent) }
    #expect(leftovers == ["." + output.lastPathComponent + ".blankslate"])
  }

  @Test func aFailedBuildLeavesThePreviousOutputUntouched() throws {
    let output = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: output) }
    _ = try Self.build(into: output, jobs: 2)
    let before = try folderContents(output)
    let broken = try TemporarySite(placeholders: ["a.json": #"{ "layout": "message", "messageColor": "nope" }"#])
    defer { broken.remove() }
    #expect(throws: BuildError.self) { try Self.build(site: broken.root, into: output, jobs: 2) }
    #expect(try folderContents(output) == before)
  }

  @Test func refusesToReplaceAFolderItDidNotWrite() throws {
    let output = temporaryFolder()
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    try Data("precious".utf8).write(to: output.appending(path: "notes.txt"))
    defer { try? FileManager.default.removeItem(at: output) }
    do {
      _ = try Self.build(into: output, jobs: 1)
      Issue.record("built into a folder of other files")
    } catch {
      #expect(error.exitCode == 2)
      #expect(error.description.contains("did not write"))
    }
    #expect(try String(contentsOf: output.appending(path: "notes.txt"), encoding: .utf8) == "precious")
  }

  @Test func copiesAndEmbedsUserAssets() throws {
    let svg = Array(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><circle cx=\"5\" cy=\"5\" r=\"4\"/></svg>".utf8)
    let site = try TemporarySite(
      siteJSON: #"{ "devices": ["iphone-se"], "themes": ["light"], "locales": ["en"] }"#,
      placeholders: ["a.json": #"{ "layout": "message", "image": "assets/dot.svg", "imageSize": [40, 40] }"#],
      assets: ["assets/dot.svg": svg])
    defer { site.remove() }
    let output = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: output) }
    let summary = try Self.build(site: site.root, into: output, jobs: 1)
    #expect(summary.renders == 1)
    let files = try folderContents(output)
    // Copied as the sanitiser rebuilt it, which for a clean file keeps every element.
    let clean = try SVGSanitizer().sanitize(svg, file: "dot.svg")
    #expect(clean.removed == [])
    #expect(files["assets/dot.svg"] == Data(clean.svg.utf8))
    let render = String(decoding: files["designs/a/default.iphone-se.light.en.svg"] ?? Data(), as: UTF8.self)
    #expect(render.contains("href=\"data:image/svg+xml;base64,"))
  }
}
