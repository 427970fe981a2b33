"""Current against maximum, as the sheet shows it: :func:`vitals`.

"Each of the above areas has a certain number of hit points, dependent on the character's total
Hit Points" (ch. III, "Hit Points"): the maxima are the sheet's (:func:`frame_of`, the same
functions :func:`~pyengine.runequest.sheet.derive.derive` uses); what is left is the maximum less
the damage his :class:`~.current.Current` carries, total and by location, with what each
location's state means in words.
"""

from __future__ import annotations

from typing import Literal

from pyengine.runequest.campaign.current import ORDER, Current
from pyengine.runequest.combat.wounds import ARMS, Condition
from pyengine.runequest.healing.model import FULL_TURN_ROUNDS, Frame, HitPoints
from pyengine.runequest.pronouns import THEY, Pronouns
from pyengine.runequest.sheet.adventurer import Adventurer
from pyengine.runequest.sheet.characteristics import Characteristics
from pyengine.runequest.sheet.hit_points import hit_points, location_hit_points
from pyengine.runequest.tables.catalogue import RuneQuestTables
from pyengine.runequest.tables.hit_points import HitPointsTable
from pyengine.runequest.vocabulary import LOCATION_BY_KEY, LocationKey
from pyengine.tables import Record
from pyengine.worked import WorkedOut

State = Literal["unhurt", "hurt", "disabled", "severed"]
#: What a limb severed for good leaves him, arm (True) or leg: "Arm — the limb is useless, and anything not
#: fastened to it is dropped"; "Leg — the limb is useless, and the character must fall ... He may fight from the
#: ground" (RQ-132, RQ-133); said with his own pronouns (RQ-145).
USELESS = {True: "anything not fastened to it is dropped", False: "{he} {comes} into a fight on the ground"}


class LocationVitals(Record):
    """One location now."""

    key: LocationKey
    name: str
    """``right arm``."""
    hit_points: int
    damage: int
    left: int
    """``hit_points - damage``; 0 or less: disabled (it may go below 0)."""
    state: State
    notes: tuple[str, ...] = ()
    """Its clocks and anything stuck in it, in words."""


class Vitals(Record):
    """Total and per-location hit points now, against the maxima, and his condition."""

    hit_points: int
    damage_taken: int
    left: int
    condition: Condition
    locations: tuple[LocationVitals, ...]
    """In the sheet's order."""
    notes: tuple[str, ...]
    """Every condition with a clock, maimed limbs and weapons stuck, in words, worst first."""


def frame_of(adventurer: Adventurer, tables: RuneQuestTables) -> Frame:
    """His total and location hit points, as the sheet derives them (worked out once per table
    and characteristics: the start page asks for every member at every drawing of a party)."""
    return _FRAMES(tables.hit_points, adventurer.characteristics)


def _frame(table: HitPointsTable, scores: Characteristics) -> Frame:
    total, _ = hit_points(table, scores)
    locations, _ = location_hit_points(table, total)
    return Frame(hit_points=total, locations={key: locations[key] for key in ORDER})


_FRAMES: WorkedOut[HitPointsTable, Characteristics, Frame] = WorkedOut(_frame)


def rounds_in_words(rounds: int) -> str:
    """``50 rounds (2 full turns)``, ``7 rounds``."""
    turns, rest = divmod(rounds, FULL_TURN_ROUNDS)
    said = f"{rounds} round{'s' if rounds != 1 else ''}"
    if turns and not rest:
        said += f" ({turns} full turn{'s' if turns != 1 else ''})"
    return said


def vitals(current: Current, frame: HitPoints, pronouns: Pronouns = THEY) -> Vitals:
    """``current`` against ``frame``'s maxima (a :class:`Frame`, a derived sheet, a combatant); the notes
    speak of him with ``pronouns`` (his record's, RQ-145)."""
    p = pronouns
    w = current.wounds
    stuck = {i.location: i.stuck for i in current.injuries if i.stuck is not None}
    rows: list[LocationVitals] = []
    notes: list[str] = []
    for key in ORDER:
        name = key.value.replace("_", " ")
        most = frame.locations[key]
        damage = w.wounds.get(key, 0)
        here: list[str] = []
        if key in w.bleeding:
            here.append(f"bleeding: dies in {rounds_in_words(w.bleeding[key])} unless Healing of 2 or more stops it"
                        if key != LocationKey.HEAD else
                        f"must be healed within {rounds_in_words(w.bleeding[key])}, or {p.does('dies', 'die')}")
        if key in w.severed:
            left = w.severed[key]
            useless = USELESS[LOCATION_BY_KEY[key] in ARMS].format(he=p.he, comes=p.verb("comes", "come"))
            here.append(f"severed for good: useless ({useless})" if left == 0 else
                        f"severed: a 6-point Healing within {rounds_in_words(left)} reknits it")
        elif key in w.maimed:
            here.append(f"maimed: {p.he} cannot fight until it is healed below its points")
        if key in stuck:
            s = stuck[key]
            whose = f"{s.owner}'s " if s.owner else ""
            here.append(f"{whose}{s.weapon} stuck in it: no points heal until it is out")
        state: State = ("severed" if key in w.severed else "disabled" if damage and damage >= most
                        else "hurt" if damage else "unhurt")
        rows.append(LocationVitals(key=key, name=name, hit_points=most, damage=damage, left=most - damage,
                                   state=state, notes=tuple(here)))
        notes.extend(f"{name}: {n}" for n in here)
    return Vitals(hit_points=frame.hit_points, damage_taken=w.damage_taken, left=frame.hit_points - w.damage_taken,
                  condition=w.condition, locations=tuple(rows), notes=tuple(notes))
