import BlankslateSupport
import BlankslateTestSupport
import BlankslateValidation
import Foundation
import Testing

@Suite("libxml2 validation")
struct ValidationTests {
  let checker = MarkupChecker()

  func issues(_ text: String, kind: MarkupKind = .svg) -> [ValidationIssue] {
    checker.check(Array(text.utf8), file: "t.\(kind.rawValue)", kind: kind).issues
  }

  static let goodSVG =
    "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1 1\"><title>ok</title><rect id=\"a\"/></svg>"

  @Test func acceptsAGoodSVG() {
    #expect(issues(Self.goodSVG) == [])
  }

  @Test func reportsTheLineAndColumnOfMalformedXML() {
    let found = issues("<svg xmlns=\"http://www.w3.org/2000/svg\">\n<title>x</title>\n<rect></svg>")
    #expect(!found.isEmpty)
    #expect(found.first?.line == 3)
    #expect((found.first?.column ?? 0) > 0)
    #expect(found.first?.description.hasPrefix("t.svg:3:") == true)
  }

  @Test func refusesEntitiesAndDoctypes() {
    let bomb = """
      <?xml version="1.0"?>
      <!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><title>&b;</title></svg>
      """
    #expect(issues(bomb).contains { $0.message.contains("document type declaration") })
    let external = """
      <?xml version="1.0"?>
      <!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><title>&x;</title></svg>
      """
    let found = issues(external)
    #expect(!found.isEmpty)
    #expect(!found.contains { $0.message.contains("root:") })
  }

  @Test(arguments: [
    ("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1 1\"><rect/></svg>", "no <title>"),
    ("<svg xmlns=\"http://www.w3.org/2000/svg\"><title>x</title></svg>", "no viewBox"),
    ("<svg viewBox=\"0 0 1 1\"><title>x</title></svg>", "SVG namespace"),
    (
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1 1\"><title>x</title><script>1</script></svg>",
      "<script>"
    ),
    (
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1 1\" onload=\"x()\"><title>x</title></svg>",
      "event handler"
    ),
    (
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1 1\"><title>x</title><g id=\"a\"/><g id=\"a\"/></svg>",
      "used twice"
    ),
    (
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1 1\"><title>x</title><image href=\"http://x/y.png\"/></svg>",
      "refers outside"
    ),
  ])
  func appliesTheSVGRules(svg: String, expectation: String) {
    #expect(issues(svg).contains { $0.message.contains(expectation) }, "\(issues(svg))")
  }

  @Test func readsLinksAndIDsWhileParsing() {
    let page = """
      <!DOCTYPE html>
      <html xmlns="http://www.w3.org/1999/xhtml" lang="en"><head><meta charset="utf-8"/><title>t</title>
      <link rel="stylesheet" href="a.css"/></head>
      <body><main id="main"><a href="b.html#x">b</a><img src="c.svg" alt=""/></main></body></html>
      """
    let checker = MarkupChecker()
    // Twice: the reused parser must start clean each time.
    for _ in 0..<2 {
      let result = checker.check(Array(page.utf8), file: "p.html", kind: .html)
      #expect(result.issues == [])
      #expect(result.links.map(\.target) == ["a.css", "b.html#x", "c.svg"])
      #expect(result.links.map(\.line) == [3, 4, 4])
      #expect(result.ids == ["main"])
    }
  }

  @Test func appliesTheHTMLRules() {
    let page = """
      <!DOCTYPE html>
      <html xmlns="http://www.w3.org/1999/xhtml"><head><title>x</title></head>
      <body><img src="a.png"/></body></html>
      """
    let found = issues(page, kind: .html).map(\.message)
    #expect(found.contains { $0.contains("no lang") })
    #expect(found.contains { $0.contains("no <meta charset") })
    #expect(found.contains { $0.contains("<img> has no alt") })
  }

