"""The gear page's state: what a share link carries and what is stored or exported.

The state is the page's inputs -- the character's bonuses, the equipment list
(each item with the skill bonus that applies to it), the organizer's areas as
typed, and the attack to block -- never a result or its HTML: opening a link or
a record works everything out again, so it replays exactly.

* Share links: kind ``gear``, state version 1 (:func:`to_state`, :func:`from_state`,
  :data:`LINK`); the envelope, and refusing another kind or a newer version, are
  :mod:`pyengine.share`'s.
* Stored records and exported files are the same JSON: ``{"format": "strike-rank/gear",
  "version": 1, "name": str, "state": {...}}`` (:func:`to_record`, :func:`read_record`);
  where the page keeps them on the device is the page's business
  (:mod:`pyengine.pages.gear`).

Version history: 1 -- first version (both). docs/formats.md describes them.
"""

from __future__ import annotations

from typing import Annotated, Any, TypeVar

import msgspec

from pyengine.errors import IllegalActionError, RecordError, RulesError, ShareLinkError
from pyengine.gear.blocking import Attack, Defence, Level, line_up
from pyengine.gear.items import Bonus, Character, Item, ItemName, check_names
from pyengine.share import LinkKind
from pyengine.tables import Record
from pyengine.validation import explain, kind_of, not_json, shown

KIND = "gear"
VERSION = 1
RECORD_FORMAT = "strike-rank/gear"
RECORD_VERSION = 1
MAX_ITEMS = 40
RecordName = Annotated[str, msgspec.Meta(min_length=1, max_length=60, description="the record's name")]
T = TypeVar("T", "GearState", "GearRecord")


class Entry(Record):
    """One line of the page's equipment list: the item, and the skill bonus that applies to it."""

    item: Item
    skill: Bonus = 0
    """The bonus of the character's skill that applies to this item (0: none)."""


class BlockInputs(Record):
    """The attack the page's block resolver is asked about."""

    success_level: Level
    power: Level
    defence: Defence = Defence.FAILED
    defending: ItemName | None = None
    """The name of the list's item actively defending, if any."""
    weapon: Item | None = None
    """The attacking weapon, when it is checked for hitting too hard."""

    def attack(self) -> Attack:
        return Attack(success_level=self.success_level, power=self.power, defence=self.defence, weapon=self.weapon)


class GearState(Record):
    """Everything the page's result depends on."""

    character: Character = Character()
    entries: Annotated[tuple[Entry, ...], msgspec.Meta(max_length=MAX_ITEMS)] = ()
    areas: Annotated[str, msgspec.Meta(max_length=1000)] = ""
    """The organizer's areas as typed (``3: leather + chainmail; 2: chainmail``); read when worked out."""
    block: BlockInputs | None = None

    @property
    def items(self) -> tuple[Item, ...]:
        return tuple(e.item for e in self.entries)

    def check(self) -> GearState:
        """Checks what the types cannot: names told apart, the defending item in the list.

        :raises IllegalActionError: naming the item.
        """
        check_names(self.items)
        if self.block is not None:
            line_up(self.items, self.block.defending)
        return self


def to_state(state: GearState) -> dict[str, Any]:
    """The link state for the page's inputs (plain data), checked as opening it checks it.

    :raises IllegalActionError: two items share a name, or the defending item is not in the list.
    """
    data: dict[str, Any] = msgspec.json.decode(msgspec.json.encode(state.check()))  # lists, not tuples
    return data


def from_state(data: object, *, version: int = VERSION) -> GearState:
    """Reads a link's state (of ``version``, which :data:`LINK` has checked) back into checked inputs.

    :raises ShareLinkError: a state that is not valid input; the message names the field
        and the value found there.
    """
    return _checked(data, GearState, ShareLinkError, "gear link", "state")


def _checked(data: object, schema: type[T], error: type[RulesError], source: str, root: str) -> T:
    """``data`` as ``schema``, checked as its ``check()`` checks it.

    :raises RulesError: of class ``error``, its message ``source``, then the field and the
        value found there (``root`` names the whole, e.g. ``state.entries[0].item.cover``).
    """
    try:
        value = msgspec.convert(data, type=schema)
    except msgspec.ValidationError as exc:
        raise error(f"{source}: {explain(exc, data, root)}") from None
    try:
        return value.check()  # type: ignore[return-value]
    except RulesError as exc:
        raise error(f"{source}: {exc}") from None


class GearRecord(Record):
    """A stored or exported equipment list."""

    format: str
    version: int
    name: RecordName
    state: GearState

    def check(self) -> GearRecord:
        """Checks the state as :meth:`GearState.check` does."""
        self.state.check()
        return self


#: The equipment page's share link.
LINK = LinkKind(KIND, VERSION, lambda data, version: from_state(data, version=version))


def check_record_name(name: str) -> str:
    """A record's name, trimmed.

    :raises IllegalActionError: empty or longer than 60 characters.
    """
    name = name.strip()
    if not name:
        raise IllegalActionError("name to save under: empty; type a name, such as the character's")
    if len(name) > 60:
        raise IllegalActionError(f"name to save under: {name[:20]!r}… is longer than 60 characters")
    return name


def to_record(name: str, state: GearState) -> str:
    """The record as JSON text (what is stored and what an export file holds).

    :raises IllegalActionError: a bad name, or a state :meth:`GearState.check` refuses.
    """
    record = GearRecord(format=RECORD_FORMAT, version=RECORD_VERSION, name=check_record_name(name), state=state.check())
    return msgspec.json.encode(record).decode("utf-8")


def read_record(text: str | bytes, source: str = "gear record") -> GearRecord:
    """Reads a stored record or an imported file.

    :raises RecordError: not JSON, not a gear record, made by a newer version,
        or not valid; the message starts with ``source`` and names the field.
    """
    try:
        data = msgspec.json.decode(text)
    except msgspec.DecodeError as exc:
        raise RecordError(f"{source}: {not_json(exc)}") from None
    if not isinstance(data, dict):
        raise RecordError(f"{source}: not a gear record (expected a JSON object, found {kind_of(data)})")
    if data.get("format") != RECORD_FORMAT:
        raise RecordError(
            f"{source}: not a gear record (format {shown(data.get('format', '(missing)'), 24)}, expected {RECORD_FORMAT!r})"
        )
    version = data.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > RECORD_VERSION:
        raise RecordError(
            f"{source}: made by a newer version (record version {version}); this app reads version {RECORD_VERSION}"
        )
    if version != RECORD_VERSION:
        raise RecordError(f"{source}: record version {version!r} is not known (this app reads {RECORD_VERSION})")
    return _checked(data, GearRecord, RecordError, source, "record")
