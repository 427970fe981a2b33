"""What a saved adventurer carries beside his sheet between fights: :class:`Current`.

The sheet (:class:`~pyengine.runequest.sheet.adventurer.Adventurer`) holds what the player
typed, rolled, bought and learned; :class:`Current` holds what has happened to him since:

* his wounds as healing works on them (:class:`~pyengine.runequest.healing.model.Wounds`:
  damage per location and in total, his condition, the 2-full-turn clocks, maimed limbs,
  weapons still in a wound, days of rest counted), reused as it is;
* each wound as its own entry (:class:`Injury`: where, how many points, what caused it, in
  which fight and round, a weapon stuck in it and whose). Per location the injuries add up to
  the location's damage in :attr:`Current.wounds`: healing takes its points off them oldest
  first (RQ-100);
* missiles left per missile weapon, keyed by the sheet's weapon key (``self_bow``,
  ``sling@left``; a weapon not listed is not counted, RQ-105);
* damage taken and broken state per weapon and shield, by the same keys (RQ-102);
* money spent: each sum and what for (:class:`Spending`). The sheet's ``money`` is what he
  carries *now*: spending takes the sum off it (or off ``savings``) there and then, never below
  0, and the entry is the record of it, never taken off again, so ENC counts only what is
  carried (RQ-101);
* the fights already written back to him (:class:`Written`), so a fight is never written twice;
* (format 3) his experience marks for the scenario under way (:data:`Mark`): each weapon, shield
  and hand used with success, and Defense that saved him, once however many fights logged it,
  rolled and cleared when the game master ends the scenario (RQ-134).

Everything left at its default is left out of the JSON (an unhurt adventurer who spent nothing
writes ``"current": {}``).
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from pyengine.runequest.combat.model import Points
from pyengine.runequest.healing.model import Wounds
from pyengine.runequest.vocabulary import LOCATION_KEYS, SHEET_ORDER, LocationKey
from pyengine.tables import Record

#: A weapon entry's key on the sheet: a table id, ``@left`` for the left hand (``dagger@left``).
WeaponKey = Annotated[str, msgspec.Meta(pattern=r"^[a-z][a-z0-9_]{0,39}(@left)?$", description="a sheet weapon key")]
Words = Annotated[str, msgspec.Meta(max_length=200)]
Who = Annotated[str, msgspec.Meta(max_length=80)]
FightRound = Annotated[int, msgspec.Meta(ge=0, le=10_000)]
Missiles = Annotated[int, msgspec.Meta(ge=0, le=10_000)]
#: An experience mark: a sheet weapon key and its use (``broadsword attack``, ``medium_shield@left parry``),
#: or ``defense`` (RQ-134).
Mark = Annotated[str, msgspec.Meta(pattern=r"^([a-z][a-z0-9_]{0,39}(@left)? (attack|parry)|defense)$",
                                   description="an experience mark")]
#: The mark Defense that saved him leaves.
DEFENSE_MARK = "defense"

#: The most injuries, spendings and fights one record keeps (the oldest go first; the record's
#: earlier versions keep them).
MAX_INJURIES = 200
MAX_SPENT = 500
MAX_FIGHTS = 100
MAX_MARKS = 200
#: Location keys in the sheet's order (head first).
ORDER = tuple(LOCATION_KEYS[loc] for loc in SHEET_ORDER)


class StuckWeapon(Record, omit_defaults=True):
    """A weapon left in a wound: what it is and whose."""

    weapon: Annotated[str, msgspec.Meta(min_length=1, max_length=80)]
    owner: Who = ""
    """Whose it is (``""``: not known)."""


class Injury(Record, omit_defaults=True):
    """One wound: its points at one location, what caused it, when."""

    location: LocationKey
    points: Annotated[int, msgspec.Meta(ge=1, le=999)]
    """Damage it leaves at the location now (what is healed comes off, RQ-100)."""
    cause: Words = ""
    """What caused it, in words (``Broo attacks Rurik with the war hammer``, ``a fall``)."""
    fight: Who = ""
    """The fight it was taken in (its name, or its id), ``""`` outside a fight."""
    round: FightRound = 0
    """The fight's round, ``0`` outside one."""
    stuck: StuckWeapon | None = None
    """A weapon still in the wound (no points heal there until it is out)."""


