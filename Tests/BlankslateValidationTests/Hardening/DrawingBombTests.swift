import BlankslateSupport
import BlankslateTestSupport
import BlankslateValidation
import Foundation
import Testing

/// Assets that are cheap to write and expensive to draw: every reference that
/// draws a subtree is counted where it is used, every embedded image is held
/// to the image rules, and text (drawn with the machine's fonts) is refused.
@Suite("Drawing bombs and embedded images")
struct DrawingBombTests {
  func clean(_ body: String) throws(AssetProblem) -> SVGSanitizer.Result {
    try SVGSanitizer().sanitize(
      Array((#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">"# + body + "</svg>").utf8),
      file: "assets/bomb.svg")
  }

  func expectRefused(_ body: String, saying expected: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
  {
    do {
      _ = try clean(body)
      Issue.record("accepted a drawing that should be refused", sourceLocation: sourceLocation)
    } catch {
      #expect(error.file == "assets/bomb.svg", sourceLocation: sourceLocation)
      #expect(error.description.contains(expected), "\(error)", sourceLocation: sourceLocation)
    }
  }

  static let tooCostly = "drawing it takes more than \(SVGSanitizer.maximumInstances) elements"

  /// Levels that each draw the level before twice, in every way a reference can draw a subtree.
  static func doubling(levels: Int, _ level: (_ index: Int, _ previous: String) -> String) -> String {
    (1...levels).map { level($0, "l\($0 - 1)") }.joined()
  }

  static let chains: [(name: String, body: String)] = [
    (
      "masks masking masks",
      #"<defs><mask id="l0"><rect width="9" height="9" fill="\#u{23}fff"/></mask>"#
        + doubling(levels: 16) { index, previous in
          #"<mask id="l\#(index)"><rect width="9" height="9" mask="url(#\#(previous))"/>"#
            + #"<rect width="8" height="8" mask="url(#\#(previous))"/></mask>"#
        } + #"</defs><rect width="9" height="9" mask="url(#l16)"/>"#
    ),
    (
      "clip paths in style attributes",
      #"<defs><clipPath id="l0"><rect width="9" height="9"/></clipPath>"#
        + doubling(levels: 16) { index, previous in
          #"<clipPath id="l\#(index)"><rect width="9" height="9" style="clip-path: url('#\#(previous)')"/>"#
            + #"<circle r="4" style="clip-path:url(#\#(previous))"/></clipPath>"#
        } + #"</defs><rect width="9" height="9" clip-path="url(#l16)"/>"#
    ),
    (
      "masks named by a style sheet's classes",
      "<style>" + (1...16).map { ".c\($0) { mask: url(#l\($0 - 1)) }" }.joined(separator: " ") + "</style>"
        + #"<defs><mask id="l0"><rect width="9" height="9" fill="\#u{23}fff"/></mask>"#
        + doubling(levels: 16) { index, _ in
          #"<mask id="l\#(index)"><rect class="x c\#(index)" width="9" height="9"/>"#
            + #"<rect class="c\#(index)" width="8" height="8"/></mask>"#
        } + #"</defs><rect width="9" height="9" mask="url(#l16)"/>"#
    ),
    (
      "patterns painting patterns",
      #"<defs><pattern id="l0" width="1" height="1"><rect width="1" height="1" fill="\#u{23}000"/></pattern>"#
        + doubling(levels: 16) { index, previous in
          #"<pattern id="l\#(index)" width="1" height="1"><rect width="1" height="1" fill="url(#\#(previous))"/>"#
            + #"<rect width="1" height="1" stroke="url(#\#(previous))"/></pattern>"#
        } + #"</defs><rect width="9" height="9" fill="url(#l16)"/>"#
    ),
    (
      "paint inherited through <use>",
      #"<defs><pattern id="l0" width="1" height="1"><rect width="1" height="1"/></pattern>"#
        + doubling(levels: 16) { index, previous in
          #"<g id="s\#(index)"><rect width="1" height="1"/><rect width="1" height="1"/></g>"#
            + #"<pattern id="l\#(index)" width="1" height="1"><use href="\#u{23}s\#(index)" fill="url(#\#(previous))"/></pattern>"#
        } + #"</defs><rect width="9" height="9" fill="url(#l16)"/>"#
    ),
  ]

  @Test(arguments: chains.map(\.name))
  func aChainThatDoublesPerLevelIsRefused(_ name: String) throws {
    let body = try #require(Self.chains.first { $0.name == name }).body
    #expect(body.utf8.count < 8_000, "\(body.utf8.count) bytes")
    expectRefused(body, saying: Self.tooCostly)
  }

  @Test func markersAtEveryVertexOfMarkersAreCounted() {
    // Four levels of a 40-vertex path whose vertices each carry the level below: 40^4 drawings.
    let vertices = (0..<40).map { "L\($0 % 7) \($0 % 5)" }.joined(separator: " ")
    var body = #"<defs><marker id="l0"><circle r="1"/></marker>"#
    for level in 1...4 {
      body += #"<marker id="l\#(level)"><path d="M0 0 \#(vertices)" marker-mid="url(#l\#(level - 1))"/></marker>"#
    }
    body += #"</defs><path d="M0 0 \#(vertices)" marker-mid="url(#l4)"/>"#
    #expect(body.utf8.count < 3_000)
    expectRefused(body, saying: Self.tooCostly)
  }

  @Test func markersInheritedFromAGroupAndTheCSSShorthandAreCounted() {
    // 200 vertices, each drawing a marker of 120 circles: 24,000 drawings from one path.
    let vertices = (0..<200).map { "L\($0 % 7) \($0 % 5)" }.joined(separator: " ")
    let points = (0..<200).map { "\($0 % 7),\($0 % 5)" }.joined(separator: " ")
    let marker =
      #"<defs><marker id="m"><path d="M0 0 L1 1"/>"# + String(repeating: #"<circle r="1"/>"#, count: 120)
      + "</marker></defs>"
    expectRefused(
      marker + #"<g marker-end="url(#m)" marker-mid="url(#m)"><path d="M0 0 \#(vertices)"/></g>"#,
      saying: Self.tooCostly)
    expectRefused(
      marker + #"<g style="marker: url(#m)"><polyline points="\#(points)"/></g>"#,
      saying: Self.tooCostly)
    expectRefused(
      "<style>g.curve path { marker: url(#m) }</style>" + marker
        + #"<g class="curve"><path d="M0 0 \#(vertices)"/></g>"#, saying: Self.tooCostly)
  }

  @Test(arguments: [
    #"<mask id="a"><rect width="1" height="1" mask="url(#b)"/></mask><mask id="b"><rect mask="url(#a)"/></mask><rect mask="url(#a)"/>"#,
    #"<pattern id="p" href="\#u{23}q"/><pattern id="q" href="\#u{23}p"/><rect fill="url(#p)"/>"#,
    #"<marker id="m"><path d="M0 0 L1 1" marker-end="url(#m)"/></marker><path d="M0 0 L1 1" marker-end="url(#m)"/>"#,
    #"<g id="a"><use href="\#u{23}b"/></g><g id="b"><use href="\#u{23}a"/></g>"#,
  ])
  func aReferenceCycleIsRefused(_ body: String) {
    expectRefused(body, saying: "form a cycle")
  }

  @Test func anIllustratorStyleDrawingStays() throws {
    // Classes, gradients, a clip path whose own shapes carry classes, and 400 paths: what design tools export.
    var body = """
      <defs><style>.cls-1{fill:url(#linear-gradient);}.cls-2{clip-path:url(#clip-path);}\
      .cls-3{fill:#fff;} .cls-4 { stroke: url(#radial) ; }</style>\
      <linearGradient id="linear-gradient" x1="0" x2="1"><stop offset="0" stop-color="#f00"/>\
      <stop offset="1" stop-color="#00f"/></linearGradient>\
      <radialGradient id="radial" href="#linear-gradient"/>\
      <clipPath id="clip-path"><rect class="cls-3" width="10" height="10"/></clipPath></defs><g class="cls-2">
      """
    for index in 0..<400 {
      body += #"<path class="cls-\#(index % 2 == 0 ? 1 : 4)" d="M\#(index % 10) 0 L10 10 L0 10 Z"/>"#
    }
    body += "</g>"
    let result = try clean(body)
    #expect(result.removed == [])
  }

  @Test func aModestMarkerAndMaskStay() throws {
    let result = try clean(
      #"<defs><marker id="dot"><circle r="1"/></marker><mask id="fade"><rect width="10" height="10" fill="\#u{23}fff"/></mask>"#
        + #"</defs><path d="M0 0 L1 1 L2 0 L3 1" marker-mid="url(#dot)" mask="url(#fade)"/>"#)
    #expect(result.removed == [])
  }

  // MARK: - Embedded images

  static func png(width: Int, height: Int) -> [UInt8] {
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
    for side in [width, height] { bytes += [24, 16, 8, 0].map { UInt8((side >> $0) & 0xFF) } }
    return bytes + [8, 6, 0, 0, 0, 0, 0, 0, 0]
  }

  static func jpeg(width: Int, height: Int) -> [UInt8] {
    // SOI, an APP0 segment, then a baseline frame header.
    [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x4A, 0x46, 0xFF, 0xC0, 0x00, 0x11, 0x08]
      + [UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF)] + [0x03]
      + Array(
        repeating: 0, count: 9)
  }

  static func gif(screen: (Int, Int), frame: (Int, Int)) -> [UInt8] {
    func little(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    return Array("GIF89a".utf8) + little(screen.0) + little(screen.1) + [0, 0, 0]
      + [0x2C] + little(0) + little(0) + little(frame.0) + little(frame.1) + [0, 2, 1, 0, 0] + [0x3B]
  }

  static func webp(width: Int, height: Int) -> [UInt8] {
    func little24(_ value: Int) -> [UInt8] { [0, 8, 16].map { UInt8((value >> $0) & 0xFF) } }
    return Array("RIFF".utf8) + [22, 0, 0, 0] + Array("WEBPVP8X".utf8) + [10, 0, 0, 0] + [0, 0, 0, 0]
      + little24(width - 1) + little24(height - 1)
  }

  static func image(_ type: String, _ bytes: [UInt8]) -> String {
    #"<image width="10" height="10" href="data:image/\#(type);base64,\#(Data(bytes).base64EncodedString())"/>"#
  }

  @Test(arguments: [
    ("png", png(width: 12_000, height: 12_000)),
    ("png", png(width: 16_000, height: 10)),
    ("jpeg", jpeg(width: 9_000, height: 100)),
    ("gif", gif(screen: (10, 10), frame: (9_000, 9_000))),
    ("webp", webp(width: 12_000, height: 12_000)),
  ])
  func anEmbeddedImageLargerThanAnImageAssetIsRefused(_ type: String, _ bytes: [UInt8]) {
    expectRefused(Self.image(type, bytes), saying: "is outside 1…8192 pixels a side")
  }

  @Test(arguments: ["png", "jpeg", "gif", "webp"])
  func anEmbeddedImageWithoutItsSignatureIsRefused(_ type: String) {
    expectRefused(Self.image(type, Array("not an image at all, just text".utf8)), saying: "no valid signature")
  }

  @Test func embeddedImagesTogetherAreLimitedToOneLargestImage() {
    let body = String(repeating: Self.image("png", Self.png(width: 8_000, height: 8_000)), count: 2)
    expectRefused(body, saying: "more than \(SVGSanitizer.maximumEmbeddedPixels) pixels")
  }

  @Test func smallEmbeddedImagesOfEveryFormatStay() throws {
    let body =
      Self.image("png", Self.png(width: 64, height: 64)) + Self.image("jpeg", Self.jpeg(width: 64, height: 48))
      + Self.image("gif", Self.gif(screen: (16, 16), frame: (16, 16)))
      + Self.image("webp", Self.webp(width: 8, height: 8))
    let result = try clean(body)
    #expect(result.removed == [])
    #expect(result.svg.contains("data:image/webp;base64,"))
  }

  // MARK: - Text

  @Test(arguments: [
    #"<text x="1" y="5">Hi</text>"#, #"<g><text><tspan>Hi</tspan></text></g>"#,
    #"<defs><path id="p" d="M0 0 L9 9"/></defs><text><textPath href="\#u{23}p">Hi</textPath></text>"#,
  ])
  func textIsRefusedSinceEachMachineWouldDrawItWithItsOwnFonts(_ body: String) {
    expectRefused(body, saying: "convert the text to outlines")
  }
}
