import BlankslateCore
import BlankslateCoreTestSupport
import BlankslateSupport
import BlankslateTestSupport
import BlankslateValidation
import Foundation
import Testing

@Suite("Escaping and hostile text")
struct MarkupTests {
  @Test func escapesTextAndAttributes() {
    #expect(Markup.escapeText("a<b>&\"c\"") == "a&lt;b&gt;&amp;\"c\"")
    #expect(Markup.escapeAttribute("x\"y'<z>\n") == "x&quot;y&#39;&lt;z&gt;&#10;")
    #expect(Markup.escapeText("bell\u{7}") == "bell\u{FFFD}")
  }

  /// Markup in every text field comes out as text, and both renders still parse.
  @Test(arguments: [
    "<script>alert(1)</script>", "]]><!--", "&amp; &lt; &#0;", "\"' onload=\"x", "<![CDATA[x]]>", "‮RTL override",
  ])
  func hostileStringsStayText(payload: String) throws {
    var properties = Properties()
    properties.title = LocalizedText(payload)
    properties.message = LocalizedText(payload)
    var button = ButtonDefinition()
    button.title = LocalizedText(payload)
    properties.button = .value(button)
    properties.toast = .value(LocalizedText(payload))
    var chrome = ChromeDefinition()
    chrome.navigationTitle = LocalizedText(payload)
    properties.chrome = chrome
    let job = Repository.job(layout: .noNetwork, properties: properties)
    var hostile = job
    hostile.design.name = payload
    let render = Renderer().render(hostile)
    let scene = render.scene
    let svg = String(decoding: render.svg, as: UTF8.self)
    let html = "<div xmlns=\"http://www.w3.org/1999/xhtml\">" + HTMLRenderer().render(scene) + "</div>"
    let checker = MarkupChecker()
    #expect(checker.check(Array(svg.utf8), file: "hostile.svg", kind: .svg).issues == [])
    #expect(checker.check(Array(html.utf8), file: "hostile.html", kind: .xml).issues == [])
    #expect(!svg.contains("<script"))
    #expect(!html.contains("<script"))
    let probe = try SVGProbe(svg)
    #expect(probe.title == hostile.title)
    #expect(probe.title.hasPrefix(payload))
  }
}
