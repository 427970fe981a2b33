"""The attack d100 met by the parry d100 (seed ch. IV, "The Attack", "The Parry",
"Optional Rules — Critical Parries"): what the two rolls decide together.

"A critical parry against a critical hit": both count as ordinary. Without the optional
rules a low parry roll is an ordinary success and a high one an ordinary failure. Only a
shield parries a missile (RQ-43).
"""

from __future__ import annotations

from typing import NamedTuple

from pyengine.errors import IllegalActionError
from pyengine.runequest.combat.d100 import D100, Thresholds, shown
from pyengine.runequest.combat.model import Parry, Rules, Weapon, WideOpen
from pyengine.runequest.pronouns import THEY, Pronouns
from pyengine.working import Step


class Meeting(NamedTuple):
    """What the attack roll and the parry roll decide together."""

    critical: bool
    """The attack is a critical hit (a critical parry may have made it ordinary)."""
    parry_success: bool
    parry_critical: bool
    """A critical parry that counts (optional rules; not against a critical hit)."""
    parry_fumble: bool
    """A fumbled parry that counts (optional rules)."""
    cancelled: bool
    """A critical parry met a critical hit: both are ordinary."""


def check_parry(weapon: Weapon, parry: Parry | None) -> None:
    """:raises IllegalActionError: a weapon parrying a missile (only a shield can, RQ-43)."""
    if parry is not None and weapon.missile and parry.kind == "weapon":
        raise IllegalActionError(f"parry: a {parry.name or 'weapon'} cannot parry a missile; only a shield can (RQ-43)")


def meet(a: D100, p: D100 | None, rules: Rules) -> Meeting:
    """The attack roll ``a`` against the parry roll ``p`` (``None``: no parry)."""
    parry_success = p is not None and p.success
    parry_critical = bool(p and p.success and p.critical and rules.parry_criticals)
    parry_fumble = bool(p and p.fumble and rules.parry_criticals)
    cancelled = parry_critical and a.critical and a.success
    return Meeting(
        critical=a.critical and not cancelled,
        parry_success=parry_success,
        parry_critical=parry_critical and not cancelled,
        parry_fumble=parry_fumble,
        cancelled=cancelled,
    )


def in_the_way(parry: Parry | None, meeting: Meeting, wide_open: WideOpen | None) -> Parry | None:
    """The parry that stands in the blow's way: a successful one, unless a fumbled parry
    left him wide open."""
    return parry if parry is not None and meeting.parry_success and not wide_open else None


def meeting_steps(meeting: Meeting) -> list[Step]:
    if not meeting.cancelled:
        return []
    return [Step(field="parry", text="a critical parry against a critical hit: both count as ordinary",
                 source="ch. IV, Optional Rules — Critical Parries")]


def attack_step(a: D100, chance: int) -> Step:
    r = shown(a.roll)
    if a.fumble:
        text = f"rolled {r}: a fumble"
    elif not a.success:
        text = f"rolled {r} against {chance}%: a miss" + (" (96-00 always miss)" if a.roll >= 96 else "")
    else:
        kinds = [k for k, on in (("critical", a.critical), ("impale", a.impale)) if on]
        extra = (" — " + " and ".join(kinds)) if kinds else ""
        auto = " (01-05 always hit)" if a.roll > chance else ""
        text = f"rolled {r} against {chance}%: a hit{auto}{extra}"
    return Step(field="attack", text=text, source="ch. IV, The Attack; Basic Chances", value=a.roll)


def parry_step(p: D100, parry: Parry, t: Thresholds, rules: Rules, skill: int | None = None,
               defender: Pronouns = THEY) -> Step:
    """The parry roll read; ``skill``: his whole % with it when the parry is split (RQ-50)."""
    r = shown(p.roll)
    said = f"{parry.name or parry.kind} {parry.chance}%: rolled {r}"
    split = skill is not None and skill != parry.chance
    whole = f", by {defender.his} whole skill {skill}%, not the {parry.chance}% of this parry" if split else ""
    if p.fumble and rules.parry_criticals:
        text = f"{said}, a fumbled parry (fumble at {shown(t.fumble_min)}+{whole})"
    elif not p.success:
        text = f"{said}, the parry fails"
    elif p.critical and rules.parry_criticals:
        text = f"{said}, a critical parry (at {t.critical_max:02d} or less)"
    else:
        text = f"{said}, the parry succeeds"
    if split and rules.parry_criticals and not p.fumble:
        text += f" (it would fumble at {shown(t.fumble_min)}+{whole})"
    return Step(field="parry", text=text, source="ch. IV, The Parry", value=p.roll,
                rulings=("RQ-37", "RQ-50") if split else ())
