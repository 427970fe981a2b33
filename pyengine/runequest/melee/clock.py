"""One combatant's strike-rank clock while his statement is timed, and what it gives: :class:`Timed`.

The clock starts at 0 (3 when he is surprised, RQ-46) and runs on through his actions,
each handler adding its cost (:mod:`.timing`, :mod:`.actions`). It also follows what is
in his hands and which missiles are prepared, since readying one costs strike ranks
(what clashes in his hands, :mod:`.hands`), the strike ranks spent moving (which a
meeting of two fighters does not count, RQ-44), who he starts the round engaged with,
and the fight's optional rules (readying combined with moving, RQ-72). Each placed
action keeps how its strike rank was counted as a :class:`~pyengine.working.Step`
(field ``sr``, its value the strike rank).
"""

from __future__ import annotations

from collections.abc import Mapping

from pyengine.runequest.melee.hands import kept
from pyengine.runequest.melee.model import MELEE_RULES, Arm, Body, Combatant, MeleeRules
from pyengine.runequest.melee.statement import AnyAction
from pyengine.runequest.tables.strike_ranks import StrikeRankTable
from pyengine.tables import Record
from pyengine.working import Step, cite

#: Where the strike-rank count is in the seed.
SOURCE = "ch. III, The Melee Round"


class Timed(Record):
    """One action placed in the round."""

    who: str
    index: int
    """Its place in his statement."""
    action: AnyAction
    sr: int
    working: Step
    """How the strike rank was counted (field ``sr``; ``value`` is the strike rank)."""
    too_late: str = ""
    """Why it does not happen this round (past 12), or ``""``."""
    share: int = 1
    """A split attack's ways: its chance is divided by this."""
    chance: int | None = None
    """A split attack's stated share, in % (RQ-78); ``None``: divided equally."""
    dex: int = 0


class Clock:
    """One combatant's statement being timed: the strike ranks used so far and his hands."""

    def __init__(self, me: Combatant, body: Body, actions: tuple[AnyAction, ...], table: StrikeRankTable, *,
                 surprised: bool = False, rules: MeleeRules = MELEE_RULES,
                 melees: Mapping[str, frozenset[str]] | None = None) -> None:
        self.me = me
        self.actions = actions
        """His whole statement, in order."""
        self.surprised = surprised
        self.table = table
        self.mods = table.modifiers
        self.limit = self.mods.round_limit
        self.now = self.mods.surprised if surprised else 0
        """Strike ranks used so far."""
        self.hands = {name: a.hands for name in body.in_hand if (a := me.arm(name)) is not None}
        """What is in his hands: arm name -> the hand(s) it takes."""
        self.prepared = set(body.prepared)
        self.first_blow: dict[str, int] = {}
        """Each weapon's first blow this round: its strike rank."""
        self.last_blow: tuple[str, int] | None = None
        """His latest melee blow: (arm, strike rank)."""
        self.out: list[Timed] = []
        self.rules = rules
        self.melees = melees or {}
        """Who starts the round engaged with whom (:func:`~.statement.engagements`)."""
        self.engaged = self.melees.get(me.name, frozenset())
        """The foes he starts the round engaged with."""
        self.moved = 0
        """Strike ranks spent moving that no blow has counted yet (a meeting does not count them, RQ-44)."""
        self.previous: tuple[str, int] | None = None
        """The action just before this one, if it was a move or a ready not combined with another:
        (``move``/``ready``, its cost), for the referee's option of combining the two (RQ-72)."""
        self.pair: tuple[str, int] | None = None
        """What the action being timed leaves for the next one's :attr:`previous`."""
        self.cited: list[str] = []
        """Rulings the count of the action being timed rests on, beyond its own (added to its working)."""

    def meeting(self, target: str) -> bool:
        """He moved to meet ``target``, who was not already in a melee, himself not engaged: "any time two
        fighters meet in melee, however long they've each traveled to get to that meeting, strike rank is
        figured normally" — unlike "a character [who] joins an already-ongoing melee" (RQ-44)."""
        ongoing = self.melees.get(target, frozenset()) - {self.me.name}
        return bool(self.moved) and not self.engaged and not ongoing

    def before(self) -> list[str]:
        """How the time already used reads at the head of the next action's working."""
        if not self.now:
            return []
        if self.surprised and not self.out:
            return [f"surprised {self.mods.surprised}"]
        return [f"{self.now}"]

    def add(self, action: AnyAction, sr: int, parts: list[str], *, share: int = 1, chance: int | None = None,
            rulings: tuple[str, ...] = ()) -> None:
        """Places ``action`` at ``sr``, its working the ``parts`` added up."""
        text = " + ".join(p for p in parts if p)
        self.out.append(
            Timed(
                who=self.me.name,
                index=len(self.out),
                action=action,
                sr=sr,
                working=Step(field="sr", text=f"{text} = SR {sr}", source=SOURCE, value=sr,
                             rulings=cite(("RQ-44",), ("RQ-46",) if self.surprised else (), rulings,
                                          tuple(self.cited))),
                too_late=f"SR {sr} is past {self.limit}: no time this round (RQ-44)" if sr > self.limit else "",
                share=share,
                chance=chance,
                dex=self.me.DEX,
            )
        )

    def ready(self, arm: Arm, parts: list[str], *, verb: str = "") -> int:
        """The strike ranks to get ``arm`` ready (0 when it is), its cost added to ``parts``; with the
        referee's option, a ready right after moving is done while moving (RQ-72)."""
        if not verb and arm.name in self.hands and (not arm.missile or arm.name in self.prepared):
            return 0
        if not verb and arm.body_weapon and self.rules.played_by >= 3:
            return 0  # a fist, a kick, a head butt is part of him: nothing to draw (RQ-111)
        what = verb or ("ready" if arm.name in self.hands else "draw")
        cost = self.mods.change_weapon
        held = [a for name in self.hands if (a := self.me.arm(name)) is not None]
        self.hands = {a.name: a.hands for a in kept(arm, held)}
        self.hands[arm.name] = arm.hands
        self.prepared.add(arm.name)
        if self.rules.ready_while_moving and self.previous is not None and self.previous[0] == "move":
            moving = self.previous[1]
            extra = max(cost - moving, 0)
            parts.append(f"{what} {arm.name} {cost}, combined with the {moving} of moving (referee's option): +{extra}")
            self.moved = max(self.moved - min(moving, cost), 0)
            self.previous = None
            self.cited.append("RQ-72")
            return extra
        parts.append(f"{what} {arm.name} {cost}")
        self.pair = ("ready", cost)
        return cost
