"""Fight mode's rounds and their log: a round resolved with the app's dice ("Resolve: app
dice") or the game master's own, typed die by die ("Resolve: my dice"); the last round undone;
the log drawn, a new round alone, an earlier round's fold when it is opened.

Fields it reads: ``fd-typed``. Regions: ``fd-ask`` (the die needed next), ``fl-out`` (the rounds).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from pyengine.dice import Dice, NeededRoll, TypedRolls
from pyengine.errors import RulesError, ShareLinkError
from pyengine.pages.typed_dice import enter_typed_roll
from pyengine.pages.view import Update
from pyengine.render.fight import log_html
from pyengine.runequest.combat.render import render_needed
from pyengine.runequest.melee.intent import Intent
from pyengine.runequest.melee.log import MAX_ROUNDS, add_round, undo
from pyengine.runequest.melee.render import LATEST_ID, LOG_ID, render_earlier_round, render_log_grown
from pyengine.runequest.melee.round import RoundResult, resolve_round

if TYPE_CHECKING:
    from pyengine.pages.fight import FightPage


class Rounds:
    """The rounds resolved, the dice being typed for the next, and the log as drawn."""

    def __init__(self, page: FightPage) -> None:
        self.page = page
        self.core = page.core
        self.typing: tuple[Intent, ...] | None = None
        """The statements whose round is being typed, die by die."""
        self.rolls: TypedRolls[RoundResult] | None = None
        """The dice typed so far for that round, the round replayed once per die asked."""
        self.logged: int | None = None
        """How many rounds the log in ``fl-out`` shows, as this controller last drew it (``None``: not
        drawn yet): a new round is then drawn alone, the rounds before it left as they are."""

    def on_roll(self, values: Mapping[str, str]) -> Update:
        """"Resolve: app dice": the statements read and checked, the round resolved."""
        intents, update = self._stated(values)
        core = self.core
        if intents is None or core.log is None:
            return update
        state = core.state()
        assert state is not None
        try:
            # The bench's "fight round" (the rules engine's work) and "fight round + draw" (the
            # log, everyone's state and the link drawn as well).
            with core.measured("fight round + draw"):
                with core.measured("fight round"):
                    result = resolve_round(core.log.fight, state, intents, dice=core.dice, tables=core.mt,
                                           rules=core.log.rules, melee_rules=core.log.melee_rules,
                                           pronouns=core.pronouns())
                update |= self._commit(result, intents)
        except RulesError as exc:
            return update | Update(notices={"fd-form-error": str(exc)})
        return update | self._after_round()

    def on_start(self, values: Mapping[str, str]) -> Update:
        """"Resolve: my dice": the statements read and checked, then each die asked for in turn."""
        intents, update = self._stated(values)
        if intents is None:
            return update
        self.typing = intents
        self.rolls = TypedRolls(self._typed_round)
        update |= Update(hidden={"fd-typing": False})
        try:
            return update | self._ask(self.rolls.start())
        except RulesError as exc:
            return update | self.end_typing() | Update(notices={"fd-form-error": str(exc)})

    def _stated(self, values: Mapping[str, str]) -> tuple[tuple[Intent, ...] | None, Update]:
        """A round is asked for: no dice typed any more, everyone's statements read and checked."""
        if self.core.log is None:
            return None, Update()
        intents, shown = self.page.statements.read(values)
        return intents, self.end_typing() | shown

    def on_next(self, values: Mapping[str, str]) -> Update:
        """The roll typed in ``fd-typed``, checked against the die it is for."""
        if self.typing is None or self.rolls is None:
            return Update()
        return enter_typed_roll(self.rolls, values, "fd-typed", "roll", 100, self._ask)

    def on_cancel(self) -> Update:
        """"Stop": no more dice typed for this round."""
        return self.end_typing()

    def on_undo(self) -> Update:
        """The last round taken back; its statements come back, to be changed and resolved again."""
        core = self.core
        if core.log is None or not core.results:
            return Update()
        update = self.end_typing()
        undone = core.log.rounds[-1].intents
        core.log = undo(core.log)
        core.results.pop()
        self.page.statements.taken_back(undone)
        return update | self.page.save() | self.page.all()

    @property
    def typed(self) -> list[int]:
        """The dice typed so far for the round being resolved with the game master's own dice."""
        return self.rolls.rolls if self.rolls is not None else []

    def _typed_round(self, dice: Dice) -> RoundResult:
        """The round being typed, from the dice typed so far (:class:`TypedRolls` replays it)."""
        log, state = self.core.log, self.core.state()
        assert log is not None and state is not None and self.typing is not None
        return resolve_round(log.fight, state, self.typing, dice=dice, tables=self.core.mt,
                             rules=log.rules, melee_rules=log.melee_rules, pronouns=self.core.pronouns())

    def _ask(self, got: RoundResult | NeededRoll) -> Update:
        """The die needed next; once every roll is in, the round."""
        if isinstance(got, NeededRoll):
            return Update(html={"fd-ask": render_needed(got, self.typed)}, focus="fd-typed")
        intents = self.typing
        assert intents is not None
        try:
            committed = self._commit(got, intents)
        except RulesError as exc:
            return self.end_typing() | Update(notices={"fd-form-error": str(exc)})
        return self.end_typing() | committed | self._after_round()

    def end_typing(self) -> Update:
        """No dice typed any more."""
        self.typing, self.rolls = None, None
        return Update(hidden={"fd-typing": True}, errors={"fd-typed": ""})

    def _commit(self, result: RoundResult, intents: tuple[Intent, ...]) -> Update:
        """The round added to the fight, and shown."""
        core = self.core
        assert core.log is not None
        before = core.log
        core.log = add_round(core.log, result, intents)
        try:
            if len(core.log.rounds) > MAX_ROUNDS:
                raise ShareLinkError(f"a fight holds {MAX_ROUNDS} rounds at most")
            core.link()
        except ShareLinkError as exc:
            core.log = before
            raise RulesError(f"Round {len(core.log.rounds) + 1} was not added: {exc}. Keep this fight's link or "
                             "export it, and go on from the link to the situation now (a new fight).") from None
        core.results.append(result)
        return self.page.shown(grown=True)

    def _after_round(self) -> Update:
        """Next round's statements (last round's by default), drawn; the round in view."""
        self.page.statements.carry()
        self.page.statements.errors = {}
        return self.page.save() | self.page.statements.declarations() | Update(scroll="fl-out")

    def log(self, grown: bool = False) -> Update:
        """The rounds (``fl-out``); ``grown``: one round more than last drawn, drawn alone (the page
        keeps the others as they are: a long evening's log is not drawn again whole every round)."""
        results = self.core.results
        n = len(results)
        if grown and n >= 2 and self.logged == n - 1:
            latest, rounds = render_log_grown(results)
            update = Update(replaced={LATEST_ID: latest}, attributes={LOG_ID: {"data-rounds": rounds}})
        else:
            update = Update(html={"fl-out": log_html(results)})
        self.logged = n
        return update

    def on_log_toggle(self, data: Mapping[str, str]) -> Update:
        """An earlier round's fold in the log opened or closed (``data-round``): its events drawn in it."""
        k, results = data.get("round", ""), self.core.results
        if not k.isdigit() or not results:
            return Update()
        i = int(k) - results[0].round
        if not 0 <= i < len(results) - 1:
            return Update()
        result = results[i]
        return Update(html={f"fr-old-{result.round}": render_earlier_round(result)})
