"""The bout of a "Swap attacker and defender": the two fighters of the single exchange, each
with the harm of this fight (wounds, hit points lost, weapon damage) and the fields he was last
given in each role, carried into every blow until another "Who" is chosen.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import msgspec

from pyengine.pages.exchange_form import ExchangeForm, used_line
from pyengine.runequest.combat.inputs import line_choices, weapon_choices
from pyengine.runequest.combat.model import Attack, Defence, ExchangeResult
from pyengine.runequest.combat.next_blow import after_blow
from pyengine.runequest.sheet.derive import DerivedSheet
from pyengine.runequest.vocabulary import LocationKey

#: A side's fields in each role: what "Swap attacker and defender" carries from one to the other.
ATTACK_FIELDS = ("att-weapon", "att-chance", "att-bonus")
DEFENCE_FIELDS = ("def-hp", "def-armour", "def-defense", "def-parry", "def-parry-chance")
#: The quick block's weapon when none is known for him (the page's own first choice).
DEFAULT_WEAPON = "broadsword"


@dataclass
class Side:
    """One of the two fighters of a bout: who he is (``""``: a quick stat block, else a saved
    adventurer's id), the fields he was last given as attacker and as defender, and the harm of
    this fight he carries."""

    who: str
    attack_fields: dict[str, str] | None = None
    defence_fields: dict[str, str] | None = None
    name: str = ""
    hit_points: int | None = None
    """His total hit points as last defender (``None``: he has not defended yet)."""
    damage_taken: int = 0
    wounds: dict[LocationKey, int] = field(default_factory=dict)
    weapons: dict[str, int] = field(default_factory=dict)
    """Damage each of his weapons and shields has taken in this fight, by name."""

    def carried(self) -> str:
        """His hit points left, as the notice says them."""
        if self.hit_points is None:
            return f"{self.name} unhurt"
        return f"{self.name} {self.hit_points - self.damage_taken} of {self.hit_points} hit points"


def return_parry(sheet: DerivedSheet, attacked_with: str) -> str:
    """The line a saved adventurer parries with when he turns defender: a shield, else the weapon
    he struck with if it parries, else his first parry (``""``: he has none)."""
    choices = [index for index, _ in line_choices(sheet, parry=True)]
    shields = [i for i in choices if sheet.weapons[i].kind == "shield"]
    if shields:
        return str(shields[0])
    if attacked_with.isdigit() and int(attacked_with) in choices:
        return attacked_with
    return str(choices[0]) if choices else ""


class Bout:
    """The two fighters, the one who strikes next first."""

    def __init__(self, striker: Side, struck: Side) -> None:
        self.striker = striker
        self.struck = struck

    def carry(self, attack: Attack, defence: Defence, result: ExchangeResult) -> None:
        """A blow's harm into the two fighters (``attack``'s the striker's)."""
        attack, defence = after_blow(attack, defence, result)
        self.striker.weapons[attack.weapon.name] = attack.weapon_damage
        struck = self.struck
        struck.hit_points, struck.damage_taken, struck.wounds = defence.hit_points, defence.damage_taken, dict(defence.wounds)
        if defence.parry is not None:
            struck.weapons[defence.parry.name] = defence.parry.damage_taken

    def with_harm(self, attack: Attack, defence: Defence) -> tuple[Attack, Defence]:
        """The form's blow with the bout's harm: the defender's wounds, both weapons' damage."""
        parry = defence.parry
        if parry is not None:
            parry = msgspec.structs.replace(parry, damage_taken=self.struck.weapons.get(parry.name, 0))
        taken = min(self.struck.damage_taken, 999)
        defence = msgspec.structs.replace(defence, wounds=dict(self.struck.wounds), damage_taken=taken, parry=parry)
        attack = msgspec.structs.replace(attack, weapon_damage=self.striker.weapons.get(attack.weapon.name, 0))
        return attack, defence

    def notice(self) -> str:
        return (f"Return blow: {self.striker.name} strikes {self.struck.name}. Wounds and weapon damage of this "
                f"fight carried: {self.struck.carried()}, {self.striker.carried()}. Choose another Who to start afresh.")

    def swap(self, values: Mapping[str, str], form: ExchangeForm) -> dict[str, str]:
        """The return blow: the fields as given kept with each fighter, the two swapped, and the
        form's values for the new attacker and defender (a quick block's not yet given are left
        empty, to be typed: the page never guesses them)."""
        self.striker.attack_fields = {f: values.get(f, "") for f in ATTACK_FIELDS}
        self.struck.defence_fields = {f: values.get(f, "") for f in DEFENCE_FIELDS}
        self.striker, self.struck = self.struck, self.striker
        return {**values, "att-char": self.striker.who, "def-char": self.struck.who,
                **self._attack_fields(self.striker, form), **self._defence_fields(self.struck, form)}

    @staticmethod
    def _attack_fields(side: Side, form: ExchangeForm) -> dict[str, str]:
        """The attacker's fields for a fighter turning attacker: those he was last given, else
        (a saved adventurer) his first weapon, else (a quick block) his parrying weapon if it
        strikes, an empty attack % to type, no bonus."""
        if side.attack_fields is not None:
            return dict(side.attack_fields)
        chosen = form.saved.get(side.who)
        if chosen is not None:
            line = used_line(chosen[1], "", parry=False)
            return {"att-weapon": "" if line is None else str(line), "att-chance": "", "att-bonus": ""}
        parry = (side.defence_fields or {}).get("def-parry", "")
        strikes = {ident for ident, _ in weapon_choices(form.tables)}
        return {"att-weapon": parry if parry in strikes else DEFAULT_WEAPON, "att-chance": "", "att-bonus": ""}

    @staticmethod
    def _defence_fields(side: Side, form: ExchangeForm) -> dict[str, str]:
        """The defender's fields for a fighter turning defender: those he was last given, else
        (a saved adventurer) his sheet's parry, else (a quick block) hit points to type, no
        armour, no Defense, no parry."""
        if side.defence_fields is not None:
            return dict(side.defence_fields)
        chosen = form.saved.get(side.who)
        empty = {"def-hp": "", "def-armour": "0", "def-defense": "0", "def-parry": "", "def-parry-chance": ""}
        if chosen is not None:
            sheet = chosen[1]
            attacked = (side.attack_fields or {}).get("att-weapon", "")
            return {**empty, "def-defense": str(max(sheet.defense, 0)), "def-parry": return_parry(sheet, attacked)}
        return empty
