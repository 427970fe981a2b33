"""Runs a command in a network namespace of its own, for the browser tests that use WebRTC.

usage: python3 tools/netns.py -- COMMAND [ARG...]

The namespace (``unshare -n``, as root) holds ``lo`` and a veth pair, ``v0`` (10.99.0.1) and
``v1`` (10.99.0.2), with the default route through ``v1``. Chromium gathers ICE candidates only
on the interface of the default route, and with nothing but ``lo`` it gathers none at all
(measured: ``/work/shared/reference/webrtc-in-a-namespace.md``); with this route it offers
10.99.0.1, and everything it sends stays inside the namespace: nothing outside has a way in or
out. The command runs with ``STRIKE_RANK_NETNS`` set to that address, which the live table's
tests look for.

``python3 build.py test`` runs its browser half through this when it can (:func:`unavailable`
says why not); the other browser tests run the same inside it as outside.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys

#: The environment variable set inside the namespace: the address its browsers offer.
MARK = "STRIKE_RANK_NETNS"
ADDRESS = "10.99.0.1"
GATEWAY = "10.99.0.2"
SET_UP = (
    ("ip", "link", "set", "lo", "up"),
    ("ip", "link", "add", "v0", "type", "veth", "peer", "name", "v1"),
    ("ip", "addr", "add", f"{ADDRESS}/24", "dev", "v0"),
    ("ip", "addr", "add", f"{GATEWAY}/24", "dev", "v1"),
    ("ip", "link", "set", "v0", "up"),
    ("ip", "link", "set", "v1", "up"),
    ("ip", "route", "add", "default", "via", GATEWAY, "dev", "v0"),
)
#: What the live table's browser tests need, said when they cannot run.
NEEDS = (
    "the live table's browser tests need a network namespace of their own (unshare -n, with a veth pair "
    "and a default route inside), which only root can make: run `python3 build.py test` as root, as CI does"
)


def inside() -> bool:
    """Whether this process runs in the namespace this module makes."""
    return os.environ.get(MARK) == ADDRESS


def unavailable() -> str:
    """Why no namespace can be made here, or ``""`` when one can."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return "this run is not root"
    for tool in ("unshare", "ip"):
        if shutil.which(tool) is None:
            return f"`{tool}` is missing (util-linux, iproute2)"
    return ""


def wrap(command: list[str]) -> list[str]:
    """``command`` as run in a new namespace (check :func:`unavailable` first)."""
    return [shutil.which("unshare") or "unshare", "-n", "--", sys.executable, os.path.abspath(__file__), "--", *command]


def main(argv: list[str]) -> int:
    """Inside the new namespace: sets up its network, then becomes the command."""
    if argv[:1] != ["--"] or len(argv) < 2:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    if [name for _, name in socket.if_nameindex() if name != "lo"]:
        # not a new namespace (run by hand, not through wrap()): the veth pair and the route would
        # go into a network that has other interfaces, perhaps the machine's own
        print("netns: run through `unshare -n` (tools.netns.wrap): this network namespace is not a new one", file=sys.stderr)
        return 2
    for step in SET_UP:
        done = subprocess.run(step, capture_output=True, text=True)
        if done.returncode != 0:
            print(f"netns: {' '.join(step)} failed: {done.stderr.strip()}", file=sys.stderr)
            return 1
    os.environ[MARK] = ADDRESS
    os.execvp(argv[1], argv[1:])
    return 1  # pragma: no cover - execvp does not return


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
