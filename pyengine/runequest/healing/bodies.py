"""A melee combatant's body as healing's :class:`~.model.Wounds`, and back: the melee round's
Heal action and its bookkeeping use :func:`~.treatment.heal` and :func:`~.elapse.count_down` through
these, so no healing rule is written twice.

The body keeps one flag for maimed limbs (``maimed``: a limb severed or struck more than twice
its points); the limbs it means are his severed ones and, while the flag is up, any limb still
at or over its points.
"""

from __future__ import annotations

from typing import Any

from pyengine.runequest.combat.wounds import LIMBS
from pyengine.runequest.healing.model import Wounds
from pyengine.runequest.melee.model import Body, Combatant
from pyengine.runequest.vocabulary import LOCATION_KEYS

LIMB_KEYS = tuple(LOCATION_KEYS[loc] for loc in LOCATION_KEYS if loc in LIMBS)


def wounds_of(c: Combatant, body: Body) -> Wounds:
    """The wounds ``body`` carries (no rest is counted in a fight)."""
    maimed = [k for k in LIMB_KEYS if k in body.severed]
    if body.maimed:
        maimed += [k for k in LIMB_KEYS if k not in maimed and body.wounds.get(k, 0) >= c.locations[k]]
    return Wounds(
        damage_taken=body.damage_taken,
        wounds={k: v for k, v in body.wounds.items() if v},
        condition=body.condition,
        bleeding=body.bleeding,
        severed=body.severed,
        maimed=tuple(maimed),
        impaled=tuple(dict.fromkeys(s.location for s in body.stuck_in)),
    )


def body_changes(wounds: Wounds) -> dict[str, Any]:
    """What changes on the body to carry ``wounds``."""
    return dict(damage_taken=wounds.damage_taken, wounds=wounds.wounds, condition=wounds.condition,
                bleeding=wounds.bleeding, severed=wounds.severed, maimed=bool(wounds.maimed))
