// The start page's "Where to begin" is for a device that keeps no adventurer yet. Before the
// first paint, this marks <html data-keeps="adventurers"> when the device keeps one (a key under
// the prefix data-when names; pyengine.pages.index.prerender), and style.css hides the card until
// Python is up and says the same with its hidden attribute: drawn, then taken away, it would move
// the whole page under a thumb. A parser-blocking script, placed before the card. No rules.
(function () {
  var when = document.currentScript && document.currentScript.dataset.when;
  if (!when) return;
  try {
    if (Object.keys(localStorage).some(function (key) { return key.length > when.length && key.indexOf(when) === 0; })) {
      document.documentElement.dataset.keeps = "adventurers";
    }
  } catch (error) {
    // storage refused: the card shows until Python says
  }
})();
