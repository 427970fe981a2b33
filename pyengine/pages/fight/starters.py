"""Fight mode's ready opponents: "How many", then a starter's button adds that many humans, each rolled by
the seed's rules ("Bandit 1", "Bandit 2"…, on the side in ``ft-side``); "Edit a copy" rolls one into the
quick stat block, to change and add or keep as a template of one's own (RQ-144).

Fields it reads: ``ft-side``. Regions: ``ft-said`` (each one added, his rolls and what they made);
``ft-n1`` … ``ft-n6`` pressed or not; the add form's fields (``fa-…``) for "Edit a copy".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from pyengine.errors import RulesError
from pyengine.library.templates import copy_names
from pyengine.pages.fight.roster import ADD_FIELDS, MAX_COMBATANTS
from pyengine.pages.view import Update, errors_cleared
from pyengine.render.fight_starters import COUNTS, count_id, said_html
from pyengine.runequest.melee.inputs import same_side
from pyengine.runequest.melee.starters import RolledStarter, roll_starter, rolled_words
from pyengine.runequest.vocabulary import LOCATION_KEYS, SHEET_ORDER

if TYPE_CHECKING:
    from pyengine.pages.fight import FightPage

#: The quick stat block's weapon rows (``fa-w1`` … ``fa-w3``).
QUICK_WEAPONS = 3


class Starters:
    """The ready opponents, as fight mode adds them."""

    def __init__(self, page: FightPage) -> None:
        self.page = page
        self.core = page.core
        self.count = 1

    def on_click(self, data: Mapping[str, str], values: Mapping[str, str]) -> Update:
        """A tap in the ready opponents' box: ``data-count`` (how many), ``data-starter`` (add them),
        ``data-edit`` (a copy into the quick stat block); anything else does nothing."""
        if data.get("count", "").isdigit():
            return self.on_count(int(data["count"]))
        if data.get("starter"):
            return self.on_add(data["starter"], values)
        if data.get("edit"):
            return self.on_edit(data["edit"], values)
        return Update()

    def on_count(self, n: int) -> Update:
        """How many the next tap on a starter adds."""
        if n not in COUNTS:
            return Update()
        self.count = n
        return Update(attributes={count_id(k): {"aria-pressed": "true" if k == n else "false"} for k in COUNTS})

    def _side(self, values: Mapping[str, str]) -> tuple[str, Update]:
        side = values.get("ft-side", "").strip()
        if not side:
            return "", Update(errors={"ft-side": "their side: say which side they are on (Foes, B, the bandits…)"})
        if len(side) > 30:
            return "", Update(errors={"ft-side": f"their side: {len(side)} characters, 30 at most"})
        return same_side(self.core.fight, side), Update(errors={"ft-side": ""})

    def on_add(self, starter_id: str, values: Mapping[str, str]) -> Update:
        """``self.count`` of a starter join the fight on the side typed, each rolled on his own, named after
        those already in it; each one's rolls are said in ``ft-said``."""
        core = self.core
        starter = core.tables.starters.get(starter_id)
        if starter is None:
            return Update()
        side, update = self._side(values)
        if not side:
            return update | Update(html={"ft-said": ""})
        fight = core.fight
        there = list(fight.combatants) if fight else []
        count = self.count
        if len(there) + count > MAX_COMBATANTS:
            return update | Update(html={"ft-said": said_html(
                f"{count} more makes {len(there) + count}; a fight holds {MAX_COMBATANTS} combatants at most.", [])})
        rolled: list[RolledStarter] = []
        try:
            for name in copy_names(starter.name, count, [c.name for c in there]):
                rolled.append(roll_starter(core.tables, starter.id, core.dice, name=name, side=side))
            self.page.roster.join((*there, *(r.combatant for r in rolled)))
        except RulesError as exc:
            return update | Update(html={"ft-said": said_html(f"Not added: {exc}", [])})
        self.page.statements.errors = {}
        names = ", ".join(r.combatant.name for r in rolled)
        heading = f"Added {names} on side {side}. Rolled by the rules (3D6 a characteristic):"
        return (update | self.page.save() | self.page.all()
                | Update(html={"ft-said": said_html(heading, [rolled_words(r) for r in rolled])},
                         values={"ft-side": side}))

    def on_edit(self, starter_id: str, values: Mapping[str, str]) -> Update:
        """"Edit a copy": one individual rolled and put in the quick stat block (the add form), to change
        there and add with "Add to the fight" or keep with "Keep as a template"; what the quick stat block
        cannot hold (armour by location, a fourth weapon) is said, not dropped silently."""
        core = self.core
        starter = core.tables.starters.get(starter_id)
        if starter is None:
            return Update()
        side, update = self._side(values)
        if not side:
            return update
        fight = core.fight
        [name] = copy_names(starter.name, 1, [c.name for c in fight.combatants] if fight else [])
        try:
            r = roll_starter(core.tables, starter.id, core.dice, name=name, side=side)
        except RulesError as exc:
            return update | Update(html={"ft-said": said_html(f"Not rolled: {exc}", [])})
        fields, notes = quick_fields(r)
        core.draft.add = {field: fields.get(field, "") for field in ADD_FIELDS}
        heading = (f"A {starter.name.lower()} rolled into the quick stat block above: change what you like, then "
                   f"\u201cAdd to the fight\u201d, or \u201cKeep as a template\u201d to have him again.")
        return (update | self.page.save() | self.page.on_source({"fa-source": ""})
                | Update(values=fields, errors=errors_cleared(ADD_FIELDS), notices={"fa-keep-said": ""},
                         html={"ft-said": said_html(heading, [rolled_words(r), *notes])}, scroll="fa-quick"))


