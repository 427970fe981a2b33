"""A statement of intent as data: :class:`Intent`, the actions it names, the parries it holds ready.

Seed ch. III, "First Phase — Statement of Intent". Each action is a tagged Struct
(``do``: ``attack``, ``shoot``, ``ready``, ``pick_up``, ``sheathe``, ``move``, ``spell``,
``grapple``, ``extract``, ``pull_out``, ``heal``): the share link and the JSON export carry them as they are
(docs/formats.md). What the round does with each, how it is timed, checked, described
and carried into the next round is its handler's (:mod:`.actions`); what the rules
forbid in a statement, :func:`~.intent.check_intents` refuses.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Literal

import msgspec

from pyengine.runequest.melee.model import LocationKey, Name
from pyengine.tables import Record


class Action(Record, tag_field="do", omit_defaults=True):
    """One thing done in the round."""


#: A stated share of a split attack or parry (RQ-78).
Share = Annotated[int, msgspec.Meta(ge=1, le=300)]


class Strike(Action, tag="attack"):
    """A melee blow (or a natural weapon) at ``target``."""

    arm: Name
    target: Name
    chance: Share | None = None
    """One blow of a split attack at this % of his whole (each 50% or more, RQ-78); ``None``: an equal share."""


class Shoot(Action, tag="shoot"):
    """A missile loosed or thrown at ``target``."""

    arm: Name
    target: Name
    distance: Annotated[int, msgspec.Meta(ge=0, le=10_000)] | None = None
    crossing: bool = False
    dodging: bool = False
    """The shooter's word that the target dodges (in links of version 1); now the target states it
    himself (:attr:`Move.dodging`, RQ-76)."""


class Ready(Action, tag="ready"):
    """Draw, change or ready a weapon (nock an arrow): 5 strike ranks."""

    arm: Name


class PickUp(Action, tag="pick_up"):
    """Pick up, in the middle of the melee, a weapon (or shield) to use as his ``arm`` — a duplicate of
    his own or the similar weapon ``arm`` names: 5 strike ranks, then half effectiveness (RQ-73)."""

    arm: Name


class Sheathe(Action, tag="sheathe"):
    """Put the ``arm`` in his hand away (resheathe it, sling it): 5 strike ranks (RQ-77)."""

    arm: Name


class Move(Action, tag="move"):
    """Move ``metres``: 1 strike rank per 3 m; ``dodging``: moving and dodging, nothing else (RQ-76)."""

    metres: Annotated[int, msgspec.Meta(ge=1, le=400)]
    dodging: bool = False


class Spell(Action, tag="spell"):
    """A spell: its time only; its effect is chapter V's, applied by the referee."""

    name: Annotated[str, msgspec.Meta(min_length=1, max_length=40)]
    points: Annotated[int, msgspec.Meta(ge=1, le=20)]
    target: Name | Literal[""] = ""
    on: Name | Literal[""] = ""
    """Cast on the weapon in his hand (Bladesharp, Fireblade): its own strike rank only (RQ-70)."""
    prepared: bool = True
    """False: not already prepared, +5 "bringing the spell to mind" (RQ-77)."""


class Grapple(Action, tag="grapple"):
    """Catch a foe (``hold``), or, with a hold from an earlier round, ``immobilise`` or ``throw`` him."""

    arm: Name
    target: Name
    how: Literal["hold", "immobilise", "throw"] = "hold"


class Extract(Action, tag="extract"):
    """Pull his own weapon out of the body it is stuck in."""

    arm: Name


class PullOut(Action, tag="pull_out"):
    """Pull a weapon out of himself: (STR+CON)×2, using neither parry nor Defense this round."""

    owner: Name
    weapon: Name


class Heal(Action, tag="heal"):
    """A Healing spell of ``points`` on one location (2 stop the bleeding)."""

    target: Name
    location: LocationKey
    points: Annotated[int, msgspec.Meta(ge=1, le=20)]
    prepared: bool = True
    """False: not already prepared, +5 (RQ-77)."""


AnyAction = Strike | Shoot | Ready | PickUp | Sheathe | Move | Spell | Grapple | Extract | PullOut | Heal


class ParryIntent(Record, omit_defaults=True):
    """Parry with ``arm`` the first blow of ``against`` (``""``: the first blow at him)."""

    arm: Name
    against: Name | Literal[""] = ""
    chance: Share | None = None
    """One parry of a split parry at this % of his whole (each 50% or more, RQ-78); ``None``: an equal share."""


class Intent(Record, omit_defaults=True):
    """One combatant's statement for the round: his actions in the order he does them, the parries
    he holds ready, how he splits his Defense."""

    who: Name
    actions: Annotated[tuple[AnyAction, ...], msgspec.Meta(max_length=8)] = ()
    parries: Annotated[tuple[ParryIntent, ...], msgspec.Meta(max_length=4)] = ()
    defense: dict[Name, Annotated[int, msgspec.Meta(ge=0, le=200)]] = {}
    """Defense allotted to each attacker; empty: all of it against the first to strike (RQ-47)."""
    surprised: bool = False
    aborted: Annotated[tuple[Annotated[int, msgspec.Meta(ge=0, le=7)], ...], msgspec.Meta(max_length=8)] = ()
    """Actions (by place in ``actions``) he gave up during the round: "intentions may be aborted but not altered"."""
    engaged: Annotated[tuple[Name, ...], msgspec.Meta(max_length=24)] = ()
    """The foes he starts the round "already physically engaged in melee" with (RQ-74)."""


def engagements(intents: Iterable[Intent]) -> dict[str, frozenset[str]]:
    """Who starts the round engaged with whom, both ways (one statement saying so is enough)."""
    out: dict[str, set[str]] = {}
    for intent in intents:
        for foe in intent.engaged:
            out.setdefault(intent.who, set()).add(foe)
            out.setdefault(foe, set()).add(intent.who)
    return {name: frozenset(foes) for name, foes in out.items()}
