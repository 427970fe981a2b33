"""The start page's scanner: which codes the camera reads are opened, and what the page says
of every other one.

A code is opened only when it is one of our share links (or a live table's join code, which the player's
page opens) on this very site: the same
origin (scheme, host and port) as the page, one of our pages in the page's own folder, and
a fragment our link readers accept (:func:`pyengine.share.decode_link`); a bare fragment
(``#1.…``) opens on this site too. What is opened is never the text read but an address
built from what was checked: ``./<the page of the link's kind>#<the fragment>``. Anything
else gets a message in a player's words and nothing is opened.

Regions it writes: ``scan-box`` (the scanner, shown or hidden), ``scan-open`` (the button),
``scan-video``, ``scan-status`` (what the scanner is doing), ``scan-error`` (a notice: why a
code or the camera was refused). The camera and the decoding are the browser's
(``web/static/scan.js``); ``web/app/scan.py`` hands each code read to :meth:`Scanner.on_code`.
"""

from __future__ import annotations

import re

import msgspec

from pyengine.errors import LiveCodeError, ShareLinkError
from pyengine.pages.view import Update
from pyengine.share import decode_link

#: The page that opens each kind of share link (``pyengine.share.PAGE_OF_KIND`` in words).
PAGE_FOR_KIND = {
    "dice": "index.html",
    "shrapnel": "shrapnel.html",
    "sheet": "sheet.html",
    "gear": "gear.html",
    "exchange": "combat.html",
    "fight": "combat.html",
    "live": "player.html",  # the game master's fight as a code, for a phone with no network (issue 35)
}
#: The page a live table's join code opens (``pyengine.live.codes.JOIN_PAGE``), whichever of our pages its
#: link names (a join link of the first version named ``combat.html``).
JOIN_PAGE = "player.html"
#: Our pages, as a code may name them (the folder itself is the start page).
OUR_PAGES = frozenset({*PAGE_FOR_KIND.values(), JOIN_PAGE})
START_PAGE = "index.html"
DEFAULT_PORTS = {"http": 80, "https": 443}
NOTHING_OPENED = "nothing was opened."
#: What a bare fragment starts with: a link format number and a dot.
_BARE_FRAGMENT = re.compile(r"#?\d{1,9}\.")

READY = "Point the camera at a Strike Rank code shown on another phone."
OPENING = "Code read: opening it\u2026"
#: What the page says when the camera cannot start, by the browser's error name.
CAMERA_ERRORS = {
    "NotAllowedError": "The camera was not allowed: let this site use the camera in the browser's settings and try again",
    "SecurityError": "The camera was not allowed here: let this site use the camera in the browser's settings and try again",
    "NotFoundError": "This device has no camera the browser can use",
    "OverconstrainedError": "This device has no camera the browser can use",
    "NotReadableError": "The camera is busy (another app may be using it): close that app and try again",
    "unavailable": "This browser gives pages no camera (it needs the site's https address)",
    "reader": "The code reader could not be loaded: reload the page once with a signal, then it works offline",
}
OR_CAMERA_APP = "or read the code with the phone's camera app."


class Scanned(msgspec.Struct, kw_only=True, frozen=True):
    """What a code read means: the address to open, or why nothing is opened."""

    url: str = ""
    """``./<page>#<fragment>`` to open, or ``""``."""
    message: str = ""
    """Why nothing is opened, in a player's words (``""`` when :attr:`url` is set)."""
    page: str = ""
    """The page :attr:`url` opens (``sheet.html``)."""


def _shown(text: str, limit: int = 40) -> str:
    return repr(text if len(text) <= limit else text[:limit] + "\u2026")


def _refused(reason: str) -> Scanned:
    return Scanned(message=f"{reason}: {NOTHING_OPENED}")


def _origin(scheme: str, host: str | None, port: int | None) -> tuple[str, str, int | None]:
    return scheme, (host or "").lower(), port if port is not None else DEFAULT_PORTS.get(scheme)


def _shown_host(parts) -> str:
    try:
        port = parts.port
    except ValueError:
        port = None
    host = parts.hostname or parts.netloc or "no host"
    return f"{host}:{port}" if port is not None else host


def _split(address: str):
    """An address read into its parts (``urllib.parse.urlsplit``)."""
    # Imported once a code is read: imported with this module, a page restored from the snapshot read
    # urllib.parse and ipaddress (128 KB of source) and compiled them on every visit (docs/startup.md).
    from urllib.parse import urlsplit

    return urlsplit(address)


