// A first visit runs the boot module (pyodide-boot.mjs) from the page's head, so that it asks for
// the snapshot, Pyodide's WebAssembly and standard library at once: on a phone's 4G they are most
// of the bytes, and PyScript, which takes the module as its interpreter, asks for it a chain of
// files later (1.2 s on the phone profile). A return visit has them all on the device and waits
// for the phone's CPU instead: there it is left to PyScript (asked for early, no faster).
if (!(navigator.serviceWorker && navigator.serviceWorker.controller)) {
  // the module Pyodide's own (which the boot module imports) comes with it, not a round trip after
  const preload = document.createElement("link");
  preload.rel = "modulepreload";
  preload.href = "./vendor/pyodide/pyodide.mjs";
  document.head.appendChild(preload);
  import("./pyodide-boot.mjs").catch(() => {}); // PyScript imports it again, and says why it cannot
}
