"""Fight mode's "Write the results to the sheets" card (``fw-out``): what the fight changes on
each saved adventurer in it, shown first (``fw-plan``), written only on "Confirm"
(``fw-confirm``; ``fw-cancel`` leaves it), undone as one (``fw-undo``). What was written is kept
in the draft (its ``written`` part), so "Undo" is still there after a reload; a plan made before
the fight changed is dropped."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from pyengine.errors import ConflictError, RecordError, RulesError, StorageError
from pyengine.pages.fight.campaign import Pending
from pyengine.pages.fight.draft import Written
from pyengine.pages.view import Update
from pyengine.render.fight_writeback import plan_html, said_html, written_html

if TYPE_CHECKING:
    from pyengine.pages.fight import FightPage
    from pyengine.storage.store import Store


class WriteBackCard:
    """The plan shown and not yet confirmed; what was written is the core's (:attr:`FightCore.written`)."""

    def __init__(self, page: FightPage) -> None:
        self.page = page
        self.core = page.core
        self.pending: Pending | None = None
        """The write-back shown, not yet confirmed."""

    def stale(self, link: str) -> dict[str, str]:
        """The card, when the fight changed since the plan shown was made (the plan dropped)."""
        if self.pending is None or self.pending.link == link:
            return {}
        self.pending = None
        return {"fw-out": said_html(
            "The fight changed since the results were worked out: nothing was written. Work them out again.")}

    def on_writeback_click(self, data: Mapping[str, str]) -> Update:
        """A button of "Write the results to the sheets": ``fw-plan`` shows what will change,
        ``fw-confirm`` writes it, ``fw-cancel`` leaves it, ``fw-undo`` puts the sheets back."""
        act = data.get("id", "")
        if act == "fw-plan":
            return self._plan()
        if act == "fw-cancel":
            self.pending = None
            return Update(html={"fw-out": said_html("Nothing was written.")})
        if act == "fw-confirm" and self.pending is not None:
            return self._confirm(self.pending)
        if act == "fw-undo" and self.core.draft.written is not None:
            return self._undo()
        return Update()

    def _plan(self) -> Update:
        core, keeper = self.core, self.page.keeper
        if core.log is None:
            return Update(html={"fw-out": said_html("No fight yet: nothing to write.")})
        try:
            self.pending = self.page.campaign.plan(core.log.fight, core.results, dice=core.dice,
                                                   fight_id=keeper.fight_id(), label=keeper.fight_label(),
                                                   checked=core.draft.applied)
        except RulesError as exc:
            return Update(html={"fw-out": said_html(f"The results could not be worked out: {exc}")})
        self.pending.link = core.link()
        return Update(html={"fw-out": plan_html(self.pending)}, focus="fw-out")

    def _confirm(self, pending: Pending) -> Update:
        core, keeper = self.core, self.page.keeper
        was, notes = core.draft.written, keeper.notes()

        def keep(store: Store, written: Written) -> None:
            core.draft.written = written
            keeper.keep(store)

        try:
            # The sheets and the draft that keeps what "Undo" needs are one save: a crash between
            # them would leave the sheets written and no way back.
            written = self.page.campaign.confirm(pending, now=core.now(), keep=keep)
        except (ConflictError, StorageError) as exc:
            self.pending, core.draft.written = None, was
            keeper.put_back_notes(notes)
            return Update(html={"fw-out": said_html(str(exc))})
        self.pending = None
        # Only the marks and this card change: the fight, its link and everyone's state do not.
        return keeper.kept() | self.page.marks() | Update(html={"fw-out": written_html(written)}, focus="fw-out")

    def _undo(self) -> Update:
        core, keeper = self.core, self.page.keeper
        written = core.draft.written
        assert written is not None
        applied, notes = core.draft.applied, keeper.notes()

        def keep(store: Store) -> None:
            core.draft.applied = [n for n in core.draft.applied if n not in written.applied]
            core.draft.written = None
            keeper.keep(store)

        try:
            said = self.page.campaign.undo(written, now=core.now(), keep=keep)
        except (ConflictError, StorageError, RecordError) as exc:
            core.draft.applied, core.draft.written = applied, written
            keeper.put_back_notes(notes)
            return Update(html={"fw-out": written_html(written, str(exc))})
        return keeper.kept() | self.page.marks() | Update(html={"fw-out": said_html(said)}, focus="fw-out")
