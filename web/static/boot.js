// Registers the service worker that keeps the whole site on this device, and says when it has.
// No rules here: everything that computes runs in Python (web/app/, pyengine/).
(function () {
  var status = document.getElementById("offline-status");
  function show(text) { if (status) status.textContent = text; }
  if (!("serviceWorker" in navigator)) { show("this browser cannot keep an offline copy"); return; }
  navigator.serviceWorker.register("./sw.js").then(function () {
    return navigator.serviceWorker.ready;
  }).then(function () {
    document.documentElement.dataset.offline = "ready";
    show("works offline");
  }, function () {
    show("offline copy unavailable");
  });
})();
