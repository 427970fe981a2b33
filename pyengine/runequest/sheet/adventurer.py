"""The adventurer as saved: what the player typed, rolled, bought and learned — never what is derived.

:class:`Adventurer` is the record a page stores and exports (JSON through
:func:`dump_adventurer` / :func:`load_adventurer`) and a share link carries. Every
number on the sheet that the rules work out (hit points, natural abilities, a
weapon's attack) is derived from it by :func:`pyengine.runequest.sheet.derive.derive`;
the record keeps only the inputs: characteristics, background, money, gear, and
for each weapon and shield the points gained by training and experience; and beside
them, since format 2, what has happened to him since (``current``: wounds, missiles
left, damaged weapons, money spent, and since format 3 the experience marks of the scenario
under way: :class:`~pyengine.runequest.campaign.current.Current`); and since format 4 the
pronouns the app speaks of the adventurer with (``pronouns``: he, she or they; RQ-145).

``format`` is the record's version (docs/formats.md); a record of a newer format
is refused with a message saying so, an older one is upgraded on loading.
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

from pyengine.errors import RecordError
from pyengine.runequest.campaign.current import Current
from pyengine.runequest.pronouns import Pronouns
from pyengine.runequest.sheet.characteristics import Characteristics, Lunars
from pyengine.runequest.tables.weapons import EncText, ItemId
from pyengine.runequest.vocabulary import Characteristic, Hand, Use
from pyengine.tables import Record
from pyengine.validation import explain, kind_of, not_json, shown

#: The record format this code writes: 2 carries ``current``, 3 its experience marks
#: (``current.marks``), 4 the adventurer's ``pronouns``; formats 1 (0.1.0), 2 (0.2.0, 0.3.0) and
#: 3 (0.4.0, 0.5.0) still read.
FORMAT = 4
#: What a record without ``format`` is read as.
FIRST_FORMAT = 1

Gain = Annotated[int, msgspec.Meta(ge=-100, le=200, description="% gained by training and experience")]
Text = Annotated[str, msgspec.Meta(max_length=200)]
LongText = Annotated[str, msgspec.Meta(max_length=10_000)]
Count = Annotated[int, msgspec.Meta(ge=1, le=10_000)]


def weapon_key(weapon: str, hand: Hand | str) -> str:
    """The sheet's key of a weapon in a hand: ``broadsword`` (right hand) or ``broadsword@left``."""
    return weapon if Hand(hand) is Hand.RIGHT else f"{weapon}@{Hand(hand).value}"


class WeaponSkill(Record):
    """A weapon (in one mode) or shield the adventurer uses, in one hand, and what he has gained with it.

    "Keep track of the individual weapon expertise of the character with each weapon
    as used in each hand" (seed ch. IV). The ability shown on the sheet is the basic
    chance + natural ability (applied once) + these gains.
    """

    weapon: ItemId
    """A melee weapon's row id (``broadsword``, ``battle_axe_2h``), a missile weapon's or a shield's."""
    hand: Hand = Hand.RIGHT
    attack: Gain = 0
    """% gained in attack by training and experience."""
    parry: Gain = 0
    """% gained in parry by training and experience."""
    attack_trained: bool = False
    """Attack has been trained since its last use in the field (no more until it is used, RQ-25)."""
    parry_trained: bool = False

    @property
    def key(self) -> str:
        """``broadsword`` (right hand) or ``broadsword@left``."""
        return weapon_key(self.weapon, self.hand)

    def gain(self, use: Use) -> int:
        return self.attack if use == Use.ATTACK else self.parry

    def trained(self, use: Use) -> bool:
        return self.attack_trained if use == Use.ATTACK else self.parry_trained


class Gear(Record):
    """Something owned: a table item (``ref``) or anything else by name."""

    ref: ItemId | None = None
    """A weapon, shield or armour id from the tables (its cost and ENC come from there)."""
    name: Text = ""
    """What to call it; for an item not in the tables, what it is."""
    count: Count = 1
    enc: EncText | None = None
    """ENC of one, for an item not in the tables (``2``, ``(4)``); ``None``: not known."""
    worn: bool = False
    """Armour worn (it protects its locations); a worn line holds one piece."""
    carried: bool = True
    """``False``: left behind (at home, in the stable): it does not count towards ENC."""


class Course(Record):
    """Training paid for and under way; "Training must be continuous" (RQ-28)."""

    target: Text
    """What is trained: a weapon skill's key (``broadsword``, ``dagger@left``) or a characteristic (``STR``)."""
    lunars: Lunars
    """What was paid (after any CHA discount)."""
    session_weeks: Annotated[int, msgspec.Meta(ge=1, le=10_000)]
    """Its length in weeks at 2 hours a day (100 L of the undiscounted price each)."""
    hours_per_day: Annotated[int, msgspec.Meta(ge=1, le=24)]
    attack: Gain = 0
    """% of attack it gives when complete (weapon courses)."""
    parry: Gain = 0
    points: Annotated[int, msgspec.Meta(ge=0, le=21)] = 0
    """Characteristic points it gives when complete."""
    done: Annotated[int, msgspec.Meta(ge=0, le=10_000)] = 0
    """Session-weeks done so far (a week at 8 hours a day is 4)."""
    on_credit: bool = False


class GuildCredit(Record):
    """Credit from a fighting guild: 100 L x STR, once, for a beginning adventurer (RQ-27)."""

    limit: Lunars
    """The credit allowed (100 L x STR when it was granted)."""
    used: Lunars = 0
    """Credit used so far, training and cash together."""
    owed: Lunars = 0
    """Lunars still to repay (cash at 2 for 1)."""
    cash_owed: Lunars = 0
    """Of :attr:`owed`, what is owed for cash taken; "no further purchases may be made until this debt is paid"."""