  @Test func checksLinksBetweenPages() {
    let pages = [
      LinkChecker.Page(
        path: "designs/a/index.html",
        links: [
          .init(line: 3, target: "../../index.html"), .init(line: 4, target: "x.svg"),
          .init(line: 5, target: "../../../outside.html"), .init(line: 6, target: "../../index.html#missing"),
          .init(line: 7, target: "https://example.com/"), .init(line: 8, target: "#top"),
        ],
        ids: ["top"]),
      LinkChecker.Page(path: "index.html", links: [], ids: ["main"]),
    ]
    let found = LinkChecker(allowsExternalLinks: false).check(
      pages, files: ["index.html", "designs/a/index.html"], displayRoot: "_site")
    #expect(found.map(\.line) == [4, 5, 6, 7])
    #expect(found[0].description.hasPrefix("_site/designs/a/index.html:4:"))
    #expect(
      LinkChecker(allowsExternalLinks: true).check(
        pages, files: ["index.html", "designs/a/index.html"], displayRoot: ""
      ).count == 3)
  }

  /// Every local link resolves as its parts read one by one from the page's
  /// folder (`.` stays, `..` climbs, empty parts drop, a slash last names the
  /// folder's index; `//` names another host), whether or not it takes the plain
  /// path's short cut.
  /// A link's path (its query dropped, percent escapes decoded) and its fragment (as written).
  @Test(
    arguments: [
      ("a.html", "a.html", nil), ("a.html#x", "a.html", "x"), ("#x", "", "x"), ("a.html?q=1#x", "a.html", "x"),
      ("a%20b.html#x%20y", "a b.html", "x%20y"), ("a.html?q#", "a.html", ""), ("?q", "", nil),
      ("d/é.html#ü", "d/é.html", "ü"), ("a#b#c", "a", "b#c"), ("a?b#c?d", "a", "c?d"), ("%41%2f", "A/", nil),
    ] as [(String, String, String?)])
  func splitsALinkIntoPathAndFragment(target: String, path: String, fragment: String?) {
    let split = LinkChecker.split(target)
    #expect(split.path == path && split.fragment == fragment)
  }

  @Test func resolvesEveryPathPartByPart() {
    func expected(_ target: String, from page: String) -> String? {
      var parts = target.hasPrefix("/") ? [] : page.split(separator: "/").dropLast().map(String.init)
      for part in target.split(separator: "/") {
        if part == "." { continue }
        if part == ".." {
          guard !parts.isEmpty else { return nil }
          parts.removeLast()
          continue
        }
        parts.append(String(part))
      }
      let path = parts.joined(separator: "/")
      return target.hasSuffix("/") ? (path.isEmpty ? "index.html" : path + "/index.html") : path
    }
    let names = ["a", "b.html", ".", "..", "", "...", ".x", "x.", "é"]
    var targets: [String] = []
    for first in names {
      targets.append(first)
      for second in names {
        targets.append(first + "/" + second)
        for third in names { targets.append(first + "/" + second + "/" + third) }
      }
    }
    targets = targets.flatMap { [$0, "/" + $0, $0 + "/"] }.filter { !$0.isEmpty }
    var checked = 0
    for page in ["index.html", "pages/2.html", "designs/a/index.html"] {
      let links = targets.enumerated().map { MarkupChecker.Link(line: $0.offset + 1, target: $0.element) }
      let found = LinkChecker(allowsExternalLinks: false).check(
        [LinkChecker.Page(path: page, links: links, ids: [])], files: [], displayRoot: "")
      #expect(found.count == targets.count)
      for issue in found {
        let target = targets[issue.line - 1]
        let message =
          target.hasPrefix("//")
          ? "links outside the site: \(target)"
          : expected(target, from: page).map { "\"\(target)\" names no file of the site (\($0))" }
            ?? "\"\(target)\" climbs out of the site folder"
        #expect(issue.message == message, "\(target) from \(page)")
        checked += 1
      }
    }
    #expect(checked == targets.count * 3)
  }

  @Test func parsesOnManyThreadsAtOnce() async {
    let svg = Array(Self.goodSVG.utf8)
    let broken = Array("<svg><title>x</svg>".utf8)
    let results = await withTaskGroup(of: (Bool, Int).self) { group in
      for index in 0..<64 {
        group.addTask {
          let good = index % 2 == 0
          let found = MarkupChecker().check(good ? svg : broken, file: "f\(index).svg", kind: .svg).issues
          return (good, found.filter { $0.file == "f\(index).svg" }.count == found.count ? found.count : -1)
        }
      }
      var all: [(Bool, Int)] = []
      for await result in group { all.append(result) }
      return all
    }
    for (good, count) in results {
      #expect(count >= 0, "an issue was reported against another parse's file")
      #expect(good ? count == 0 : count > 0)
    }
  }

  @Test func checksPNGsBySignatureAndSize() {
    let inspector = AssetInspector()
    let fake = Array("not a png at all, not even close".utf8)
    #expect(throws: AssetProblem.self) { try inspector.inspect(fake, path: "assets/bad.png") }
    var huge: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
    huge += [0, 0, 0x40, 0, 0, 0, 0, 1] + [UInt8](repeating: 0, count: 8)
    #expect(throws: AssetProblem.self) { try inspector.inspect(huge, path: "assets/huge.png") }
    #expect(throws: AssetProblem.self) { try AssetInspector(maximumSize: 10).inspect(fake, path: "assets/big.png") }
  }

}
