"""The kept paint's reader, fuzzed: whatever a device's storage holds under a page's paint key, it
reads or says why with the engine's own error (never anything else), and a paint read is never
shown for a build, an address or records it was not drawn at."""

from __future__ import annotations

import json

import pytest

from pyengine.pages import paint
from tests.unit import junk

WORDS = ("v", "build", "view", "revision", "html", "hidden", "values", "checked", "current", "fd-list", "#fight", "b1", "r1")


def _check(text: str) -> None:
    try:
        kept = paint.read(text)
    except paint.PaintError as exc:
        assert "msgspec" not in str(exc) and "Expected" not in str(exc)
        assert paint.current(text, "b1", "#fight", "r1") is None
        return
    assert all(paint.ELEMENT_ID.match(ident) for ident in (*kept.html, *kept.hidden, *kept.values, *kept.checked, *kept.opened, *kept.current))
    shown = paint.current(text, "b1", "#fight", "r1")
    assert shown is None or (shown.build, shown.view, shown.revision) == ("b1", "#fight", "r1")


def test_junk_json_is_read_or_refused_in_words():
    junk.run(lambda data: _check(json.dumps(data)), lambda j: j.data(WORDS))


def test_a_paint_with_junk_in_its_fields_is_read_or_refused_in_words():
    def draw(j):
        record = {"v": 1, "build": "b1", "view": "#fight", "revision": "r1"}
        for _ in range(j.integer(0, 4)):
            record[j.leaf(WORDS)] = j.data(WORDS, max_leaves=6)
        return record

    junk.run(lambda data: _check(json.dumps(data, allow_nan=True)), draw)


@pytest.mark.parametrize("cut", [1, 10, 100])
def test_a_paint_cut_short_is_refused(cut):
    text = paint.kept("b1", "#fight", "r1", html={"fd-list": "<p>Rurik</p>"}, hidden={}, values={}, checked={}, opened={})
    with pytest.raises(paint.PaintError):
        paint.read(text[:-cut])


def test_junk_text_is_read_or_refused_in_words():
    junk.run(_check, lambda j: j.text(200))
