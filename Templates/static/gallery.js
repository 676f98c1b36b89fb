// Blankslate gallery script. Every page is complete without it; it adds:
// on the index, search, filters and the device/theme/language switches
// (their state lives in the URL, so a filtered view can be shared); on a
// render page, the live rendition's behaviour (toast, reload, bounce).
(function () {
  "use strict";

  // ---- Index: search, filters, switches ----------------------------------

  var FILTERS = ["q", "layout", "state", "tag"];
  var SWITCHES = ["device", "theme", "locale", "size"];

  function initIndex(main) {
    var data = window.BlankslateIndex;
    var form = document.getElementById("controls");
    var grid = document.getElementById("cards");
    var count = document.getElementById("result-count");
    var pager = document.getElementById("pager");
    if (!data || !form || !grid) return;
    var root = main.getAttribute("data-root") || "";
    var serverCards = Array.prototype.slice.call(grid.children);
    var serverCount = count ? count.textContent : "";

    var params = new URLSearchParams(window.location.search);
    var state = {};
    FILTERS.concat(SWITCHES).forEach(function (name) {
      var value = params.get(name) || "";
      if (SWITCHES.indexOf(name) >= 0 && !valid(name, value)) value = defaults()[name];
      state[name] = value;
    });

    function defaults() {
      // A reader whose system is dark sees the dark renders first, when the site has them.
      var dark = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches &&
        data.themes.indexOf("dark") >= 0;
      return { device: data.devices[0].id, theme: dark ? "dark" : data.themes[0], locale: data.locales[0],
               size: (data.textSizes || ["large"])[0] };
    }

    function valid(name, value) {
      if (name === "device") return data.devices.some(function (d) { return d.id === value; });
      if (name === "theme") return data.themes.indexOf(value) >= 0;
      if (name === "locale") return data.locales.indexOf(value) >= 0;
      if (name === "size") return (data.textSizes || ["large"]).indexOf(value) >= 0;
      return true;
    }

    function syncForm() {
      FILTERS.forEach(function (name) {
        var field = form.elements[name];
        if (!field) return;
        // A tag past the filter's most used ones (from a shared URL) gets its option.
        if (field.tagName === "SELECT" && state[name] &&
            !Array.prototype.some.call(field.options, function (o) { return o.value === state[name]; })) {
          var option = document.createElement("option");
          option.value = option.textContent = state[name];
          field.appendChild(option);
        }
        field.value = state[name];
      });
      SWITCHES.forEach(function (name) {
        var radios = form.querySelectorAll("input[name='" + name + "']");
        Array.prototype.forEach.call(radios, function (radio) { radio.checked = radio.value === state[name]; });
      });
    }

    function filtering() {
      return FILTERS.some(function (name) { return state[name] !== ""; });
    }

    function matches(entry) {
      if (state.layout && entry.layout !== state.layout) return false;
      if (state.state && entry.states.indexOf(state.state) < 0) return false;
      if (state.tag && entry.tags.indexOf(state.tag) < 0) return false;
      var terms = state.q.toLowerCase().split(/\s+/).filter(Boolean);
      return terms.every(function (term) { return entry.text.indexOf(term) >= 0; });
    }

    function suffix(extension) {
      // A render at the default text size has no fifth part in its name.
      var size = state.size && state.size !== "large" ? "." + state.size : "";
      return "." + state.device + "." + state.theme + "." + state.locale + size + extension;
    }

    function deviceName() {
      for (var i = 0; i < data.devices.length; i++) {
        if (data.devices[i].id === state.device) return data.devices[i].name;
      }
      return state.device;
    }

    function shownVariant(entry) {
      if (state.state) {
        for (var i = 0; i < entry.variants.length; i++) {
          if (entry.variants[i].state === state.state) return entry.variants[i];
        }
      }
      return entry.variants[0];
    }

    function element(tag, className, text) {
      var node = document.createElement(tag);
      if (className) node.className = className;
      if (text !== undefined) node.textContent = text;
      return node;
    }

    function buildCard(entry) {
      var variant = shownVariant(entry);
      var base = "designs/" + entry.id + "/" + variant.id;
      var card = element("li", "card");
      card.id = "design-" + entry.id;
      card.setAttribute("data-layout", entry.layout);
      card.setAttribute("data-states", entry.states.join(" "));
      card.setAttribute("data-tags", entry.tags.join(" "));
      var thumb = element("a", "thumb");
      thumb.setAttribute("data-render", base);
      var image = element("img");
      image.setAttribute("loading", "lazy");
      image.setAttribute("width", data.devices[0].width);
      image.setAttribute("height", data.devices[0].height);
      image.setAttribute("alt", entry.name + " — " + variant.name);
      thumb.appendChild(image);
      card.appendChild(thumb);
      var body = element("div", "card-body");
      var heading = element("h2");
      var link = element("a", null, entry.name);
      link.href = root + entry.page;
      heading.appendChild(link);
      body.appendChild(heading);
      var meta = element("p", "meta");
      meta.appendChild(element("span", "badge", entry.layout));
      entry.states.forEach(function (s) {
        meta.appendChild(document.createTextNode(" "));
        meta.appendChild(element("span", "state", s));
      });
      body.appendChild(meta);
      if (entry.lint) {
        var lintLine = element("p", "lint-line");
        lintLine.appendChild(element("span", "lint lint-" + entry.lint.kind, entry.lint.label));
        body.appendChild(lintLine);
      }
      if (entry.tags.length) {
        var tags = element("p", "tags");
        entry.tags.forEach(function (t) {
          tags.appendChild(element("span", "tag", "#" + t));
          tags.appendChild(document.createTextNode(" "));
        });
        body.appendChild(tags);
      }
      // The variants the filters found are marked: a card lists all of its design's.
      var terms = state.q.toLowerCase().split(/\s+/).filter(Boolean);
      var list = element("ol", "variant-list");
      entry.variants.forEach(function (v) {
        var byState = state.state && v.state === state.state;
        var byName = terms.length > 0 && terms.every(function (term) { return v.name.toLowerCase().indexOf(term) >= 0; });
        var item = element("li", byState || byName ? "match" : null);
        var a = element("a", null, v.name);
        a.href = root + entry.page + "#variant-" + v.id;
        item.appendChild(a);
        if (byState || byName) item.appendChild(element("span", "match-note", " matches"));
        list.appendChild(item);
      });
      body.appendChild(list);
      card.appendChild(body);
      return card;
    }

    function updateThumbnails() {
      var thumbs = grid.querySelectorAll("a.thumb[data-render]");
      Array.prototype.forEach.call(thumbs, function (thumb) {
        var base = thumb.getAttribute("data-render");
        thumb.href = root + base + suffix(".html");
        var image = thumb.querySelector("img");
        if (!image) return;
        image.src = root + base + suffix(".svg");
        var name = image.getAttribute("alt").split(" (")[0];
        image.setAttribute("alt", name + " (" + deviceName() + ", " + state.theme + ", " + state.locale + ")");
      });
    }

    function updateURL() {
      var query = new URLSearchParams();
      var initial = defaults();
      FILTERS.forEach(function (name) { if (state[name]) query.set(name, state[name]); });
      SWITCHES.forEach(function (name) { if (state[name] !== initial[name]) query.set(name, state[name]); });
      var text = query.toString();
      try {
        window.history.replaceState(null, "", window.location.pathname + (text ? "?" + text : ""));
      } catch (error) {
        // Some browsers refuse history changes on file:// pages; the view still updates.
      }
      if (pager) {
        var keep = new URLSearchParams();
        SWITCHES.forEach(function (name) { if (state[name] !== initial[name]) keep.set(name, state[name]); });
        var carried = keep.toString();
        Array.prototype.forEach.call(pager.querySelectorAll("a"), function (a) {
          var href = a.getAttribute("href").split("?")[0];
          a.setAttribute("href", href + (carried ? "?" + carried : ""));
        });
      }
    }

    function render() {
      if (filtering()) {
        var found = data.designs.filter(matches);
        grid.textContent = "";
        found.forEach(function (entry) { grid.appendChild(buildCard(entry)); });
        if (pager) pager.hidden = true;
        if (count) {
          count.textContent = found.length === 0
            ? "No design matches these filters."
            : found.length + " of " + data.designs.length + (data.designs.length === 1 ? " design" : " designs") +
              (found.length === 1 ? " matches." : " match.");
        }
      } else {
        grid.textContent = "";
        serverCards.forEach(function (card) { grid.appendChild(card); });
        if (pager) pager.hidden = false;
        if (count) count.textContent = serverCount;
      }
      updateThumbnails();
      updateURL();
    }

    var timer = null;
    form.addEventListener("input", function (event) {
      var field = event.target;
      if (!field.name) return;
      state[field.name] = field.value;
      clearTimeout(timer);
      timer = setTimeout(render, field.type === "search" ? 120 : 0);
    });
    form.addEventListener("change", function (event) {
      var field = event.target;
      if (!field.name) return;
      state[field.name] = field.value;
      render();
    });
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      render();
    });
    syncForm();
    render();
  }

  // ---- Render page: the live rendition behaves like the phone -------------

  function showToast(screen, text) {
    var toast = screen.querySelector(".bs-toast[data-from-button]");
    if (!toast) {
      toast = document.createElement("div");
      toast.className = "bs-toast bs-toast-live";
      toast.setAttribute("data-from-button", "");
      toast.setAttribute("role", "status");
      screen.appendChild(toast);
    }
    toast.textContent = text;
    toast.classList.remove("bs-hidden");
    clearTimeout(toast.timer);
    toast.timer = setTimeout(function () { toast.classList.add("bs-hidden"); }, 2000);
  }

  function reload(screen, button) {
    button.classList.add("bs-pressed");
    screen.classList.add("bs-reloading");
    var spinner = screen.querySelector(".bs-reload-spinner");
    if (!spinner) {
      spinner = document.createElement("div");
      // The era's indicator: 8 spokes since iOS 13 (the screen says so), 12 before.
      var spokes = Number(screen.getAttribute("data-spokes")) || 12;
      var fade = spokes === 8 ? 0.1 : 0.07;
      spinner.className = "bs-reload-spinner bs-spinner" + (spokes === 8 ? " bs-spinner-8" : "");
      spinner.setAttribute("role", "status");
      spinner.setAttribute("aria-label", "Reloading");
      for (var i = 0; i < spokes; i++) {
        var spoke = document.createElement("i");
        spoke.style.transform = "rotate(" + i * 360 / spokes + "deg)";
        spoke.style.opacity = String(1 - ((spokes - i) % spokes) * fade);
        spinner.appendChild(spoke);
      }
      screen.appendChild(spinner);
    }
    setTimeout(function () {
      button.classList.remove("bs-pressed");
      screen.classList.remove("bs-reloading");
    }, 900);
  }

  // A list that may scroll follows a drag and springs back; one that may not stays put.
  function enableBounce(list) {
    var content = list.querySelector(".bs-list-content");
    if (!content) return;
    var startY = null;
    list.addEventListener("pointerdown", function (event) {
      if (event.target.closest("button")) return;
      startY = event.clientY;
      content.style.transition = "none";
      try {
        list.setPointerCapture(event.pointerId);
      } catch (error) {
        // A pointer the browser does not track (a synthetic event): follow it without capture.
      }
    });
    list.addEventListener("pointermove", function (event) {
      if (startY === null) return;
      var overflow = content.scrollHeight > list.clientHeight + 1;
      if (overflow) {
        list.scrollTop -= event.clientY - startY;
        startY = event.clientY;
        return;
      }
      var distance = event.clientY - startY;
      content.style.transform = "translateY(" + (distance * 0.35).toFixed(1) + "px)";
    });
    function release() {
      if (startY === null) return;
      startY = null;
      content.style.transition = "transform 0.35s cubic-bezier(0.2, 0.8, 0.2, 1)";
      content.style.transform = "";
    }
    list.addEventListener("pointerup", release);
    list.addEventListener("pointercancel", release);
  }

  function initRenditions() {
    document.addEventListener("click", function (event) {
      var target = event.target.closest ? event.target.closest("[data-action]") : null;
      if (!target) return;
      var screen = target.closest(".bs-screen");
      if (!screen) return;
      if (target.getAttribute("data-action") === "toast") {
        showToast(screen, target.getAttribute("data-toast") || "");
      } else if (target.getAttribute("data-action") === "reload") {
        reload(screen, target);
      }
    });
    var lists = document.querySelectorAll(".bs-list[data-scroll='enabled']");
    Array.prototype.forEach.call(lists, enableBounce);
  }

  // ---- Snapshot report: the overlay's slider and onion skin --------------

  // Under `blankslate serve` the report's changes can be accepted from the page:
  // the served page carries the run's token, which the server asks of every change.
  // Accept names each render of the card with the golden and current hashes shown,
  // so a change saved after the page was drawn is refused (409), never recorded.
  function initAccept() {
    var script = document.querySelector("script[data-token]");
    if (!script) return;
    var token = script.getAttribute("data-token");
    Array.prototype.forEach.call(document.querySelectorAll("[data-renders]"), function (button) {
      button.hidden = false;
      button.addEventListener("click", function () {
        var decisions = JSON.parse(button.getAttribute("data-renders")).map(function (render) {
          return { render: render.render, golden: render.golden, current: render.current, decision: "approve" };
        });
        button.disabled = true;
        button.textContent = "Accepting…";
        fetch("/_blankslate/accept", {
          method: "POST", headers: { "X-Blankslate-Token": token, "Content-Type": "application/json" },
          body: JSON.stringify({ decisions: decisions })
        }).then(function (response) { return response.text(); })
          .then(function (text) { button.textContent = text.trim(); });
      });
    });
  }

  // ---- Design page: which renders the matrix shows -------------------------

  // Filters for device, theme, language and size, kept in the URL as the
  // index's are; a page opens on the site's first theme and language with
  // every device, and `all` in the URL shows every value of an axis.
  function initMatrixFilters() {
    var form = document.querySelector("[data-matrix-filters]");
    var matrix = document.querySelector(".matrix");
    if (!form || !matrix) return;
    var AXES = ["device", "theme", "locale", "size"];
    var defaults = { device: "all", theme: form.getAttribute("data-default-theme") || "all",
      locale: form.getAttribute("data-default-locale") || "all", size: "all" };
    var params = new URLSearchParams(window.location.search);
    var count = form.querySelector(".matrix-count");
    AXES.forEach(function (axis) {
      var select = form.querySelector("select[name=" + axis + "]");
      if (!select) return;
      var wanted = params.get(axis) || defaults[axis];
      select.value = Array.prototype.some.call(select.options, function (o) { return o.value === wanted; }) ? wanted : "all";
    });
    function apply() {
      var chosen = {};
      AXES.forEach(function (axis) {
        var select = form.querySelector("select[name=" + axis + "]");
        chosen[axis] = select ? select.value : "all";
      });
      var shown = 0;
      var headers = matrix.querySelectorAll("thead th[data-device]");
      Array.prototype.forEach.call(matrix.querySelectorAll("[data-device]"), function (cell) {
        var visible = AXES.every(function (axis) {
          return chosen[axis] === "all" || cell.getAttribute("data-" + axis) === chosen[axis];
        });
        cell.hidden = !visible;
      });
      Array.prototype.forEach.call(headers, function (th) { if (!th.hidden) shown += 1; });
      if (count) count.textContent = shown + " of " + headers.length + " renders per variant";
      var query = new URLSearchParams();
      AXES.forEach(function (axis) { if (chosen[axis] !== defaults[axis]) query.set(axis, chosen[axis]); });
      var text = query.toString();
      try {
        window.history.replaceState(null, "", window.location.pathname + (text ? "?" + text : "") + window.location.hash);
      } catch (error) {
        // Some browsers refuse history changes on file:// pages; the view still updates.
      }
    }
    form.addEventListener("change", apply);
    form.addEventListener("submit", function (event) { event.preventDefault(); });
    apply();
  }

  // The static report, opened from file:// with no server: a reviewer approves or
  // rejects each card (with a note) and saves a decisions file that
  // `blankslate accept` applies. A render on several cards (two edits reach it)
  // is approved only when every one of them is, and rejected when any is.
  function reportDecisions() {
    var sets = document.querySelectorAll("fieldset.decision[data-renders]");
    var byRender = {};
    var order = [];
    Array.prototype.forEach.call(sets, function (set) {
      var checked = set.querySelector("input[type=radio]:checked");
      var noteField = set.querySelector("input[type=text]");
      var note = noteField ? noteField.value.trim() : "";
      JSON.parse(set.getAttribute("data-renders")).forEach(function (render) {
        var entry = byRender[render.render];
        if (!entry) {
          entry = byRender[render.render] = { render: render, verdicts: [], notes: [] };
          order.push(render.render);
        }
        entry.verdicts.push(checked ? checked.value : "");
        if (note && entry.notes.indexOf(note) < 0) entry.notes.push(note);
      });
    });
    var decisions = [];
    order.forEach(function (name) {
      var entry = byRender[name];
      var verdict = entry.verdicts.indexOf("reject") >= 0 ? "reject"
        : entry.verdicts.every(function (v) { return v === "approve"; }) ? "approve" : "";
      if (!verdict) return;
      var decision = { render: name, golden: entry.render.golden, current: entry.render.current, decision: verdict };
      if (entry.notes.length) decision.note = entry.notes.join(" · ").slice(0, 2000);
      decisions.push(decision);
    });
    return { decisions: decisions };
  }

  function initDecisions() {
    var sets = document.querySelectorAll("fieldset.decision[data-renders]");
    if (!sets.length) return;
    var count = document.querySelector(".decision-count");
    function update() {
      var decided = Array.prototype.filter.call(sets, function (set) {
        return set.querySelector("input[type=radio]:checked");
      }).length;
      if (count) count.textContent = decided + " of " + sets.length + " cards decided";
    }
    Array.prototype.forEach.call(sets, function (set) { set.addEventListener("change", update); });
    Array.prototype.forEach.call(document.querySelectorAll("[data-decide-all]"), function (button) {
      button.addEventListener("click", function () {
        var value = button.getAttribute("data-decide-all");
        Array.prototype.forEach.call(sets, function (set) {
          var radio = set.querySelector("input[type=radio][value=" + value + "]");
          if (radio) radio.checked = true;
        });
        update();
      });
    });
    var save = document.querySelector("[data-save-decisions]");
    if (save) {
      save.addEventListener("click", function () {
        var text = JSON.stringify(reportDecisions(), null, 2) + "\n";
        var link = document.createElement("a");
        link.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
        link.download = "decisions.json";
        document.body.appendChild(link);
        link.click();
        link.remove();
      });
    }
    update();
  }

  function initZoom() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-zoom]"), function (slider) {
      var card = slider.closest(".result");
      if (!card) return;
      slider.addEventListener("input", function () { card.style.setProperty("--zoom", slider.value + "px"); });
    });
  }

  function initOverlays() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-overlay]"), function (overlay) {
      var stack = overlay.querySelector(".stack");
      var top = overlay.querySelector(".stack .top");
      var slider = overlay.querySelector("[data-slider]");
      var onion = overlay.querySelector("[data-onion]");
      if (!stack || !top) return;
      if (slider) {
        slider.addEventListener("input", function () {
          top.style.clipPath = "inset(0 0 0 " + slider.value + "%)";
        });
      }
      if (onion) {
        onion.addEventListener("change", function () {
          stack.classList.toggle("onion", onion.checked);
          top.style.clipPath = onion.checked ? "none" : "inset(0 0 0 " + (slider ? slider.value : 50) + "%)";
          if (slider) slider.disabled = onion.checked;
        });
      }
    });
  }

  // ---- Design and render pages: copy a code snippet -------------------

  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("[data-copy]") : null;
    if (!button) return;
    var code = document.getElementById(button.getAttribute("data-copy"));
    if (!code || !navigator.clipboard) return;
    navigator.clipboard.writeText(code.textContent).then(function () {
      button.textContent = "Copied";
      setTimeout(function () { button.textContent = "Copy"; }, 1500);
    });
  });

  // ---- Phone width: the filters fold under one button ---------------------

  // At phone width the full panel would fill the first screen: the search
  // stays, the other filters fold under a button that says how many are set.
  function initFold(form) {
    if (!form || !window.matchMedia) return;
    var narrow = window.matchMedia("(max-width: 540px)");
    var button = document.createElement("button");
    button.type = "button";
    button.className = "fold";
    button.setAttribute("aria-controls", form.id);
    form.insertBefore(button, form.children[1] || null);
    function setCount() {
      var set = Array.prototype.filter.call(form.querySelectorAll("select"), function (select) {
        return select.value !== "";
      }).length;
      var open = !form.classList.contains("folded");
      button.textContent = (open ? "Fewer filters" : "Filters") + (set ? " · " + set + " set" : "");
      button.setAttribute("aria-expanded", open ? "true" : "false");
    }
    function apply() {
      form.classList.toggle("folded", narrow.matches);
      button.hidden = !narrow.matches;
      setCount();
    }
    button.addEventListener("click", function () {
      form.classList.toggle("folded");
      setCount();
    });
    form.addEventListener("change", setCount);
    if (narrow.addEventListener) narrow.addEventListener("change", apply);
    apply();
  }

  // ---- Render pages: a device wider than the window is scaled to fit -----

  // Scaled as a whole (CSS zoom), so the live rendition's text keeps its own
  // layout; at full size nothing changes.
  function initFit() {
    var devices = document.querySelectorAll(".stage .device");
    if (!devices.length) return;
    function fit() {
      Array.prototype.forEach.call(devices, function (device) {
        device.style.zoom = "";
        var stage = device.parentNode;
        var room = stage.clientWidth;
        var natural = device.getBoundingClientRect().width;
        if (natural > room && room > 0) device.style.zoom = String(Math.floor(room / natural * 1000) / 1000);
      });
    }
    window.addEventListener("resize", fit);
    fit();
  }

  var main = document.querySelector("main.index");
  if (main) initIndex(main);
  if (main) initFold(document.getElementById("controls"));
  initFit();
  initRenditions();
  initOverlays();
  initZoom();
  initAccept();
  initDecisions();
  initMatrixFilters();
})();
