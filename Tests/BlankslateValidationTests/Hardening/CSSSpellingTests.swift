import BlankslateSupport
import BlankslateTestSupport
import BlankslateValidation
import Foundation
import Testing

/// External references in every spelling CSS allows, and `<use>` that
/// expands without end: each is removed or refused, and what is published
/// is itself well-formed.
@Suite("The SVG sanitiser and CSS spellings")
struct CSSSpellingTests {
  func clean(_ body: String) throws(AssetProblem) -> SVGSanitizer.Result {
    try SVGSanitizer().sanitize(
      Array(
        (#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 1 1">"#
          + body + "</svg>").utf8),
      file: "assets/x.svg")
  }

  @Test(arguments: [
    #"<style>@\69mport "http://evil.example/a.css";</style>"#,
    #"<style>@\000069 mport url(http://evil.example/a.css);</style>"#,
    #"<style>@IMPORT 'http://evil.example/a.css';</style>"#,
    #"<style>rect { fill: u\72l(http://evil.example/a.svg#p) }</style>"#,
    #"<style>rect { fill: \75 \72 \6c (http://evil.example/a.svg#p) }</style>"#,
    #"<style>rect { fill: URL( "http://evil.example/a.svg#p" ) }</style>"#,
    #"<style>rect { fill:/**/url(http://evil.example/a) }</style>"#,
    #"<style>rect { background-image: image-set("http://evil.example/a.png" 1x) }</style>"#,
    #"<style>rect { background-image: -webkit-image-set(url(#a) 1x, "http://evil.example/b.png" 2x) }</style>"#,
    #"<style>@font-face { font-family: x; src: url(#f), local(x) }</style>"#,
    #"<style>@font-face { font-family: x; sr\63: url(http://evil.example/f.woff) }</style>"#,
    #"<style>rect { fill: url(#a) } circle { fill: url(http://evil.example/b) }</style>"#,
    #"<style>rect { behavior: url(#x) }</style>"#,
    #"<style>rect { width: expression(alert(1)) }</style>"#,
    #"<rect style="fill: u\rl(http://evil.example/x)"/>"#,
    #"<rect filter="url(#f) url(http://evil.example/f.svg#g)"/>"#,
    #"<rect fill="u\72l(http://evil.example/a)"/>"#,
    #"<rect mask="url('https://evil.example/m.svg#m')"/>"#,
    #"<rect style="cursor: url(javascript:alert(1)), auto"/>"#,
  ])
  func externalReferencesInAnySpellingGo(payload: String) throws {
    let result = try clean(payload)
    #expect(!result.removed.isEmpty, "nothing was removed from \(payload)")
    #expect(!result.svg.contains("evil.example") && !result.svg.contains("javascript"), "\(result.svg)")
  }

  @Test(arguments: [
    ##"<defs><linearGradient id="g"/></defs><rect fill="url(#g)" style="fill: url( '#g' ); stroke: u\72l(#g)"/>"##,
    ##"<style>@media (prefers-color-scheme: dark) { rect { fill: #fff } } rect { fill: url(#g) }</style>"##,
    ##"<rect font-family="Helvetica, Arial" d="M0 0" transform="rotate(45)"/>"##,
  ])
  func sameDocumentReferencesStay(payload: String) throws {
    let result = try clean(payload)
    #expect(result.removed == [], "\(result.removed)")
  }

  @Test func bothHrefsMakeOneAttributeAndAWellFormedCopy() throws {
    let result = try clean(##"<defs><rect id="r" width="1" height="1"/></defs><use href="#r" xlink:href="#r"/>"##)
    #expect(result.svg.contains(##"<use href="#r"></use>"##), "\(result.svg)")
    #expect(result.removed.contains { $0.contains("repeats href") }, "\(result.removed)")
    #expect(throws: Never.self) { try StrictXMLParser().check(Array(result.svg.utf8), file: "clean.svg") }
  }

  @Test func useThatExpandsToBillionsIsRefused() {
    // Ten levels of ten uses each: 10^10 rectangles from a few kilobytes.
    var body = ##"<defs><rect id="l0" width="1" height="1"/>"##
    for level in 1...10 {
      body += #"<g id="l\#(level)">"# + String(repeating: ##"<use href="#l\##(level - 1)"/>"##, count: 10) + "</g>"
    }
    body += ##"</defs><use href="#l10"/>"##
    #expect(body.utf8.count < 4_000)
    do {
      _ = try clean(body)
      Issue.record("accepted an asset that expands to 10^10 elements")
    } catch {
      #expect(
        error.description.contains("drawing it takes more than \(SVGSanitizer.maximumInstances) elements"), "\(error)")
    }
  }

  @Test func useInACycleIsRefused() {
    do {
      _ = try clean(##"<g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g>"##)
      Issue.record("accepted a <use> cycle")
    } catch {
      #expect(error.description.contains("cycle"), "\(error)")
    }
  }

  @Test func aModestUseTreeStays() throws {
    let result = try clean(
      ##"<defs><circle id="c" r="1"/></defs>"## + String(repeating: ##"<use href="#c"/>"##, count: 50))
    #expect(result.removed == [])
  }
}

extension CSSSpellingTests {
  @Test func anElementWithTooManyAttributesIsRefusedBeforeParsing() {
    let attributes = (0...SVGSanitizer.maximumAttributes).map { #"data-a\#($0)="1""# }.joined(separator: " ")
    do {
      _ = try clean(#"<!-- a=1 b=2 --><rect "# + attributes + "/>")
      Issue.record("accepted an element with \(SVGSanitizer.maximumAttributes + 1) attributes")
    } catch {
      #expect(error.description.contains("more than \(SVGSanitizer.maximumAttributes) attributes"), "\(error)")
    }
    // Equals signs in comments, text and quoted values do not count.
    let many = String(repeating: "a=b ", count: 2_000)
    #expect(throws: Never.self) {
      _ = try clean(#"<!-- \#(many) --><title>\#(many)</title><rect class="\#(many)"/>"#)
    }
  }
}
