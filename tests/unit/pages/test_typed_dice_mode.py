"""Dice typed by hand are a mode (issue 34, "The table view"): "While it is open, app-dice
Resolve and Undo are off, or ask first. The dice typed so far survive a reload, and the mode is
left only by Cancel, said plainly. Each die asked for says what it is for (it already does); the
round's dice list says which die was which."

Browser: tests/browser/test_typed_dice_mode.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyengine.dice import ScriptedDice
from pyengine.pages.fight.draft import FORMAT, draft_text, read_draft
from pyengine.runequest.melee.model import start
from pyengine.runequest.melee.round import resolve_round
from pyengine.storage.keys import FIGHT_DRAFT
from pyengine.storage.store import MemoryStore
from tests.unit.pages.fight_mode import FightMode
from tests.worked_examples import THREE, default_intents, engine_fight

GOLDEN = Path(__file__).resolve().parents[2] / "golden"

#: What "Resolve: my dice" turns off until the round is in or cancelled: app dice, starting again,
#: undo, a new fight, opening another fight, adding a combatant.
OFF = ("fd-roll", "fd-start", "fd-undo", "fl-new", "fi-open", "fi-file", "fa-add", "ft-add")
#: And what is locked (``inert``): the statements, the combatants' buttons, the add form.
LOCKED = ("fd-list", "fc-list", "fa-box")


def typed_value(sides: int, n: int) -> int:
    """A hit, then a miss; small numbers on the damage and location dice."""
    return (30, 85)[n % 2] if sides == 100 else min(sides, 3 + n % 4)


def type_dice(fm: FightMode, count: int) -> list[int]:
    """The first ``count`` dice asked for, typed."""
    typed: list[int] = []
    for n in range(count):
        sides = int(fm.dom.select("cx-ask", under="fd-ask")[0].attrs["data-sides"])
        typed.append(typed_value(sides, n))
        fm.dom.fill("fd-typed", str(typed[-1]))
        fm.apply(fm.page.on_next(fm.dom.values("fd-typing")))
        assert fm.dom.error("fd-typed") == ""
    return typed


def off(fm: FightMode, ident: str) -> bool:
    return "disabled" in fm.dom[ident].attrs


def locked(fm: FightMode, ident: str) -> bool:
    return "inert" in fm.dom[ident].attrs


def started(world, rounds: int = 1) -> FightMode:
    """Three in the fight, ``rounds`` resolved with the app's dice, then "Resolve: my dice"."""
    fm = FightMode(world)
    fm.add()
    for _ in range(rounds):
        fm.roll()
    fm.apply(fm.page.on_start(fm.dom.values("fd-list")))
    assert fm.dom.shown("fd-typing")
    return fm


def test_while_dice_are_typed_app_dice_undo_and_what_would_end_the_round_are_off(world):
    fm = FightMode(world)
    fm.add()
    fm.roll()
    assert not any(off(fm, ident) for ident in OFF) and not any(locked(fm, ident) for ident in LOCKED)
    fm.apply(fm.page.on_start(fm.dom.values("fd-list")))
    typed = type_dice(fm, 1)
    assert [ident for ident in OFF if not off(fm, ident)] == []
    assert [ident for ident in LOCKED if not locked(fm, ident)] == []
    said = fm.dom.text("fd-ask")
    assert "Round 2 is not resolved until its last die is in" in said
    assert "Cancel" in said and "statements" in said
    # Whatever reaches the page anyway (a key, a stale tap) changes nothing: the dice stay.
    for action in (lambda: fm.roll(), lambda: fm.apply(fm.page.on_undo()), lambda: fm.apply(fm.page.on_new()),
                   lambda: fm.apply(fm.page.on_start(fm.dom.values("fd-list"))),
                   lambda: fm.apply(fm.page.on_import({"fi-text": fm.page.link()})),
                   lambda: fm.apply(fm.page.on_combatants_click({"leave": "0"}))):
        action()
        assert len(fm.page.results) == 1 and fm.page.typed == typed and fm.dom.shown("fd-typing")
        assert "Cancel" in fm.dom.text("fd-form-error")
    # The last die in: the round is resolved and everything is on again.
    while fm.dom.shown("fd-typing"):
        type_dice(fm, 1)
    assert len(fm.page.results) == 2
    assert [ident for ident in OFF if off(fm, ident)] == [] and not any(locked(fm, ident) for ident in LOCKED)


def test_cancel_is_the_way_out_said_plainly_and_drops_the_dice(world):
    fm = started(world)
    assert fm.dom.text("fd-cancel") == "Cancel: type no dice for this round"
    type_dice(fm, 2)
    assert fm.dom.text("fd-cancel") == "Cancel: drop the 2 dice typed"
    fm.apply(fm.page.on_cancel())
    assert not fm.dom.shown("fd-typing") and fm.page.typed == [] and len(fm.page.results) == 1
    assert not any(off(fm, ident) for ident in OFF) and not any(locked(fm, ident) for ident in LOCKED)
    assert "typing" not in json.loads(fm.store.get(FIGHT_DRAFT))
    again = fm.reload(world)
    assert not again.dom.shown("fd-typing") and again.page.typed == []


