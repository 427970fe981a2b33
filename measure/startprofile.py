"""Where a page's start goes: Pyodide, PyScript, unpacking our wheel, compiling and importing.

    .venv/bin/python -m measure.startprofile [page ...] [--warm N]

Loads each page once cold (fresh profile) and N times warm (service worker), hooking the
Pyodide object the page's interpreter module hands to PyScript (``strikeRankPyodide``)
to time ``unpackArchive`` and every import (compile vs execute), and prints the medians.
A diagnostic, not a test: the numbers move with the machine's load.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from tools import chromium
from tools.serve import serving

PY_HOOK = r"""
import sys, time, importlib.machinery as M, importlib._bootstrap_external as E
_prof = {"compile": 0.0, "compiled": 0, "imports": {}, "unmarshal": 0.0}
_orig_s2c = E.SourceLoader.source_to_code
def _s2c(self, data, path, *a, **k):
    t = time.perf_counter(); r = _orig_s2c(self, data, path, *a, **k)
    _prof["compile"] += time.perf_counter() - t; _prof["compiled"] += 1
    return r
E.SourceLoader.source_to_code = _s2c
_orig_exec = E._LoaderBasics.exec_module
_stack = [0.0]
_prof["self"] = {}
_prof["at"] = {}
def _exec(self, module):
    import js
    _prof["at"][module.__name__] = js.performance.now()
    t = time.perf_counter()
    _stack.append(0.0)
    try:
        return _orig_exec(self, module)
    finally:
        took = time.perf_counter() - t
        children = _stack.pop()
        _stack[-1] += took
        _prof["imports"][module.__name__] = took
        _prof["self"][module.__name__] = took - children
E._LoaderBasics.exec_module = _exec
_orig_cc = E._compile_bytecode
def _cc(*a, **k):
    t = time.perf_counter(); r = _orig_cc(*a, **k); _prof["unmarshal"] += time.perf_counter() - t; return r
