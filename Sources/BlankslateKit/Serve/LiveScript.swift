/// The script `serve` adds to every page it sends: it listens to the event
/// stream, reloads on a new build, and shows a failed build's message over the
/// page (file, line and JSON path) until a build succeeds again.
enum LiveScript {
  static let source = """
    (function () {
      "use strict";
      var overlay = null;
      function show(message) {
        if (!overlay) {
          overlay = document.createElement("div");
          overlay.id = "blankslate-error";
          overlay.setAttribute("role", "alert");
          overlay.style.cssText = "position:fixed;inset:auto 1rem 1rem 1rem;z-index:2147483647;max-height:60vh;" +
            "overflow:auto;background:#1d1d1f;color:#fff;border:2px solid #ff453a;border-radius:12px;" +
            "padding:1rem 1.2rem;font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,monospace;white-space:pre-wrap;" +
            "box-shadow:0 8px 30px rgba(0,0,0,.4)";
          document.body.appendChild(overlay);
        }
        overlay.textContent = "Blankslate: the last change did not build; the gallery shows the last good build.\\n\\n" + message;
      }
      // The state the page was served at, so the stream tells of any build since.
      var tag = document.querySelector("script[data-generation]");
      var since = tag ? "?generation=" + tag.getAttribute("data-generation") + "&report=" + tag.getAttribute("data-report") : "";
      // The report is rewritten after the gallery: its page waits for that, the others reload at once.
      var isReport = location.pathname.indexOf("/_report/") === 0;
      function listen() {
        var source = new EventSource("/_blankslate/events" + since);
        source.addEventListener("reload", function () { if (!isReport) location.reload(); });
        source.addEventListener("report", function () { if (isReport) location.reload(); });
        source.addEventListener("failure", function (event) { show(event.data); });
      }
      // After the load event: a stream opened before it would keep the page loading
      // forever. Nothing is missed, since the stream starts from the served state.
      if (document.readyState === "complete") listen(); else window.addEventListener("load", listen);
    })();

    """

  /// `html` with the script at the end of its head (so the page's own scripts
  /// find the tag; `defer` runs it after parsing), else at the end; the run's
  /// token (none when changes are off) and the state the page is `served` at ride on the tag (the build,
  /// the report, and the build that report describes).
  static func inject(into html: [UInt8], token: String?, served: LiveState.Snapshot) -> [UInt8] {
    let tokenAttribute = token.map { " data-token=\"\($0)\"" } ?? ""
    let tag = Array(
      ("<script src=\"/_blankslate/live.js\"\(tokenAttribute) data-generation=\"\(served.generation)\" "
        + "data-report=\"\(served.report)\" data-report-of=\"\(served.reportOf)\" defer=\"defer\"></script>\n").utf8)
    var bytes = html
    if let index = firstIndex(of: Array("</head>".utf8), in: bytes) {
      bytes.insert(contentsOf: tag, at: index)
    } else {
      bytes += tag
    }
    return bytes
  }

  private static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard let first = needle.first, haystack.count >= needle.count else { return nil }
    var index = 0
    while index <= haystack.count - needle.count {
      if haystack[index] == first, haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
      index += 1
    }
    return nil
  }
}
