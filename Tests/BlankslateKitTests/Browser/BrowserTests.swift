import BlankslateKit
import Foundation
import Testing

/// Opens the built gallery in headless Chromium and reads the DOM its
/// scripts leave behind. Skipped only when Chromium is absent outside CI.
@Suite(
  "The gallery in a browser", .serialized,
  .enabled(if: Chromium.testsRun, "Chromium is not installed; install it (apt-get install chromium) to run the browser tests"))
struct BrowserTests {
  /// The bundled site, built once for the suite (into one fixed folder that
  /// each run replaces, so runs leave nothing behind).
  static let gallery: Result<URL, any Error> = Result {
    let output = FileManager.default.temporaryDirectory.appending(path: "blankslate-browser-gallery")
    _ = try SiteBuilder(options: BuildOptions(site: Repository.site, output: output, jobs: 2)).build()
    return output
  }

  func dom(_ page: String) throws -> String {
    let root = try Self.gallery.get()
    // The page's query is already URL-encoded: append it to the folder's URL as it is.
    return try Chromium.dumpDOM(root.absoluteString + (root.absoluteString.hasSuffix("/") ? "" : "/") + page)
  }

  func cards(in dom: String) -> [String] {
    dom.components(separatedBy: "<li class=\"card\"").dropFirst().compactMap { card in
      guard let range = card.range(of: "id=\"design-") else { return nil }
      return String(card[range.upperBound...].prefix { $0 != "\"" })
    }
  }

  @Test func theGridShowsEveryDesign() throws {
    let dom = try dom("index.html")
    #expect(cards(in: dom) == ["blank-page", "no-network", "table", "zero-code"])
    #expect(dom.contains("4 designs."))
  }

  @Test(arguments: [
    ("q=network", ["no-network"]),
    ("q=%E6%9A%82%E6%97%A0%E6%95%B0%E6%8D%AE", ["blank-page", "table", "zero-code"]),  // 暂无数据
    ("layout=message", ["zero-code"]),
    ("state=loading", ["zero-code"]),
    ("tag=seed-001", ["table"]),
    ("q=custom+view&layout=message", ["zero-code"]),
    ("q=nothing-like-this", []),
  ])
  func searchAndFiltersNarrowTheGrid(query: String, expected: [String]) throws {
    let dom = try dom("index.html?" + query)
    #expect(cards(in: dom) == expected, "\(query)")
    #expect(dom.contains(expected.isEmpty ? "No design matches these filters." : "\(expected.count) of 4 designs match."))
  }

  @Test func switchesChangeEveryThumbnail() throws {
    let dom = try dom("index.html?device=iphone-15&theme=dark&locale=en")
    let sources = dom.components(separatedBy: "<img ").dropFirst().compactMap { tag -> String? in
      guard let range = tag.range(of: "src=\"") else { return nil }
      return String(tag[range.upperBound...].prefix { $0 != "\"" })
    }
    #expect(sources.count == 4)
    #expect(sources.allSatisfy { $0.hasSuffix(".iphone-15.dark.en.svg") }, "\(sources)")
    #expect(dom.contains("iPhone 15, dark, en"))
  }

  @Test func aStateFilterShowsTheMatchingVariant() throws {
    let dom = try dom("index.html?state=hasError")
    #expect(cards(in: dom) == ["blank-page"])
    #expect(dom.contains("designs/blank-page/has-error.iphone-se.light.zh-Hans.svg"))
  }

  @Test func aVariantPageShowsBothRenders() throws {
    let dom = try dom("designs/no-network/toast.iphone-15.light.zh-Hans.html")
    #expect(dom.contains("<img src=\"toast.iphone-15.light.zh-Hans.svg\""))
    #expect(dom.contains("class=\"bs-screen\""))
    #expect(dom.contains("请检查你的网络连接"))
    #expect(dom.contains("data-action=\"toast\""))
    #expect(dom.contains("Resolved definition"))
  }
}
