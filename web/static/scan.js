// The start page's camera, loaded only when the scanner opens: it reads QR codes and hands
// their text to Python (web/app/scan.py), which decides what, if anything, is opened.
// BarcodeDetector where the browser reads QR codes with it; otherwise the vendored jsQR,
// fetched only then (the service worker keeps it for offline use). No rules here.
(function () {
  var stream = null, timer = 0, running = false, video = null;

  function loadJsQR() {
    return new Promise(function (done, fail) {
      if (window.jsQR) { done(window.jsQR); return; }
      var script = document.createElement("script");
      script.src = "./vendor/jsqr/jsQR.js";
      script.onload = function () { done(window.jsQR); };
      script.onerror = function () { fail({ name: "reader" }); };
      document.head.appendChild(script);
    });
  }

  function barcodeDetector() {
    if (!("BarcodeDetector" in window)) return Promise.resolve(null);
    return window.BarcodeDetector.getSupportedFormats().then(function (formats) {
      if (formats.indexOf("qr_code") < 0) return null;
      var detector = new window.BarcodeDetector({ formats: ["qr_code"] });
      return function () {
        return detector.detect(video).then(function (codes) { return codes.length ? codes[0].rawValue : null; });
      };
    }, function () { return null; });
  }

  function jsQRReader(jsQR) {
    var canvas = document.createElement("canvas");
    var context = canvas.getContext("2d", { willReadFrequently: true });
    return function () {
      var w = video.videoWidth, h = video.videoHeight;
      if (!w || !h) return Promise.resolve(null);
      canvas.width = w; canvas.height = h;
      context.drawImage(video, 0, 0, w, h);
      var found = jsQR(context.getImageData(0, 0, w, h).data, w, h, { inversionAttempts: "attemptBoth" });
      return Promise.resolve(found ? found.data : null);
    };
  }

  function stop() {
    running = false;
    clearTimeout(timer);
    if (stream) stream.getTracks().forEach(function (track) { track.stop(); });
    stream = null;
    if (video) video.srcObject = null;
  }

  // start(video element, onCode(text), onError(name)): the rear camera if there is one.
  function start(element, onCode, onError) {
    stop();
    video = element;
    if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) { onError("unavailable"); return; }
    running = true;
    var read = null;
    function loop() {
      if (!running) return;
      read().then(function (text) { if (running && text) onCode(text); }, function () {})
        .then(function () { if (running) timer = setTimeout(loop, 150); });
    }
    navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: "environment" } }, audio: false })
      .then(function (got) {
        if (!running) { got.getTracks().forEach(function (track) { track.stop(); }); return null; }
        stream = got;
        video.srcObject = got;
        return Promise.all([video.play(), barcodeDetector()]);
      })
      .then(function (ready) {
        if (!ready || !running) return null;
        return ready[1] || loadJsQR().then(jsQRReader);
      })
      .then(function (reader) {
        if (!reader || !running) return;
        read = reader;
        loop();
      })
      .catch(function (error) {
        stop();
        onError(String((error && error.name) || "Error"));
      });
  }

  window.strikeRankScanner = { start: start, stop: stop };
})();
