"""Measuring as a phone would: the bytes every file moves on the wire, a mid-range phone on 4G
(network and CPU, through the Chrome DevTools Protocol), and the start-up targets.

``Wire`` is attached to every browser page the benchmark opens (``measure/bench.py``), throttled
or not: a CDP session on the page that auto-attaches to the targets the page starts (its service
worker), enables ``Network`` on each and records every response's ``encodedDataLength`` (the
bytes on the wire, headers included) with its time, so a first visit's bytes are known before
ready and in all, file by file, the service worker's pre-cache included. Under ``PHONE`` it also
sets ``Network.emulateNetworkConditions`` on the page and on each attached worker (before the
worker runs: it waits for the debugger) and ``Emulation.setCPUThrottlingRate`` on the page.

Run it with ``python3 build.py bench --phone`` (``--cold``, ``--warm``, ``--encodings``, ``--json``).
"""

from __future__ import annotations

import json
import statistics
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"


@dataclass(frozen=True)
class Profile:
    """Network and CPU conditions, as CDP takes them."""

    name: str
    down_bits: float
    up_bits: float
    rtt_ms: float
    cpu_slowdown: float

    def network(self, offline: bool = False) -> dict:
        return {"offline": offline, "latency": self.rtt_ms, "downloadThroughput": self.down_bits / 8,
                "uploadThroughput": self.up_bits / 8}


#: A mid-range phone on 4G: 9 Mbit/s down, 1.5 Mbit/s up, 170 ms round trip, CPU 4× slower.
PHONE = Profile("a mid-range phone on 4G", 9e6, 1.5e6, 170, 4)
#: This machine over loopback, the plain bench's: no CPU slowdown, and the browser told the link is
#: as fast as it is. Chromium's estimate of the connection (``navigator.connection``) leaves loopback
#: traffic out and stays at its 1.5 Mbit/s default, so without this a first visit took the path a
#: page takes on a slow link (starting Python normally instead of from the snapshot), on a link
#: where bytes cost nothing (docs/startup.md).
LOOPBACK = Profile("this machine over loopback", 1e9, 1e9, 0, 1)
#: How long a visit may take to be ready under the phone profile before the bench gives up.
PHONE_READY_TIMEOUT_MS = 480_000
#: First visits per subject under the phone profile (the issue's medians: of at least 7).
COLD_LOADS = 7


def golden_shrapnel_link() -> str:
    """The first shrapnel result link Strike Rank 0.1.0 made (tests/golden/links-0.1.0.txt)."""
    for line in (GOLDEN / "links-0.1.0.txt").read_text(encoding="utf-8").splitlines():
        kind, _, rest = line.partition(" | ")
        if kind.strip() == "shrapnel":
            return rest.split(" | ")[0].strip()
    raise LookupError("tests/golden/links-0.1.0.txt holds no shrapnel link")


def golden_fight_link() -> str:
    """The golden 3-against-3 fight of 10 rounds (tests/golden/fight-3v3.link)."""
    return (GOLDEN / "fight-3v3.link").read_text(encoding="utf-8").strip()


#: "Opening a shared link on a first visit": subject name -> (page, link, the selector of what
#: the page draws from the replayed result: the shrapnel result card; the fight's round log).
LINK_SUBJECTS = {
    "shared shrapnel result link": ("shrapnel.html", golden_shrapnel_link, "#shr-result article.shr-result"),
    "shared fight link (3 against 3, 10 rounds)": ("combat.html", golden_fight_link, "#fl-out .fr-log"),
}

#: Marks ``result shown`` (a performance mark) the first time an element matching the selector
#: is in the document and laid out, watching every change of the DOM from the first byte.
SHOWN_SCRIPT = """(selector => {
  const seen = () => { const el = document.querySelector(selector); return el && el.getClientRects().length > 0; };
  const check = () => {
    if (performance.getEntriesByName('result shown').length) return true;
    if (seen()) { performance.mark('result shown'); return true; }
    return false;
  };
  const watch = () => {
    if (check()) return;
    const observer = new MutationObserver(() => { if (check()) observer.disconnect(); });
    observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
  };
  watch();
})(%s);"""


