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

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


def executable() -> str:
    """The Chromium binary: $CHROMIUM_PATH, or Debian's real binary (not the /usr/bin wrapper)."""
    return os.environ.get("CHROMIUM_PATH", DEFAULT_PATH)


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
