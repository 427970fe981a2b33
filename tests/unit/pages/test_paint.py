"""The kept paint (issue 36): what a page drew, kept as one record with what it is the paint of,
and the rule for showing it before Python is up — this build, this address, these records; never a
part of a page, never a record that is not ours (docs/formats.md "Kept paint")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyengine.errors import RecordError
from pyengine.pages import paint
from pyengine.storage.keys import APP_PREFIX, PAINT_PREFIX, REVISION

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "paint-format-1.json"

#: A fight's table as fight mode draws it (two rows), shown; the exchange hidden; a field written.
DRAWN = {
    "html": {
        "fd-list": '<details class="fd-who" data-key="c1"><summary>Rurik</summary></details>'
        '<details class="fd-who" data-key="c2"><summary>Broo &amp; co</summary></details>',
        "fd-round": "3",
    },
    "hidden": {"fight-mode": False, "exchange-mode": True, "fight-loading": True},
    "values": {"fa-side": "B"},
    "checked": {"sit-optional": False},
    "opened": {"fa-box": False},
}


def test_the_kept_paint_of_format_1_reads_as_it_was_written():
    text = GOLDEN.read_text(encoding="utf-8").strip()
    assert paint.kept("b1e55ed0c0de", "#fight", "7f3a", **DRAWN) == text
    kept = paint.read(text)
    assert (kept.v, kept.build, kept.view, kept.revision) == (1, "b1e55ed0c0de", "#fight", "7f3a")
    assert kept.html == DRAWN["html"] and kept.hidden == DRAWN["hidden"]
    assert kept.values == {"fa-side": "B"} and kept.checked == {"sit-optional": False} and kept.opened == {"fa-box": False}


def test_a_paint_is_shown_only_at_its_build_its_address_and_its_records():
    text = paint.kept("b1", "#fight", "r1", **DRAWN)
    assert paint.current(text, "b1", "#fight", "r1") is not None
    assert paint.current(text, "b2", "#fight", "r1") is None  # the app was updated
    assert paint.current(text, "b1", "#AAAB-another-fight", "r1") is None  # the address names another fight
    assert paint.current(text, "b1", "#fight", "r2") is None  # another tab saved
    assert paint.current(text, "b1", "#fight", None) is None  # the records were cleared
    assert paint.current(None, "b1", "#fight", "r1") is None
    assert paint.current(text, "", "#fight", "r1") is None  # a page without a build shows none


def test_a_link_the_page_wrote_again_as_it_opened_it_shows_its_paint_at_either_address():
    # Intent: a shared link made by an earlier version is written again in this version's form as the
    # page opens it: opened again from the chat, the same link is the same state, and shows the paint.
    text = paint.kept("b1", "#1.new-form", "r1", **DRAWN, opened_at="#1.old-form")
    assert json.loads(text)["opened_at"] == "#1.old-form"
    assert paint.current(text, "b1", "#1.old-form", "r1") is not None
    assert paint.current(text, "b1", "#1.new-form", "r1") is not None
    assert paint.current(text, "b1", "#1.another-fight", "r1") is None
    assert paint.current(text, "b2", "#1.old-form", "r1") is None
    assert "opened_at" not in json.loads(paint.kept("b1", "#fight", "r1", **DRAWN, opened_at="#fight"))
    assert paint.current(paint.kept("b1", "#fight", "r1", **DRAWN), "b1", "", "r1") is None  # "" names nothing else


def test_a_paint_drawn_before_anything_was_saved_matches_no_revision():
    text = paint.kept("b1", "", "", **DRAWN)
    assert paint.current(text, "b1", "", None) is not None
    assert paint.current(text, "b1", "", "r1") is None


def test_too_big_a_paint_is_not_kept_at_all():
    row = '<details class="fd-who"><summary>Rurik</summary></details>'
    big = {**DRAWN, "html": {"fl-out": row * (paint.MAX_CHARS // len(row))}}
    assert paint.kept("b1", "#fight", "r1", **big) is None
    fits = {**DRAWN, "html": {"fl-out": row * (paint.MAX_CHARS // len(row) // 2)}}
    assert paint.kept("b1", "#fight", "r1", **fits) is not None


def test_nothing_drawn_or_no_build_keeps_nothing():
    assert paint.kept("b1", "#fight", "r1", html={}, hidden={}, values={}, checked={}, opened={}) is None
    assert paint.kept("", "#fight", "r1", **DRAWN) is None


def test_an_id_no_page_has_is_not_kept():
    assert paint.kept("b1", "", "r1", **{**DRAWN, "hidden": {"a b": True}}) is None
    assert paint.kept("b1", "", "r1", **{**DRAWN, "html": {"": "x"}}) is None


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{", "damaged"),
        ('{"v":1}', "damaged"),
        ('{"v":2,"build":"b","view":"","revision":""}', "format 2"),
        ('{"v":1,"build":"b","view":"","revision":"","html":{"<img>":"x"}}', "names an element"),
        ('{"v":1,"build":"b","view":"","revision":"","script":"x"}', "damaged"),
        ('{"v":1,"build":"b","view":"","revision":"","html":{"a":1}}', "damaged"),
        ('"' + "x" * paint.MAX_CHARS + '"', "too big"),
        ('{"v":1,"build":"' + "b" * (paint.MAX_LABEL + 1) + '","view":"","revision":""}', "too long a build"),
    ],
)
def test_a_damaged_paint_is_refused_in_words(text, words):
    with pytest.raises(paint.PaintError, match=words) as caught:
        paint.read(text)
    assert isinstance(caught.value, RecordError)
    assert "msgspec" not in str(caught.value) and "Expected" not in str(caught.value)
    assert paint.current(text, "b", "", None) is None


def test_the_paint_and_the_revision_are_kept_outside_the_records():
    # A backup holds every key under APP_PREFIX: a kept paint is a picture of the records, not one.
    assert not PAINT_PREFIX.startswith(APP_PREFIX) and not REVISION.startswith(APP_PREFIX)


def test_the_golden_file_is_json_of_the_documented_fields():
    fields = set(json.loads(GOLDEN.read_text(encoding="utf-8")))
    assert fields == {"v", "build", "view", "revision", "html", "hidden", "values", "checked", "opened"}
    # optional: opened_at only when it differs from view; current only on a page with links to its modes
    assert set(paint.Paint.__struct_fields__) == fields | {"opened_at", "current"}


def test_the_tab_of_the_mode_shown_is_kept_as_current():
    # Intent: fight mode's table painted under the "One exchange" tab marked as the page shown would
    # tell the game master he is somewhere he is not, until Python is up.
    current = {"tab-fight": True, "tab-exchange": False}
    text = paint.kept("b1", "#fight", "r1", **DRAWN, current=current)
    assert json.loads(text)["current"] == current
    assert paint.read(text).current == current
    assert paint.kept("b1", "#fight", "r1", html={}, hidden={}, values={}, checked={}, opened={}, current=current) is not None
    assert paint.kept("b1", "#fight", "r1", **DRAWN, current={"tab fight": True}) is None  # no page's id


def test_the_fields_kept_are_the_typed_and_the_ticked_and_a_long_text_is_the_drafts():
    fields = [
        ("text", "sh-name", "Aldo", False),
        ("number", "sh-str", "13", False),
        ("select-one", "fd-0-a0-target", "Grom", False),
        ("checkbox", "fd-auto", "on", True),
        ("radio", "gr-mode", "on", False),
        ("textarea", "fl-paste", "x" * (paint.MAX_FIELD + 1), False),
        ("file", "fl-file", "C:\\fakepath\\fight.json", False),
        ("button", "fd-go", "", False),
        ("hidden", "fd-secret", "1", False),
    ]
    values, ticks = paint.fields(fields)
    assert values == {"sh-name": "Aldo", "sh-str": "13", "fd-0-a0-target": "Grom"}
    assert ticks == {"fd-auto": True, "gr-mode": False}
