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
      var failing = false;
      var source = new EventSource("/_blankslate/events");
      source.addEventListener("reload", function () { location.reload(); });
      // The report is rewritten after the gallery: only its own page reloads then.
      source.addEventListener("report", function () {
        if (location.pathname.indexOf("/_report/") === 0) location.reload();
      });
      source.addEventListener("failure", function (event) { failing = true; show(event.data); });
    })();

    """

  /// `html` with the script before `</body>` (or at the end); the run's token rides on the tag.
  static func inject(into html: [UInt8], token: String) -> [UInt8] {
    let tag = Array("<script src=\"/_blankslate/live.js\" data-token=\"\(token)\" defer=\"defer\"></script>\n".utf8)
    let closing = Array("</body>".utf8)
    var bytes = html
    if let index = lastIndex(of: closing, in: bytes) {
      bytes.insert(contentsOf: tag, at: index)
    } else {
      bytes += tag
    }
    return bytes
  }

  private static func lastIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard haystack.count >= needle.count else { return nil }
    var index = haystack.count - needle.count
    while index >= 0 {
      if haystack[index] == needle[0], Array(haystack[index..<(index + needle.count)]) == needle { return index }
      index -= 1
    }
    return nil
  }
}
