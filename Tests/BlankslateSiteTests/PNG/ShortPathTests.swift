import BlankslateCore
import BlankslateCoreTestSupport
import BlankslateSite
import BlankslateSupport
import BlankslateTestSupport
import BlankslateValidation
import Foundation
import Testing

/// Every bundled render, its outlines in the short form the renderer writes
/// (`s`/`t`, no empty lines, no closing lines), draws the same pixels as the
/// same render in the long form (every control point and line written): in
/// librsvg at 1x and 3x, and in Chromium at 1x.
@Suite("Short path data draws the same pixels")
struct ShortPathTests {
  static let snapshots = Repository.site.appending(path: "__snapshots__")

  static var designs: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: snapshots.path)) ?? []).sorted()
  }

  struct Render {
    var name: String
    var short: String
    var long: String
    var width: Int
    var height: Int
  }

  static func renders(of design: String) throws -> [Render] {
    let folder = snapshots.appending(path: design)
    return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".svg") }.sorted()
      .map { name in
        let short = try String(contentsOf: folder.appending(path: name), encoding: .utf8)
        let probe = try SVGProbe(short)
        let width = try #require(probe.rootAttributes["width"].flatMap { Int($0) })
        let height = try #require(probe.rootAttributes["height"].flatMap { Int($0) })
        return Render(
          name: "\(design)/\(name)", short: short, long: try SVGPathEdges.longForm(of: short), width: width,
          height: height)
      }
  }

  @Test func everyBundledDesignIsChecked() {
    #expect(Self.designs.count >= 10)
  }

  @Test(arguments: designs)
  func librsvgDrawsTheSamePixels(design: String) throws {
    let renders = try Self.renders(of: design)
    #expect(renders.count >= 32)
    var shortened = 0
    for render in renders {
      if render.short.utf8.count < render.long.utf8.count { shortened += 1 }
      let size = Size(width: Double(render.width), height: Double(render.height))
      for scale in [1, 3] {
        let short = try PNGRenderer.bitmap(svg: Array(render.short.utf8), size: size, scale: scale)
        let long = try PNGRenderer.bitmap(svg: Array(render.long.utf8), size: size, scale: scale)
        #expect(short == long, "\(render.name) at \(scale)x")
      }
    }
    #expect(shortened == renders.count)
  }

  /// Chromium draws 24 renders at a time, tiled as images on one page: the
  /// page of short forms and the page of long forms are the same screenshot.
  @Test(.enabled(if: Chromium.testsRun), arguments: designs)
  func chromiumDrawsTheSamePixels(design: String) throws {
    let executable = try #require(Chromium.executable, "\(Chromium.Failure.missing)")
    let folder = temporaryFolder()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let renders = try Self.renders(of: design)
    let bySize = Dictionary(grouping: renders) { "\($0.width)x\($0.height)" }
    var pages = 0
    for (_, group) in bySize.sorted(by: { $0.key < $1.key }) {
      for start in stride(from: 0, to: group.count, by: 24) {
        let batch = Array(group[start..<min(start + 24, group.count)])
        let (width, height) = (batch[0].width, batch[0].height)
        var shots: [Data] = []
        for form in ["short", "long"] {
          var tiles = ""
          for (index, render) in batch.enumerated() {
            let file = folder.appending(path: "\(form)-\(index).svg")
            try (form == "short" ? render.short : render.long).write(to: file, atomically: true, encoding: .utf8)
            tiles +=
              "<img src=\"\(file.lastPathComponent)\" width=\"\(width)\" height=\"\(height)\" style=\"position:absolute;"
              + "left:\((index % 6) * width)px;top:\((index / 6) * height)px\">"
          }
          let page = folder.appending(path: "\(form).html")
          try "<!DOCTYPE html><html><body style=\"margin:0;background:#fff\">\(tiles)</body></html>"
            .write(to: page, atomically: true, encoding: .utf8)
          let shot = folder.appending(path: "\(form).png")
          try Self.screenshot(executable, page: page, to: shot, width: 6 * width, height: 4 * height, folder: folder)
          shots.append(try Data(contentsOf: shot))
        }
        #expect(shots[0].count > 1_000)
        #expect(shots[0] == shots[1], "\(batch.map(\.name).joined(separator: ", ")) differ in Chromium")
        pages += 1
      }
    }
    #expect(pages >= 2)
  }

  static func screenshot(_ executable: URL, page: URL, to shot: URL, width: Int, height: Int, folder: URL) throws {
    let process = Process()
    process.executableURL = executable
    process.arguments = [
      "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions", "--hide-scrollbars",
      "--user-data-dir=\(folder.appending(path: "profile").path)", "--force-device-scale-factor=1",
      "--screenshot=\(shot.path)", "--window-size=\(width),\(height)", page.absoluteString,
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.runWatched()
    process.waitUntilExit()
    guard process.terminationStatus == 0, FileManager.default.fileExists(atPath: shot.path) else {
      throw Chromium.Failure.exited(process.terminationStatus, "no screenshot of \(page.path)")
    }
  }
}
