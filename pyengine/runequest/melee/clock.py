"""One combatant's strike-rank clock while his statement is timed, and what it gives: :class:`Timed`.

The clock starts at 0 (3 when he is surprised, RQ-46) and runs on through his actions,
each handler adding its cost (:mod:`.timing`, :mod:`.actions`). It also follows what is
in his hands and which missiles are prepared, since readying one costs strike ranks.
Each placed action keeps how its strike rank was counted as a
:class:`~pyengine.working.Step` (field ``sr``, its value the strike rank).
"""

from __future__ import annotations

from pyengine.runequest.melee.model import Arm, Body, Combatant
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
    dex: int = 0


class Clock:
    """One combatant's statement being timed: the strike ranks used so far and his hands."""

    def __init__(self, me: Combatant, body: Body, actions: tuple[AnyAction, ...], table: StrikeRankTable, *,
                 surprised: bool = False) -> None:
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

    def before(self) -> list[str]:
        """How the time already used reads at the head of the next action's working."""
        if not self.now:
            return []
        if self.surprised and not self.out:
            return [f"surprised {self.mods.surprised}"]
        return [f"{self.now}"]

    def add(self, action: AnyAction, sr: int, parts: list[str], *, share: int = 1, rulings: tuple[str, ...] = ()) -> None:
        """Places ``action`` at ``sr``, its working the ``parts`` added up."""
        text = " + ".join(p for p in parts if p)
        self.out.append(
            Timed(
                who=self.me.name,
                index=len(self.out),
                action=action,
                sr=sr,
                working=Step(field="sr", text=f"{text} = SR {sr}", source=SOURCE, value=sr,
                             rulings=cite(("RQ-44",), ("RQ-46",) if self.surprised else (), rulings)),
                too_late=f"SR {sr} is past {self.limit}: no time this round (RQ-44)" if sr > self.limit else "",
                share=share,
                dex=self.me.DEX,
            )
        )

    def ready(self, arm: Arm, parts: list[str]) -> int:
        """The strike ranks to get ``arm`` ready (0 when it is), its cost added to ``parts``."""
        if arm.name in self.hands and (not arm.missile or arm.name in self.prepared):
            return 0
        what = "ready" if arm.name in self.hands else "draw"
        parts.append(f"{what} {arm.name} {self.mods.change_weapon}")
        for other, side in list(self.hands.items()):
            if arm.hands == "both" or side == "both" or side == arm.hands:
                del self.hands[other]
        self.hands[arm.name] = arm.hands
        self.prepared.add(arm.name)
        return self.mods.change_weapon
