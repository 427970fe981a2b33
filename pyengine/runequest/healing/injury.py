"""A blow's damage to one location, recorded on the wounds: :func:`take_wound`.

What the damage does is :func:`pyengine.runequest.combat.wounds.apply_wound`'s (RQ-41); here it
starts the clocks the seed gives it: a disabled abdomen or chest bleeds to death "in 2 full
turns", a disabled head "must be healed within 2 full turns, or die", and a severed limb can be
reknit only "within 2 full turns" (RQ-53).
"""

from __future__ import annotations

import msgspec

from pyengine.runequest.combat.wounds import Wound, apply_wound, worse
from pyengine.runequest.healing.model import TWO_FULL_TURNS, HitPoints, Wounds
from pyengine.runequest.healing.standing import settle
from pyengine.runequest.pronouns import THEY, Pronouns
from pyengine.runequest.vocabulary import LOCATION_BY_KEY, Location, LocationKey

#: The locations whose disabling runs the 2-full-turn clock.
CLOCKED = frozenset({Location.ABDOMEN, Location.CHEST, Location.HEAD})
MOST = 999


def take_wound(frame: HitPoints, wounds: Wounds, key: LocationKey | str, damage: int,
               pronouns: Pronouns = THEY) -> tuple[Wounds, Wound]:
    """``damage`` points (past any armour) to location ``key``: the new wounds and what the blow did (said
    with his ``pronouns``, RQ-145)."""
    key = LocationKey(key)
    w = apply_wound(LOCATION_BY_KEY[key], damage, location_hp=frame.locations[key], before=wounds.wounds.get(key, 0),
                    hit_points=frame.hit_points - wounds.damage_taken, pronouns=pronouns)
    bleeding, severed = dict(wounds.bleeding), dict(wounds.severed)
    if w.disabled and w.location in CLOCKED:
        bleeding.setdefault(key, TWO_FULL_TURNS)
    if w.severed:
        severed.setdefault(key, TWO_FULL_TURNS)
    maimed = wounds.maimed + ((key,) if (w.severed or w.capped) and key not in wounds.maimed else ())
    hurt = msgspec.structs.replace(
        wounds,
        wounds={**wounds.wounds, key: min(w.after, MOST)},
        damage_taken=min(wounds.damage_taken + w.hp_loss, MOST),
        condition=worse(wounds.condition, "dead" if w.condition == "dead" else "unhurt"),
        bleeding=bleeding,
        severed=severed,
        maimed=maimed,
    )
    return settle(frame, hurt), w
