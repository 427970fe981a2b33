"""Carrying one exchange's harm into the next blow of the same fight.

"4 points of damage taken in a single melee round stay with the weapon throughout the
fight" and wounds stay with the defender: :func:`after_blow` gives the inputs of the
next blow with the defender's hit points and location damage, and both weapons'
damage, carried forward. It makes new frozen copies: a saved character is never
changed here.
"""

from __future__ import annotations

import msgspec

from pyengine.runequest.combat.model import Attack, Defence, ExchangeResult
from pyengine.runequest.vocabulary import LOCATION_KEYS


def after_blow(attack: Attack, defence: Defence, result: ExchangeResult) -> tuple[Attack, Defence]:
    """The same attacker and defender after ``result``: damage, wounds and weapon damage carried."""
    wounds = dict(defence.wounds)
    taken = defence.damage_taken
    if result.wound is not None and result.location is not None:
        key = LOCATION_KEYS[result.location]
        wounds[key] = result.wound.after
        taken += result.wound.hp_loss
    parry = defence.parry
    weapon_damage = attack.weapon_damage
    for harm in result.weapon_harm:
        if harm.whose == "defender" and parry is not None:
            parry = msgspec.structs.replace(parry, damage_taken=min(harm.after, 999))
        elif harm.whose == "attacker":
            weapon_damage = min(harm.after, 999)
    new_defence = msgspec.structs.replace(defence, wounds=wounds, damage_taken=min(taken, 999), parry=parry)
    return msgspec.structs.replace(attack, weapon_damage=weapon_damage), new_defence
