"""Fumbles: the fumble table's rolls, and a fumbled parry that leaves him wide open (RQ-40).

Seed ch. IV, "Effects of a Fumble": a fumbled attack or parry rolls on the fumble table;
99 and 00 call for 2 and 3 more rolls, and a 99 or 00 among those is rolled again. What
an attacker's fumble says falls on him and the rounds to come and never changes this
blow; a fumbled parry may leave the defender "wide open": the blow hits with normal,
full possible or critical damage, the worst of them if several.
"""

from __future__ import annotations

from pyengine.dice import RollLog
from pyengine.runequest.combat.d100 import shown
from pyengine.runequest.combat.model import WideOpen
from pyengine.runequest.pronouns import THEY, Pronouns
from pyengine.runequest.tables.fumbles import FumbleTable
from pyengine.working import Step

#: How bad each "wide open" is: the worst of several counts.
WIDE_OPEN_ORDER = {"normal": 1, "full": 2, "critical": 3}


def wide_open_kind(effect: str) -> WideOpen | None:
    """A parry fumble that leaves him wide open: the foe hits with normal, full or critical damage (RQ-40)."""
    if not effect.startswith("wide open"):
        return None
    if "critical" in effect:
        return "critical"
    if "full possible" in effect:
        return "full"
    return "normal"


def worst_wide_open(effects: tuple[str, ...]) -> WideOpen | None:
    """The worst "wide open" among a fumbled parry's table results (``None``: not wide open)."""
    worst: WideOpen | None = None
    for effect in effects:
        kind = wide_open_kind(effect)
        if kind and (worst is None or WIDE_OPEN_ORDER[kind] > WIDE_OPEN_ORDER[worst]):
            worst = kind
    return worst


def opened(hit: bool, critical: bool, *, fumble: bool, wide_open: WideOpen | None) -> tuple[bool, bool]:
    """Whether the blow hits, and critically, once a fumbled parry left him ``wide_open``:
    it hits unless the attack itself was fumbled; critical if the table says so."""
    if wide_open and not fumble:
        return True, critical or wide_open == "critical"
    return hit, critical


def roll_fumbles(log: RollLog, table: FumbleTable, *, parry: bool, who: str, steps: list[Step]) -> tuple[str, ...]:
    """Rolls on the fumble table's attack or parry column; 99 and 00 call for 2 and 3 more
    rolls, and a 99 or 00 among those is rolled again (RQ-40). The effects, in order."""
    what = "parry" if parry else "attack"
    effects: list[str] = []
    pending = 1
    extra = False
    while pending:
        roll = log.d(100, f"fumble table ({who}'s {what})" + (" again" if extra else ""))
        row, effect = table.lookup(roll, parry=parry)
        if roll >= 99 and extra:
            steps.append(Step(field="fumble", text=f"{shown(roll)} again among the extra rolls: rolled again",
                              rulings=("RQ-40",)))
            continue
        if roll >= 99:
            steps.append(Step(field="fumble", text=f"fumble table {shown(roll)}: {effect}",
                              source="ch. IV, Effects of a Fumble"))
            pending += 2 if roll == 99 else 3
            extra = True
        else:
            effects.append(effect)
            steps.append(Step(field="fumble", text=f"fumble table {shown(roll)} ({row.rolls}): {effect}",
                              source="ch. IV, Effects of a Fumble", rulings=tuple(row.rulings)))
        pending -= 1
    return tuple(effects)


def attacker_fumbles(log: RollLog, table: FumbleTable, who: str, steps: list[Step]) -> tuple[str, ...]:
    """A fumbled attack's table rolls: they fall on him, never on this blow."""
    effects = roll_fumbles(log, table, parry=False, who=who, steps=steps)
    steps.append(Step(field="fumble", text="these fall on the attacker and the rounds to come; none changes this blow",
                      rulings=("RQ-40",)))
    return effects


def wide_open_step(wide_open: WideOpen, attack_roll: int, success: bool, defender: Pronouns = THEY) -> Step:
    return Step(
        field="parry",
        text=f"the fumbled parry leaves {defender.him} wide open: the blow hits ({wide_open} damage)"
        + ("" if success else f", though {shown(attack_roll)} missed"),
        rulings=("RQ-40",),
    )
