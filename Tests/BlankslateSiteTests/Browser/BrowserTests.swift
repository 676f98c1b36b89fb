import BlankslateCore
import BlankslateCoreTestSupport
import BlankslateSite
import BlankslateSupport
import BlankslateTestSupport
import BlankslateValidation
import Foundation
import Testing

/// Opens the built gallery in headless Chromium and reads the DOM its
/// scripts leave behind. Skipped only when Chromium is absent outside CI.
@Suite(
  "The gallery in a browser", .serialized,
  .enabled(
    if: Chromium.testsRun, "Chromium is not installed; install it (apt-get install chromium) to run the browser tests"))
struct BrowserTests {
  /// The bundled site, built once for the suite (into this process's folder,
  /// which the next run removes, so runs leave nothing behind and never collide).
  static let gallery: Result<URL, any Error> = Result {
    let output = processFolder("browser-gallery")
    _ = try SiteBuilder(options: BuildOptions(siteFolder: Repository.site, output: output, workers: 2)).build()
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
    #expect(
      cards(in: dom) == [
        "blank-page", "favourites-empty", "inbox-zero", "load-failed", "loading", "no-network", "offline",
        "search-no-results", "table", "zero-code",
      ])
    #expect(dom.contains("10 designs."))
  }

  @Test(arguments: [
    ("q=network", ["no-network"]),
    ("q=%E6%9A%82%E6%97%A0%E6%95%B0%E6%8D%AE", ["blank-page", "table", "zero-code"]),  // 暂无数据
    ("layout=message", ["zero-code"]),
    ("state=loading", ["loading", "zero-code"]),
    ("tag=seed-001", ["table"]),
    ("q=custom+view&layout=message", ["zero-code"]),
    ("q=nothing-like-this", []),
  ])
  func searchAndFiltersNarrowTheGrid(query: String, expected: [String]) throws {
    let dom = try dom("index.html?" + query)
    #expect(cards(in: dom) == expected, "\(query)")
    #expect(
      dom.contains(
        expected.isEmpty
          ? "No design matches these filters."
          : "\(expected.count) of 10 designs \(expected.count == 1 ? "matches" : "match")."))
  }

  /// A reader on a dark system sees dark renders first; at phone width a card
  /// stacks its thumbnail above its name, and no name breaks inside a word.
  @Test func darkSystemsSeeDarkRendersAndPhonesSeeWholeNames() throws {
    let root = try Self.gallery.get()
    let dark = try Chromium.dumpDOM(root.appending(path: "index.html").absoluteString, flags: ["--force-dark-mode"])
    let sources = dark.components(separatedBy: "<img ").dropFirst().compactMap { tag -> String? in
      guard let range = tag.range(of: "src=\"") else { return nil }
      return String(tag[range.upperBound...].prefix { $0 != "\"" })
    }
    #expect(!sources.isEmpty && sources.allSatisfy { $0.contains(".dark.") }, "\(sources)")
    #expect(dark.contains("10 designs · 24 variants · 768 renders"))
    // A harness frames the index at 390 points and writes what it measured into its own page.
    let harness = root.appending(path: "phone-harness.html")
    try Data(
      """
      <!DOCTYPE html><html><body><iframe id="f" src="index.html" style="width:390px;height:900px;border:0"></iframe>
      <iframe id="r" src="designs/favourites-empty/default.iphone-15.light.en.html" style="width:390px;height:900px;border:0"></iframe>
      <pre id="result">pending</pre><script>
      var parts = {};
      function done() {
        if (!parts.index || !parts.render) return;
        document.getElementById("result").textContent = parts.index + " " + parts.render;
      }
      document.getElementById("f").addEventListener("load", function () {
        var doc = this.contentDocument;
        var card = doc.querySelector(".card");
        var names = Array.prototype.map.call(doc.querySelectorAll(".card h2 a"), function (a) {
          var range = doc.createRange(); range.selectNodeContents(a);
          var lines = Array.prototype.filter.call(range.getClientRects(), function (r) { return r.width > 0; }).length;
          var words = a.textContent.split(/[\\s+]/).length;
          return lines <= words ? "whole" : "broken:" + a.textContent;
        });
        var panel = doc.getElementById("controls").getBoundingClientRect().height;
        parts.index = "direction=" + doc.defaultView.getComputedStyle(card).flexDirection + " names=" + names.join(",") +
          " panel=" + Math.round(panel) + " fold=" + doc.querySelector(".controls .fold").textContent;
        done();
      });
      document.getElementById("r").addEventListener("load", function () {
        var doc = this.contentDocument;
        var edges = Array.prototype.map.call(doc.querySelectorAll(".stage .device"), function (device) {
          return Math.round(device.getBoundingClientRect().right);
        });
        parts.render = "devices=" + edges.join(",");
        done();
      });
      </script></body></html>
      """.utf8
    ).write(to: harness)
    defer { try? FileManager.default.removeItem(at: harness) }
    let measured = try Chromium.dumpDOM(harness.absoluteString, allowFileAccess: true)
    let result = measured.components(separatedBy: "<pre id=\"result\">").last?.components(separatedBy: "</pre>").first
    #expect(result?.hasPrefix("direction=column names=whole") == true, "\(result ?? String(measured.suffix(600)))")
    #expect(result?.contains("broken:") == false, "\(result ?? "")")
    // The filters fold under one button, so the first screen shows designs.
    let panel = result?.components(separatedBy: " panel=").last?.prefix { $0.isNumber }
    #expect(panel.flatMap { Int($0) }.map { $0 > 0 && $0 < 160 } == true, "\(result ?? "")")
    #expect(result?.contains(" fold=Filters") == true, "\(result ?? "")")
    // A render page scales its devices to the window: both are inside its 390 points.
    let edges = result?.components(separatedBy: "devices=").last?.split(separator: ",").compactMap { Int($0) } ?? []
    #expect(edges.count == 2 && edges.allSatisfy { $0 > 200 && $0 <= 390 }, "\(result ?? "")")
  }

  @Test func switchesChangeEveryThumbnail() throws {
    let dom = try dom("index.html?device=iphone-15&theme=dark&locale=en")
    let sources = dom.components(separatedBy: "<img ").dropFirst().compactMap { tag -> String? in
      guard let range = tag.range(of: "src=\"") else { return nil }
      return String(tag[range.upperBound...].prefix { $0 != "\"" })
    }
    #expect(sources.count == 10)
    #expect(sources.allSatisfy { $0.hasSuffix(".iphone-15.dark.en.svg") }, "\(sources)")
    #expect(dom.contains("iPhone 15, dark, en"))
  }

  @Test func aStateFilterShowsTheMatchingVariant() throws {
    let dom = try dom("index.html?state=hasError")
    #expect(cards(in: dom) == ["blank-page", "load-failed"])
    // The card lists every variant of its design and marks the one the filter found.
    #expect(
      dom.contains("<li class=\"match\"><a href=\"designs/blank-page/index.html#variant-has-error\">Load failed</a>"))
    #expect(!dom.contains("<li class=\"match\"><a href=\"designs/blank-page/index.html#variant-no-data\">"))
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

  /// A harness page that loads render pages in frames, taps and drags them
  /// like a finger would, and writes what happened into its own DOM.
  static let harness = """
    <!DOCTYPE html><html><body><pre id="log"></pre><script>
    var log = [];
    function frame(src) {
      return new Promise(function (resolve) {
        var f = document.createElement("iframe");
        f.width = 500; f.height = 900;
        f.onload = function () { resolve(f.contentDocument); };
        f.src = src;
        document.body.appendChild(f);
      });
    }
    function drag(doc, list) {
      var win = doc.defaultView;
      list.dispatchEvent(new win.PointerEvent("pointerdown", {clientY: 300, pointerId: 7, bubbles: true}));
      list.dispatchEvent(new win.PointerEvent("pointermove", {clientY: 400, pointerId: 7, bubbles: true}));
      var content = list.querySelector(".bs-list-content");
      return content.style.transform || "none";
    }
    Promise.all([
      frame("designs/no-network/default.iphone-se.light.zh-Hans.html"),
      frame("designs/blank-page/no-data.iphone-se.light.en.html"),
      frame("designs/table/empty.iphone-se.light.en.html"),
      frame("designs/table/scroll-disabled.iphone-se.light.en.html"),
      frame("designs/zero-code/loading.iphone-se.light.en.html")
    ]).then(function (docs) {
      docs[0].querySelector("[data-action=toast]").click();
      var toast = docs[0].querySelector(".bs-toast-live");
      log.push("toast=" + (toast ? toast.textContent : "none"));
      docs[1].querySelector("[data-action=reload]").click();
      log.push("reloading=" + docs[1].querySelector(".bs-screen").classList.contains("bs-reloading"));
      log.push("enabled-drag=" + drag(docs[2], docs[2].querySelector(".bs-list")));
      var locked = docs[3].querySelector(".bs-list");
      log.push("disabled-overflow=" + docs[3].defaultView.getComputedStyle(locked).overflowY);
      log.push("disabled-drag=" + drag(docs[3], locked));
      var spinner = docs[4].querySelector(".bs-spinner");
      log.push("spinner=" + docs[4].defaultView.getComputedStyle(spinner).animationName);
      document.getElementById("log").textContent = log.join("\\n");
    });
    </script></body></html>
    """

  @Test func theLiveRenditionBehavesLikeThePhone() throws {
    let root = try Self.gallery.get()
    let harness = processFolder("browser-harness.html")
    try Data(Self.harness.replacingOccurrences(of: "src = src", with: "src = \"\(root.absoluteString)/\" + src").utf8)
      .write(to: harness)
    defer { try? FileManager.default.removeItem(at: harness) }
    let dom = try Chromium.dumpDOM(harness.absoluteString, allowFileAccess: true)
    #expect(dom.contains("toast=请检查你的网络连接"), "\(dom.prefix(2000))")
    #expect(dom.contains("reloading=true"))
    #expect(dom.contains("enabled-drag=translateY(35px)"))
    #expect(dom.contains("disabled-overflow=hidden"))
    #expect(dom.contains("disabled-drag=none"))
    #expect(dom.contains("spinner=bs-spin"))
  }
}
