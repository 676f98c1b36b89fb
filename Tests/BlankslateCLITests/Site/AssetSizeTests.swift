@testable import BlankslateCLI
import BlankslateCore
import BlankslateCoreTestSupport
@testable import BlankslateSite
import BlankslateTestSupport
import Foundation
import Testing

/// An image with no `imageSize` keeps its own size, as UIKit shows it: an
/// SVG's stated size (its `viewBox`'s when it states no `width` and
/// `height`), a PNG's pixels over the scale its name gives. The render draws
/// it so, and the hand-off's asset catalog carries the same size.
@Suite("An asset's own size")
struct AssetSizeTests {
  static func svg(_ attributes: String) -> [UInt8] {
    Array(#"<svg xmlns="http://www.w3.org/2000/svg" \#(attributes)><circle cx="24" cy="24" r="20"/></svg>"#.utf8)
  }

  @Test func anImageWithNoWrittenSizeIsDrawnAndHandedOffAtItsOwn() throws {
    let png = try PNGRenderer.png(
      svg: Self.svg(#"width="48" height="48""#), size: Size(width: 48, height: 48), scale: 2)
    let designs = [
      ("stated", #""image": "assets/stated.svg""#),
      ("boxed", #""image": "assets/boxed.svg""#),
      ("bitmap", #""image": "assets/bitmap@2x.png""#),
      ("written", #""image": "assets/stated.svg", "imageSize": [80, 80]"#),
    ]
    var placeholders: [String: String] = [:]
    for (id, image) in designs {
      placeholders["\(id).json"] = #"{"layout": "content-unavailable", "title": "T", \#(image)}"#
    }
    let site = try TemporarySite(
      siteJSON: #"{"devices": ["iphone-15"], "themes": ["light"], "locales": ["en"]}"#, placeholders: placeholders,
      assets: [
        "assets/stated.svg": Self.svg(#"width="48" height="40" viewBox="0 0 48 48""#),
        "assets/boxed.svg": Self.svg(#"viewBox="0 0 64 32""#), "assets/bitmap@2x.png": png,
      ])
    defer { site.remove() }
    let output = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: output) }
    let build = CommandRunner.run(["build", "--site", site.root.path, "--output", output.path, "--quiet"])
    try #require(build.status == 0, "\(build.output)")
    for (id, size) in [("stated", "48 40"), ("boxed", "64 32"), ("bitmap", "48 48"), ("written", "80 80")] {
      let render = try String(
        contentsOf: output.appending(path: "designs/\(id)/default.iphone-15.light.en.svg"), encoding: .utf8)
      let frame = try #require(
        render.components(separatedBy: #"data-role="image" data-frame=""#).dropFirst().first?.split(separator: "\"")
          .first, "no image in \(id)")
      #expect(frame.split(separator: " ").suffix(2).joined(separator: " ") == size, "\(id): \(frame)")
    }

    let handOff = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: handOff) }
    let export = CommandRunner.run(["export", "swift", "--site", site.root.path, "--output", handOff.path])
    try #require(export.status == 0, "\(export.output)")
    let images = handOff.appending(path: "Placeholders.xcassets/Images")
    func file(_ path: String) throws -> String {
      try String(contentsOf: images.appending(path: path), encoding: .utf8)
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: images.path).sorted()
    #expect(names == ["Contents.json", "bitmap.imageset", "boxed.imageset", "stated.imageset"], "\(names)")
    // The SVG keeps its own size (the first variant to show it writes none); the PNG its scale.
    #expect(try file("stated.imageset/stated.svg").contains(#"width="48" height="40""#))
    #expect(try file("boxed.imageset/boxed.svg").contains(#"width="64" height="32""#))
    #expect(try file("bitmap.imageset/Contents.json").contains(#""scale" : "2x""#))
  }
}
