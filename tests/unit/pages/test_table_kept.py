"""Who was at the game master's live table, kept on his phone (``strike-rank/draft/table``): the golden record
of format 1 reads back, what does not read is said in words and the table starts with nobody, what is kept is
what reads back, and 10,000 junk texts (``tests/unit/junk.py``) never raise."""

from __future__ import annotations

import json

from pyengine.errors import RulesError
from pyengine.live.host import Host
from pyengine.pages.fight.table_kept import read_table_kept, table_kept_text
from tests.unit import junk
from tests.unit.junk import Junk
from tests.unit.live.samples import DEVICE, GOLDEN, KEY

KEPT = json.loads((GOLDEN / "live-table-kept-format-1.json").read_text(encoding="utf-8"))
WORDS = ["format", "seats", "seat", "device", "name", "who", "key", DEVICE, KEY, "Ana", "Vasana"]


def test_the_golden_record_of_format_1_reads_back():
    seats, problems = read_table_kept(json.dumps(KEPT))
    assert problems == []
    assert [(s.seat, s.device, s.name, s.who, s.key) for s in seats] == [
        (1, DEVICE, "Ana", ["Vasana"], None),
        (3, "0b1c2d3e4f5a6b7c8d9e0f1a", "Bo", [], KEY),  # Bo plays by codes: his codes' key kept
    ]


def test_what_is_kept_reads_back_as_the_hosts_seats():
    host = Host("5eed0f7ab1e5eed0", lambda: 0.0)
    for seat in KEPT["seats"]:
        host.restore(seat["seat"], seat["device"], seat["name"], seat["who"], seat.get("key", ""))
    assert json.loads(table_kept_text(host)) == KEPT
    assert read_table_kept(None) == ([], []) and read_table_kept("") == ([], [])


def test_what_does_not_read_is_said_and_the_table_starts_with_nobody():
    assert read_table_kept("{")[1] == ["the table's seats kept on this phone are damaged (not JSON)"]
    assert "not a JSON object" in read_table_kept("[]")[1][0]
    assert read_table_kept(json.dumps({**KEPT, "format": 2}))[1] == ["the table's seats kept on this phone are of format 2, not 1"]
    seats, problems = read_table_kept(json.dumps({**KEPT, "seats": [{**KEPT["seats"][0], "device": "not hex"}]}))
    assert seats == [] and "device" in problems[0] and "not hex" in problems[0]
    seats, problems = read_table_kept(json.dumps({**KEPT, "seats": [KEPT["seats"][0], {**KEPT["seats"][0], "seat": 2}]}))
    assert seats == [] and "a seat or a phone twice" in problems[0]
    assert "at most 16,384" in read_table_kept("x" * 20_000)[1][0]
    assert "seat" in read_table_kept(json.dumps({**KEPT, "seats": [{**KEPT["seats"][0], "seat": 9}]}))[1][0]
    seats, problems = read_table_kept(json.dumps({**KEPT, "seats": [{**KEPT["seats"][1], "key": "short"}]}))
    assert seats == [] and "key" in problems[0] and "short" in problems[0]


def junk_kept(j: Junk) -> str:
    kind = j.rng.randrange(3)
    if kind == 0:
        return j.text(60)
    if kind == 1:
        return json.dumps(j.data(WORDS))
    data = json.loads(json.dumps(KEPT))
    if j.rng.random() < 0.5:
        data[j.rng.choice(["format", "seats", "extra"])] = j.data(WORDS)
    else:
        seat = data["seats"][0]
        seat[j.rng.choice(list(seat) + ["extra"])] = j.data(WORDS)
    return json.dumps(data)


def reads_or_says_why(text: str) -> None:
    try:
        seats, problems = read_table_kept(text)
    except RulesError as exc:  # pragma: no cover - it says, it never raises
        raise AssertionError(f"raised {exc}") from exc
    assert not (seats and problems)
    for problem in problems:
        assert "msgspec" not in problem and "Expected" not in problem


def test_junk_kept_never_raises():
    junk.run(reads_or_says_why, junk_kept)