def shown_script(selector: str) -> str:
    return SHOWN_SCRIPT % json.dumps(selector)


class Wire:
    """What one page (and the workers it starts) moves on the wire, optionally throttled."""

    def __init__(self, context, page, profile: Profile | None = None) -> None:
        self.profile = profile
        self.offline = False
        self.cdp = context.new_cdp_session(page)
        self.workers: dict[str, str] = {}
        """Attached targets' session ids -> their type."""
        self.requests: dict[tuple[str, str], dict] = {}
        """(session, request id) -> url, encoding, time finished, bytes."""
        self.document_times: list[tuple[str, float]] = []
        self._next_id = 1_000_000
        self.cdp.on("Network.requestWillBeSent", lambda e: self._sent("page", e))
        self.cdp.on("Network.responseReceived", lambda e: self._response("page", e))
        self.cdp.on("Network.loadingFinished", lambda e: self._finished("page", e))
        self.cdp.on("Target.attachedToTarget", self._attached)
        self.cdp.on("Target.receivedMessageFromTarget", self._message)
        self.cdp.send("Network.enable")
        if profile:
            self.cdp.send("Network.emulateNetworkConditions", profile.network())
            self.cdp.send("Emulation.setCPUThrottlingRate", {"rate": profile.cpu_slowdown})
        self.cdp.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": False})

    # ---------------------------------------------------------------- workers

    def _to_worker(self, session: str, method: str, params: dict | None = None) -> None:
        self._next_id += 1
        message = json.dumps({"id": self._next_id, "method": method, "params": params or {}})
        try:
            self.cdp.send("Target.sendMessageToTarget", {"sessionId": session, "message": message})
        except Exception:  # the worker went away meanwhile
            pass

    def _attached(self, event: dict) -> None:
        session = event["sessionId"]
        self.workers[session] = event["targetInfo"]["type"]
        self._to_worker(session, "Network.enable")
        if self.profile:
            self._to_worker(session, "Network.emulateNetworkConditions", self.profile.network(self.offline))
        elif self.offline:
            self._to_worker(session, "Network.emulateNetworkConditions", OFFLINE)
        self._to_worker(session, "Runtime.runIfWaitingForDebugger")

    def _message(self, event: dict) -> None:
        try:
            message = json.loads(event["message"])
        except ValueError:
            return
        method, params = message.get("method"), message.get("params", {})
        if method == "Network.requestWillBeSent":
            self._sent(event["sessionId"], params)
        elif method == "Network.responseReceived":
            self._response(event["sessionId"], params)
        elif method == "Network.loadingFinished":
            self._finished(event["sessionId"], params)

    # ---------------------------------------------------------------- requests

    def _sent(self, session: str, event: dict) -> None:
        self.requests.setdefault((session, event["requestId"]), {"url": event["request"]["url"]})
        if session == "page" and event.get("type") == "Document":
            self.document_times.append((event["request"]["url"], event["timestamp"]))

    def _response(self, session: str, event: dict) -> None:
        request = self.requests.setdefault((session, event["requestId"]), {"url": event["response"]["url"]})
        response = event["response"]
        headers = {k.lower(): v for k, v in response.get("headers", {}).items()}
        request["encoding"] = headers.get("content-encoding", "")
        request["from_worker"] = bool(response.get("fromServiceWorker"))
        request["cached"] = bool(response.get("fromDiskCache") or response.get("fromPrefetchCache"))

    def _finished(self, session: str, event: dict) -> None:
        request = self.requests.setdefault((session, event["requestId"]), {"url": ""})
        request["bytes"] = int(event.get("encodedDataLength", 0))
        request["at"] = float(event["timestamp"])
        request["by"] = "service worker" if session != "page" else "page"

    def set_offline(self, offline: bool) -> None:
        """The page and its workers offline (or back to the profile's network)."""
        self.offline = offline
        conditions = self.profile.network(offline) if self.profile else (OFFLINE if offline else NO_THROTTLE)
        self.cdp.send("Network.emulateNetworkConditions", conditions)
        for session in self.workers:
            self._to_worker(session, "Network.emulateNetworkConditions", conditions)

    def throttle_cpu(self, on: bool) -> None:
        """The profile's CPU slowdown on the page, or none. Chromium's throttling itself keeps a
        core about 90 % busy while it is on, even for an idle page (measured: 8.9 s of renderer
        CPU per 10 s idle, against 0.06 s unthrottled), so the bench turns it on only for the
        visit it times: eight kept subjects throttled between their visits made every return
        visit run beside eight busy threads on two cores (return visits 2-3 × slower)."""
        if self.profile:
            self.cdp.send("Emulation.setCPUThrottlingRate", {"rate": self.profile.cpu_slowdown if on else 1})

    def throttled(self):
        """The profile's CPU slowdown for the visit inside, and none after it (``throttle_cpu``)."""
        return self._switched(lambda: self.throttle_cpu(True), lambda: self.throttle_cpu(False))

    def cut_off(self):
        """The page and its workers offline for the visit inside, online after it (``set_offline``)."""
        return self._switched(lambda: self.set_offline(True), lambda: self.set_offline(False))

    @contextmanager
    def _switched(self, on, off):
        on()
        try:
            yield
        except BaseException:
            with suppress(Exception):  # a crashed page takes no command: its own error is the one to see
                off()
            raise
        off()

    def reset(self) -> None:
        """Forgets what was recorded (before the next visit)."""
        self.requests.clear()
        self.document_times.clear()

    def moved(self, url: str | None = None, ready_ms: float | None = None) -> dict:
        """What the recorded visit moved on the wire: in all and, when ``url`` and ``ready_ms``
        are given, before ready (a response finished by then, timed from the request for
        ``url``'s document), with the bytes of each file. Responses the service worker answered
        from its cache moved nothing and are not counted (the worker's own fetches are)."""
        cutoff = None
        if url is not None and ready_ms is not None:
            starts = [t for u, t in self.document_times if u.split("#")[0] == url.split("#")[0]]
            if starts:
                cutoff = starts[0] + ready_ms / 1000
        files: dict[str, dict] = {}
        total = before = 0
        for request in self.requests.values():
            if "bytes" not in request or request.get("from_worker"):
                continue
            total += request["bytes"]
            early = cutoff is not None and request["at"] <= cutoff
            before += request["bytes"] if early else 0
            name = request["url"].split("#")[0].split("?")[0].rsplit("/", 1)[-1] or "./"
            row = files.setdefault(name, {"bytes": 0, "before ready": 0, "encoding": request.get("encoding", ""),
                                          "by": request.get("by", "page"), "requests": 0})
            row["bytes"] += request["bytes"]
            row["before ready"] += request["bytes"] if early else 0
            row["requests"] += 1
        return {"all": total, "before_ready": before if cutoff is not None else None,
                "files": dict(sorted(files.items(), key=lambda kv: -kv[1]["bytes"]))}

    def detach(self) -> None:
        try:
            self.cdp.detach()
        except Exception:
            pass


