"""A totally helpless opponent (seed ch. IV, "Attacking from Advantage" 4; RQ-60).

"A totally helpless opponent can be killed outright with any weapon unless the attacker
rolls a fumble — the attacker's chance of fumbling remains the same as usual with that
weapon." He can neither parry nor use his Defense; the attack d100 is read for a fumble
only (from the weapon's usual range, RQ-37), and any other roll kills him — unless cover
hides the location the blow would land on (RQ-61): then the blow needs a hit location, and
a critical one strikes him in any case.
"""

from __future__ import annotations

from pyengine.runequest.combat.d100 import D100, Thresholds, shown
from pyengine.runequest.combat.model import Defence
from pyengine.runequest.pronouns import THEY, Pronouns
from pyengine.working import Step

SOURCE = "ch. IV, Attacking from Advantage 4"


def no_parry_step(defence: Defence, defender: Pronouns = THEY) -> Step:
    """A parry declared by a totally helpless man is not made."""
    name = defence.parry.name or defence.parry.kind if defence.parry else "parry"
    return Step(field="parry", text=f"{defence.name} is totally helpless: no parry ({defender.his} {name} is not rolled)",
                source=SOURCE, rulings=("RQ-60",))


def helpless_step(a: D100, t: Thresholds, defender: Pronouns = THEY) -> Step:
    """What the attack d100 does to a totally helpless man: a fumble spares him, anything else kills."""
    r = shown(a.roll)
    if a.fumble:
        text = f"rolled {r}, a fumble (at {shown(t.fumble_min)} or more, as usual with the weapon): {defender.he_is} spared"
    else:
        text = f"rolled {r}, not a fumble (at {shown(t.fumble_min)} or more): a totally helpless opponent is killed outright"
    return Step(field="attack", text=text, source=SOURCE, rulings=("RQ-60",), value=a.roll)


def killed_headline(defence: Defence) -> str:
    return f"{defence.name} is killed outright"
