"""Fight mode's draft: what is being typed, kept on the device on every change
(:data:`pyengine.storage.keys.FIGHT_DRAFT`, docs/formats.md "Stored records"), and as the
``draft`` of the saved fight it belongs to (:mod:`pyengine.library.fights`).

:class:`FightDraft` is the draft as fight mode holds it: typed, with its ``format``. It is the
page's working copy, changed in place as the game master types (a statement's field, the add
form), so it is not frozen; what is frozen is its text, written whole on every change
(:func:`draft_text`). :func:`load_draft` reads any draft fight mode ever wrote: a draft without
``format`` is format 1 (every draft before 0.3.0, whatever its parts) and is migrated; one that
does not read whole is read part by part, a part that does not fit starting empty.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, TypedDict, cast

import msgspec

from pyengine.validation import explain, field_words

#: The draft format this code writes (docs/formats.md: 1, every draft without a ``format``; 3, the round
#: being typed die by die kept, issue 34).
FORMAT = 3
#: The longest draft text read (characters): a fight's link holds 16,384, its statements a few
#: thousand; anything longer is not fight mode's.
MAX_TEXT = 1_000_000


class Statement(TypedDict, total=False):
    """One combatant's statement as typed (the draft's ``declare`` values, docs/formats.md): the
    form's rows as :mod:`pyengine.runequest.melee.inputs` reads and writes them."""

    actions: list[dict[str, str | bool]]
    parries: list[dict[str, str]]
    defense: dict[str, str]
    surprised: bool
    engaged: list[str]


class Written(msgspec.Struct, kw_only=True):
    """What "Confirm" wrote: each record's id, his name, and a digest of the text written
    (:func:`pyengine.pages.fight.campaign.digest`); kept in the draft, so "Undo" outlives a reload."""

    label: str
    round: int
    records: list[tuple[str, str, str]]
    checked: list[str] = []
    """The names of those whose experience checks for this fight were rolled by this write (before
    0.4.0; a write-back rolls nothing since, RQ-134)."""
    applied: list[str] = []
    """Of those, the ones fight mode marked "checks rolled onto his sheet" for it (undo unmarks them)."""


class Typing(msgspec.Struct, kw_only=True):
    """The round being resolved with the game master's own dice, while it is (issue 34: "The dice typed
    so far survive a reload"): kept in the draft, so a reload opens the mode again at the next die."""

    round: int
    """The round's number (the fight's next): a draft whose fight is at another round types nothing."""
    declare: dict[str, Statement]
    """The statements the round is resolved with, as stated when typing began (those who act, by name)."""
    rolls: list[int] = []
    """The dice typed so far, in the order asked."""


class FightDraft(msgspec.Struct, kw_only=True):
    """Fight mode's draft. Its fields are in the order they are written (``link`` last, as a saved
    fight's draft is written back with it: :meth:`pyengine.library.fights.SavedFight.draft_text`)."""

    format: int = FORMAT
    add: dict[str, str] = {}
    """The add form as typed (field id -> text)."""
    declare: dict[str, Statement] = {}
    """Everyone's statement as typed, by name."""
    applied: list[str] = []
    """Who has had his experience checks for this fight rolled onto his sheet (before 0.4.0: since,
    the marks go with the write-back and are rolled when the scenario ends, RQ-134)."""
    written: Written | None = None
    """What the last "write the results to the sheets" wrote, while it can be undone (left out otherwise)."""
    typing: Typing | None = None
    """The round being typed die by die, while it is (left out otherwise; format 3)."""
    link: str = ""
    """The fight so far, as its share-link fragment (``""``: no fight)."""


#: Each part of a draft, as it must read (a part that does not fit is left out).
_TYPES: dict[str, Any] = {"add": dict[str, str], "declare": dict[str, Statement], "applied": list[str],
                          "written": Written | None, "typing": Typing | None, "link": str}


def as_statement(row: Mapping[str, Any]) -> Statement:
    """A statement as the melee forms give it (:mod:`pyengine.runequest.melee.inputs`: plain dicts of the same keys)."""
    return cast(Statement, row)


def empty_draft() -> FightDraft:
    return FightDraft()


def nothing_stated(engaged: tuple[str, ...] | list[str] = ()) -> Statement:
    """A statement of nothing (no action, no parry), engaged with those foes."""
    return {"actions": [], "parries": [], "defense": {}, "surprised": False, "engaged": list(engaged)}


def draft_text(draft: FightDraft) -> str:
    """The draft as it is stored: JSON, its parts in order, ``written`` and ``typing`` only while there is one."""
    data = msgspec.to_builtins(draft)
    for part in ("written", "typing"):
        if data[part] is None:
            del data[part]
    return json.dumps(data)


def _migrated(data: dict[str, Any]) -> dict[str, Any]:
    """An earlier draft's data as this format has it. Format 1 (no ``format``): the same parts
    (``add``, ``declare``, ``applied``, ``link``, and from 0.2.0's end ``written``), statements
    with or without ``on``, ``unprepared`` and ``engaged``; format 2: the same parts, without ``typing``
    (a draft before it was never typing dice): only the number changes."""
    return {**data, "format": FORMAT}


def read_draft(text: str | None) -> tuple[FightDraft, list[str]]:
    """The draft kept on the device, and what in it did not read (each part named, with the value
    found); a part that does not read starts empty, the rest is kept. A draft of a newer format is
    read the same way: the parts this version knows.
    """
    if not text:
        return FightDraft(), []
    if len(text) > MAX_TEXT:
        return FightDraft(), [f"fight draft: damaged ({len(text):,} characters; a draft holds {MAX_TEXT:,} at most)"]
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        return FightDraft(), [f"fight draft: damaged (not JSON: {exc})"]
    if not isinstance(data, dict):
        return FightDraft(), ["fight draft: damaged (not a JSON object)"]
    found = data.get("format", 1)
    if not isinstance(found, int) or isinstance(found, bool) or found < 1:
        return FightDraft(), [f"fight draft: damaged (format {found!r})"]
    if found < FORMAT:
        data = _migrated(data)
    data["format"] = FORMAT
    try:
        return msgspec.convert(data, type=FightDraft), []
    except msgspec.ValidationError:
        pass
    parts: dict[str, Any] = {}
    problems: list[str] = []
    for name, kind in _TYPES.items():
        if name not in data:
            continue
        try:
            parts[name] = msgspec.convert(data[name], type=kind)
        except msgspec.ValidationError as exc:
            problems.append(f"fight draft: {explain(exc, data[name], root=name, within=field_words(name))}")
    return FightDraft(**parts), problems


def load_draft(text: str | None) -> FightDraft:
    """The draft kept on the device; what is missing or damaged in it starts empty."""
    return read_draft(text)[0]


def naming(statement: Mapping[str, Any], name: str) -> bool:
    """Whether a statement names this combatant (a target, a parry's foe, a Defense share)."""
    named = [row.get("target") for row in statement.get("actions", ())]
    named += [row.get("against") for row in statement.get("parries", ())]
    return name in named or name in statement.get("defense", {}) or name in statement.get("engaged", ())
