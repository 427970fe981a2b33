"""Share-link state for shrapnel results: inputs out, the same inputs (and result) back."""

from __future__ import annotations

import json

import msgspec
import pytest

from pyengine.errors import RollError, ShareLinkError
from pyengine.share import encode_link
from pyengine.shrapnel.armour import ArmourPiece
from pyengine.shrapnel.resolve import resolve
from pyengine.shrapnel.state import KIND, LINK, VERSION, ShrapnelState, from_state, to_state
from pyengine.shrapnel.tables import ShrapnelTable
from pyengine.shrapnel.vocabulary import Area, Severity

VEST = ArmourPiece(name="vest", areas=(Area.CHEST, Area.ABDOMEN))


def test_kind_and_version() -> None:
    assert (KIND, VERSION) == ("shrapnel", 2)  # 2: limbs, target (test_limbs.py)


def test_the_state_is_plain_data() -> None:
    data = to_state(50, "c", ["Head", VEST])
    assert data == {
        "roll": 50,
        "severity": "C",
        "covered": ["head"],
        "pieces": [{"name": "vest", "areas": ["chest", "abdomen"]}],
    }
    assert json.loads(json.dumps(data)) == data
    assert msgspec.msgpack.decode(msgspec.msgpack.encode(data)) == data


def test_a_state_reopens_to_the_same_result(table: ShrapnelTable) -> None:
    armour = ["head", VEST, "legs"]
    state = from_state(to_state(98, "B", armour))
    assert state == ShrapnelState(roll=98, severity=Severity.B, covered=(Area.HEAD, Area.LEGS), pieces=(VEST,))
    assert resolve(table, state.roll, state.severity, state.armour()) == resolve(table, 98, "B", armour)


def test_no_armour_is_empty_lists() -> None:
    assert to_state(1, "A", None) == {"roll": 1, "severity": "A", "covered": [], "pieces": []}
    assert from_state({"roll": 1, "severity": "A"}).armour() == ()


def test_to_state_checks_like_resolve() -> None:
    with pytest.raises(RollError, match="101"):
        to_state(101, "A", [])


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"roll": 0, "severity": "C"}, r"roll: should be a whole number of at least 1 \(found 0\)$"),
        ({"roll": 101, "severity": "C"}, r"roll: should be a whole number of at most 100 \(found 101\)$"),
        ({"roll": "50", "severity": "C"}, r"roll: should be a whole number, not text \(found '50'\)$"),
        ({"roll": 50, "severity": "F"}, r"severity: is not one this app knows \(found 'F'\)$"),
        ({"roll": 50}, r"the state: has no severity"),
        ({"roll": 50, "severity": "C", "covered": ["neck"]}, r"covered area 1: .* \(found 'neck'\)"),
        (
            {"roll": 50, "severity": "C", "pieces": [{"name": "vest", "areas": ["chest", "tail"]}]},
            r"piece 1 \('vest'\), area 2: .* \(found 'tail'\)",
        ),
        (
            {"roll": 50, "severity": "C", "pieces": [{"name": "", "areas": ["chest"]}]},
            r"piece 1, name: is empty",
        ),
        (
            {"roll": 50, "severity": "C", "pieces": [{"name": "v", "areas": []}]},
            r"piece 1 \('v'\) covers no area",
        ),
        (
            {"roll": 50, "severity": "C", "covered": ["head"], "pieces": [{"name": "head", "areas": ["chest"]}]},
            r"armour: two pieces are named 'head'",
        ),
        ({"roll": 50, "severity": "C", "colour": "red"}, r"the state: has a field this app does not know: 'colour'"),
        ([50, "C"], r"the state: should be a set of named fields, not a list"),
        (None, r"the state: should be a set of named fields, not null"),
    ],
)
def test_a_damaged_state_names_the_field_and_the_value(data: object, message: str) -> None:
    with pytest.raises(ShareLinkError, match=rf"^shrapnel link: {message}"):
        from_state(data)


def test_a_newer_version_or_another_kind_is_refused_by_the_link() -> None:
    with pytest.raises(ShareLinkError, match=r"^share link: shrapnel version 3 is newer than this app reads \(2\)"):
        LINK.open(encode_link(KIND, {"roll": 50, "severity": "C"}, version=3))
    with pytest.raises(ShareLinkError, match=r"^share link: this is a 'gear' link, not a 'shrapnel' one"):
        LINK.open(encode_link("gear", {}, version=1))
    assert LINK.open(LINK.link(to_state(50, "C", [VEST]))).armour() == (VEST,)
