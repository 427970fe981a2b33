"""Ready opponents: one human rolled by the seed's own rules from a starter (``tables/runequest/starters.toml``).

"To build a human Adventurer, roll 3D6 for each of seven characteristics" (seed ch. II): each
individual gets his own seven rolls, kept so the working can show them. The starter states what he
carries and how far he is trained (RQ-144); from the rolled characteristics the sheet derives the rest,
exactly as for a saved adventurer (:func:`pyengine.runequest.sheet.derive.derive`): hit points and
location hit points, damage bonus, natural abilities, strike ranks, ENC and its penalties, and each
weapon's attack and parry = basic chance + natural ability (applied once) + what his courses and
experience rolls gained. He joins the fight as a saved adventurer would, unhurt
(:func:`pyengine.runequest.melee.build.combatant_from_sheet`), but is no one's sheet: nothing is
written back to him.

Pure: the dice are injected; nothing is stored.
"""

from __future__ import annotations

from pyengine.dice import Dice
from pyengine.errors import IllegalActionError
from pyengine.runequest.melee.build import combatant_from_sheet
from pyengine.runequest.melee.model import Combatant
from pyengine.runequest.sheet.abilities import NaturalAbilities, natural_abilities
from pyengine.runequest.sheet.adventurer import Adventurer, Gear, WeaponSkill
from pyengine.runequest.sheet.characteristics import Characteristics, RolledCharacteristics, roll_characteristics
from pyengine.runequest.sheet.derive import DerivedSheet, derive
from pyengine.runequest.sheet.weapons import own_abilities
from pyengine.runequest.tables.catalogue import RuneQuestTables
from pyengine.runequest.tables.shields import Shield
from pyengine.runequest.tables.starters import Starter, StarterWeapon
from pyengine.runequest.tables.weapons import MeleeWeapon
from pyengine.runequest.vocabulary import Characteristic
from pyengine.tables import Record
from pyengine.working import Step

SOURCE_ROLL = "ch. II, Characteristics"
SOURCE_TRAINING = "ch. IV, Training; Learning by Experience"


class RolledStarter(Record):
    """One individual rolled from a starter: his rolls, his record and sheet, the combatant, the working."""

    starter: str
    """The starter's id (``bandit``)."""
    rolls: RolledCharacteristics
    """His seven rolls, STR first."""
    adventurer: Adventurer
    """What he is, as a sheet's record holds it (characteristics, weapons and what he gained, gear worn)."""
    sheet: DerivedSheet
    combatant: Combatant
    working: tuple[Step, ...]

    @property
    def characteristics(self) -> Characteristics:
        return self.rolls.characteristics


def _step(tables: RuneQuestTables, starter: Starter, w: StarterWeapon, natural: NaturalAbilities,
          field: str) -> tuple[WeaponSkill, Step]:
    """What his courses and experience rolls gained with one weapon, worked out from his own basic chance
    and natural ability by the seed's steps (RQ-25, RQ-144)."""
    row = tables.weapon(w.weapon)
    if row is None:  # the bundle checks every starter's weapons; a table edited by hand says which
        raise IllegalActionError(f"{starter.name}: {w.weapon!r} is not in the weapon tables")
    own = own_abilities(tables, WeaponSkill(weapon=w.weapon), row, natural)
    shield = isinstance(row, Shield)
    attack = None if shield else own.attack
    parry = own.parry
    before = (attack, parry)
    rules, cap = tables.advancement.training, tables.skills.cap
    said: list[str] = []
    for n in range(w.courses):
        if n == 0 and attack is not None and attack < rules.flat_to:
            # "the bands will train the character up to a flat 25% ability", attack and parry together,
            # neither past it (a minus trained away first)
            attack = rules.flat_to
            parry = max(parry, rules.flat_to) if parry is not None else None
            said.append(f"the bands' course to a flat {rules.flat_to}%")
        else:
            attack = attack + rules.step if attack is not None and attack + rules.step <= cap else attack
            parry = parry + rules.step if parry is not None and parry + rules.step <= cap else parry
            said.append(f"a course of {rules.step}%" + (" (after a use in the field)" if n else ""))
    gain = tables.advancement.experience.gain
    for _ in range(w.experience):
        attack = attack + gain if attack is not None else None
        parry = parry + gain if parry is not None else None
    if w.experience:
        said.append(f"{w.experience} experience roll{'s' if w.experience > 1 else ''} of {gain}%")
    name = row.name
    if not said:
        text = f"{name}: untrained, basic chance + natural ability"
    else:
        text = f"{name}: " + ", then ".join(said)
    shown = []
    if attack is not None and before[0] is not None:
        shown.append(f"attack {before[0]} -> {attack}%")
    if parry is not None and before[1] is not None:
        shown.append(f"parry {before[1]} -> {parry}%")
    if shown:
        text += ": " + ", ".join(shown)
    skill = WeaponSkill(weapon=w.weapon,
                        attack=(attack - before[0]) if attack is not None and before[0] is not None else 0,
                        parry=(parry - before[1]) if parry is not None and before[1] is not None else 0)
    return skill, Step(field=field, text=text, source=SOURCE_TRAINING, rulings=("RQ-25", "RQ-144"))


