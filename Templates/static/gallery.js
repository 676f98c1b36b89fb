// Blankslate gallery: makes the live renditions behave like the phone.
// The pages are complete without it; it only adds behaviour.
(function () {
  "use strict";

  function showToast(screen, text) {
    var toast = screen.querySelector(".bs-toast[data-from-button]");
    if (!toast) {
      toast = document.createElement("div");
      toast.className = "bs-node bs-text bs-toast";
      toast.setAttribute("data-from-button", "");
      toast.setAttribute("role", "status");
      toast.style.cssText = "left:50%;top:50%;transform:translate(-50%,-50%);max-width:calc(100% - 80px);padding:12px 16px;" +
        "background-color:rgba(0,0,0,0.8);color:#FFFFFF;border-radius:8px;font-size:15px;line-height:18px;white-space:normal;text-align:center";
      screen.appendChild(toast);
    }
    toast.textContent = text;
    toast.classList.remove("bs-hidden");
    clearTimeout(toast._timer);
    toast._timer = setTimeout(function () { toast.classList.add("bs-hidden"); }, 2000);
  }

  document.addEventListener("click", function (event) {
    var target = event.target.closest ? event.target.closest("[data-action]") : null;
    if (!target) return;
    var screen = target.closest(".bs-screen");
    if (!screen) return;
    if (target.getAttribute("data-action") === "toast") {
      showToast(screen, target.getAttribute("data-toast") || "");
    } else if (target.getAttribute("data-action") === "reload") {
      target.classList.add("bs-pressed");
      setTimeout(function () { target.classList.remove("bs-pressed"); }, 300);
    }
  });
})();
