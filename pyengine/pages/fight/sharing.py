"""Fight mode's sharing: the fight's link and the link to the situation now (``fl-links``), its
JSON export, and a fight opened from a link or a file (``fi-text``, ``fi-file``): it replaces
the fight, and the one kept before stays as it was among the saved fights."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from pyengine.errors import RulesError
from pyengine.library.drafts import read_draft
from pyengine.library.fights import leave_fight
from pyengine.pages.view import Update
from pyengine.pages.widgets import share_line
from pyengine.runequest.melee.log import Replayed, export_json, read_any, situation_now, to_link
from pyengine.runequest.melee.render import export_button

#: What each of the fight's two links carries, said under it.
WHOLE_FIGHT = ("The whole fight: whoever opens it sees every round again, with its dice and working, and can "
               "play on from there.")
SITUATION_NOW = ("Everyone as they stand now, without the rounds before: a shorter link and a smaller code, to "
                 "carry on from this point.")

if TYPE_CHECKING:
    from pyengine.pages.fight import FightPage


class Sharing:
    """The fight as a link, a QR code or a file, and back."""

    def __init__(self, page: FightPage) -> None:
        self.page = page
        self.core = page.core

    def open_text(self, text: str, error_id: str) -> tuple[bool, Update]:
        """Opens a fight from a link or an export (True), or says in ``error_id`` why it does not
        open (False: the fight stays as it was)."""
        page, core = self.page, self.core
        update = Update(notices={error_id: ""})
        try:
            core.set_log(read_any(text))
        except RulesError as exc:
            return False, update | Update(notices={error_id: str(exc)})
        leave_fight(core.store)  # the fight kept before stays as it was; this one is kept anew
        page.keeper.take_fight_mode(read_draft(core.store, "fight"))  # this tab takes fight mode
        core.draft.written = None
        update |= page.rounds.end_typing("another fight was opened from its link")
        core.draft.applied = []
        page.statements.cleared()
        if core.results:
            page.statements.carry()
        few = core.fight is None or len(core.fight.combatants) < 2
        return True, update | page.save() | page.all() | Update(opened={"fa-box": few})

    def on_import(self, values: Mapping[str, str]) -> Update:
        """"Open it": the link or the export pasted in ``fi-text``."""
        text = values.get("fi-text", "")
        if not text.strip():
            return Update(notices={"fi-error": "Paste a fight link or a fight's JSON export first, or choose a file."})
        return self.open_text(text, "fi-error")[1]

    def on_file(self, text: str) -> Update:
        """A fight file chosen (its text)."""
        return self.open_text(text, "fi-error")[1]

    def links_html(self) -> str:
        """``fl-links``: the fight's link and export; after a round, the link to the situation now too."""
        core = self.core
        link, log = core.link(), core.log
        if not link or log is None:
            return ""
        sides, count = " against ".join(core.sides()), len(log.fight.combatants)
        rounds = len(core.results)
        summary = f"{sides}, round {rounds}, {count} combatants"
        whole = share_line("fl", f"./combat.html#{link}", "Link to this fight", export_button(), summary=summary,
                           carries=WHOLE_FIGHT)
        if not core.results:
            return whole
        # The situation now: everyone as he stands, no history (a short link, a small QR code).
        now = situation_now(log, core.results[-1].state)
        standing = len(now.fight.combatants)
        return whole + share_line("fn", f"./combat.html#{to_link(now)}", "Link to the situation now",
                                  summary=f"{sides} as they stand after round {rounds}, {standing} combatants",
                                  carries=SITUATION_NOW)

    def on_links_click(self, data: Mapping[str, str]) -> Update:
        """A button beside the fight's link (``fl-export``: the fight as a JSON file)."""
        core = self.core
        if data.get("id") != "fl-export" or core.log is None:
            return Update()
        state = core.state()
        assert state is not None
        replayed = Replayed(state=state, rounds=tuple(core.results))
        return Update(download=("fight.json", export_json(core.log, replayed).decode("utf-8")))