def starter_record(tables: RuneQuestTables, starter: Starter, characteristics: Characteristics,
                   name: str = "") -> tuple[Adventurer, tuple[Step, ...]]:
    """The individual as a sheet's record: his characteristics, each weapon with what his courses and
    experience gained (from his own natural ability), the weapons carried and the armour worn; and the
    working of each weapon's gains."""
    natural, _ = natural_abilities(tables.natural_abilities, characteristics)
    skills: list[WeaponSkill] = []
    steps: list[Step] = []
    gear: list[Gear] = []
    for k, w in enumerate(starter.weapons):
        skill, step = _step(tables, starter, w, natural, f"weapons[{k}].trained")
        skills.append(skill)
        steps.append(step)
        row = tables.weapon(w.weapon)
        gear.append(Gear(ref=row.item_id if isinstance(row, MeleeWeapon) else w.weapon))
    gear.extend(Gear(ref=piece, worn=True) for piece in starter.armour)
    record = Adventurer(name=name or starter.name, characteristics=characteristics, weapons=tuple(skills),
                        gear=tuple(gear))
    return record, tuple(steps)


def roll_starter(tables: RuneQuestTables, starter_id: str, dice: Dice, *, name: str, side: str) -> RolledStarter:
    """One individual of a starter: seven characteristics rolled (3D6 each, STR first), the sheet derived,
    the combatant ``name`` on ``side``.

    :raises IllegalActionError: not a starter, or nothing on his sheet he can fight with.
    :raises RollError: the dice run out or give a value that does not fit a D6.
    """
    starter = tables.starters.get(starter_id)
    if starter is None:
        raise IllegalActionError(f"ready opponent: {starter_id!r} is not one of them")
    rolled = roll_characteristics(tables.characteristics, dice)
    scores = rolled.characteristics
    working = [
        Step(field=f"characteristics.{c.value}", text=f"{c.value} {roll.expression}: "
             f"{' + '.join(str(v) for _, v in roll.rolls)} = {roll.total}", source=SOURCE_ROLL, value=roll.total)
        for c, roll in zip(Characteristic, rolled.rolls, strict=True)
    ]
    record, trained = starter_record(tables, starter, scores, name)
    sheet = derive(record, tables)
    working.extend(s for s in sheet.working if s.field in ("hit_points", "locations", "damage_bonus", "defense")
                   or s.field in ("natural.attack", "natural.parry", "natural.defense"))
    working.extend(trained)
    working.extend(s for s in sheet.working if s.field.startswith(("weapons[", "armour")))
    working.extend(Step(field=p.field, text=p.message, source="the sheet") for p in sheet.problems)
    combatant = combatant_from_sheet(record, sheet, tables, side=side, name=name, fresh=True)
    return RolledStarter(starter=starter.id, rolls=rolled, adventurer=record, sheet=sheet, combatant=combatant,
                         working=tuple(working))


def rolled_words(r: RolledStarter) -> str:
    """His rolls and what they made, in a line: "Bandit 1: STR 12 (4+2+6), … CHA 9 (…); 12 hit points,
    damage bonus +1D4; shortsword 25%/25%, …"."""
    rolls = ", ".join(f"{c.value} {roll.total} ({'+'.join(str(v) for _, v in roll.rolls)})"
                      for c, roll in zip(Characteristic, r.rolls.rolls, strict=True))
    c = r.combatant
    made = [f"{c.hit_points} hit points"]
    if c.damage_bonus:
        made.append(f"damage bonus {c.damage_bonus}")
    if c.defense:
        made.append(f"Defense {c.defense}%")
    arms = []
    for arm in c.arms:
        parts = []
        if arm.attack is not None:
            parts.append(f"attack {arm.attack}%")
        if arm.parry is not None:
            parts.append(f"parry {arm.parry.chance}%")
        arms.append(f"{arm.name} {', '.join(parts)}")
    left_out = [line.name for line in r.sheet.weapons if not line.usable]
    said = f"{c.name}: {rolls}; {', '.join(made)}; {'; '.join(arms)}"
    if left_out:
        said += f"; cannot use: {', '.join(left_out)} (too weak or clumsy for it)"
    return said + "."