OFFLINE = {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
NO_THROTTLE = {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}


# ---------------------------------------------------------------- the start-up targets

#: The start-up targets' bars. Ratios are against the bare page in the same run.
PHONE_FIRST_VISIT_BAR = 0.50
PHONE_LINK_BAR = 0.60
PHONE_RETURN_BAR = 0.18
PHONE_OFFLINE_BAR = 0.35  # issue 19's (issue 36 names return visits)
PHONE_PAINTED_BAR = 0.05
PHONE_LINK_RETURN_BAR = 0.25
RETURN_BAR = 0.45
FIRST_VISIT_BAR = 1.00
BYTES_BEFORE_READY_BAR = 7.0e6
BYTES_FIRST_VISIT_BAR = 12e6
OWN_BYTES_BAR = 300_000
MEMORY_BAR = 1.10


def target(name: str, figure: float | None, bar: float, *, fmt: str = "{:.2f}", below: bool = False) -> dict:
    """One target: its figure, its bar and whether it is met (``figure <= bar``; ``below``: ``<``)."""
    met = figure is not None and (figure < bar if below else figure <= bar)
    shown = "no figure" if figure is None else fmt.format(figure)
    return {"target": name, "figure": figure, "bar": bar, "met": met,
            "line": f"{name}: {shown} (bar {'<' if below else '≤'} {fmt.format(bar)}): {'met' if met else 'NOT MET'}"}


def pages_of(report: dict) -> list[dict]:
    """The site's pages (not the bare page, not the links, not the scale case)."""
    return [row for row in report["subjects"][1:] if row["subject"].endswith(".html")]


def targets(report: dict, *, phone: bool) -> list[dict]:
    """The start-up targets with the report's figures: under the phone profile, or unthrottled."""
    rows = pages_of(report)
    links = [row for row in report["subjects"] if row["subject"] in LINK_SUBJECTS]
    out = []
    worst = lambda key: max((row[key] for row in rows if row.get(key) is not None), default=None)  # noqa: E731
    if phone:
        out.append(target(f"phone: every page's first visit ready × bare (worst of {len(rows)})", worst("cold_ratio"), PHONE_FIRST_VISIT_BAR))
        for row in links:
            out.append(target(f"phone: {row['subject']}, result on screen on a first visit × bare ready",
                              row.get("shown_ratio"), PHONE_LINK_BAR))
        out.append(target("phone: returning start × bare (worst page)", worst("warm_ratio"), PHONE_RETURN_BAR))
        out.append(target("phone: the state on screen on a return visit × bare return ready (worst page)",
                          worst("painted_ratio"), PHONE_PAINTED_BAR))
        for row in links:
            out.append(target(f"phone: {row['subject']}, result on screen on a return visit × bare return ready",
                              row.get("shown_warm_ratio"), PHONE_LINK_RETURN_BAR))
        out.append(target("phone: offline start × bare (worst page)", worst("offline_ratio"), PHONE_OFFLINE_BAR))
    else:
        out.append(target("unthrottled: returning start × bare (worst page)", worst("warm_ratio"), RETURN_BAR))
        out.append(target("unthrottled: first visit ready × bare (worst page)", worst("cold_ratio"), FIRST_VISIT_BAR))
    mb = "{:,.0f} bytes"
    out.append(target("bytes on the wire before ready on a first visit (worst page)", worst("bytes_before_ready"), BYTES_BEFORE_READY_BAR, fmt=mb))
    out.append(target("a whole first visit on the wire, the service worker's pre-cache included (worst page)",
                      worst("first_visit_bytes"), BYTES_FIRST_VISIT_BAR, fmt=mb))
    # This bar is counted among the bytes on the wire, and it is what a phone pays: our files
    # as this run served them. As files (a host that compresses nothing) they are printed beside it.
    own = report.get("own_bytes", {})
    files = own.get("code_and_data")
    wire_own = own.get("code_and_data_on_the_wire", files)
    out.append(target("our own code and data on the wire (as served)", wire_own, OWN_BYTES_BAR, fmt=mb, below=True))
    if files is not None:
        out[-1]["line"] += f" (as files, uncompressed: {files:,} bytes)"
    out.append(target("memory × bare (worst page)", worst("memory_ratio"), MEMORY_BAR))
    return out


def per_file_table(report: dict, subject: str | None = None, rows_shown: int = 20) -> str:
    """The bytes of each file a first visit moved (the kept first visit of ``subject``: the
    first page's by default), the biggest ``rows_shown`` (``--json`` has them all)."""
    rows = report["subjects"]
    row = next((r for r in rows if r["subject"] == subject), None) if subject else (pages_of(report) or rows)[0]
    if not row or not row.get("files"):
        return ""
    lines = [f"Bytes on the wire, file by file, on a first visit of {row['subject']} (the service worker's pre-cache included):",
             "| file | bytes | before ready | encoding | fetched by |", "|---|---:|---:|---|---|"]
    files = list(row["files"].items())
    for name, f in files[:rows_shown]:
        lines.append(f"| {name} | {f['bytes']:,} | {f['before ready']:,} | {f['encoding'] or 'none'} | {f['by']} |")
    rest = files[rows_shown:]
    if rest:
        lines.append(f"| {len(rest)} smaller files | {sum(f['bytes'] for _, f in rest):,} | "
                     f"{sum(f['before ready'] for _, f in rest):,} | | |")
    return "\n".join(lines)


def starts_line(report: dict) -> str:
    """How the first visits started Python, counted over every subject with a service worker."""
    counts: dict[str, int] = {}
    for row in report["subjects"]:
        for start in row.get("starts", []):
            counts[start] = counts.get(start, 0) + 1
    told = ", ".join(f"{kind} {n}" for kind, n in sorted(counts.items())) or "none recorded"
    return f"First visits started Python: {told} (the bare page always starts normally)."


def crashes_line(report: dict) -> str:
    """How many visits were made again because Chromium's renderer died under them, by subject."""
    crashed = [(row["subject"], row.get("crashes", 0)) for row in report["subjects"] if row.get("crashes", 0)]
    told = ", ".join(f"{subject} {n}" for subject, n in crashed)
    total = sum(n for _, n in crashed)
    return f"Visits made again after Chromium's renderer crashed: {total}" + (f" ({told})." if told else ".")


def table(report: dict) -> str:
    profile = report.get("profile")
    head = f"Profile: {profile['name']} ({profile['down_bits'] / 1e6:g} Mbit/s down, {profile['up_bits'] / 1e6:g} up, " \
           f"{profile['rtt_ms']:g} ms round trip, CPU {profile['cpu_slowdown']:g}× slower); " if profile else ""
    lines = [
        head + f"served with {', '.join(report['encodings']) or 'no compression'}; medians of {report['cold_loads']} first visits, "
        f"{report['warm_loads']} return and {report.get('offline_loads', 0)} offline visits.",
        "| subject | first visit ready (ms) | × bare | result on screen (ms) | × bare ready | return (ms) | × bare "
        "| return: state on screen (ms) | × bare return | return: result on screen (ms) | × bare return "
        "| offline (ms) | × bare | before ready (bytes) | whole first visit (bytes) | memory × bare |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    fmt = lambda v, spec: "–" if v is None else format(v, spec)  # noqa: E731
    for row in report["subjects"]:
        lines.append(
            f"| {row['subject']} | {row['cold_ms']:.0f} | {row['cold_ratio']:.2f} | {fmt(row.get('shown_ms'), '.0f')} | "
            f"{fmt(row.get('shown_ratio'), '.2f')} | {row['warm_median_ms']:.0f} | {row['warm_ratio']:.2f} | "
            f"{fmt(row.get('painted_ms'), '.0f')} | {fmt(row.get('painted_ratio'), '.2f')} | "
            f"{fmt(row.get('shown_warm_ms'), '.0f')} | {fmt(row.get('shown_warm_ratio'), '.2f')} | "
            f"{fmt(row.get('offline_ms'), '.0f')} | {fmt(row.get('offline_ratio'), '.2f')} | "
            f"{fmt(row.get('bytes_before_ready'), ',')} | {row['first_visit_bytes']:,} | {row['memory_ratio']:.2f} |")
    lines.append("")
    lines.append(starts_line(report))
    lines.append(crashes_line(report))
    lines.append(per_file_table(report))
    lines.append("")
    lines.append("Targets (issue 36's; issue 19's for the whole first visit, our own bytes, memory and offline):")
    lines += ["  " + t["line"] for t in report["targets"]]
    return "\n".join(lines)


def medians(samples: list[float]) -> float | None:
    return statistics.median(samples) if samples else None
