"""Fight mode's experience: a saved adventurer's experience checks for this fight rolled onto
his sheet from the marks (``fx-out``'s ``data-apply``), once per fight (RQ-104). Regions:
``fx-out`` (the marks), ``fx-result`` (the checks rolled, or why not)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import msgspec

from pyengine.errors import ConflictError, RulesError, StorageError
from pyengine.library.versions import save
from pyengine.pages.view import Update
from pyengine.render.fight import checks_html
from pyengine.runequest.advancement.experience import after_adventure
from pyengine.runequest.campaign.current import MAX_FIGHTS, Written
from pyengine.runequest.combat.inputs import sheet_of
from pyengine.runequest.melee.experience import field_uses
from pyengine.runequest.melee.render import render_notice
from pyengine.runequest.sheet.adventurer import dump_adventurer
from pyengine.storage.keys import CHARACTER_PREFIX

if TYPE_CHECKING:
    from pyengine.pages.fight import FightPage


def _experience_checked(adventurer: Any, fight_id: str) -> Any:
    """The record noting that ``fight_id``'s experience checks were rolled (RQ-104)."""
    current = adventurer.current
    done = current.written(fight_id)
    mark = msgspec.structs.replace(done, experience=True) if done else Written(fight=fight_id, round=0, experience=True)
    fights = (*(w for w in current.fights if w.fight != fight_id), mark)
    return msgspec.structs.replace(adventurer, current=msgspec.structs.replace(current, fights=fights[-MAX_FIGHTS:]))


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
        record = core.store.get(CHARACTER_PREFIX + c.character) if c.character else None
        if record is None:
            return Update(html={"fx-result": render_notice(f"{c.name}'s saved sheet is no longer on this device.")})
        uses, defense_saved = field_uses(c, state.bodies[c.name])
        try:
            adventurer, _ = sheet_of(record, core.tables)
            fight_id, label = page.keeper.fight_id(), page.keeper.fight_label()
            done = adventurer.current.written(fight_id)
            if done is not None and done.experience:
                core.draft["applied"] = [*core.draft["applied"], c.name]
                return page.save() | page.marks() | Update(html={"fx-result": render_notice(
                    f"{c.name}'s experience checks for this fight are on his sheet already (RQ-104).")})
            result = after_adventure(adventurer, core.tables, uses, core.dice, defense_saved=defense_saved)
            # His record says this fight's experience was checked, so writing the fight back
            # later does not roll it again (RQ-104).
            rolled = _experience_checked(result.adventurer, fight_id)
            save(core.store, "character", c.character, dump_adventurer(rolled).decode(), when=core.now(),
                 why=f"experience checks from fight '{label}'", expected=record)
        except ConflictError:
            return Update(html={"fx-result": render_notice(
                f"{c.name}'s sheet changed since this fight read it (saved on another page or tab): "
                "his checks were not rolled onto it. Try again.")})
        except StorageError as exc:
            return Update(html={"fx-result": render_notice(f"{c.name}'s sheet was not updated: {exc}")})
        except RulesError as exc:
            return Update(html={"fx-result": render_notice(str(exc))})
        core.draft["applied"] = [*core.draft["applied"], c.name]
        return page.save() | page.marks() | Update(html={"fx-result": checks_html(c.name, result.checks)})
