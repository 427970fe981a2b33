"""Statements of intent: what each combatant will do this round.

Seed ch. III, "First Phase — Statement of Intent": "the players and referee formally
state what their respective participants in the melee will be doing. During the
course of this melee round, intentions may be aborted but not altered."

An :class:`Intent` is one combatant's actions in the order he does them (each
costs strike ranks, :mod:`.timing`), the parries he holds ready (with what, against
whom) and how he splits his Defense among his attackers. :func:`check_intents`
refuses what the rules forbid, naming the field and the value.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from pyengine.errors import IllegalActionError
from pyengine.runequest.melee.model import Fight, FightState, LocationKey, Name
from pyengine.tables import Record

MIN_DEFENSE_SHARE = 5
#: Splitting attacks or parries: "if, and only if, each resulting attack/parry would be 50% or higher".
SPLIT_MINIMUM = 50


class Action(Record, tag_field="do", omit_defaults=True):
    """One thing done in the round."""


class Strike(Action, tag="attack"):
    """A melee blow (or a natural weapon) at ``target``."""

    arm: Name
    target: Name


class Shoot(Action, tag="shoot"):
    """A missile loosed or thrown at ``target``."""

    arm: Name
    target: Name
    distance: Annotated[int, msgspec.Meta(ge=0, le=10_000)] | None = None
    crossing: bool = False
    dodging: bool = False


class Ready(Action, tag="ready"):
    """Draw, change or ready a weapon (nock an arrow): 5 strike ranks."""

    arm: Name


class Move(Action, tag="move"):
    metres: Annotated[int, msgspec.Meta(ge=1, le=400)]


class Spell(Action, tag="spell"):
    """A spell: its time only; its effect is chapter V's, applied by the referee."""

    name: Annotated[str, msgspec.Meta(min_length=1, max_length=40)]
    points: Annotated[int, msgspec.Meta(ge=1, le=20)]
    target: Name | Literal[""] = ""


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


AnyAction = Strike | Shoot | Ready | Move | Spell | Grapple | Extract | PullOut | Heal


class ParryIntent(Record, omit_defaults=True):
    """Parry with ``arm`` the first blow of ``against`` (``""``: the first blow at him)."""

    arm: Name
    against: Name | Literal[""] = ""


class Intent(Record, omit_defaults=True):
    who: Name
    actions: Annotated[tuple[AnyAction, ...], msgspec.Meta(max_length=8)] = ()
    parries: Annotated[tuple[ParryIntent, ...], msgspec.Meta(max_length=4)] = ()
    defense: dict[Name, Annotated[int, msgspec.Meta(ge=0, le=200)]] = {}
    """Defense allotted to each attacker; empty: all of it against the first to strike (RQ-47)."""
    surprised: bool = False
    aborted: Annotated[tuple[Annotated[int, msgspec.Meta(ge=0, le=7)], ...], msgspec.Meta(max_length=8)] = ()
    """Actions (by place in ``actions``) he gave up during the round: "intentions may be aborted but not altered"."""


def _fail(field: str, message: str) -> IllegalActionError:
    return IllegalActionError(message, field=field)


