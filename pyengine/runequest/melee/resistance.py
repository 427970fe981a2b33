"""The Resistance Table, as grappling uses it (seed ch. IV, "Special Attack — Grappling").

"To immobilize a limb, the attacker must also succeed at a STR versus STR roll on the
Resistance Table ... To throw his foe, the grappler must make a roll on the
Resistance Table of his STR+DEX against the SIZ+DEX of the foe." The table itself is
chapter V's, not in the seed: 50% + 5% per point the active side is over the passive,
kept within 05-95 (RQ-51, reference tables §18).
"""

from __future__ import annotations

BASE = 50
PER_POINT = 5
LOWEST = 5
HIGHEST = 95


def resistance_chance(active: int, passive: int) -> int:
    """The active side's chance in %."""
    return max(LOWEST, min(HIGHEST, BASE + PER_POINT * (active - passive)))
