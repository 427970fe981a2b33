"""Opponent templates: a quick stat block kept under a name, to add several at a time.

A template (``strike-rank/template/<id>``, docs/formats.md "Device library") is JSON::

    {"format": 1, "name": "Broo", "fields": {"fa-str": "14", "fa-con": "14", …}, "count": 3}

``fields`` is the quick stat block's fields as the fight page has them (field id -> text),
kept as they are: the library does not read them; the page checks them when they are used.
``count`` is how many it adds by default. :func:`copy_names` names the copies.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Annotated

import msgspec

from pyengine.errors import RulesError
from pyengine.library.records import Listing, by_name, read_struct, save_new_or
from pyengine.library.versions import Saved
from pyengine.storage.store import Store
from pyengine.tables import Record
from pyengine.validation import said

FORMAT = 1
MAX_NAME = 60
#: The most copies one template adds (a fight holds at most 24 combatants).
MAX_COUNT = 24
MAX_FIELDS = 100

Name = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME)]
FieldId = Annotated[str, msgspec.Meta(max_length=60)]
FieldText = Annotated[str, msgspec.Meta(max_length=1000)]


class Template(Record, frozen=True, kw_only=True):
    """A saved opponent."""

    format: int = FORMAT
    name: Name
    fields: Annotated[dict[FieldId, FieldText], msgspec.Meta(max_length=MAX_FIELDS)]
    """The quick stat block's fields (field id -> text), as the page had them."""
    count: Annotated[int, msgspec.Meta(ge=1, le=MAX_COUNT)] = 1
    """How many to add."""


def read_template(text: str) -> Template:
    """A stored template.

    :raises RecordError: it does not read (the message says where).
    """
    return read_struct(text, Template, "opponent template", FORMAT)


def make_template(name: str, fields: Mapping[str, str], count: int | str = 1) -> Template:
    """A template from what the page has.

    :raises RulesError: no name, or one too long (``field="name"``); a count that is not a
        whole number from 1 to 24 (``field="count"``); too many fields.
    """
    name = name.strip()
    if not name:
        raise RulesError("template name: give it a name (e.g. Broo)", field="name")
    if len(name) > MAX_NAME:
        raise RulesError(f"template name: at most {MAX_NAME} characters (this one has {len(name)})", field="name")
    try:
        number = int(str(count).strip())
    except ValueError:
        raise RulesError(f"how many: {count!r} is not a whole number (1 to {MAX_COUNT})", field="count") from None
    if not 1 <= number <= MAX_COUNT:
        raise RulesError(f"how many: {number} is not from 1 to {MAX_COUNT}", field="count")
    try:
        return msgspec.convert({"name": name, "fields": dict(fields), "count": number}, type=Template)
    except msgspec.ValidationError as exc:
        raise RulesError(f"template fields: {said(exc)}", field="fields") from None


def save_template(store: Store, template: Template, *, when: str, new_id: Callable[[], str], ident: str | None = None,
                  why: str = "saved as a template", expected: str | None = None) -> tuple[str, Saved]:
    """Stores ``template`` under ``ident`` (``None``: a new one, its id from ``new_id``);
    its previous version is kept. Returns the id and what was written.

    :raises ConflictError: it changed since ``expected`` was read.
    :raises StorageError: the device would not store it (nothing changed).
    """
    return save_new_or(store, "template", template, when=when, new_id=new_id, ident=ident, why=why, expected=expected)


def list_templates(store: Store) -> Listing:
    """Every template, by name (case left aside); damaged ones apart."""
    return by_name(store, "template", read_template)


def copy_names(name: str, count: int, in_use: Iterable[str], *, max_length: int = 40) -> list[str]:
    """Names for ``count`` copies of ``name`` that no one in the fight has (compared without
    case): one copy keeps the name itself if it is free; several are numbered "Broo 1",
    "Broo 2", … after the highest "Broo <n>" already in the fight ("Broo 2" on if a plain
    "Broo" is there). ``max_length``: the longest name allowed (the base is cut to fit).

    :raises RulesError: no name, or a count below 1.
    """
    base = " ".join(name.split())
    if not base:
        raise RulesError("name: give the copies a name", field="name")
    if count < 1:
        raise RulesError(f"how many: {count} is not 1 or more", field="count")
    used = {n.strip().casefold() for n in in_use}
    if count == 1 and base.casefold() not in used and len(base) <= max_length:
        return [base]
    numbered = re.compile(re.escape(base.casefold()) + r" (\d+)")
    highest = max((int(m.group(1)) for n in used if (m := numbered.fullmatch(n))), default=0)
    n = max(highest, 1 if base.casefold() in used else 0) + 1
    names: list[str] = []
    while len(names) < count:
        suffix = f" {n}"
        candidate = base[: max(1, max_length - len(suffix))].rstrip() + suffix
        if candidate.casefold() not in used:
            names.append(candidate)
            used.add(candidate.casefold())
        n += 1
    return names