def check_intents(fight: Fight, state: FightState, intents: tuple[Intent, ...]) -> None:
    """Refuses statements the rules forbid.

    :raises IllegalActionError: its ``field`` is the statement's path (``intents[1].actions[0].target``),
        its message says what is wrong with the value.
    """
    try:
        msgspec.convert(msgspec.to_builtins(intents), type=tuple[Intent, ...])
    except msgspec.ValidationError as exc:
        path = str(exc).rpartition(" - at `$")[2].rstrip("`")
        raise _fail(f"intents{path}" if path else "intents", str(exc).partition(" - at ")[0]) from None
    seen: set[str] = set()
    for i, intent in enumerate(intents):
        where = f"intents[{i}]"
        me = fight.combatant(intent.who)
        if me is None:
            raise _fail(f"{where}.who", f"{intent.who!r} is not in the fight")
        if intent.who in seen:
            raise _fail(f"{where}.who", f"{intent.who} has two statements this round")
        seen.add(intent.who)
        body = state.bodies[me.name]
        _check_defense(fight, me.name, me.defense, intent, where)
        _check_parries(fight, intent, where)
        strikes: dict[str, list[str]] = {}
        shots: dict[str, int] = {}
        for j, action in enumerate(intent.actions):
            field = f"{where}.actions[{j}]"
            if isinstance(action, (Strike, Shoot, Grapple, Heal)) or (isinstance(action, Spell) and action.target):
                target = action.target
                if fight.combatant(target) is None:
                    raise _fail(f"{field}.target", f"{target!r} is not in the fight")
                if target == me.name and not isinstance(action, (Heal, Spell)):
                    raise _fail(f"{field}.target", f"{me.name} cannot attack himself")
            if isinstance(action, (Strike, Shoot, Grapple, Ready, Extract)):
                arm = me.arm(action.arm)
                if arm is None:
                    raise _fail(f"{field}.arm", f"{action.arm!r} is not one of {me.name}'s weapons")
                if arm.name in body.broken:
                    raise _fail(f"{field}.arm", f"{me.name}'s {arm.name} is broken")
                if arm.name in body.gone and not isinstance(action, Extract):
                    raise _fail(f"{field}.arm", f"{me.name}'s {arm.name} is out of reach")
                if isinstance(action, Strike):
                    if arm.grapple:
                        raise _fail(f"{field}.arm", "grappling is a grapple action, not an attack")
                    if arm.weapon is None or arm.attack is None:
                        raise _fail(f"{field}.arm", f"a {arm.name} does not attack")
                    if arm.missile:
                        raise _fail(f"{field}.arm", f"a {arm.name} is a missile: shoot it")
                    strikes.setdefault(arm.name, []).append(action.target)
                if isinstance(action, Shoot):
                    if not arm.missile or arm.attack is None:
                        raise _fail(f"{field}.arm", f"a {arm.name} is not a missile weapon")
                    shots[arm.name] = shots.get(arm.name, 0) + 1
                    if arm.rate != "S/MR" and shots[arm.name] > 1:
                        raise _fail(f"{field}.arm", f"a {arm.name} shoots {arm.rate}: one shot this round at most (RQ-55)")
                    if body.reload.get(arm.name):
                        raise _fail(
                            f"{field}.arm",
                            f"a {arm.name} shoots {arm.rate}: it cannot shoot again for {body.reload[arm.name]} more round(s)",
                        )
                if isinstance(action, Grapple):
                    if not arm.grapple or arm.attack is None:
                        raise _fail(f"{field}.arm", f"a {arm.name} is not the grapple skill")
                    if action.how != "hold" and not any(h.on == action.target for h in body.holds):
                        raise _fail(
                            f"{field}.how", f"to {action.how} {action.target}, {me.name} needs a hold on him from an earlier round"
                        )
                if isinstance(action, Extract) and not any(
                    s.owner == me.name and s.weapon == arm.name and not s.missile
                    for b in state.bodies.values()
                    for s in b.stuck_in
                ):
                    raise _fail(f"{field}.arm", f"{me.name}'s {arm.name} is not stuck in anyone")
            if isinstance(action, PullOut) and not any(
                s.owner == action.owner and s.weapon == action.weapon for s in body.stuck_in
            ):
                raise _fail(f"{field}.weapon", f"no {action.owner}'s {action.weapon} is stuck in {me.name}")
            if isinstance(action, Move):
                allowance = me.move * 3
                if action.metres > allowance:
                    raise _fail(f"{field}.metres", f"{action.metres} m is more than {me.name}'s {allowance} m a round")
                if 2 * action.metres > allowance and len(intent.actions) > 1:
                    raise _fail(
                        f"{field}.metres",
                        f"{action.metres} m is more than half his {allowance} m: moving that far he can do nothing else",
                    )
        _check_splits(me, strikes, where, body.one_attack)


def _check_defense(fight: Fight, me: str, defense: int, intent: Intent, where: str) -> None:
    total = 0
    for foe, share in intent.defense.items():
        if fight.combatant(foe) is None or foe == me:
            raise _fail(f"{where}.defense", f"{foe!r} is not a foe in the fight")
        if share < MIN_DEFENSE_SHARE:
            raise _fail(f"{where}.defense", f"{share}% against {foe}: each share must be at least {MIN_DEFENSE_SHARE}%")
        total += share
    if total > defense:
        raise _fail(f"{where}.defense", f"{total}% allotted, more than {me}'s Defense of {defense}%")


def _check_parries(fight: Fight, intent: Intent, where: str) -> None:
    me = fight.combatant(intent.who)
    assert me is not None
    uses: dict[str, list[str]] = {}
    for k, parry in enumerate(intent.parries):
        field = f"{where}.parries[{k}]"
        arm = me.arm(parry.arm)
        if arm is None or arm.parry is None:
            raise _fail(f"{field}.arm", f"{parry.arm!r} is not one of {me.name}'s parrying weapons or shields")
        if parry.against and fight.combatant(parry.against) is None:
            raise _fail(f"{field}.against", f"{parry.against!r} is not in the fight")
        uses.setdefault(arm.name, []).append(parry.against)
    for name, against in uses.items():
        if len(against) > 1:
            arm = me.arm(name)
            assert arm is not None and arm.parry is not None
            if arm.parry.chance < SPLIT_MINIMUM * len(against):
                raise _fail(
                    f"{where}.parries",
                    f"splitting the {name}'s {arm.parry.chance}% parry {len(against)} ways leaves less than {SPLIT_MINIMUM}% each",
                )
            if "" in against or len(set(against)) < len(against):
                raise _fail(f"{where}.parries", f"a split parry with the {name} must name a different foe for each share")


def _check_splits(me, strikes: dict[str, list[str]], where: str, one_attack: bool) -> None:
    total = sum(len(t) for t in strikes.values())
    if one_attack and total > 1:
        raise _fail(f"{where}.actions", f"{me.name}'s second blow impaled last round: only one attack this round")
    for name, targets in strikes.items():
        if len(targets) > 1:
            arm = me.arm(name)
            if arm.attack < SPLIT_MINIMUM * len(targets):
                raise _fail(
                    f"{where}.actions",
                    f"splitting the {name}'s {arm.attack}% attack {len(targets)} ways leaves less than {SPLIT_MINIMUM}% each",
                )
            if len(set(targets)) < len(targets):
                raise _fail(f"{where}.actions", f"a split attack cannot strike the same foe twice ({name})")
