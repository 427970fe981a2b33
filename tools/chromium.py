"""How tests and benchmarks launch Debian's Chromium (never a downloaded browser)."""

from __future__ import annotations

import os
import time

DEFAULT_PATH = "/usr/lib/chromium/chromium"

#: --no-sandbox: we run as root; the rest keep Chromium from calling Google's hosts,
#: which this machine's closed network refuses (and which would count as foreign requests).
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-dev-shm-usage",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]

#: What Playwright says when Chromium's renderer process died under a page. Seen under load only
#: (two cores, three browsers), never from our code: a browser test that hits it runs again
#: (``builder.commands``), a benchmark's visit is made again and counted (``measure.bench``).
RENDERER_CRASHED = ("Target crashed", "Page crashed")

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


def executable() -> str:
    """The Chromium binary: $CHROMIUM_PATH, or Debian's real binary (not the /usr/bin wrapper)."""
    return os.environ.get("CHROMIUM_PATH", DEFAULT_PATH)


def renderer_crashed(error: BaseException) -> bool:
    """Whether ``error`` is Playwright's word that the page's renderer died (``RENDERER_CRASHED``)."""
    return any(words in str(error) for words in RENDERER_CRASHED)


def launch_options(**extra: object) -> dict:
    return {"executable_path": executable(), "headless": True, "args": [*LAUNCH_ARGS, *log_args()], **extra}


def log_args() -> list[str]:
    """With STRIKE_RANK_CHROMIUM_LOGS=<folder>, each Chromium launched writes its log (its
    renderers' too) to a file of its own there: for looking into a crashed renderer."""
    folder = os.environ.get("STRIKE_RANK_CHROMIUM_LOGS")
    if not folder:
        return []
    os.makedirs(folder, exist_ok=True)
    return ["--enable-logging", f"--log-file={os.path.abspath(folder)}/chromium-{os.getpid()}-{time.time_ns()}.log"]


#: Features the browser tests switch off beside Playwright's own: Chromium then offers its host
#: candidates' addresses rather than mDNS names (``<uuid>.local``), whose look-ups would go out as
#: multicast; the live table's tests assert every address is inside their namespace. Tests only:
#: real phones keep mDNS, and the snapshot maker (``launch_options``) does not need it.
TEST_FEATURES_OFF = ("WebRtcHideLocalIpsWithMdns",)


def playwright_features_off() -> list[str]:
    """The features Playwright's own launch switches off. Chromium keeps only the last
    ``--disable-features`` it is given (measured: the renderer's switches then held ours alone),
    so a test's must repeat these. Read from Playwright's driver, which lists them in one array."""
    import re
    from pathlib import Path

    import playwright

    package = Path(playwright.__file__).parent / "driver" / "package" / "lib"
    for source in [package / "coreBundle.js", *sorted(package.rglob("chromiumSwitches.js"))]:
        if source.is_file():
            found = re.search(r"disabledFeatures = \[(.*?)\]", source.read_text(encoding="utf-8", errors="replace"), re.S)
            if found:
                return re.findall(r'^\s*"([A-Za-z0-9]+)"', found.group(1), re.M)
    raise RuntimeError(f"Playwright's switched-off features were not found under {package}: see tools/chromium.py")


def launch_args_for_tests() -> list[str]:
    """The browser tests' extra switches: Playwright's features off, and :data:`TEST_FEATURES_OFF`."""
    return [f"--disable-features={','.join([*playwright_features_off(), *TEST_FEATURES_OFF])}"]
