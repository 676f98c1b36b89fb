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

/// `build --png`: every render as PNG, drawn by librsvg from its SVG, the same bytes every time.
@Suite("PNG renders", .serialized)
struct PNGTests {
  @Test(arguments: PNGRenderer.scales)
  func aRenderIsDrawnAtItsScaleTheSameEachTime(scale: Int) throws {
    let job = try Repository.job("no-network", "default", device: .iphoneSE, locale: "ar")
    let render = Renderer().render(job)
    let first = try PNGRenderer.png(svg: render.svg, size: render.scene.size, scale: scale)
    let second = try PNGRenderer.png(svg: render.svg, size: render.scene.size, scale: scale)
    #expect(first == second)
    let size = try #require(PNGHeader.dimensions(first))
    #expect(size.width == 375 * scale && size.height == 667 * scale)
  }

  @Test func brokenSVGIsAClearError() {
    #expect(throws: PNGError.self) {
      try PNGRenderer.png(svg: Array("<svg".utf8), size: Size(width: 10, height: 10), scale: 1)
    }
  }

  @Test func librsvgHasNoFontsSoNoMachineFontReachesAPNG() throws {
    // The sanitiser refuses text in assets; this is the backstop: librsvg's
    // font configuration is empty, although this machine has the pinned fonts
    // installed, so text in an SVG could find no machine font to draw with.
    let svg =
      #"<svg xmlns="http://www.w3.org/2000/svg" width="300" height="60">"#
      + #"<text x="10" y="50" font-size="48" font-family="Inter">Hamburgefonts</text></svg>"#
    _ = try PNGRenderer.bitmap(svg: Array(svg.utf8), size: Size(width: 300, height: 60), scale: 1)
    #expect(try PNGRenderer.availableFonts() == 0)
  }

  @Test func buildWritesAPNGPerRenderIdenticalAcrossRunsAndJobs() throws {
    let site = try TemporarySite(
      siteJSON: #"{"devices": ["iphone-se"], "locales": ["en", "ar"]}"#,
      placeholders: [
        "a.json": #"""
        {"layout": "content-unavailable", "variants": [{"id": "empty"}, {"id": "search", "state": "noResults", "query": "Tea"}]}
        """#
      ])
    defer { site.remove() }
    let outputs = (0..<3).map { _ in temporaryFolder() }
    defer { for output in outputs { try? FileManager.default.removeItem(at: output) } }
    // Without --png there are none; the same output with --png gains them (the cache knows the difference).
    var run = CommandRunner.run(["build", "--site", site.root.path, "--output", outputs[0].path, "--quiet"])
    #expect(run.status == 0, "\(run.error)")
    let folder = "designs/a/"
    #expect(
      !FileManager.default.fileExists(atPath: outputs[0].appending(path: folder + "empty.iphone-se.light.en.png").path))
    let plainIndex = try String(contentsOf: outputs[0].appending(path: "index.json"), encoding: .utf8)
    #expect(!plainIndex.contains("\"png\""))
    for (index, jobs) in ["2", "1", "2"].enumerated() {
      run = CommandRunner.run([
        "build", "--site", site.root.path, "--output", outputs[index].path, "--png", "--scale", "1", "--jobs", jobs,
        "--quiet",
      ])
      #expect(run.status == 0, "\(run.error)")
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: outputs[0].appending(path: folder).path)
      .filter { $0.hasSuffix(".png") }.sorted()
    #expect(names.count == 8)
    for name in names {
      let bytes = try outputs.map { try Data(contentsOf: $0.appending(path: folder + name)) }
      #expect(bytes[0] == bytes[1] && bytes[1] == bytes[2], "\(name) differs between runs")
      #expect(PNGHeader.dimensions(Array(bytes[0]))?.width == 375)
    }
    // Each PNG is named in index.json and linked from its render's page.
    let index = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: outputs[0].appending(path: "index.json")))
        as? [String: Any])
    let renders = ((index["designs"] as? [[String: Any]]) ?? []).flatMap { design in
      ((design["variants"] as? [[String: Any]]) ?? []).flatMap { ($0["renders"] as? [[String: Any]]) ?? [] }
    }
    #expect(renders.count == 8)
    for render in renders {
      let png = try #require(render["png"] as? String, "\(render)")
      #expect(FileManager.default.fileExists(atPath: outputs[0].appending(path: png).path), "\(png)")
      let page = try String(
        contentsOf: outputs[0].appending(path: try #require(render["page"] as? String)), encoding: .utf8)
      #expect(page.contains("<a href=\"\(png.split(separator: "/").last ?? "")\">PNG</a>"), "\(png)")
    }
  }

  @Test(arguments: [
    (["--scale", "2"], "--scale goes with --png"), (["--png", "--scale", "4"], "--scale must be 1, 2 or 3"),
  ])
  func badPNGOptionsAreUsageErrors(arguments: [String], message: String) throws {
    let run = CommandRunner.run(["build", "--output", temporaryFolder().path] + arguments)
    #expect(run.status == 2)
    #expect(run.error.contains(message), "\(run.error)")
  }
}

/// The report's pixel comparison: what counts as changed, where, and how the heat map shows it.
@Suite("Pixel differences")
struct PixelDiffTests {
  static let white: UInt32 = 0xFFFF_FFFF
  static let black: UInt32 = 0xFF00_0000

  static func bitmap(_ width: Int, _ height: Int, _ fill: UInt32) -> PNGRenderer.Bitmap {
    PNGRenderer.Bitmap(width: width, height: height, pixels: Array(repeating: fill, count: width * height))
  }

  @Test func identicalDrawingsChangeNothingAndTheHeatMapIsAPaleCopy() {
    let diff = PixelDiff(golden: Self.bitmap(4, 3, Self.black), current: Self.bitmap(4, 3, Self.black))
    #expect(diff.changed == 0 && diff.total == 12 && diff.bounds == nil)
    // Black fades to a light grey; nothing is hot.
    let pale = diff.heatMap.pixels[0]
    #expect(diff.heatMap.pixels.allSatisfy { $0 == pale })
    #expect(pale & 0xFF > 0xC0 && pale & 0xFF < 0xFF)
  }

  @Test func eachChangedPixelIsCountedBoundedAndHot() {
    var current = Self.bitmap(10, 10, Self.white)
    current.pixels[3 * 10 + 2] = Self.black  // (2, 3): a full change
    current.pixels[7 * 10 + 6] = 0xFFFF_FFFE  // (6, 7): one level of blue
    let diff = PixelDiff(golden: Self.bitmap(10, 10, Self.white), current: current)
    #expect(diff.changed == 2)
    #expect(diff.bounds.map { [$0.x, $0.y, $0.width, $0.height] } == [2, 3, 5, 5])
    func channels(_ pixel: UInt32) -> (red: UInt32, green: UInt32, blue: UInt32) {
      ((pixel >> 16) & 0xFF, (pixel >> 8) & 0xFF, pixel & 0xFF)
    }
    let full = channels(diff.heatMap[2, 3])
    let faint = channels(diff.heatMap[6, 7])
    // A full change is red; the faintest is yellow, and still far from the pale ground.
    #expect(full.red > 200 && full.green < 40)
    #expect(faint.red > 240 && faint.green > 150 && faint.blue < 120)
    #expect(channels(diff.heatMap[0, 0]) == (255, 255, 255))
  }

  @Test func aDrawingOfAnotherSizeChangesTheMargin() {
    let diff = PixelDiff(golden: Self.bitmap(4, 4, Self.white), current: Self.bitmap(4, 6, Self.white))
    #expect(diff.total == 24 && diff.changed == 8)
    #expect(diff.bounds.map { [$0.x, $0.y, $0.width, $0.height] } == [0, 4, 4, 2])
  }
}

/// librsvg cannot be interrupted: a drawing past `DrawingDeadline.limit` ends
/// the run with exit 2, naming the render, and the published output stays.
@Suite("The drawing deadline", .serialized)
struct DrawingDeadlineTests {
  @Test func aDrawingPastTheDeadlineEndsTheRunAndPublishesNothing() throws {
    let site = try TemporarySite(
      siteJSON: #"{"devices": ["iphone-se"], "locales": ["en"], "themes": ["light"]}"#,
      placeholders: ["a.json": #"{"layout": "content-unavailable", "variants": [{"id": "empty"}]}"#])
    defer { site.remove() }
    let output = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: output) }
    let first = CommandRunner.run(["build", "--site", site.root.path, "--output", output.path])
    #expect(first.status == 0, "\(first.error)")
    let before = try folderContents(output)
    // The debug build holds the first drawing until a file appears that never
    // does: only the deadline can end the run (a 200 ms one here).
    let process = Process()
    process.executableURL = CommandRunner.binary
    process.arguments = ["build", "--png", "--site", site.root.path, "--output", output.path]
    process.environment = ProcessInfo.processInfo.environment.merging([
      "BLANKSLATE_HOLD": "png.drawing", "BLANKSLATE_HOLD_UNTIL": output.path + ".never",
      "BLANKSLATE_DRAWING_DEADLINE_MS": "200", "NO_COLOR": "1",
    ]) { _, new in new }
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.runWatched()
    defer { if process.isRunning { process.terminate() } }
    let log = StreamReader(errors.fileHandleForReading)
    log.wait(for: "hold png.drawing reached")
    let message = log.wait(for: "Nothing was published or recorded.")
    process.waitUntilExit()
    #expect(process.terminationStatus == 2)
    #expect(message.contains("error: drawing a/empty.iphone-se.light.en took longer than"), "\(message)")
    #expect(try folderContents(output) == before, "the published output changed")
  }
}
