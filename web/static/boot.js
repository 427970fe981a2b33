// The page's only hand-written JS, none of it rules: it registers the service worker that
// keeps the site on this device, says when an update is ready, offers to install, and keeps the
// pages bar still under a thumb that taps after typing.
// On a first visit it waits until Python is up (body[data-ready]), so the precache is
// filled from the HTTP cache the page just warmed (conditional requests) instead of
// racing the page for the same files.
(function () {
  // While a field is typed in, <html> has the class "typing": on a phone the pages bar steps
  // aside for the keyboard (style.css). A tap elsewhere takes the focus away with its press
  // (a mouse's press, or a finger's tap as a whole), so the class goes only once that tap is
  // over: a bar that came back at the press would move the button under the finger before its
  // release, and the tap would land elsewhere.
  var root = document.documentElement;
  var pressed = false;
  function typingIn(el) {
    if (!el) return false;
    if (el.tagName === "TEXTAREA") return true;
    return el.tagName === "INPUT" && !/^(checkbox|radio|button|submit|reset|file|range|color|image|hidden)$/.test(el.type);
  }
  function settle() { if (!pressed && !typingIn(document.activeElement)) root.classList.remove("typing"); }
  function released() { pressed = false; setTimeout(settle, 0); }
  document.addEventListener("focusin", function (event) { if (typingIn(event.target)) root.classList.add("typing"); }, true);
  document.addEventListener("focusout", function () { setTimeout(settle, 0); }, true);
  document.addEventListener("pointerdown", function () { pressed = true; }, true);
  document.addEventListener("pointerup", released, true);
  document.addEventListener("pointercancel", released, true);
})();

(function () {
  var status = document.getElementById("offline-status");
  function show(text) { if (status) status.textContent = text; }

  // Install as an app, where the browser offers it.
  var installBox = document.getElementById("install");
  var offer = null;
  window.addEventListener("beforeinstallprompt", function (event) {
    event.preventDefault();
    offer = event;
    if (installBox) installBox.hidden = false;
  });
  var installButton = document.getElementById("install-app");
  if (installButton) installButton.addEventListener("click", function () {
    if (!offer) return;
    offer.prompt();
    offer = null;
    installBox.hidden = true;
  });

  if (!("serviceWorker" in navigator)) { show("this browser cannot keep an offline copy"); return; }

  // "Update ready" once a newer build's worker takes this page over (sw.js claims every page
  // as it activates). This page's build is the worker that controlled it as it loaded, or on a
  // first visit the first worker to take it over; any later one is a new build. Listened for on
  // the page, not on the registration's events: a worker found before this script listened, or
  // by another tab's look, takes this page over all the same.
  var controller = navigator.serviceWorker.controller;
  var announced = false;
  navigator.serviceWorker.addEventListener("controllerchange", function () {
    if (controller && !announced) {
      announced = true;
      var note = document.getElementById("update-ready");
      if (note) {
        note.hidden = false;
        document.getElementById("update-reload").addEventListener("click", function () { location.reload(); });
      }
    }
    controller = navigator.serviceWorker.controller;
  });

  // The browser looks for a new build by itself only after a navigation; a look made offline
  // fails and is not tried again. So the page looks again when the device is back online and
  // when it is shown again (a phone's tab brought back); a look that fails waits for the next.
  function lookForUpdate(registration) {
    function look() { registration.update().catch(function () {}); }
    window.addEventListener("online", look);
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") look();
    });
  }

  function register() {
    navigator.serviceWorker.register("./sw.js").then(function (registration) {
      lookForUpdate(registration);
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
