import BlankslateTestSupport
@testable import BlankslateValidation
import Testing

@Suite("Where a link leads")
struct LinkResolutionTests {
  /// The resolution as it was written before it worked in one buffer: a
  /// plain relative link after the page's folder as it is, any other the
  /// page's folder and the link split into names, `.` and `..` applied, joined.
  static func reference(_ target: String, from page: String) -> String? {
    if LinkChecker.isPlainRelative(target) {
      guard let slash = page.utf8.lastIndex(of: UInt8(ascii: "/")) else { return target }
      return String(page[..<slash]) + "/" + target
    }
    let slash = UInt8(ascii: "/")
    var parts =
      target.hasPrefix("/")
      ? [] : page.utf8.split(separator: slash).dropLast().map { String(decoding: $0, as: UTF8.self) }
    for part in target.utf8.split(separator: slash, omittingEmptySubsequences: true) {
      if part.elementsEqual(".".utf8) { continue }
      if part.elementsEqual("..".utf8) {
        guard !parts.isEmpty else { return nil }
        parts.removeLast()
        continue
      }
      parts.append(String(decoding: part, as: UTF8.self))
    }
    var path = parts.joined(separator: "/")
    if target.hasSuffix("/") { path += path.isEmpty ? "index.html" : "/index.html" }
    return path
  }

  /// Every link of up to four names (`.`, `..`, names, empty names from
  /// doubled slashes, a leading or trailing slash) from pages at several
  /// depths, some of their folders' names `.` or `..` as written.
  @Test func everyLinkLeadsWhereTheNamesSay() {
    let names = ["..", ".", "a", "é", "", "index.html"]
    var targets = [""]
    for _ in 0..<4 { targets = targets.flatMap { target in names.map { target.isEmpty ? $0 : target + "/" + $0 } } }
    targets = targets.flatMap { [$0, "/" + $0, $0 + "/"] }
    let pages = ["index.html", "designs/a/b.html", "d/./e/f.html", "x/../y.html", "a//b/c.html", "/abs/p.html", "p"]
    var checked = 0
    for page in pages {
      for target in targets {
        #expect(LinkChecker.resolve(target, from: page) == Self.reference(target, from: page), "\(target) from \(page)")
        checked += 1
      }
    }
    #expect(checked > 25_000)
    #expect(LinkChecker.resolve("../../_gallery/gallery.css", from: "designs/a/b.html") == "_gallery/gallery.css")
    #expect(LinkChecker.resolve("../../../x", from: "designs/a/b.html") == nil)
  }
}
