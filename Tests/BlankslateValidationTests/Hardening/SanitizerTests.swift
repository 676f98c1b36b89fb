import BlankslateSupport
import BlankslateTestSupport
import BlankslateValidation
import CLibXML2
import Foundation
import Testing

@Suite("The SVG sanitiser")
struct SanitizerTests {
  func clean(_ svg: String) throws(AssetProblem) -> SVGSanitizer.Result {
    try SVGSanitizer().sanitize(Array(svg.utf8), file: "assets/x.svg")
  }

  @Test func keepsTheDrawing() throws {
    let result = try clean(
      ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient></defs><rect width="10" height="10" fill="url(#g)"/><use href="#g"/></svg>"##
    )
    #expect(result.removed == [])
    #expect(
      result.svg
        == ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0" stop-color="#f00"></stop></linearGradient></defs><rect width="10" height="10" fill="url(#g)"></rect><use href="#g"></use></svg>"##
    )
  }

  /// The size UIKit shows an asset at when no size is set: its root's
  /// `width` and `height` (numbers, px or pt), else its `viewBox`'s; none
  /// from a percentage, a zero or a missing side.
  @Test(arguments: [
    (#"width="48" height="40""#, ImageExtent(width: 48, height: 40)),
    (#"width="48px" height="24pt" viewBox="0 0 10 10""#, ImageExtent(width: 48, height: 24)),
    (#"viewBox="0 0 64 32""#, ImageExtent(width: 64, height: 32)),
    (#"width="100%" height="100%" viewBox="-5,-5 30,20""#, ImageExtent(width: 30, height: 20)),
    (#"width="0" height="10""#, nil),
    (#"viewBox="0 0 10""#, nil),
    ("", nil),
  ])
  func anAssetStatesItsOwnSize(attributes: String, size: ImageExtent?) throws {
    let result = try clean(
      #"<svg xmlns="http://www.w3.org/2000/svg" "# + attributes + #"><rect width="1" height="1"/></svg>"#)
    #expect(result.intrinsicSize == size)
  }

  /// A bitmap's points are its pixels over the scale its name gives, as UIKit reads `name@2x.png`.
  @Test func aBitmapsScaleComesFromItsName() {
    #expect(ImageExtent(pixels: (96, 48), path: "assets/box@2x.png") == ImageExtent(width: 48, height: 24))
    #expect(ImageExtent(pixels: (96, 48), path: "assets/box@3x.png") == ImageExtent(width: 32, height: 16))
    #expect(ImageExtent(pixels: (96, 48), path: "assets/box.png") == ImageExtent(width: 96, height: 48))
    #expect(ImageExtent(pixels: (96, 48), path: "assets/x@2x/box.png") == ImageExtent(width: 96, height: 48))
  }

  /// Everything active or external is removed, and each removal is named.
  @Test(arguments: [
    (#"<script>alert(1)</script>"#, "removed <script>"),
    (#"<rect onload="alert(1)" width="1"/>"#, "removed the attribute onload"),
    (#"<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>"#, "removed <foreignObject>"),
    (#"<image href="https://example.com/x.png"/>"#, "a reference outside the file"),
    (
      #"<image xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="file:///etc/passwd"/>"#,
      "a reference outside the file"
    ),
    (##"<rect fill="url(https://example.com/x.svg#a)"/>"##, "a url() outside the file"),
    (#"<rect style="fill: url('http://x/y')"/>"#, "a url() outside the file"),
    (#"<style>@import url(http://x/y.css); rect { fill: red }</style>"#, "an @import"),
    (#"<a href="javascript:alert(1)"><rect width="1"/></a>"#, "removed the link of <a>"),
    (#"<animate attributeName="href" to="javascript:alert(1)"/>"#, "removed <animate>"),
    (#"<set attributeName="onclick" to="alert(1)"/>"#, "removed <set>"),
    (#"<inkscape:thing xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"/>"#, "not an SVG element"),
  ])
  func removesActiveAndExternalContent(payload: String, note: String) throws {
    let result = try clean(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1">"# + payload + "</svg>")
    #expect(result.removed.contains { $0.contains(note) }, "\(result.removed)")
    for banned in [
      "<script", "onload", "foreignObject", "https://", "file://", "javascript:", "@import", "<animate", "<set",
      "inkscape",
    ] {
      #expect(!result.svg.contains(banned), "\(banned) survived: \(result.svg)")
    }
    // What comes out is itself valid, and the strict parser accepts it.
    #expect(throws: Never.self) { try StrictXMLParser().check(Array(result.svg.utf8), file: "clean.svg") }
  }

  @Test(arguments: [
    (
      #"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "y">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>"#,
      "document type declaration"
    ),
    (
      #"<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg xmlns="http://www.w3.org/2000/svg"/>"#,
      "document type declaration"
    ),
    (#"<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>"#, "not well-formed"),
    (#"<html xmlns="http://www.w3.org/1999/xhtml"/>"#, "root element is not <svg>"),
    (String(repeating: "<g>", count: 100) + String(repeating: "</g>", count: 100), "nest deeper"),
  ])
  func refusesWhatCannotBeCleaned(svg: String, reason: String) {
    let input = svg.hasPrefix("<g>") ? #"<svg xmlns="http://www.w3.org/2000/svg">"# + svg + "</svg>" : svg
    do {
      _ = try clean(input)
      Issue.record("accepted \(input.prefix(80))")
    } catch {
      #expect(error.description.contains(reason), "\(error)")
      #expect(error.description.hasPrefix("assets/x.svg: cannot be used as an image:"))
    }
  }

  /// Nothing outside: libxml2's external loader refuses every request, so an
  /// external entity or DTD never reaches the file system.
  @Test func externalEntitiesAreNeverLoaded() throws {
    let secret = temporaryFolder()
    try FileManager.default.createDirectory(at: secret, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: secret) }
    let file = secret.appending(path: "secret.txt")
    try Data("TOP-SECRET-CONTENT".utf8).write(to: file)
    let before = StrictXMLParser.refusedExternalLoads
    let xxe = """
      <?xml version="1.0"?>
      <!DOCTYPE svg SYSTEM "\(file.absoluteString)" [<!ENTITY leak SYSTEM "\(file.absoluteString)">]>
      <svg xmlns="http://www.w3.org/2000/svg"><title>&leak;</title></svg>
      """
    let result = MarkupChecker().check(Array(xxe.utf8), file: "xxe.svg", kind: .svg)
    #expect(!result.issues.isEmpty)
    #expect(!result.issues.contains { $0.message.contains("TOP-SECRET") })
    #expect(throws: AssetProblem.self) { try clean(xxe) }
    // The parse never asks for the file (no DTD loading, no entity
    // substitution); were anything to ask, the loader refuses: ask it directly.
    #expect(StrictXMLParser.refusedExternalLoads == before)
    #expect(xmlLoadExternalEntity(file.absoluteString, nil, nil) == nil)
    #expect(xmlLoadExternalEntity(file.path, nil, nil) == nil)
    #expect(StrictXMLParser.refusedExternalLoads == before + 2)
  }
}