def quick_fields(r: RolledStarter) -> tuple[dict[str, str], list[str]]:
    """A rolled individual as the quick stat block's fields, and what it cannot hold, in words."""
    c = r.combatant
    fields = {
        "fa-source": "", "fa-name": c.name, "fa-side": c.side, "fa-str": str(c.STR), "fa-con": str(c.CON),
        "fa-siz": str(c.SIZ), "fa-dex": str(c.DEX), "fa-hp": str(c.hit_points), "fa-defense": str(c.defense),
        "fa-bonus": c.damage_bonus, "fa-move": str(c.move),
    }
    notes: list[str] = []
    keys = [LOCATION_KEYS[loc] for loc in SHEET_ORDER]
    chest = c.armour.get("chest", 0)
    fields["fa-armour"] = str(chest)
    if any(c.armour.get(key, 0) != chest for key in keys):
        each = ", ".join(f"{key.replace('_', ' ')} {c.armour.get(key, 0)}" for key in keys)
        notes.append(f"The quick stat block holds one armour value for every location: it has his chest's, {chest}. "
                     f"His own: {each}.")
    arms = [a for a in c.arms if a.ref]
    for n in range(1, QUICK_WEAPONS + 1):
        arm = arms[n - 1] if n <= len(arms) else None
        fields[f"fa-w{n}"] = arm.ref if arm else ""
        fields[f"fa-w{n}-attack"] = str(arm.attack) if arm and arm.attack is not None else ""
        fields[f"fa-w{n}-parry"] = str(arm.parry.chance) if arm and arm.parry is not None else ""
    if len(arms) > QUICK_WEAPONS:
        notes.append("The quick stat block holds three weapons: left out, "
                     + ", ".join(a.name for a in arms[QUICK_WEAPONS:]) + ".")
    # His strike ranks come back from the strike-rank table; a sheet's ENC penalty is not in a quick stat block.
    if r.sheet.strike_rank_penalty:
        notes.append(f"His ENC adds {r.sheet.strike_rank_penalty} to every strike rank; the quick stat block works "
                     f"strike ranks from DEX and SIZ alone.")
    return fields, notes
