"""Keeps what the page drew on the device for its next visit, and hands a page painted from it
(``web/static/paint.js``) to the live page (``pyengine.pages.paint``; docs/startup.md "The page as it
was left"). Kept at most once a second, and as the page is left; never after another tab saved."""

from __future__ import annotations

import os

from pyodide.ffi import create_once_callable, create_proxy, jsnull, to_js
from pyscript import document, window

from pyengine.pages import paint
from pyengine.storage.keys import REVISION

#: What the page drew since it started, by kind: the ids kept (and the live page's own at settle()).
_drawn: dict[str, set[str]] = {"html": set(), "hidden": set(), "values": set(), "checked": set(), "opened": set(), "current": set()}
# The records' revision last seen; a keep due; the address opened at, while it names this state (Paint.opened_at).
_state = {"seen": None, "due": False, "opened_at": "", "started": False}


def missing(value: object) -> bool:
    """True for JS ``null``/``undefined`` (Pyodide gives ``jsnull`` for null, not None)."""
    return value is None or value is jsnull


def _stored(key: str) -> str | None:
    item = window.localStorage.getItem(key)
    return None if missing(item) else str(item)


def begin() -> None:
    """At the page's start, before it reads any record: the revision it reads them under."""
    _state["seen"] = _stored(REVISION)
    _state["opened_at"] = str(window.location.hash)
    window.addEventListener("pagehide", create_proxy(lambda event: keep(left=True)))  # typed since, too
    window.addEventListener("hashchange", create_proxy(lambda event: _state.update(opened_at="")))


def saved() -> None:
    """The records changed (this page wrote them): a new revision, so that other tabs' paints are refused."""
    _state["seen"] = os.urandom(8).hex()
    try:  # taken out first: a full storage has room for the new one then
        window.localStorage.removeItem(REVISION)
        window.localStorage.setItem(REVISION, _state["seen"])
    except Exception:  # refused: nothing kept since matches what is left, and only a paint kept before any save could
        _state["seen"] = _stored(REVISION)


def drawn(update) -> None:
    """``app.dom.apply`` wrote ``update``: what it drew is kept a second later, with what came meanwhile."""
    if update.address is not None and _state["started"]:  # the player's doing: another state
        _state["opened_at"] = ""
    _drawn["html"].update(update.html, update.text)
    for kind in ("hidden", "values", "checked", "opened"):
        _drawn[kind].update(getattr(update, kind))
    _drawn["current"].update(i for i, attributes in update.attributes.items() if "aria-current" in attributes)
    if not _state["due"]:
        _state["due"] = True
        window.setTimeout(create_once_callable(keep), 1000)


def keep(left: bool = False) -> None:
    """Keeps what the page shows now, if it drew since it last did or is ``left`` (or, when another tab
    saved since this page read the records, removes what is kept: what it shows is not the records)."""
    script = document.querySelector("script[data-key][data-build]")
    if not (_state["due"] or left) or missing(script):
        return
    _state["due"] = False
    key, revision = str(script.dataset.key), _stored(REVISION)
    text = None
    if revision == _state["seen"]:
        found = {kind: {i: document.getElementById(i) for i in _drawn[kind]} for kind in ("html", "hidden", "opened", "current")}
        nodes = {kind: {i: n for i, n in each.items() if not missing(n)} for kind, each in found.items()}
        values, ticks = paint.fields((str(f.type), str(f.id), str(f.value), bool(getattr(f, "checked", False)))
                                     for f in document.querySelectorAll(paint.FIELDS))
        # A region drawn inside another (a row of fight mode's table) comes with it.
        around = ",".join(f"#{i}" for i in nodes["html"] if paint.ELEMENT_ID.match(i))
        inside = {i for i, n in nodes["html"].items() if around and not missing(n.parentElement) and not missing(n.parentElement.closest(around))}
        text = paint.kept(
            str(script.dataset.build),
            str(window.location.hash),
            revision or "",
            html={i: _markup(n) for i, n in nodes["html"].items() if i not in inside},
            hidden={i: bool(n.hidden) for i, n in nodes["hidden"].items()},
            values=values,
            checked=ticks,
            opened={i: bool(n.open) for i, n in nodes["opened"].items()},
            current={i: str(n.getAttribute("aria-current")) == "page" for i, n in nodes["current"].items()},
            opened_at=_state["opened_at"],
        )
    try:
        if text:
            window.localStorage.setItem(key, text)
        else:
            window.localStorage.removeItem(key)
    except Exception:  # the device's storage is full: no paint rather than an old one
        window.localStorage.removeItem(key)


def _markup(node) -> str:
    """A region's HTML as our renderers made it: a style attribute is none of theirs (a browser's add-on
    or a test's tool left it, often empty) and the policy would refuse it in the paint."""
    if missing(node.querySelector("[style]")):
        return str(node.innerHTML)
    copy = node.cloneNode(True)
    for styled in copy.querySelectorAll("[style]"):
        styled.removeAttribute("style")
    return str(copy.innerHTML)


def touched(node) -> bool:
    """While the page as it was left is up: the player typed, ticked or chose in this field (what a page
    restores at its start, a draft, is older and does not overwrite it); a fold is as he left or made it."""
    return document.documentElement.hasAttribute("data-painted") and bool(window.strikeRankPaint.touched(node))


def settle() -> None:
    """The page is ready: what the paint showed that the live page did not draw goes back as built."""
    _state["started"] = True
    hand = getattr(window, "strikeRankPaint", None)
    if not missing(hand):
        hand.settle(to_js(sorted(set().union(*_drawn.values()))))
