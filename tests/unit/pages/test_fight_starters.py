"""Fight mode's ready opponents (issue 34): "How many", then a starter's button; "Edit a copy" (RQ-144).

"A new game master adds three opponents in at most 5 taps, without knowing a stat block" · "humans built
by the seed's own rules … each individual's characteristics rolled per the rules. The game master can
edit them afterwards."
"""

from __future__ import annotations

from pyengine.dice import ScriptedDice
from pyengine.library.fights import current_fight, load_fight
from pyengine.library.templates import list_templates
from pyengine.pages.view import Update
from tests.unit.pages.fight_mode import FightMode
from tests.worked_examples import THREE

#: Three individuals' rolls, STR CON SIZ INT POW DEX CHA, three D6 each.
ONE = [1, 2, 3, 4, 5, 6, 6, 6, 6, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]  # 6 15 18 3 6 9 12
TWO = [3, 3, 4] * 7  # 10 each
THREE_ROLLS = [6, 6, 5, 5, 5, 5, 2, 2, 2, 4, 4, 4, 6, 6, 6, 5, 5, 6, 1, 1, 1]  # 17 15 6 12 18 16 3


def tap(fm: FightMode, **data: str):
    return fm.apply(fm.page.on_starters_click(data, fm.dom.values("ft-starters")))


def test_three_bandits_in_two_taps_each_rolled_on_his_own_and_shown(world):
    fm = FightMode(world, dice=ScriptedDice(ONE + TWO + THREE_ROLLS))
    fm.add(THREE[:1])
    assert [b.attrs["aria-pressed"] for b in fm.dom.select("ft-count", under="ft-starters")] == \
        ["true", "false", "false", "false", "false", "false"]
    tap(fm, count="3")
    assert fm.dom["ft-n3"].attrs["aria-pressed"] == "true" and fm.dom["ft-n1"].attrs["aria-pressed"] == "false"
    tap(fm, starter="bandit")
    fight = fm.page.fight
    assert [c.name for c in fight.combatants] == ["Aldo", "Bandit 1", "Bandit 2", "Bandit 3"]
    assert [c.side for c in fight.combatants] == ["A", "Foes", "Foes", "Foes"]
    assert [(c.STR, c.CON, c.SIZ, c.DEX) for c in fight.combatants[1:]] == [(6, 15, 18, 9), (10, 10, 10, 10),
                                                                              (17, 15, 6, 16)]
    said = fm.dom.text("ft-said")
    assert "Added Bandit 1, Bandit 2, Bandit 3 on side Foes." in said
    assert "Bandit 1: STR 6 (1+2+3), CON 15 (4+5+6), SIZ 18 (6+6+6), INT 3 (1+1+1), POW 6 (2+2+2), DEX 9 (3+3+3), " \
           "CHA 12 (4+4+4);" in said
    assert "Bandit 3: STR 17 (6+6+5), CON 15 (5+5+5), SIZ 6 (2+2+2), INT 12 (4+4+4), POW 18 (6+6+6)" in said
    # the list shows them, and the fight is kept on the device
    assert len(fm.combatants()) == 4
    kept = load_fight(fm.store, current_fight(fm.store))
    assert [s.side for s in kept.sides] == ["A", "Foes"] and fm.reload(world).page.fight.combatants[-1].name == "Bandit 3"