class Adventurer(Record, kw_only=True):
    """A RuneQuest adventurer as saved (``format`` 4)."""

    format: int = FORMAT
    """The record's format (docs/formats.md); always written, first."""
    name: Text = ""
    pronouns: Pronouns = Pronouns.THEY
    """How the app speaks of the adventurer (format 4, chosen on the sheet); a record from before
    format 4 is "they" (RQ-145)."""
    characteristics: Characteristics
    age: Annotated[int, msgspec.Meta(ge=0, le=1000)] | None = None
    background: Annotated[str, msgspec.Meta(pattern=r"^[a-z][a-z0-9_]{0,39}$")] | None = None
    """The background's id (``peasant``, ``poor_noble`` …), once rolled or chosen."""
    background_roll: Annotated[int, msgspec.Meta(ge=1, le=100)] | None = None
    money: Lunars = 0
    """Lunars carried (100 L = 1 ENC, RQ-11)."""
    savings: Lunars = 0
    """Lunars left in safe keeping: they do not count towards ENC."""
    weapons: Annotated[tuple[WeaponSkill, ...], msgspec.Meta(max_length=100)] = ()
    gear: Annotated[tuple[Gear, ...], msgspec.Meta(max_length=500)] = ()
    defense: Gain = 0
    """Defense gained by experience (it is never trained, RQ-30)."""
    adventures: Annotated[int, msgspec.Meta(ge=0, le=100_000)] = 0
    """Adventures completed (experience checks run); guild credit is for beginners only (RQ-27)."""
    credit: GuildCredit | None = None
    courses: Annotated[tuple[Course, ...], msgspec.Meta(max_length=20)] = ()
    notes: LongText = ""
    current: Current = Current()
    """His current state: wounds and injuries, missiles left, damaged weapons, money spent, fights
    written back (default: unhurt, nothing spent)."""

    def weapon_index(self, weapon: str, hand: Hand | str = Hand.RIGHT) -> int | None:
        """The index of the skill entry for ``weapon`` in ``hand``, if any."""
        hand = Hand(hand)
        for i, skill in enumerate(self.weapons):
            if skill.weapon == weapon and skill.hand is hand:
                return i
        return None

    def score(self, which: Characteristic | str) -> int:
        return self.characteristics[which]


def _format_1_to_2(raw: dict[str, Any]) -> dict[str, Any]:
    """Format 1 had no current state: he is unhurt and has spent nothing.

    :raises RecordError: a ``current`` in a format 1 record (none was ever written).
    """
    if "current" in raw:
        raise RecordError("adventurer record: format 1 has no `current` (a record without `format` is format 1)")
    return {**raw, "format": 2}


def _format_2_to_3(raw: dict[str, Any]) -> dict[str, Any]:
    """Format 2 kept no experience marks: its fights' experience was rolled at write-back, and a
    fight whose ``experience`` says so stays rolled (RQ-136).

    :raises RecordError: ``current.marks`` in a format 2 record (none was ever written).
    """
    current = raw.get("current")
    if isinstance(current, dict) and "marks" in current:
        raise RecordError("adventurer record: format 2 has no experience marks (`current.marks` came in format 3)")
    return {**raw, "format": 3}


def _format_3_to_4(raw: dict[str, Any]) -> dict[str, Any]:
    """Format 3 chose no pronouns: the adventurer is "they" until the sheet says otherwise (RQ-145).

    :raises RecordError: ``pronouns`` in a format 3 record (none was ever written).
    """
    if "pronouns" in raw:
        raise RecordError("adventurer record: format 3 has no pronouns (`pronouns` came in format 4)")
    return {**raw, "format": 4}


#: Upgrades from each older format to the next: format -> function(dict) -> dict.
MIGRATIONS: dict[int, Any] = {1: _format_1_to_2, 2: _format_2_to_3, 3: _format_3_to_4}


def dump_adventurer(adventurer: Adventurer) -> bytes:
    """The record as JSON (UTF-8), the form a page stores and exports."""
    return msgspec.json.encode(adventurer)


def load_adventurer(data: bytes | str | dict[str, Any]) -> Adventurer:
    """Reads a saved record (JSON text or an already-decoded object), upgrading an older format.

    :raises RecordError: not JSON, not an object, a format this code does not know
        (newer ones say so), or a value that does not fit (the field is named).
    """
    if isinstance(data, dict):
        raw: Any = data
    else:
        try:
            raw = msgspec.json.decode(data)
        except msgspec.DecodeError as exc:
            raise RecordError(f"adventurer record: {not_json(exc)}") from None
    if not isinstance(raw, dict):
        raise RecordError(f"adventurer record: expected a JSON object, got {kind_of(raw)}")
    version = raw.get("format", FIRST_FORMAT)
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise RecordError(f"adventurer record: format {shown(version, 24)} is not a format number")
    if version > FORMAT:
        raise RecordError(
            f"adventurer record: made by a newer version (format {version}); this app reads formats up to {FORMAT}"
        )
    while version < FORMAT:
        raw = MIGRATIONS[version](raw)
        version += 1
    try:
        return msgspec.convert(raw, type=Adventurer)
    except msgspec.ValidationError as exc:
        raise RecordError(f"adventurer record: {explain(exc, raw, root='record')}") from None
    except ValueError as exc:
        raise RecordError(f"adventurer record: {exc}") from None
