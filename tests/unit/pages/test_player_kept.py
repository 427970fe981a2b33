"""What a player's phone keeps of the live table (``strike-rank/draft/player``): it reads back, or what
does not read is said and starts empty; 10,000 junk texts (``tests/unit/junk.py``) never raise."""

from __future__ import annotations

import json

from pyengine.errors import RulesError
from pyengine.live.messages import message_link
from pyengine.pages.player import read_kept
from tests.unit import junk
from tests.unit.junk import Junk
from tests.unit.live.samples import DEVICE, KEY, SAMPLES

STATE = message_link(SAMPLES["state"])
KEPT = {"format": 1, "device": DEVICE, "name": "Ana", "state": STATE, "key": KEY, "answered": [2, 14]}
WORDS = ["format", "device", "name", "state", "written", "label", "round", "records", "key", "answered", DEVICE, KEY, "Ana", STATE[:40]]


def test_what_the_phone_kept_reads_back():
    kept, state, problems = read_kept(json.dumps(KEPT))
    assert problems == [] and kept.device == DEVICE and state == SAMPLES["state"]
    assert kept.key == KEY and kept.answered == [2, 14]  # the table by codes alone: his key, the offers he answered
    assert read_kept(json.dumps({k: v for k, v in KEPT.items() if k not in ("key", "answered")}))[0].key == ""


def test_what_does_not_read_is_said_and_starts_empty():
    assert "not JSON" in read_kept("{")[2][0]
    assert "format 2" in read_kept(json.dumps({**KEPT, "format": 2}))[2][0]
    kept, state, problems = read_kept(json.dumps({**KEPT, "state": "1.abc"}))
    assert kept.device == DEVICE and state is None and "does not read" in problems[0]
    _, state, problems = read_kept(json.dumps({**KEPT, "state": message_link(SAMPLES["hello"])}))
    assert state is None and "not a whole state" in problems[0]
    assert "characters" in read_kept("x" * 70_000)[2][0]
    kept, _, problems = read_kept(json.dumps({**KEPT, "key": "not hex"}))
    assert kept.device == "" and "key" in problems[0] and "not hex" in problems[0]


def junk_kept(j: Junk) -> str:
    kind = j.rng.randrange(3)
    if kind == 0:
        return j.text(60)
    if kind == 1:
        return json.dumps(j.data(WORDS))
    data = dict(KEPT)
    data[j.rng.choice(list(data) + ["written"])] = j.data(WORDS)
    return json.dumps(data)


def kept_reads_or_says_why(text: str) -> None:
    try:
        read_kept(text)
    except RulesError as exc:  # pragma: no cover - it says, it never raises
        raise AssertionError(f"raised {exc}") from exc


def test_junk_kept_never_raises():
    junk.run(kept_reads_or_says_why, junk_kept)
