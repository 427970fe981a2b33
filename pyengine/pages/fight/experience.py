"""Fight mode's experience: a saved adventurer's experience checks for this fight rolled onto
his sheet from the marks (``fx-out``'s ``data-apply``), through the campaign service, once per
fight (RQ-104). Regions: ``fx-out`` (the marks), ``fx-result`` (the checks rolled, or why not)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from pyengine.errors import RulesError, StorageError
from pyengine.library.records import record_text
from pyengine.pages.view import Update
from pyengine.render.fight import checks_html
from pyengine.runequest.campaign.writeback import ExperienceRolled
from pyengine.runequest.melee.render import render_notice

if TYPE_CHECKING:
    from pyengine.pages.fight import FightPage


class Experience:
    """The experience checks rolled onto the saved sheets from the marks."""

    def __init__(self, page: FightPage) -> None:
        self.page = page
        self.core = page.core

    def on_marks_click(self, data: Mapping[str, str]) -> Update:
        """A button in the experience marks (``data-apply``: roll a saved adventurer's checks onto his sheet)."""
        core, page = self.core, self.page
        k = data.get("apply", "")
        state = core.state()
        if core.log is None or state is None or not k.isdigit() or int(k) >= len(core.log.fight.combatants):
            return Update()
        c = core.log.fight.combatants[int(k)]
        record = record_text(core.store, "character", c.character) if c.character else None
        if record is None:
            return Update(html={"fx-result": render_notice(f"{c.name}'s saved sheet is no longer on this device.")})
        try:
            checks = page.campaign.roll_experience(c, state.bodies[c.name], record, dice=core.dice,
                                                   fight_id=page.keeper.fight_id(), label=page.keeper.fight_label(),
                                                   now=core.now())
        except ExperienceRolled as exc:  # on his sheet already (the fight written back, another tab): his button goes
            core.draft.applied = [*core.draft.applied, c.name]
            return page.save() | page.marks() | Update(html={"fx-result": render_notice(str(exc))})
        except StorageError as exc:
            return Update(html={"fx-result": render_notice(f"{c.name}'s sheet was not updated: {exc}")})
        except RulesError as exc:  # a conflict (it says so), a sheet that does not read, dice that ran out
            return Update(html={"fx-result": render_notice(str(exc))})
        core.draft.applied = [*core.draft.applied, c.name]
        return page.save() | page.marks() | Update(html={"fx-result": checks_html(c.name, checks)})
