// Registers the service worker that keeps the whole site on this device, and says when it has.
// On a first visit it waits until Python is up (body[data-ready]), so the precache is filled
// from the HTTP cache the page just warmed (conditional requests) instead of racing the page
// for the same 14 MB. No rules here: everything that computes runs in Python.
(function () {
  var status = document.getElementById("offline-status");
  function show(text) { if (status) status.textContent = text; }
  if (!("serviceWorker" in navigator)) { show("this browser cannot keep an offline copy"); return; }

  function register() {
    navigator.serviceWorker.register("./sw.js").then(function () {
      return navigator.serviceWorker.ready;
    }).then(function () {
      document.documentElement.dataset.offline = "ready";
      show("works offline");
    }, function () {
      show("offline copy unavailable");
    });
  }

  if (navigator.serviceWorker.controller || document.body.dataset.ready === "1") { register(); return; }
  new MutationObserver(function (changes, observer) {
    if (document.body.dataset.ready === "1") { observer.disconnect(); register(); }
  }).observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
})();
