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

/// The report publishes and draws SVGs it did not make (goldens, a shard's
/// renders): each passes the asset checks before anything draws or publishes it.
@Suite("Report against hostile goldens", .serialized)
struct ReportHardeningTests {
  /// A PNG of `side` × `side` grey pixels, all zero: a few hundred kilobytes that decode to `side`² × 4 bytes.
  static func hugePNG(side: Int) throws -> Data {
    let file = temporaryFolder().appendingPathExtension("png")
    defer { try? FileManager.default.removeItem(at: file) }
    let script = """
      import struct, sys, zlib
      side = \(side)
      def chunk(kind, data):
          return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff)
      row = b'\\x00' * (side + 1)
      compressor = zlib.compressobj(9)
      body = b''.join(compressor.compress(row) for _ in range(side)) + compressor.flush()
      open(sys.argv[1], 'wb').write(b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', side, side, 8, 0, 0, 0, 0))
          + chunk(b'IDAT', body) + chunk(b'IEND', b''))
      """
    _ = try CommandRunner.output("/usr/bin/env", ["python3", "-c", script, file.path])
    return try Data(contentsOf: file)
  }

  /// A site recorded, its golden replaced by one that embeds a script and a 16000² image, and the render changed.
  static func hostileGolden() throws -> (folder: URL, golden: URL) {
    let folder = try SnapshotWriterTests.recordedSite()
    let golden = folder.appending(path: "Site/__snapshots__/orders/empty.iphone-se.light.en.svg")
    return (folder, golden)
  }

  @Test func aGoldenThatEmbedsAHugeImageIsNeverDrawn() throws {
    let (folder, golden) = try Self.hostileGolden()
    defer { try? FileManager.default.removeItem(at: folder) }
    let png = try Self.hugePNG(side: 16_000)
    #expect(png.count < 1_000_000)
    var text = try String(contentsOf: golden, encoding: .utf8)
    let image = #"<image width="375" height="667" href="data:image/png;base64,\#(png.base64EncodedString())"/>"#
    text = text.replacingOccurrences(of: "</svg>", with: image + "</svg>")
    try text.write(to: golden, atomically: true, encoding: .utf8)
    try SnapshotWriterTests.edit(folder, #""imageTint": "systemPink""#, #""imageTint": "systemBlue""#)
    let report = folder.appending(path: "report")
    let run = try CommandRunner.spawnMeasuringPeakMemory([
      "check", "--site", folder.appending(path: "Site").path, "--report", report.path,
    ])
    #expect(run.status == 1, "\(run.error)")
    #expect(
      run.peakKilobytes > 0 && run.peakKilobytes < 400 * 1024, "peak \(run.peakKilobytes) kB: the image was drawn")
    let shown = try String(
      contentsOf: report.appending(path: "renders/orders--empty.iphone-se.light.en.golden.svg"), encoding: .utf8)
    #expect(shown.contains("Not shown") && !shown.contains("base64"), "\(shown.prefix(300))")
  }

  @Test(arguments: [
    #"<script>alert(1)</script>"#, #"<a href="javascript:alert(1)"><rect width="9" height="9"/></a>"#,
    #"<rect width="9" height="9" onload="alert(1)"/>"#,
    #"<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>"#,
  ])
  func aGoldenIsPublishedOnlyAsItsSanitisedCopy(payload: String) throws {
    let (folder, golden) = try Self.hostileGolden()
    defer { try? FileManager.default.removeItem(at: folder) }
    var text = try String(contentsOf: golden, encoding: .utf8)
    text = text.replacingOccurrences(of: "</svg>", with: payload + "</svg>")
    try text.write(to: golden, atomically: true, encoding: .utf8)
    let report = folder.appending(path: "report")
    let run = SnapshotWriterTests.run(["check", "--report", report.path], in: folder)
    #expect(run.status == 1, "\(run.error)")
    let published = try folderContents(report).filter { $0.key.hasSuffix(".svg") }
    #expect(!published.isEmpty)
    for (path, bytes) in published {
      let svg = String(decoding: bytes, as: UTF8.self).lowercased()
      for word in ["<script", "javascript:", "onload", "foreignobject"] {
        #expect(!svg.contains(word), "\(path) publishes \(word)")
      }
    }
  }

  @Test func aGoldenThatIsNotXMLIsShownAsAPictureSayingSo() throws {
    let (folder, golden) = try Self.hostileGolden()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("<svg><g></svg>&".utf8).write(to: golden)
    let report = folder.appending(path: "report")
    let run = SnapshotWriterTests.run(["check", "--report", report.path], in: folder)
    #expect(run.status == 1, "\(run.error)")
    let shown = try String(
      contentsOf: report.appending(path: "renders/orders--empty.iphone-se.light.en.golden.svg"), encoding: .utf8)
    #expect(shown.contains(">Not shown:<") && shown.contains(">it is not well-formed XML:"), "\(shown)")
  }
}