def test_their_side_is_changeable_joins_one_already_there_and_must_be_given(world):
    fm = FightMode(world)
    fm.add(THREE[:1])
    fm.dom.fill("ft-side", "the robbers")
    tap(fm, starter="militia")
    assert [(c.name, c.side) for c in fm.page.fight.combatants] == [("Aldo", "A"), ("Militia", "the robbers")]
    fm.dom.fill("ft-side", "THE ROBBERS")
    tap(fm, count="2")
    tap(fm, starter="militia")
    assert [(c.name, c.side) for c in fm.page.fight.combatants][2:] == [("Militia 2", "the robbers"),
                                                                         ("Militia 3", "the robbers")]
    fm.dom.fill("ft-side", "  ")
    tap(fm, starter="veteran")
    assert fm.dom.error("ft-side") == "their side: say which side they are on (Foes, B, the bandits…)"
    assert len(fm.page.fight.combatants) == 4
    fm.dom.fill("ft-side", "Foes")
    tap(fm, starter="veteran")
    assert fm.dom.error("ft-side") == ""
    assert [(c.name, c.side) for c in fm.page.fight.combatants][4:] == [("Veteran 1", "Foes"), ("Veteran 2", "Foes")]


def test_a_fight_holds_24_and_nothing_is_added_past_it(world):
    fm = FightMode(world)
    fm.add(THREE[:1])
    tap(fm, count="6")
    for _ in range(3):
        tap(fm, starter="bandit")
    assert len(fm.page.fight.combatants) == 19
    tap(fm, starter="bandit")
    assert fm.dom.text("ft-said") == "6 more makes 25; a fight holds 24 combatants at most."
    assert len(fm.page.fight.combatants) == 19
    assert tap(fm, id="ft-starters") == Update()  # a tap beside the buttons: nothing


def test_edit_a_copy_puts_one_rolled_veteran_in_the_quick_stat_block_to_add_or_keep(world):
    fm = FightMode(world, dice=ScriptedDice(TWO))
    fm.add(THREE[:1])
    tap(fm, edit="veteran")
    values = fm.dom.values("fa-form")
    assert {k: values[k] for k in ("fa-source", "fa-name", "fa-side", "fa-str", "fa-con", "fa-siz", "fa-dex",
                                   "fa-hp", "fa-armour", "fa-w1", "fa-w1-attack", "fa-w1-parry", "fa-w2",
                                   "fa-w2-parry", "fa-w3", "fa-w3-attack")} == {
        "fa-source": "", "fa-name": "Veteran", "fa-side": "Foes", "fa-str": "10", "fa-con": "10", "fa-siz": "10",
        "fa-dex": "10", "fa-hp": "10", "fa-armour": "5", "fa-w1": "broadsword", "fa-w1-attack": "45",
        "fa-w1-parry": "45", "fa-w2": "medium_shield", "fa-w2-parry": "25", "fa-w3": "dagger", "fa-w3-attack": "25",
    }
    said = fm.dom.text("ft-said")
    assert "A veteran rolled into the quick stat block above" in said
    assert "one armour value for every location: it has his chest's, 5. His own: head 5, chest 5, abdomen 10" in said
    assert fm.dom.scrolled == "fa-quick" and fm.dom.shown("fa-quick")
    assert fm.page.draft.add["fa-w1-attack"] == "45"  # kept in the draft, as if typed
    fm.dom.fill("fa-w1-attack", "60")
    fm.apply(fm.page.on_keep_template(fm.dom.values("fa-form")))
    assert [e.value.name for e in list_templates(fm.store).entries] == ["Veteran"]
    fm.apply(fm.page.on_add(fm.dom.values("fa-form")))
    added = fm.page.fight.combatants[-1]
    assert (added.name, added.side, added.arms[0].attack) == ("Veteran", "Foes", 60)


def test_the_buttons_are_in_the_page_before_python_and_after_a_reload(world):
    fm = FightMode(world)
    fm.add(THREE[:1])
    again = fm.reload(world)
    starters = [(b.attrs["data-starter"], b.text()) for b in again.dom.select("ft-starter", under="ft-starters")]
    assert starters == [("militia", "Militia"), ("bandit", "Bandit"), ("mercenary", "Mercenary"),
                        ("veteran", "Veteran")]
    assert again.dom.value("ft-side") == "Foes"
    tap(again, starter="mercenary")
    assert [c.name for c in again.page.fight.combatants] == ["Aldo", "Mercenary"]
