"""Fight mode's rounds and their log: a round resolved with the app's dice ("Resolve: app
dice") or the game master's own, typed die by die ("Resolve: my dice"); the last round undone;
the log drawn, a new round alone, an earlier round's fold when it is opened.

Dice typed by hand are a mode (issue 34): while it is open, whatever would resolve, undo or end the
round is off (:meth:`Rounds.locked`) and refused if it comes anyway (:meth:`Rounds.unless_typing`);
the statements as stated and the dice typed so far are kept in the draft, so a reload opens the mode
again at the next die (:meth:`Rounds.restore`); only "Cancel" leaves it.

Fields it reads: ``fd-typed``. Regions: ``fd-ask`` (the die needed next), ``fl-out`` (the rounds).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from pyengine.dice import Dice, NeededRoll, TypedRolls
from pyengine.errors import RulesError, ShareLinkError
from pyengine.pages.fight.draft import Typing
from pyengine.pages.typed_dice import enter_typed_roll
from pyengine.pages.view import Update
from pyengine.render.fight import log_html, typing_html
from pyengine.runequest.melee.inputs import read_declaration
from pyengine.runequest.melee.intent import Intent
from pyengine.runequest.melee.log import MAX_ROUNDS, add_round, undo
from pyengine.runequest.melee.render import LATEST_ID, LOG_ID, render_earlier_round, render_log_grown
from pyengine.runequest.melee.round import RoundResult, resolve_round

if TYPE_CHECKING:
    from pyengine.pages.fight import FightPage

#: Off while dice are typed, besides the rounds' own buttons (``fd-roll``, ``fd-start``, ``fd-undo``): a new
#: fight, another fight opened, a combatant added. Each would change or end the round being typed.
OFF_WHILE_TYPING = ("fl-new", "fi-open", "fi-file", "fa-add", "ft-add")
#: Locked (``inert``) while dice are typed: the statements (the round is resolved as stated when typing
#: began), the combatants' buttons (remove, leave, back, the optional rules), the add form.
LOCKED_WHILE_TYPING = ("fd-list", "fc-list", "fa-box")


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
        self.later = False
        """A round resolved with app dice has drawn the table only; the rest is drawn when asked."""

    def on_roll(self, values: Mapping[str, str]) -> Update:
        """"Resolve: app dice": the statements read and checked, the round resolved (not while dice are typed)."""
        if self.typing is not None:
            return self.refused()
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
                update |= self._commit(result, intents, later=True)
        except RulesError as exc:
            return update | Update(notices={"fd-form-error": str(exc)})
        return update | self._after_round()

    def on_start(self, values: Mapping[str, str]) -> Update:
        """"Resolve: my dice": the statements read and checked, then each die asked for in turn; the
        statements as stated kept in the draft with the dice as they are typed."""
        if self.typing is not None:
            return self.refused()
        intents, update = self._stated(values)
        if intents is None or self.core.log is None:
            return update
        state = self.core.state()
        assert state is not None
        declare = self.core.draft.declare
        self.typing = intents
        self.rolls = TypedRolls(self._typed_round)
        self.core.draft.typing = Typing(round=state.round + 1,
                                        declare={i.who: copy.deepcopy(declare.get(i.who, {})) for i in intents})
        update |= Update(hidden={"fd-typing": False})
        try:
            return update | self._ask(self.rolls.start())
        except RulesError as exc:
            return update | self.end_typing() | self.page.save() | Update(notices={"fd-form-error": str(exc)})

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
        """"Cancel": the dice typed for this round dropped, the round not resolved; everything on again."""
        if self.typing is None:
            return self.end_typing()
        return self.end_typing() | self.page.save() | self.locked(self._ready()) | Update(notices={"fd-form-error": ""})

    def on_undo(self) -> Update:
        """The last round taken back; its statements come back, to be changed and resolved again (not
        while dice are typed)."""
        core = self.core
        if self.typing is not None:
            return self.refused()
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
        """The die needed next (the dice typed so far kept in the draft); once every roll is in, the round."""
        if isinstance(got, NeededRoll):
            asked = self._asking(got)  # the dice typed so far in the draft, then kept
            return self.page.save() | asked
        intents = self.typing
        assert intents is not None
        ended = self.end_typing()  # before the round is drawn: everything on again
        try:
            committed = self._commit(got, intents)
        except RulesError as exc:
            return ended | self.page.save() | self.locked(self._ready()) | Update(notices={"fd-form-error": str(exc)})
        return ended | committed | self._after_round()

    def _asking(self, got: NeededRoll) -> Update:
        """The die needed next asked for, the dice typed so far in the draft, and how to leave."""
        typing = self.core.draft.typing
        assert typing is not None
        typing.rolls = list(self.typed)
        n = len(typing.rolls)
        cancel = ("Cancel: type no dice for this round" if n == 0
                  else f"Cancel: drop the {n} {'die' if n == 1 else 'dice'} typed")
        return self.locked(self._ready()) | Update(
            html={"fd-ask": typing_html(got, self.typed, typing.round)}, text={"fd-cancel": cancel},
            hidden={"fd-typing": False}, focus="fd-typed")

    def end_typing(self, why: str = "") -> Update:
        """No dice typed any more (the draft is kept by the caller); ``why``: what ended it otherwise than
        "Cancel" or the last die (another fight opened from its link), said when dice were being typed."""
        said = Update()
        if why and self.core.draft.typing is not None:
            n, round_number = len(self.typed), self.core.draft.typing.round
            said = Update(notices={"fd-form-error": (
                f"The {n} {'die' if n == 1 else 'dice'} typed for round {round_number} were not used: {why}. "
                "The fight they were typed for stays among the saved fights on the start page, with them.")})
        self.typing, self.rolls = None, None
        self.core.draft.typing = None
        return Update(hidden={"fd-typing": True}, errors={"fd-typed": ""}) | said

    def _ready(self) -> bool:
        """Whether a round can be resolved: two sides in the fight."""
        fight = self.core.fight
        return fight is not None and len({c.side for c in fight.combatants}) >= 2

    def locked(self, ready: bool) -> Update:
        """What can be tapped (``ready``: a round can be resolved): while dice are typed, nothing that
        would resolve, undo, change or end the round, and the statements locked as stated."""
        typing = self.typing is not None
        return Update(
            disabled={"fd-roll": not ready or typing, "fd-start": not ready or typing,
                      "fd-undo": not self.core.results or typing, **dict.fromkeys(OFF_WHILE_TYPING, typing)},
            attributes={ident: {"inert": "" if typing else None} for ident in LOCKED_WHILE_TYPING},
        )

    def refused(self) -> Update:
        """What an action that would change or end the round says while dice are typed."""
        n = len(self.typed)
        typed = f"{n} {'die' if n == 1 else 'dice'} typed"
        return Update(notices={"fd-form-error": (
            f'This round is being resolved with your dice ({typed}): type the rest, or tap "Cancel" '
            "to drop them first.")}, focus="fd-typed")

    def unless_typing(self, action: Callable[..., Update]) -> Callable[..., Update]:
        """``action``, refused while dice are typed (it would change or end the round being typed)."""

        def guarded(*args: Any) -> Update:
            return self.refused() if self.typing is not None else action(*args)

        return guarded

    def restore(self, problems: list[str]) -> Update:
        """The round being typed when the page was left, open again at the next die (the draft's
        ``typing``); one that does not read back (``problems``: what in the draft did not) types
        nothing, and says why."""
        core = self.core
        kept = core.draft.typing
        damaged = [p.removeprefix("fight draft: ") for p in problems if p.startswith("fight draft: typing")]
        if kept is None:
            return self._not_restored("; ".join(damaged)) if damaged else Update()
        state, fight = core.state(), core.fight
        if fight is None or state is None:
            return self.end_typing() | self._not_restored("the fight they were typed for is not on this device")
        if kept.round != state.round + 1:
            return self.end_typing() | self._not_restored(
                f"they were typed for round {kept.round}, and this fight's next round is {state.round + 1}")
        try:
            names = [c.name for c in fight.combatants]
            unknown = [name for name in kept.declare if name not in names]
            if unknown:
                raise RulesError(f"{unknown[0]!r} is not in this fight")
            self.typing = tuple(read_declaration(fight, names.index(name), kept.declare[name])[0]
                                for name in names if name in kept.declare)
            self.rolls = TypedRolls(self._typed_round)
            got = self.rolls.start()
            for value in kept.rolls:
                got = self.rolls.enter(value)
        except RulesError as exc:
            return self.end_typing() | self._not_restored(str(exc))
        return self._asking(got) if isinstance(got, NeededRoll) else self._ask(got)

    @staticmethod
    def _not_restored(why: str) -> Update:
        return Update(notices={"fd-form-error": (
            f"The dice typed by hand for the next round could not be read back ({why}): resolve the round again.")})

    def _commit(self, result: RoundResult, intents: tuple[Intent, ...], later: bool = False) -> Update:
        """The round added to the fight, and shown (``later``: the table only, the rest when the glue asks
        for it, :meth:`~pyengine.pages.fight.FightPage.drawn_later`)."""
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
        if later:
            self.later = True
            return self.page.table_shown()
        return self.page.shown(grown=True)

    def _after_round(self) -> Update:
        """Next round's statements (last round's by default), drawn; the table in view (its rows say what
        changed, what happened is under it)."""
        self.page.statements.carry()
        self.page.statements.errors = {}
        begun = Update(opened={"fa-box": False}) if len(self.core.results) == 1 else Update()  # the fight begun
        return self.page.save() | self.page.statements.declarations() | begun | Update(scroll="fight-table")

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
