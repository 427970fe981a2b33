"""Adventurers and fights for the campaign tests.

Rurik has 14 hit points, as the seed's own example: "a character with total Hit Points of 14
would have 5 points in his abdomen, 4 in each arm, 5 in his head, and 6 in his chest, plus (from
the leg row) 5 in each leg" (ch. III, "Hit Points").
"""

from __future__ import annotations

from pyengine.dice import NoRollLeft, ScriptedDice
from pyengine.runequest.melee.build import QuickWeapon, combatant_from_sheet, quick_combatant
from pyengine.runequest.melee.round import resolve_round
from pyengine.runequest.sheet.adventurer import Adventurer, Gear, WeaponSkill
from pyengine.runequest.sheet.characteristics import Characteristics
from pyengine.runequest.sheet.derive import derive
from pyengine.runequest.vocabulary import Hand

SCORES = dict(STR=13, CON=14, SIZ=11, INT=13, POW=11, DEX=12, CHA=11)


def rurik(**changes) -> Adventurer:
    """14 hit points; a broadsword (right), a self bow and a medium shield (left); a thin leather hauberk
    worn (1 point on chest and abdomen); 100 L carried, 50 saved."""
    weapons = (WeaponSkill(weapon="broadsword", attack=30, parry=20), WeaponSkill(weapon="self_bow", attack=20),
               WeaponSkill(weapon="medium_shield", hand=Hand.LEFT, parry=20))
    return Adventurer(**{"name": "Rurik", "characteristics": Characteristics(**SCORES), "money": 100, "savings": 50,
                         "weapons": weapons,
                         "gear": (Gear(ref="hauberk_thin_leather", worn=True),), **changes})


def fighter(tables, adventurer: Adventurer, character: str, *, name: str = "", side: str = "Sartar", fresh: bool = False):
    return combatant_from_sheet(adventurer, derive(adventurer, tables), tables, side=side, name=name,
                                character=character, fresh=fresh)


def broo(tables, name: str = "Broo", weapon: str = "dagger", attack: int = 50, parry: int | None = None):
    return quick_combatant(tables, name=name, side="Chaos", STR=10, CON=10, SIZ=10, DEX=10, hit_points=12,
                           weapons=[QuickWeapon(weapon=weapon, attack=attack, parry=parry)])


def play(fight, state, intents, mt, answers):
    """One round, each die answered by ``answers(needed)`` (the purpose says which die it is)."""
    rolls: list[int] = []
    for _ in range(200):
        try:
            return resolve_round(fight, state, intents, dice=ScriptedDice(rolls), tables=mt)
        except NoRollLeft as exc:
            rolls.append(answers(exc.needed))
    raise AssertionError("the round never ended")


def answering(*rules):
    """Answers each die by the first rule ``(words, {sides: value})`` whose words its purpose holds;
    any other die rolls 99 on a D100 (a miss, a failed parry, a failed check) and 1 on others."""
    def answer(needed):
        for words, values in rules:
            if words in needed.purpose and needed.sides in values:
                return values[needed.sides]
        return 99 if needed.sides == 100 else 1
    return answer