E._compile_bytecode = _cc
sys.modules["__strike_prof"] = type(sys)("__strike_prof"); sys.modules["__strike_prof"].prof = _prof
"""

INIT_JS = """
(() => {
  const marks = [];
  globalThis.__marks = marks;
  const t = (name) => marks.push([name, performance.now()]);
  let held;
  Object.defineProperty(globalThis, "strikeRankPyodide", {
    configurable: true,
    get() { return held; },
    set(py) {
      held = py;
      t("pyodide handed over");
      try { py.runPython(%s); } catch (e) { console.warn("hook", e); }
      for (const name of ["unpackArchive", "loadPackage", "runPythonAsync", "runPython"]) {
        const orig = py[name].bind(py);
        py[name] = function (...args) {
          const start = performance.now();
          const r = orig(...args);
          const done = () => marks.push([name, start, performance.now()]);
          if (r && typeof r.then === "function") r.then(done, done); else done();
          return r;
        };
      }
    },
  });
})();
""" % json.dumps(PY_HOOK)

READ_JS = r"""() => {
  const py = globalThis.strikeRankPyodide;
  let prof = null;
  try { prof = py.runPython("import json, sys; json.dumps(sys.modules['__strike_prof'].prof)"); } catch (e) {}
  const res = performance.getEntriesByType("resource").map(r => [r.name.split("/").pop(), r.startTime, r.responseEnd]);
  const ms = performance.getEntriesByType("measure").map(m => [m.name, m.startTime, m.duration]);
  const mk = performance.getEntriesByType("mark").map(m => [m.name, m.startTime]);
  let used = null; try { used = py.runPython("import sys; m = sys.modules.get('strike_rank_baked'); len(m.USED) if m else -1"); } catch (e) {}
  return {used, marks: globalThis.__marks, prof: prof && JSON.parse(prof), res, ms, mk, start: globalThis.strikeRankStart};
}"""


def one(page, url):
    page.goto(url)
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=120_000)
    return page.evaluate(READ_JS)


def summary(runs):
    out = {}
    for r in runs:
        ready = next(t for n, t in r["mk"] if n == "ready")
        row = {"ready": ready}
        for m in r["marks"]:
            if len(m) == 3:
                key = m[0]
                row[key + " start"] = m[1]
                row[key + " ms"] = row.get(key + " ms", 0) + (m[2] - m[1])
            else:
                row[m[0]] = m[1]
        for name, t in r["mk"]:
            if name != "ready" and not name.endswith(":start"):
                row["mark " + name] = t
        for name, _start, dur in r["ms"]:
            row["measure " + name] = dur
        for name, _start, end in r["res"]:
            if name.endswith((".whl", "core.js", "pyodide.asm.wasm", ".gz", "pyscript.json")) or name.startswith("core-"):
                row["res " + name + " end"] = end
        if r["prof"]:
            p = r["prof"]
            row["py compile ms"] = p["compile"] * 1000
            row["py compiled n"] = p["compiled"]
            row["py unmarshal ms"] = p["unmarshal"] * 1000
            top = {k: v for k, v in p["imports"].items() if "." not in k or k.startswith(("app", "pyengine"))}
            row["py imports (own+top) ms"] = sum(v for k, v in p["imports"].items()
                                                 if k.split(".")[0] in ("app", "pyengine") and k.count(".") == 0) * 1000
            row["_top"] = sorted(top.items(), key=lambda kv: -kv[1])[:12]
            row["_self"] = sorted(p["self"].items(), key=lambda kv: -kv[1])[:60]
            before = {k: v for k, v in p["self"].items() if p["at"].get(k, 0) < ready}
            row["py self before ready ms"] = sum(before.values()) * 1000
            row["py modules before ready n"] = len(before)
            row["_before"] = sorted(before.items(), key=lambda kv: -kv[1])
        out.setdefault("rows", []).append(row)
    keys = [k for k in out["rows"][0] if not k.startswith("_")]
    last = out["rows"][-1]
    medians = {k: round(statistics.median(r.get(k, float("nan")) for r in out["rows"]), 1) for k in keys}
    return medians, (last.get("_top"), last.get("_self"), last.get("_before"))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("pages", nargs="*", help="pages of the built site (default: every *.html in --dist)")
    parser.add_argument("--warm", type=int, default=5)
    parser.add_argument("--dist", default="dist")
    args = parser.parse_args(argv)
    args.pages = args.pages or sorted(p.name for p in Path(args.dist).glob("*.html"))
    with serving(Path(args.dist)) as url, sync_playwright() as p:
        for name in args.pages:
            with tempfile.TemporaryDirectory(prefix="prof-") as profile:
                context = p.chromium.launch_persistent_context(profile, **chromium.launch_options(viewport=chromium.PHONE))
                context.add_init_script(INIT_JS)
                page = context.pages[0] if context.pages else context.new_page()
                cold = one(page, url + name)
                page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=120_000)
                page.wait_for_load_state("networkidle")
                warm = []
                for _ in range(args.warm):
                    page.goto("about:blank")
                    warm.append(one(page, url + name))
                context.close()
            cs, cold_top = summary([cold])
            ws, top = summary(warm) if warm else ({}, None)
            start = f"warm start: {warm[-1]['start']}, baked used {warm[-1]['used']}" if warm else "no warm loads"
            print(f"== {name} ({start})")
            for k in cs:
                print(f"  {k:40s} cold {cs[k]:8.1f}   warm {ws.get(k, float('nan')):8.1f}")
            for label, (cumulative, own, before) in (("cold", cold_top), ("warm, last run", top or (None, None, None))):
                print(f"  slowest imports ({label}, ms, with what they import):", [(k, round(v * 1000, 1)) for k, v in cumulative or []])
                print(f"  slowest modules ({label}, ms, their own compile and run):", [(k, round(v * 1000, 1)) for k, v in own or []])
                print(f"  modules imported before ready ({label}, ms, their own):", [(k, round(v * 1000, 1)) for k, v in before or []])
    return 0


if __name__ == "__main__":
    sys.exit(main())
