"""An exchange as a share-link state (kind ``exchange``, version 2) and as a JSON export (format 2).

The state carries the inputs and the rolls, never the result: opening it resolves
the exchange again with ``ScriptedDice(rolls)``, which replays it exactly
(docs/formats.md, "Share-link kind exchange"). Version 2 added optional fields to the
inputs (the whole skill of a split attack or parry, a totally helpless target, the
locations exposed behind cover); a version-1 link or a format-1 export is the same state
with those at their defaults, and still reads.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, TypeVar

import msgspec

from pyengine.dice import NoRollLeft, ScriptedDice
from pyengine.errors import RollError, RulesError, ShareLinkError
from pyengine.runequest.combat.exchange import resolve_exchange
from pyengine.runequest.combat.model import RULES, Attack, Defence, ExchangeResult, Rules
from pyengine.runequest.tables.fumbles import FumbleTable
from pyengine.runequest.tables.hit_locations import HitLocationTable
from pyengine.share import LinkKind, SharedState
from pyengine.tables import Record
from pyengine.validation import explain, not_json, shown

KIND = "exchange"
#: 1: 0.1.0; 2: ``Attack.skill``, ``Attack.target_totally_helpless``, ``Defence.parry_skill``,
#: ``Defence.exposed``.
VERSION = 2
#: The export file's format (1 and 2 as the link's versions).
EXPORT_FORMAT = 2
MAX_ROLLS = 64
T = TypeVar("T")


class ExchangeState(Record):
    """What a link or an export carries: the inputs and every roll in order."""

    attack: Attack
    defence: Defence
    rolls: Annotated[tuple[Annotated[int, msgspec.Meta(ge=1, le=100)], ...], msgspec.Meta(max_length=MAX_ROLLS)] = ()
    rules: Rules = RULES


def to_state(attack: Attack, defence: Defence, rolls: list[int] | tuple[int, ...], rules: Rules = RULES) -> dict[str, Any]:
    """The link's ``data``."""
    data: dict[str, Any] = msgspec.to_builtins(ExchangeState(attack=attack, defence=defence, rolls=tuple(rolls), rules=rules))
    return data


def to_link(attack: Attack, defence: Defence, rolls: list[int] | tuple[int, ...], rules: Rules = RULES) -> str:
    """A share-link fragment (without ``#``)."""
    return LINK.link(to_state(attack, defence, rolls, rules))


def from_state(state: SharedState) -> ExchangeState:
    """Reads a link's state (:meth:`LINK.open <pyengine.share.LinkKind.open>`).

    :raises ShareLinkError: another kind, a newer version, or data that does not fit (the field is named).
    """
    return LINK.open(state)


def _convert(data: Any, what: str) -> ExchangeState:
    try:
        return msgspec.convert(data, type=ExchangeState)
    except msgspec.ValidationError as exc:
        raise ShareLinkError(f"{what}: {explain(exc, data)}") from None
    except ValueError as exc:
        raise ShareLinkError(f"{what}: {exc}") from None


def export_json(state: ExchangeState, result: ExchangeResult) -> bytes:
    """The JSON export: the state, and the result for people and other tools."""
    return msgspec.json.encode(
        {"format": EXPORT_FORMAT, "kind": KIND, **msgspec.to_builtins(state), "result": msgspec.to_builtins(result)}
    )


def export_data(text: str | bytes, *, kind: str, what: str, fmt: int, added: tuple[str, ...]) -> dict[str, Any]:
    """The state a page's JSON export carries (an exchange's, a fight's): the file checked to
    be an export of ``kind`` in a format this app reads (up to ``fmt``), without its envelope
    and what it ``added`` for people and tools (results, which are worked out again).

    :raises ShareLinkError: not JSON, not this kind of export, or a newer format (``what``: the file, in words).
    """
    try:
        raw = msgspec.json.decode(text)
    except msgspec.DecodeError as exc:
        raise ShareLinkError(f"{what}: {not_json(exc)}") from None
    if not isinstance(raw, dict) or raw.get("kind") != kind:
        article = "an" if kind[0] in "aeiou" else "a"
        raise ShareLinkError(f'{what}: not {article} {kind} export (no "kind": "{kind}")')
    if not isinstance(raw.get("format"), int) or raw["format"] > fmt:
        raise ShareLinkError(
            f"{what}: format {shown(raw.get('format'), 24)} is not one this app reads ({', '.join(map(str, range(1, fmt + 1)))})"
        )
    return {k: v for k, v in raw.items() if k not in ("format", "kind", *added)}


def link_or_export(text: str, link: LinkKind[T], read_export: Callable[[str], T]) -> T:
    """What a share link (a whole URL or its fragment) or the text of a JSON export carries.

    :raises ShareLinkError: neither a link of this kind nor an export of it (said why).
    """
    stripped = text.strip()
    if stripped.startswith("{"):
        return read_export(stripped)
    return link.open(stripped)


def read_export(text: str | bytes) -> ExchangeState:
    """Reads a JSON export (its ``result`` is ignored: the exchange is resolved again).

    :raises ShareLinkError: not JSON, not an exchange, or a field that does not fit.
    """
    data = export_data(text, kind=KIND, what="exchange file", fmt=EXPORT_FORMAT, added=("result",))
    return _convert(data, "exchange file")


def read_any(text: str) -> ExchangeState:
    """A share link (whole URL or fragment) or the text of a JSON export.

    :raises ShareLinkError: neither (said why).
    """
    return link_or_export(text, LINK, read_export)


def replay(
    state: ExchangeState, *, fumbles: FumbleTable, locations: HitLocationTable
) -> ExchangeResult:
    """Resolves the exchange again from its rolls.

    :raises RulesError: the rolls do not fit (too few, too many, one off its die).
    """
    dice = ScriptedDice(state.rolls)
    try:
        result = resolve_exchange(
            state.attack, state.defence, dice=dice, fumbles=fumbles, locations=locations, rules=state.rules
        )
    except NoRollLeft as exc:
        raise RollError(f"exchange: the rolls stop short: {exc}") from None
    except RollError:
        raise
    except RulesError:
        raise
    if dice.remaining:
        raise RollError(f"exchange: {len(dice.remaining)} roll(s) left over ({', '.join(map(str, dice.remaining))})")
    return result


#: An exchange's share link.
LINK = LinkKind(KIND, VERSION, lambda data, version: _convert(data, "share link"))