class Spending(Record, omit_defaults=True):
    """Lunars spent, and what for; already taken off the sheet's money (RQ-101)."""

    lunars: Annotated[int, msgspec.Meta(ge=1, le=1_000_000)]
    what: Annotated[str, msgspec.Meta(min_length=1, max_length=200)]
    source: Literal["carried", "savings"] = "carried"
    """Where it came from: the money carried or the savings."""


class Written(Record, omit_defaults=True):
    """A fight written back to this adventurer: up to which round, and whether its experience was checked."""

    fight: Annotated[str, msgspec.Meta(min_length=1, max_length=80)]
    """The fight's id (given by whoever keeps the fight)."""
    round: FightRound
    experience: bool = False
    """Its experience checks were rolled at its write-back (as apps before 0.4.0 did, RQ-104): they
    stay rolled, and the fight leaves no marks (RQ-136)."""


class Current(Record, omit_defaults=True):
    """An adventurer's current state: wounds, injuries, missiles, damaged weapons, money spent, experience marks."""

    wounds: Wounds = Wounds()
    injuries: Annotated[tuple[Injury, ...], msgspec.Meta(max_length=MAX_INJURIES)] = ()
    """Each wound, oldest first."""
    ammunition: dict[WeaponKey, Missiles] = {}
    """Missiles left by missile weapon (a weapon not listed is not counted)."""
    weapon_damage: dict[WeaponKey, Points] = {}
    """Damage each weapon or shield has taken (cumulative until repaired, RQ-102)."""
    broken: tuple[WeaponKey, ...] = ()
    spent: Annotated[tuple[Spending, ...], msgspec.Meta(max_length=MAX_SPENT)] = ()
    """Money spent, oldest first."""
    fights: Annotated[tuple[Written, ...], msgspec.Meta(max_length=MAX_FIGHTS)] = ()
    """Fights written back, oldest first."""
    marks: Annotated[tuple[Mark, ...], msgspec.Meta(max_length=MAX_MARKS)] = ()
    """(format 3) Experience marks of the scenario under way, each once, in the order logged (RQ-134)."""

    def __post_init__(self) -> None:
        problems = consistency(self)
        if problems:
            raise ValueError(problems[0])

    def injuries_at(self, key: LocationKey | str) -> tuple[Injury, ...]:
        return tuple(i for i in self.injuries if i.location == key)

    def written(self, fight: str) -> Written | None:
        """What of ``fight`` was written back to him, if any."""
        return next((w for w in self.fights if w.fight == fight), None)


def consistency(current: Current) -> list[str]:
    """What does not fit together: each location's injuries must add up to its damage, and a
    weapon stuck in a wound must be in an impaled location (and each impaled location hold one)."""
    problems: list[str] = []
    sums: dict[str, int] = {}
    for injury in current.injuries:
        sums[injury.location] = sums.get(injury.location, 0) + injury.points
    damage = current.wounds.wounds
    for key in ORDER:
        if sums.get(key, 0) != damage.get(key, 0):
            problems.append(f"injuries: those to the {key.value.replace('_', ' ')} add up to {sums.get(key, 0)} "
                            f"points, but its damage is {damage.get(key, 0)}")
    stuck = {i.location for i in current.injuries if i.stuck is not None}
    impaled = set(current.wounds.impaled)
    for key in sorted(stuck ^ impaled):
        where = key.replace("_", " ")
        problems.append(f"injuries: a weapon is stuck in the {where} but the wounds do not say so" if key in stuck
                        else f"wounds.impaled: the {where} holds a weapon, but no injury there says whose")
    names = [w.fight for w in current.fights]
    for name in names:
        if names.count(name) > 1:
            problems.append(f"fights: {name!r} is written twice")
            break
    if len(set(current.broken)) != len(current.broken):
        problems.append("broken: a weapon is listed twice")
    twice = next((m for n, m in enumerate(current.marks) if m in current.marks[:n]), None)
    if twice is not None:
        problems.append(f"marks: {twice!r} is listed twice")
    return problems


#: The state of someone unhurt who has spent nothing.
FRESH = Current()
