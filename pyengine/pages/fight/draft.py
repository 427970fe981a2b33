"""Fight mode's draft: what is being typed, kept on the device on every change
(:data:`pyengine.storage.keys.FIGHT_DRAFT`, docs/formats.md "Stored records")."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, TypedDict

import msgspec


class Written(msgspec.Struct, kw_only=True):
    """What "Confirm" wrote: each record's id, his name, and a digest of the text written
    (:func:`pyengine.pages.fight.sheets.digest`); kept in the draft, so "Undo" outlives a reload."""

    label: str
    round: int
    records: list[tuple[str, str, str]]
    checked: list[str] = []
    """The names of those whose experience checks for this fight were rolled by this write."""
    applied: list[str] = []
    """Of those, the ones fight mode marked "checks rolled onto his sheet" for it (undo unmarks them)."""


class Statement(TypedDict, total=False):
    """One combatant's statement as typed (the draft's ``declare`` values, docs/formats.md)."""

    actions: list[dict[str, str | bool]]
    parries: list[dict[str, str]]
    defense: dict[str, str]
    surprised: bool
    engaged: list[str]


#: The draft's parts, each as it must read back (a part that does not is left out). ``written``
#: is there only while the last write-back can be undone.
DRAFT_PARTS: dict[str, Any] = {"add": dict[str, str], "declare": dict[str, Statement], "applied": list[str], "link": str,
                               "written": Written}


def empty_draft() -> dict[str, Any]:
    return {"add": {}, "declare": {}, "applied": [], "link": ""}


def nothing_stated(engaged: tuple[str, ...] | list[str] = ()) -> dict[str, Any]:
    """A statement of nothing (no action, no parry), engaged with those foes."""
    return {"actions": [], "parries": [], "defense": {}, "surprised": False, "engaged": list(engaged)}


def load_draft(text: str | None) -> dict[str, Any]:
    """The draft kept on the device; what is missing or damaged in it starts empty."""
    draft = empty_draft()
    try:
        saved = json.loads(text) if text else {}
    except ValueError:
        return draft
    if not isinstance(saved, dict):
        return draft
    for part, kind in DRAFT_PARTS.items():
        if part in saved:
            try:
                draft[part] = msgspec.convert(saved[part], type=kind)
            except msgspec.ValidationError:
                continue
    return draft


def naming(statement: Mapping[str, Any], name: str) -> bool:
    """Whether a statement names this combatant (a target, a parry's foe, a Defense share)."""
    named = [row.get("target") for row in statement.get("actions", ())]
    named += [row.get("against") for row in statement.get("parries", ())]
    return name in named or name in statement.get("defense", {}) or name in statement.get("engaged", ())
