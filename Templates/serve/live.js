// serve's live-reload script, added to every page it sends (LiveScript.inject):
// it listens to the event stream, reloads on a new build, and shows a failed
// build's message over the page (file, line and JSON path) until a build succeeds.
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
    overlay.textContent = "Blankslate: the last change did not build; the gallery shows the last good build.\n\n" + message;
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
