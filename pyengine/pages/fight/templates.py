"""Fight mode's opponent templates: a quick stat block kept under its name ("Keep as a
template"), and copies of one added in a few taps ("Broo 1", "Broo 2"…).

Fields it reads: the add form ``fa-…``, ``ft-template``, ``ft-count``. Regions: ``ft-template``
(the templates kept on the device), ``fa-keep-said``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from pyengine.errors import FieldError, RecordError, RulesError, StorageError
from pyengine.library.records import record_text
from pyengine.library.templates import copy_names, list_templates, make_template, read_template, save_template
from pyengine.pages.fight.roster import ADD_FIELDS, MAX_COMBATANTS, add_form
from pyengine.pages.view import Update, errors_cleared
from pyengine.render.fight import template_options_html
from pyengine.runequest.melee.inputs import QUICK_FIELDS, read_quick
from pyengine.runequest.melee.model import Fight

if TYPE_CHECKING:
    from pyengine.pages.fight import FightPage


class Templates:
    """The opponent templates kept on the device, as fight mode keeps and uses them."""

    def __init__(self, page: FightPage) -> None:
        self.page = page
        self.core = page.core

    def options_html(self, selected: str = "") -> str:
        """The templates kept on the device, for ``ft-template``."""
        entries = list_templates(self.core.store).entries
        return template_options_html(
            [(e.ident, f"{e.value.name} ({e.value.count})" if e.value.count > 1 else e.value.name) for e in entries],
            selected=selected)

    def on_keep_template(self, values: Mapping[str, str]) -> Update:
        """"Keep as a template": the quick stat block as typed, checked, kept under its name
        (a template of that name is replaced, its previous version kept)."""
        core = self.core
        update = Update(errors=errors_cleared(ADD_FIELDS), notices={"fa-keep-said": ""})
        typed = add_form(values)
        try:
            read_quick(core.tables, typed, None)
            template = make_template(typed["fa-name"], {f: typed[f] for f in QUICK_FIELDS if f != "fa-name"})
        except FieldError as exc:
            return update | Update(errors=dict(exc.problems))
        except RulesError as exc:
            return update | Update(errors={"fa-name": str(exc)})
        same = next((e for e in list_templates(core.store).entries
                     if e.value.name.casefold() == template.name.casefold()), None)
        try:
            ident, _ = save_template(core.store, template, when=core.now(), new_id=core.new_id,
                                     ident=same.ident if same else None,
                                     why="replaced from fight mode" if same else "kept from fight mode")
        except StorageError as exc:
            return update | Update(notices={"fa-keep-said": f"The template was not kept: {exc}"})
        said = f"Kept {template.name!r} as a template" + (" (the one of that name replaced)." if same else ".")
        return update | Update(notices={"fa-keep-said": said}, html={"ft-template": self.options_html(ident)})

    def on_from_template(self, values: Mapping[str, str]) -> Update:
        """"Add from the template": ``ft-count`` copies (or as many as it was kept with), named
        "Broo 1", "Broo 2"… after those already in the fight."""
        core = self.core
        update = Update(errors={"ft-template": "", "ft-count": ""})
        ident = values.get("ft-template", "")
        text = record_text(core.store, "template", ident) if ident else None
        if text is None:
            return update | Update(errors={"ft-template": "template: choose one (keep a quick stat block as a template first)"})
        try:
            template = read_template(text)
        except RecordError as exc:
            return update | Update(errors={"ft-template": f"template: it does not read ({exc})"})
        typed = values.get("ft-count", "").strip()
        count = template.count
        if typed:
            if not typed.isdigit() or not 1 <= int(typed) <= MAX_COMBATANTS:
                return update | Update(errors={"ft-count": f"how many: {typed!r} is not a whole number from 1 to {MAX_COMBATANTS}"})
            count = int(typed)
        fight = core.fight
        there = list(fight.combatants) if fight else []
        if len(there) + count > MAX_COMBATANTS:
            return update | Update(errors={"ft-count": (
                f"how many: {count} more makes {len(there) + count}; a fight holds {MAX_COMBATANTS} combatants at most")})
        added = list(there)
        for name in copy_names(template.name, count, [c.name for c in there]):
            try:
                added.append(read_quick(core.tables, {**template.fields, "fa-name": name},
                                        Fight(combatants=tuple(added)) if added else None))
            except FieldError as exc:
                problems = "; ".join(message for _, message in exc.problems)
                return update | Update(errors={"ft-template": f"template {template.name!r}: {problems}"})
        try:
            self.page.roster.join(tuple(added))
        except RulesError as exc:
            return update | Update(errors={"ft-template": str(exc)})
        self.page.statements.errors = {}
        return update | self.page.save() | self.page.all() | Update(values={"ft-count": ""})
