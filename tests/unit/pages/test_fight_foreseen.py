"""Fight mode's statement rows say what the round will do with them (RQ-139): a parry, a blow or a
readying the fight's state makes impossible or different is told on the row at once, before Resolve,
in the round's own words (``melee.foresee``)."""

from __future__ import annotations

import msgspec

from pyengine.runequest.campaign.current import Current
from pyengine.runequest.melee import log as fight_log
from pyengine.runequest.melee.log import FightLog, RoundRecord
from pyengine.runequest.melee.model import Fight, Start
from pyengine.runequest.melee.statement import Intent, ParryIntent, Strike
from pyengine.runequest.sheet.adventurer import Adventurer, WeaponSkill, dump_adventurer
from pyengine.runequest.sheet.characteristics import Characteristics
from pyengine.storage.keys import CHARACTER_PREFIX
from pyengine.storage.store import MemoryStore
from tests.unit.pages.fight_mode import FightMode
from tests.unit.pages.fight_writeback_world import Kept
from tests.worked_examples import THREE, engine_fight

SHIELD = "medium shield (about 60 cm)"
NO_PARRY = f"Aldo cannot parry with the {SHIELD}: the left arm is useless: no parry with it this round"
#: Round 1: Aldo strikes at Cora, his shield held against her; Bera's spear takes his left arm to 5 of 3.
ROUND_1 = RoundRecord(
    intents=(Intent(who="Aldo", actions=(Strike(arm="broadsword", target="Cora"),),
                    parries=(ParryIntent(arm=SHIELD, against="Cora"),)),
             Intent(who="Bera", actions=(Strike(arm="short spear", target="Aldo"),)),
             Intent(who="Cora", actions=(Strike(arm="dagger", target="Aldo"),))),
    rolls=(61, 35, 6, 17, 86),
)


def test_a_shield_arm_gone_to_zero_says_on_the_row_that_he_cannot_parry_with_it(world):
    # "Arm — the limb is useless, and anything not fastened to it is dropped": the shield stays on his arm,
    # his statement is carried "same as last round", and the round will ask for no parry with it.
    fm = FightMode(world, link=fight_log.to_link(FightLog(fight=engine_fight(world[0], THREE), rounds=(ROUND_1,))))
    assert fm.dom.text("fd-round") == "2"
    said = fm.said(0)
    assert f"parries with {SHIELD}" in said and "same as last round" in said
    assert NO_PARRY in said
    # at once, as the statement changes: no parry stated, nothing to tell; the shield again, told again
    fm.statement("fd-0-p0-arm", "")
    assert NO_PARRY not in fm.said(0)
    fm.statement("fd-0-p0-arm", SHIELD)
    assert NO_PARRY in fm.said(0)
    # the round then does what the row said
    fm.roll()
    notes = fm.dom.text("fl-out")
    assert f"Aldo cannot parry with the {SHIELD}: the left arm is useless" in notes


def test_a_blow_at_a_target_that_is_down_says_so_on_the_row(world):
    # "If one opponent disables another before the second one can attack, the disabled character gets no
    # attack at all"; a blow at a foe down strikes a helpless man, one at a foe unconscious kills (RQ-49, RQ-60).
    fight = engine_fight(world[0], THREE)
    bera = msgspec.structs.replace(fight.combatants[1], start=Start(condition="unconscious", wounds={"head": 4},
                                                                    damage_taken=4, bleeding={"head": 50}))
    fight = Fight(combatants=(fight.combatants[0], bera, fight.combatants[2]))
    fm = FightMode(world, link=fight_log.to_link(FightLog(fight=fight)))
    assert "Bera is unconscious" not in fm.said(0)  # his first blow goes at Cora, standing
    fm.statement("fd-0-a0-target", "Bera")
    assert ("attacks Bera with the broadsword: Bera is unconscious: totally helpless, killed outright unless the "
            "blow fumbles (RQ-60)") in fm.said(0)
    # his row, one line cut short at a phone's width, says what the round will do first: the blow itself is
    # the line above it ("attacks Bera with the broadswor…" in red said nothing of why, played by hand)
    assert fm.dom.text("fd-0-foreseen") == ("Bera is unconscious: totally helpless, killed outright unless the blow "
                                            "fumbles (RQ-60) (attacks Bera with the broadsword)")
    assert "attacks Bera with the broadsword" in fm.dom.text("fd-0-short")
    # and the row says it no longer once his blow goes elsewhere (it was drawn only with the whole row)
    fm.statement("fd-0-a0-target", "Cora")
    assert fm.dom.text("fd-0-notes") == "" and "Bera is unconscious" not in fm.said(0)


def test_a_blow_with_a_weapon_broken_last_round_is_not_dropped_silently(world):
    # "When the accumulated damage a weapon has taken exceeds the amount it can withstand, the weapon breaks":
    # Bera's spear, near its 15 points, fails against Aldo's parried broadsword and breaks. Next round his
    # statement no longer strikes with it, and his row says why.
    fight = engine_fight(world[0], THREE)
    bera = msgspec.structs.replace(fight.combatants[1], start=Start(weapon_damage={"short spear": 15}))
    fight = Fight(combatants=(fight.combatants[0], bera, fight.combatants[2]))
    round_1 = RoundRecord(intents=(Intent(who="Aldo", parries=(ParryIntent(arm="broadsword"),)),
                                   Intent(who="Bera", actions=(Strike(arm="short spear", target="Aldo"),)),
                                   Intent(who="Cora", parries=(ParryIntent(arm="dagger"),))),
                          rolls=(80, 33, 6))
    fm = FightMode(world, link=fight_log.to_link(FightLog(fight=fight, rounds=(round_1,))))
    assert fm.dom.text("fd-round") == "2"
    assert ("last round's attacks Aldo with the short spear is not carried on: Bera's short spear is broken"
            in fm.dom.text("fd-1-fell"))


def test_an_archer_whose_sheet_counts_no_arrows_left_is_told_on_his_row(world):
    # RQ-105: "a saved adventurer's sheet may count the missiles left for each missile weapon … Each shot
    # rolled in a fight (hit or miss) uses one"; he comes in with none left, and his row says so before Resolve.
    archer = dump_adventurer(Adventurer(
        name="Ulf", characteristics=Characteristics(STR=12, CON=12, SIZ=12, INT=10, POW=10, DEX=14, CHA=10),
        weapons=(WeaponSkill(weapon="self_bow", attack=40),),
        current=Current(ammunition={"self_bow": 0}),
    )).decode()
    fm = Kept(world, MemoryStore({CHARACTER_PREFIX + "ulf": archer}))
    fm.add((("Bera", "B", "short_spear_1h", ""),))
    fm.add_saved("ulf", "Ulf", "A")
    assert "missiles left: self bow 0" in fm.dom.text("fc-list")
    assert "Ulf has no arrows left for the self bow (RQ-140)" in fm.said(1)