def test_the_dice_typed_survive_a_reload_and_the_next_die_is_asked(world):
    tables, _, _, mt = world
    fm = started(world, rounds=0)
    typed = type_dice(fm, 2)
    kept = json.loads(fm.store.get(FIGHT_DRAFT))
    assert kept["format"] == FORMAT == 3 and kept["typing"]["rolls"] == typed and list(kept)[-1] == "link"
    asked = fm.dom.text("fd-ask")
    again = fm.reload(world)
    assert again.dom.shown("fd-typing") and again.page.typed == typed
    assert again.dom.text("fd-ask") == asked and "Roll 3: a D" in asked
    assert again.dom.text("fd-cancel") == "Cancel: drop the 2 dice typed"
    assert all(off(again, ident) for ident in OFF) and all(locked(again, ident) for ident in LOCKED)
    # Typed on to the end after the reload, the round is the engine's with every die typed.
    n = len(typed)
    while again.dom.shown("fd-typing"):
        sides = int(again.dom.select("cx-ask", under="fd-ask")[0].attrs["data-sides"])
        typed.append(typed_value(sides, n))
        n += 1
        again.dom.fill("fd-typed", str(typed[-1]))
        again.apply(again.page.on_next(again.dom.values("fd-typing")))
    fight = engine_fight(tables)
    expected = resolve_round(fight, start(fight), default_intents(fight), dice=ScriptedDice(typed), tables=mt)
    assert again.outcomes() == [e.outcome for e in expected.events]
    assert "typing" not in json.loads(again.store.get(FIGHT_DRAFT))


def test_a_damaged_typing_part_reads_as_no_typing_with_a_message(world):
    fm = started(world)
    type_dice(fm, 1)
    kept = json.loads(fm.store.get(FIGHT_DRAFT))
    for damaged, words in ((dict(kept["typing"], rolls="82"), "dice typed"),
                           (dict(kept["typing"], round=7), "round 7"),
                           (dict(kept["typing"], rolls=[500]), "500")):
        store = MemoryStore({FIGHT_DRAFT: json.dumps({**kept, "typing": damaged})})
        again = FightMode(world, store)
        assert not again.dom.shown("fd-typing") and again.page.typed == []
        said = again.dom.text("fd-form-error")
        assert said.startswith("The dice typed by hand for the next round could not be read back") and words in said
        assert "Traceback" not in said and len(again.page.results) == 1  # the fight itself is kept
        assert not any(off(again, ident) for ident in ("fd-roll", "fd-start", "fd-undo"))


def test_the_rounds_dice_say_which_die_was_which_and_a_link_replays_them(world):
    fm = FightMode(world)
    fm.add(THREE[:2])
    fm.roll()
    result = fm.page.results[-1]
    dice = fm.dom.select("fr-dice", under="fl-out")[0].text()
    assert dice.startswith("Dice this round, in the order rolled:")
    assert len(result.made) == len(result.rolls) > 0
    first = result.made[0]
    assert f"D100 {result.rolls[0]} — Aldo attacks Bera with the broadsword: attack roll (Aldo, 50%)" in dice
    assert all(f"D{m.sides} {v} — {m.purpose}" in dice for m, v in zip(result.made, result.rolls, strict=True))
    assert first.purpose.startswith("Aldo attacks Bera")
    # Typed dice say the same.
    fm.apply(fm.page.on_start(fm.dom.values("fd-list")))
    while fm.dom.shown("fd-typing"):
        type_dice(fm, 1)
    typed = fm.page.results[-1]
    typed_line = fm.dom.select("fr-dice", under="fl-out")[0].text()
    assert all(f"D{m.sides} {m.value} — {m.purpose}" in typed_line for m in typed.made)
    # The fight's link (which keeps the faces alone) says the same of each die, replayed.
    other = FightMode(world, link=fm.page.link())
    assert other.dom.select("fr-dice", under="fl-out")[0].text() == typed_line
    assert [r.made for r in other.page.results] == [r.made for r in fm.page.results]


@pytest.mark.parametrize("name", ["fight-draft-format-2-0.5.0.json"])
def test_an_earlier_format_2_draft_migrates_to_3(name):
    text = (GOLDEN / name).read_text(encoding="utf-8").strip()
    old = json.loads(text)
    assert old["format"] == 2
    draft, problems = read_draft(text)
    assert problems == [] and draft.format == 3 and draft.typing is None
    assert json.loads(draft_text(draft)) == {**old, "format": 3}


def test_a_format_3_draft_with_dice_typed_reopens_typing(world):
    text = (GOLDEN / "fight-draft-format-3-typing.json").read_text(encoding="utf-8").strip()
    old = json.loads(text)
    fm = FightMode(world, MemoryStore({FIGHT_DRAFT: text}))
    assert fm.dom.shown("fd-typing") and fm.page.typed == old["typing"]["rolls"]
    assert f"Roll {len(old['typing']['rolls']) + 1}: a D" in fm.dom.text("fd-ask")
    assert not fm.dom.text("fd-form-error") and not fm.dom.text("fl-link-error")
    assert json.loads(draft_text(fm.page.draft)) == old


def test_a_link_opened_while_dice_are_typed_says_so_and_the_fight_keeps_them(world):
    from pyengine.library.fights import current_fight, load_fight

    other = FightMode(world)
    other.add(THREE[:2])
    link = other.page.link()
    fm = started(world)
    typed = type_dice(fm, 2)
    kept = current_fight(fm.store)
    fm.apply(fm.page.open(fm.dom.values("fa-form"), link))  # a fight's link in the address
    assert len(fm.page.fight.combatants) == 2 and not fm.dom.shown("fd-typing")
    said = fm.dom.text("fd-form-error")
    assert said.startswith("The 2 dice typed for round 2 were not used: another fight was opened from its link")
    assert load_fight(fm.store, kept).draft["typing"]["rolls"] == typed