def _from_here(text: str, here: str) -> tuple[str, Scanned | None]:
    """The fragment of a link to this site, or why the text is not one."""
    if _BARE_FRAGMENT.match(text):
        return text.removeprefix("#"), None
    parts, site = _split(text), _split(here)
    if parts.scheme not in DEFAULT_PORTS or not parts.netloc:
        return "", _refused(f"This code holds {_shown(text)}, not a link to this Strike Rank")
    try:
        theirs = _origin(parts.scheme, parts.hostname, parts.port)
    except ValueError:
        return "", _refused(f"This code holds {_shown(text)}, not a link to this Strike Rank")
    if parts.username is not None or theirs != _origin(site.scheme, site.hostname, site.port):
        return "", _refused(f"This code links to another site ({_shown_host(parts)}), not to this Strike Rank")
    folder = site.path[: site.path.rfind("/") + 1] or "/"
    page = parts.path[len(folder):].lower() if parts.path.startswith(folder) else None
    if page not in OUR_PAGES and page != "":
        return "", _refused(f"This code links to {_shown(parts.path)}, which is not one of Strike Rank's pages")
    if not parts.fragment:
        return "", _refused("This code links to a page of Strike Rank but carries nothing to open")
    return parts.fragment, None


def read_code(text: str, here: str) -> Scanned:
    """What to do with the text a code holds, read on the page at ``here`` (its whole address).

    Never raises: a code from anywhere gets an answer.
    """
    text = text.strip()
    if not text:
        return _refused("The code read was empty")
    fragment, refused = _from_here(text, here)
    if refused:
        return refused
    if fragment.startswith("join="):
        return _join(fragment)
    try:
        shared = decode_link(fragment)
    except ShareLinkError as exc:
        reason = str(exc).removeprefix("share link: ")
        return _refused(f"This code's link cannot be opened ({reason})")
    page = PAGE_FOR_KIND.get(shared.kind)
    if page is None:
        return _refused(f"This code holds a {shared.kind!r} link, which this version of Strike Rank does not open")
    return Scanned(url=f"./{page}#{fragment}", page=page)


def _join(fragment: str) -> Scanned:
    """A live table's join code: the player's page opens it (read first: a damaged code is said here)."""
    from pyengine.live.codes import read_join  # the codes' reader loads only for a join code scanned

    try:
        read_join(f"#{fragment}")
    except LiveCodeError as exc:
        return _refused(str(exc).rstrip("."))
    return Scanned(url=f"./{JOIN_PAGE}#{fragment}", page=JOIN_PAGE)


class Scanner:
    """The scanner's state on a page: where it is, and the last code it refused."""

    def __init__(self, here: str) -> None:
        self.here = here
        """The page's whole address (``location.href``)."""
        self.last = ""
        """The last code refused: the camera keeps seeing it, the page says it once."""
        self.reloads = False
        """After :meth:`on_code` opened a link: only the fragment changes, so the page must
        load again to read it (the glue reloads)."""

    def open(self) -> Update:
        """The scanner shown, waiting for the camera."""
        self.last = ""
        return Update(
            hidden={"scan-box": False, "scan-open": True, "scan-video": False},
            text={"scan-status": READY},
            notices={"scan-error": ""},
            focus="scan-close",
        )

    def close(self) -> Update:
        """The scanner hidden (the glue stops the camera)."""
        return Update(hidden={"scan-box": True, "scan-open": False}, text={"scan-status": ""}, focus="scan-open")

    def on_code(self, text: str) -> Update:
        """A code the camera read: open it if it is ours, else say why not (once per code)."""
        scanned = read_code(text, self.here)
        if scanned.url:
            here = _split(self.here).path
            # the player's page reads a live table's code where it is (web/app/player.py: the address's change)
            in_place = scanned.page == JOIN_PAGE and not scanned.url.startswith(f"./{JOIN_PAGE}#join=")
            self.reloads = here[here.rfind("/") + 1:] == scanned.page and not in_place
            return Update(text={"scan-status": OPENING}, notices={"scan-error": ""}, navigate=scanned.url)
        if text == self.last:
            return Update()
        self.last = text
        return Update(notices={"scan-error": scanned.message})

    def on_camera_error(self, name: str) -> Update:
        """The camera did not start (``name``: the browser's error name, ``"unavailable"``
        without ``getUserMedia``, ``"reader"`` when the decoder did not load)."""
        why = CAMERA_ERRORS.get(name, f"The camera could not start ({name})")
        return Update(
            notices={"scan-error": f"{why}; {OR_CAMERA_APP}"},
            hidden={"scan-video": True},
            text={"scan-status": ""},
        )
