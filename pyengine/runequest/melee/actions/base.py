"""What every action's handler provides (:class:`Handler`), and what its statement checks ask (:class:`Statement`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pyengine.errors import IllegalActionError
from pyengine.runequest.melee.clock import Clock, Timed
from pyengine.runequest.melee.context import RoundContext
from pyengine.runequest.melee.model import Arm, Combatant, Fight, FightState
from pyengine.runequest.melee.statement import AnyAction


def _never(*_: Any) -> bool:
    return False


@dataclass(frozen=True, eq=False)
class Handler:
    """One kind of action: what the round does with it, and everything around that."""

    act: Callable[[RoundContext, Timed], None]
    """Does it at its strike rank (he is able, it is in time and not aborted), logging what happened."""
    time: Callable[[Clock, Any], None]
    """Places it on his clock with its strike rank and working."""
    check: Callable[[Statement, Any, str], None]
    """Refuses it in a statement, given its path (``intents[i].actions[j]``), when the rules forbid it."""
    describe: Callable[..., str]
    """``(who, action, pronouns)``: the action in words, ``pronouns`` his (default "they", RQ-145)."""
    """It in words: ``Aldo attacks Bera with the broadsword``."""
    carry: Callable[[Statement, Any], bool]
    """Whether last round's statement of it can be made again now (``next_intents``)."""
    settle: Callable[[Clock], None] | None = None
    """Once his whole statement is timed: a rule across his actions of this kind."""
    first: Callable[[Any], bool] = _never
    """Comes before the other actions at its strike rank (an immobilisation)."""
    despite: Callable[[RoundContext, Timed], bool] = _never
    """Done even though he is disabled (Healing himself in the abdomen)."""
    defenceless: bool = False
    """Stating it, he uses neither parry nor Defense this round."""


def fail(field: str, message: str) -> IllegalActionError:
    """The error for a statement's field (the path as data, the message in words)."""
    return IllegalActionError(message, field=field)


class Statement:
    """One combatant's statement seen against the state of the fight, as the checks and the carry ask."""

    def __init__(self, fight: Fight, state: FightState, me: Combatant, actions: tuple[AnyAction, ...]) -> None:
        self.fight = fight
        self.state = state
        self.me = me
        self.body = state.bodies[me.name]
        self.actions = actions
        self.strikes: dict[str, list[str]] = {}
        """Melee blows stated so far: weapon -> the foes (split attacks, RQ-50)."""
        self.shots: dict[str, int] = {}
        """Shots stated so far, by missile weapon (rates of fire, RQ-55)."""
        self.shares: dict[str, list[int | None]] = {}
        """The stated share of each melee blow stated so far, by weapon (unequal splits, RQ-78)."""
        self.held: set[str] = set(self.body.in_hand)
        """What is in his hands at this point of his statement (what he readied, drew or sheathed before it)."""
        self.picked: set[str] = set()
        """Arms he picks up earlier in his statement: whole and within reach from then on (RQ-73)."""

    @property
    def dead(self) -> set[str]:
        return {name for name, b in self.state.bodies.items() if b.condition == "dead"}

    def target(self, name: str, field: str, *, himself: bool = False) -> None:
        """:raises IllegalActionError: ``name`` is not in the fight, or is himself where that is not allowed."""
        if self.fight.combatant(name) is None:
            raise fail(f"{field}.target", f"{name!r} is not in the fight")
        if name == self.me.name and not himself:
            raise fail(f"{field}.target", f"{self.me.name} cannot be the target of {self.me.name}'s own attack")

    def arm(self, name: str, field: str, *, gone: bool = False) -> Arm:
        """His arm called ``name``, not broken and (unless ``gone`` may be) within reach.

        :raises IllegalActionError: at ``field.arm``.
        """
        me, body = self.me, self.body
        arm = me.arm(name)
        if arm is None:
            raise fail(f"{field}.arm", f"{name!r} is not one of {me.name}'s weapons")
        if arm.name in self.picked:
            return arm
        if arm.name in body.broken:
            raise fail(f"{field}.arm", f"{me.name}'s {arm.name} is broken")
        if arm.name in body.gone and not gone:
            raise fail(f"{field}.arm", f"{me.name}'s {arm.name} is out of reach")
        return arm

    def stuck(self, weapon: str) -> bool:
        """His own (melee) weapon ``weapon`` is stuck in someone."""
        return any(s.owner == self.me.name and s.weapon == weapon and not s.missile
                   for b in self.state.bodies.values() for s in b.stuck_in)

    def in_him(self, owner: str, weapon: str) -> bool:
        """``owner``'s ``weapon`` is stuck in him."""
        return any(s.owner == owner and s.weapon == weapon for s in self.body.stuck_in)

    def usable(self, arm: str, *, gone: bool = False) -> bool:
        """``arm`` is not broken and (unless ``gone`` may be) within reach, for carrying a statement on."""
        return arm not in self.body.broken and (gone or arm not in self.body.gone)

    def alive(self, name: str) -> bool:
        return not name or name not in self.dead
