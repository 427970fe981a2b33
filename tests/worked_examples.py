"""Worked examples that the CPython tests and the browser tests both use. Each one is the
engine's own result for a fight or an exchange the pages also build from their forms."""

from __future__ import annotations

from pyengine.runequest.combat.inputs import quick_attack, quick_defence, quick_parry
from pyengine.runequest.melee.build import QuickWeapon, quick_combatant
from pyengine.runequest.melee.intent import Intent, ParryIntent, Strike
from pyengine.runequest.melee.model import Fight

#: (name, side, weapon 1, weapon 2): the form's other fields keep their defaults
#: (STR, CON, SIZ, DEX 12, 12 hit points, armour 2, attack 50%, parry 40%).
THREE = (("Aldo", "A", "broadsword", "medium_shield"), ("Bera", "B", "short_spear_1h", ""), ("Cora", "B", "dagger", ""))

#: A short spear at 55% with +1D4 against a 12-HP defender in 2 points of armour, 5% Defense,
#: parrying with a medium shield at 40%: the attack impales (10), the parry fails (71),
#: the spear's die shows 4, the bonus 3, the D20 12 (chest).
ROLLS = [10, 71, 4, 3, 12]


def engine_exchange(tables):
    """The attack and the defence of :data:`ROLLS`, as the exchange form builds them."""
    attack = quick_attack(tables, "short_spear_1h", "55", "+1D4")
    defence = quick_defence(tables, "12", "2", "5", quick_parry(tables, "medium_shield", "40"))
    return attack, defence


def engine_fight(tables, who=THREE) -> Fight:
    """The fight of ``who`` as fight mode's quick stat blocks build it, with the form's defaults."""
    out = []
    for name, side, w1, w2 in who:
        weapons = [QuickWeapon(weapon=w1, attack=50, parry=40)]
        if w2:
            weapons.append(QuickWeapon(weapon=w2, parry=40))
        out.append(quick_combatant(tables, name=name, side=side, STR=12, CON=12, SIZ=12, DEX=12, hit_points=12,
                                   weapons=weapons, armour=2))
    return Fight(combatants=tuple(out))


def default_intents(fight: Fight) -> tuple[Intent, ...]:
    """What the page declares by default: the first foe, the weapon in hand; parry with a shield or it."""
    out = []
    for c in fight.combatants:
        foe = next(o for o in fight.combatants if o.side != c.side)
        parry = next((a for a in c.arms if a.parry is not None and a.parry.kind == "shield"), c.arms[0])
        out.append(Intent(who=c.name, actions=(Strike(arm=c.arms[0].name, target=foe.name),),
                          parries=(ParryIntent(arm=parry.name),)))
    return tuple(out)
