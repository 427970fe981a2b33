"""The page as it was left, kept on the device and put on the screen at the next visit before
Python is up (issue 36; docs/startup.md "The page as it was left", docs/formats.md "Kept paint").

What a page drew through ``app.dom.apply`` is kept, one record a page (``PAINT_PREFIX`` and the
page's file): each region's HTML as the renderers made it, what was shown or hidden, the fields'
values as written. With it, what it is the paint *of*: the build (an updated app refuses it), the
address fragment (a link to another fight refuses it) and the records' revision
(``pyengine.storage.keys.REVISION``: a save in another tab since refuses it). ``web/static/paint.js``
reads it before the first paint and shows it only when all three are the page's now
(:func:`current` is that rule, which the script follows); too big a paint is not kept at all,
never cut.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import msgspec

from pyengine.errors import RecordError

#: The record's format (docs/formats.md "Kept paint").
FORMAT = 1
#: The most a page's kept paint may be, in characters of its JSON text (localStorage counts
#: characters). A fight of twelve, thirty rounds in, draws about 120,000.
MAX_CHARS = 256 * 1024
#: The most elements a paint may name, in all (the gear page's list of items has a dozen fields an item).
MAX_ELEMENTS = 2000
#: The most a build, a view or a revision may be, in characters.
MAX_LABEL = 4096
#: What an element id in a paint may be: the pages' own ids are all like this.
ELEMENT_ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,79}\Z")
#: The fields of a page's content a paint keeps (the page's own bar and menus are built with it).
FIELDS = "main input[id], main select[id], main textarea[id]"
#: The longest value of a field a paint keeps: a pasted fight is its draft's to keep.
MAX_FIELD = 2000
#: Fields whose value is not the player's typing: none is kept.
_NOT_TYPED = frozenset({"file", "button", "submit", "reset", "hidden"})


class PaintError(RecordError):
    """A kept paint that cannot be read: it is then not shown (and the next paint replaces it)."""


class Paint(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    """A page's kept paint (docs/formats.md "Kept paint")."""

    v: int
    """The format: :data:`FORMAT`."""
    build: str
    """The build that drew it (the page's ``data-build``)."""
    view: str
    """The address fragment it was drawn at (``#fight``, a fight's link, ``""``)."""
    revision: str
    """The records' revision it was drawn under (``""``: nothing was ever saved)."""
    html: dict[str, str] = {}
    """Region id -> its inner HTML, as the page's renderers left it."""
    hidden: dict[str, bool] = {}
    """Element id -> hidden."""
    values: dict[str, str] = {}
    """Field id -> what it held (shown as the field's default, so that what is typed before Python is up
    still reads as typed)."""
    checked: dict[str, bool] = {}
    """Checkbox or radio id -> ticked (as its default)."""
    opened: dict[str, bool] = {}
    """``<details>`` id -> open."""
    current: dict[str, bool] = {}
    """Link id -> the one for what is shown (``aria-current="page"``: combat's tab of the mode shown)."""
    opened_at: str = ""
    """The address fragment the page was opened at, when it names the same state as ``view``: the page
    wrote its own form of that address as it started (a link made by an earlier version, written
    again) and nothing since. ``""``: only ``view``."""


_decoder = msgspec.json.Decoder(Paint)
_encoder = msgspec.json.Encoder()


def kept(
    build: str,
    view: str,
    revision: str,
    *,
    html: dict[str, str],
    hidden: dict[str, bool],
    values: dict[str, str],
    checked: dict[str, bool],
    opened: dict[str, bool],
    current: dict[str, bool] | None = None,
    opened_at: str = "",
) -> str | None:
    """The record to keep for what the page shows now, as JSON text; ``None`` when there is nothing
    to keep (no build, nothing drawn, an id not the pages' kind) or it would pass :data:`MAX_CHARS`:
    then the page keeps none, rather than a part of itself."""
    paint = Paint(
        v=FORMAT,
        build=build,
        view=view,
        revision=revision,
        html=dict(html),
        hidden=dict(hidden),
        values=dict(values),
        checked=dict(checked),
        opened=dict(opened),
        current=dict(current or {}),
        opened_at="" if opened_at == view else opened_at,
    )
    if not build or not (paint.html or paint.hidden or paint.values or paint.checked or paint.opened or paint.current):
        return None
    try:
        _check(paint)
    except PaintError:
        return None
    text = _encoder.encode(paint).decode()
    return text if len(text) <= MAX_CHARS else None


def fields(found: Iterable[tuple[str, str, str, bool]]) -> tuple[dict[str, str], dict[str, bool]]:
    """Of the fields :data:`FIELDS` found, as (type, id, value, checked): what each typed one holds
    (up to :data:`MAX_FIELD` characters) and each tick, by id. Drafts come back into them as the page starts."""
    values: dict[str, str] = {}
    ticks: dict[str, bool] = {}
    for kind, ident, value, checked in found:
        if kind in ("checkbox", "radio"):
            ticks[ident] = checked
        elif kind not in _NOT_TYPED and len(value) <= MAX_FIELD:
            values[ident] = value
    return values, ticks


def read(text: str) -> Paint:
    """The kept paint in ``text``; :class:`PaintError` saying why when it cannot be read."""
    if len(text) > MAX_CHARS:
        raise PaintError(f"The page kept to show at start is too big ({len(text):,} characters, at most {MAX_CHARS:,}).")
    try:
        paint = _decoder.decode(text)
    except (msgspec.DecodeError, UnicodeError):
        raise PaintError("The page kept to show at start is damaged: it is not a kept page of this app.") from None
    _check(paint)
    return paint


def current(text: str | None, build: str, view: str, revision: str | None) -> Paint | None:
    """The kept paint in ``text`` when it is the paint of the page as it is now: this build, this
    address fragment (its ``view``, or the one it was ``opened_at``), the records as they are
    (``revision``, ``None`` when nothing was ever saved); otherwise ``None``, and nothing of it may be
    shown. ``web/static/paint.js`` follows this rule."""
    if not text or not build:
        return None
    try:
        paint = read(text)
    except PaintError:
        return None
    at = paint.view == view or (paint.opened_at != "" and paint.opened_at == view)
    if paint.build != build or not at or paint.revision != (revision or ""):
        return None
    return paint


def _check(paint: Paint) -> None:
    if paint.v != FORMAT:
        raise PaintError(f"The page kept to show at start is of format {paint.v}; this app reads format {FORMAT}.")
    for name in ("build", "view", "revision", "opened_at"):
        if len(getattr(paint, name)) > MAX_LABEL:
            raise PaintError(f"The page kept to show at start has too long a {name} (at most {MAX_LABEL:,} characters).")
    ids = [*paint.html, *paint.hidden, *paint.values, *paint.checked, *paint.opened, *paint.current]
    if len(ids) > MAX_ELEMENTS:
        raise PaintError(f"The page kept to show at start names {len(ids)} elements (at most {MAX_ELEMENTS}).")
    for ident in ids:
        if not ELEMENT_ID.match(ident):
            raise PaintError(f"The page kept to show at start names an element {ident[:40]!r}, which is no page's.")
