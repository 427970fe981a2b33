// The page as it was left, on the screen before Python is up (issue 36; docs/startup.md "The page as
// it was left"). Python keeps what a page drew (pyengine.pages.paint, app.paint) under the key
// data-key names; this shows it when it is the paint of the page as it is now, by the rule of
// pyengine.pages.paint.current: this build (data-build), this address fragment (or the one the
// page was opened at, when it wrote its own form of it as it started), the records'
// revision (the key data-revision names; a save in another tab changes it). Anything else, or
// anything our renderers never make (a script, an element of PyScript's, an on… or py-…
// attribute), and nothing of it is shown: a paint is shown whole or not at all. The HTML is parsed
// in an inert <template> first (nothing in it loads or runs there); the content security policy
// forbids inline script and handlers besides. A parser-blocking script after <main>: it runs
// before the first paint and before guard.js, so it holds the guard's rule itself.
// Shown, <html data-painted> says so (style.css: controls look as starting), and
// window.strikeRankPaint hands the page to Python: write() draws a region keeping what was
// typed in it meanwhile, settle(drawn) puts back as built what the live page did not draw. No rules.
(function () {
  var data = document.currentScript && document.currentScript.dataset;
  if (!data || !data.key || !data.build) return;
  var MAX_CHARS = 262144; // pyengine.pages.paint.MAX_CHARS
  var ID = /^[A-Za-z][A-Za-z0-9_-]{0,79}$/; // pyengine.pages.paint.ELEMENT_ID
  var NEVER = "script,template,iframe,object,embed,base,link,meta,style,frame,frameset,noscript," +
    "py-script,mpy-script,pyodide-script,micropython-script";
  var RESTORED = "This is the page as you left it; its buttons work once Python is up. It can be filled in meanwhile.";
  var NEVER_ATTRIBUTE = /^(on|py-|mpy-|pyodide-|micropython-|style$)/i; // style: app.paint keeps none

  var text, revision;
  try {
    text = localStorage.getItem(data.key);
    revision = localStorage.getItem(data.revision) || "";
  } catch (error) {
    return; // storage refused: the page as built
  }
  if (!text || text.length > MAX_CHARS) return;
  var paint;
  try { paint = JSON.parse(text); } catch (error) { return; }
  var at = paint && (paint.view === location.hash ||
    (typeof paint.opened_at === "string" && paint.opened_at !== "" && paint.opened_at === location.hash));
  if (!paint || paint.v !== 1 || paint.build !== data.build || !at || paint.revision !== revision) return;

  // [[element, value]] of a map of the record, each element found first in the regions about to be
  // drawn (a field drawn in one), then in the page; null when anything in it is not as Python writes.
  function entries(map, kind, fragments) {
    if (map === undefined) return [];
    if (!map || typeof map !== "object" || Array.isArray(map)) return null;
    var out = [];
    for (var id in map) {
      if (!Object.prototype.hasOwnProperty.call(map, id)) continue;
      if (!ID.test(id) || typeof map[id] !== kind) return null;
      var element = null;
      for (var i = 0; i < fragments.length && !element; i += 1) element = fragments[i].getElementById(id);
      element = element || document.getElementById(id);
      if (!element) return null;
      out.push([element, map[id]]);
    }
    return out;
  }

  // An on… or py-… attribute among the tags of this HTML, read as the browser's tokenizer reads them (a
  // value in quotes may hold anything: "one", "on time" are no handlers). Both patterns always match
  // at a "<", so they never backtrack far.
  var TAG = /<[A-Za-z][^\s\/>]*((?:[\s\/]+[^\s\/>=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]*))?)*)[\s\/]*>?/g;
  var ATTRIBUTE = /[\s\/]+([^\s\/>=]+)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]*))?/g;
  function handlers(html) {
    var tag, attribute;
    TAG.lastIndex = 0;
    while ((tag = TAG.exec(html))) {
      ATTRIBUTE.lastIndex = 0;
      while ((attribute = ATTRIBUTE.exec(tag[1]))) if (NEVER_ATTRIBUTE.test(attribute[1])) return true;
    }
    return false;
  }

  function inert(html) { // the HTML as an inert fragment, or null when it holds what we never make
    // A handler's attribute refused before parsing: parsed, even inert, it is reported as the policy's
    // violation. (Our renderers escape every "<" of text, so "<" here opens a tag.)
    if (handlers(html)) return null;
    var template = document.createElement("template");
    template.innerHTML = html;
    if (template.content.querySelector(NEVER)) return null;
    var all = template.content.querySelectorAll("*");
    for (var i = 0; i < all.length; i += 1) {
      for (var j = 0; j < all[i].attributes.length; j += 1) {
        if (NEVER_ATTRIBUTE.test(all[i].attributes[j].name)) return null;
      }
    }
    return template.content;
  }

  var html = entries(paint.html, "string", []);
  if (!html) return;
  var fragments = html.map(function (pair) { return inert(pair[1]); });
  if (fragments.some(function (fragment) { return !fragment; })) return;
  var hidden = entries(paint.hidden, "boolean", fragments), opened = entries(paint.opened, "boolean", fragments);
  var values = entries(paint.values, "string", fragments), checked = entries(paint.checked, "boolean", fragments);
  var current = entries(paint.current, "boolean", fragments);
  if (!hidden || !values || !checked || !opened || !current) return;

  // Drawn, each thing as built kept aside for settle().
  var built = [];
  html.forEach(function (pair, i) {
    var element = pair[0], was = element.innerHTML;
    element.replaceChildren(fragments[i]);
    built.push([element.id, function () { element.innerHTML = was; }]);
  });
  [[hidden, "hidden"], [opened, "open"]].forEach(function (kind) {
    kind[0].forEach(function (pair) {
      var element = pair[0], was = element[kind[1]];
      element[kind[1]] = pair[1];
      built.push([element.id, function () { element[kind[1]] = was; }]);
    });
  });
  current.forEach(function (pair) { // the link for what is shown (combat's tab of the mode shown)
    var element = pair[0], was = element.getAttribute("aria-current");
    if (pair[1]) element.setAttribute("aria-current", "page"); else element.removeAttribute("aria-current");
    built.push([element.id, function () {
      if (was === null) element.removeAttribute("aria-current"); else element.setAttribute("aria-current", was);
    }]);
  });
  // A field's value is drawn as its default: what is typed before Python is up differs from it,
  // and the page (app.start.untouched) takes that as typed.
  values.forEach(function (pair) {
    var element = pair[0];
    if (element.localName === "select") {
      var was = Array.prototype.map.call(element.options, function (option) { return option.defaultSelected; });
      Array.prototype.forEach.call(element.options, function (option) { option.defaultSelected = option.value === pair[1]; });
      built.push([element.id, function () {
        Array.prototype.forEach.call(element.options, function (option, i) { option.defaultSelected = was[i]; });
      }]);
    } else if ("defaultValue" in element) {
      var before = element.defaultValue;
      element.defaultValue = pair[1];
      built.push([element.id, function () { element.defaultValue = before; }]);
    }
  });
  checked.forEach(function (pair) {
    var element = pair[0], was = element.defaultChecked;
    element.defaultChecked = pair[1];
    built.push([element.id, function () { element.defaultChecked = was; }]);
  });

  var root = document.documentElement;
  root.dataset.painted = "";
  performance.mark("painted"); // on the screen at the first paint, which follows (build.py bench reads it)
  // Said in the status line's note (its first words are the boot module's to change).
  var status = document.querySelector("#engine-status .status-note");
  var said = status && status.textContent;
  if (status) status.textContent = RESTORED;

  // The player typed, ticked or chose in this field (it differs from its default). A fold is his
  // while the paint is up: open or shut as he left it or made it since (the start's own choice, such as
  // fight mode shutting its add form over a fight kept, would move the page under him).
  function touched(element) {
    if (element.localName === "details") return true;
    if (element.type === "checkbox" || element.type === "radio") return element.checked !== element.defaultChecked;
    if (element.localName === "select") {
      var chosen = Array.prototype.findIndex.call(element.options, function (option) { return option.defaultSelected; });
      return element.selectedIndex !== Math.max(chosen, 0);
    }
    return "defaultValue" in element && element.value !== element.defaultValue;
  }

  // What the player typed in the fields under a node: [[id, property, value]].
  function typedIn(node) {
    var out = [];
    node.querySelectorAll("input, select, textarea").forEach(function (field) {
      if (field.id && touched(field)) {
        var checks = field.type === "checkbox" || field.type === "radio";
        out.push([field.id, checks ? "checked" : "value", checks ? field.checked : field.value]);
      }
    });
    return out;
  }

  window.strikeRankPaint = {
    touched: touched,
    // The live page draws a region: what was typed in it while the paint was up stays typed, and its
    // folds stay open or shut (a row of fight mode's table left open is drawn shut; opened again, the
    // page's own "toggle" listener draws what goes in it).
    write: function (element, markup) {
      var kept = typedIn(element);
      element.querySelectorAll("details[id]").forEach(function (fold) { kept.push([fold.id, "open", fold.open]); });
      element.innerHTML = markup;
      kept.forEach(function (field) {
        var now = document.getElementById(field[0]);
        if (now && element.contains(now) && now[field[1]] !== field[2]) now[field[1]] = field[2];
      });
    },
    // Python is up and has drawn the page (drawn: the ids it wrote): the rest goes back as built.
    settle: function (drawn) {
      built.forEach(function (entry) { if (drawn.indexOf(entry[0]) < 0) entry[1](); });
      built = [];
      if (status && status.textContent === RESTORED) status.textContent = said;
      delete root.dataset.painted;
    },
  };
})();
