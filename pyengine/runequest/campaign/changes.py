"""Changes made by hand to a saved adventurer's current state, each with its working.

Each function takes the adventurer and what the game master gave it, and returns a
:class:`Changed`: the new record, the steps that say what changed and why, and any dice rolled.
The old record is never changed. Bad input is refused with a
:class:`~pyengine.errors.RulesError` whose ``field`` names the input (``points``, ``location``,
``weapon``, ``lunars``, ``what``, ``how``, ``count``).

* :func:`take_damage` — damage past armour to a location, by the same rules as a blow
  (:func:`pyengine.runequest.healing.take_wound`: condition, the 2-full-turn clocks, maiming);
* :func:`give_healing` — a Healing spell, a salve, a potion taken internally
  (:func:`pyengine.runequest.healing.heal`);
* :func:`pull_out` — a weapon stuck in a wound taken out;
* :func:`set_ammunition` — missiles left for a missile weapon (or no longer counted);
* :func:`damage_weapon`, :func:`repair_weapon` — a weapon's or shield's damage, broken or mended (RQ-102);
* :func:`spend` — money spent, off what he carries or his savings (RQ-101).
"""

from __future__ import annotations

import msgspec

from pyengine.dice import Dice, RollMade
from pyengine.errors import RulesError
from pyengine.runequest.campaign import typed
from pyengine.runequest.campaign.current import MAX_SPENT, Injury, Spending, StuckWeapon
from pyengine.runequest.campaign.health import frame_of
from pyengine.runequest.campaign.injuries import described, settled
from pyengine.runequest.healing.injury import take_wound
from pyengine.runequest.healing.model import DAMAGE_SECTION, Healing, Wounds
from pyengine.runequest.healing.standing import condition_steps
from pyengine.runequest.healing.treatment import heal
from pyengine.runequest.sheet.adventurer import Adventurer
from pyengine.runequest.sheet.characteristics import MAX_LUNARS
from pyengine.runequest.tables.catalogue import RuneQuestTables
from pyengine.runequest.tables.weapons import MissileWeapon
from pyengine.tables import Record
from pyengine.working import Step

HOW = ("spell", "salve", "potion")
WEAPON_SECTION = "ch. IV, Weapon Damage Absorption"
MONEY_SECTION = "ch. II, Money and Equipment"


class Changed(Record):
    """A saved adventurer after a change, how it changed, and every die rolled."""

    adventurer: Adventurer
    steps: tuple[Step, ...]
    rolls: tuple[RollMade, ...] = ()


def with_current(adventurer: Adventurer, **changes: object) -> Adventurer:
    """The adventurer with his current state changed so."""
    return msgspec.structs.replace(adventurer, current=msgspec.structs.replace(adventurer.current, **changes))


def healed_record(adventurer: Adventurer, wounds: Wounds) -> tuple[Adventurer, list[Step]]:
    """The record carrying ``wounds`` after healing or time, its injuries brought in line (RQ-100)."""
    injuries, steps = settled(adventurer.current.injuries, wounds)
    return with_current(adventurer, wounds=wounds, injuries=injuries), steps


def take_damage(adventurer: Adventurer, tables: RuneQuestTables, *, location: str, points: int | str, cause: str = "",
                stuck: str = "", stuck_owner: str = "", fight: str = "", round: int = 0) -> Changed:
    """``points`` of damage past armour to ``location``, as a blow's: the wound rules apply (a
    location disabled, a limb struck past twice its points or severed, the clocks started).
    ``stuck``: a weapon left in the wound (``stuck_owner``: whose).

    ``fight`` and ``round``: the fight (its name) and round it was taken in, if any.

    :raises RulesError: a location that is not one, points that are not 1-999, text too long, a
        round that is not 0-10000.
    """
    key = typed.location(location)
    n = typed.number(points, "points", "a number of points", 1, 999)
    cause = typed.text(cause, "cause", "what caused it")
    weapon = typed.text(stuck, "stuck", "what is stuck in the wound", most=80)
    owner = typed.text(stuck_owner, "stuck_owner", "whose it is", most=80)
    fight = typed.text(fight, "fight", "which fight", most=80)
    round = typed.number(round, "round", "a round of a fight", 0, 10_000)
    frame = frame_of(adventurer, tables)
    before = adventurer.current.wounds
    after, wound = take_wound(frame, before, key, n, adventurer.pronouns)
    if weapon:
        after = msgspec.structs.replace(after, impaled=tuple(dict.fromkeys((*after.impaled, key))))
    added = after.wounds.get(key, 0) - before.wounds.get(key, 0)
    injury = Injury(location=key, points=added, cause=cause, fight=fight, round=round,
                    stuck=StuckWeapon(weapon=weapon, owner=owner) if weapon else None)
    steps = [Step(field="wounds", text=f"{described(injury)}: the {key.replace('_', ' ')} {wound.after} of its "
                  f"{wound.location_hp}; hit points {wound.hit_points_after} of {frame.hit_points}",
                  source=DAMAGE_SECTION, rulings=("RQ-41",), value=wound.after)]
    steps.extend(Step(field="wounds", text=effect, source=DAMAGE_SECTION, rulings=("RQ-41",)) for effect in wound.effects)
    steps.extend(condition_steps(frame, before, after))
    injuries, _ = settled((*adventurer.current.injuries, injury) if added else adventurer.current.injuries, after)
    return Changed(adventurer=with_current(adventurer, wounds=after, injuries=injuries), steps=tuple(steps))


def give_healing(adventurer: Adventurer, tables: RuneQuestTables, *, points: int | str, how: str = "spell",
                 location: str | None = None, dice: Dice | None = None) -> Changed:
    """A Healing spell or a salve on ``location``, or a potion taken internally (no location: a
    die among the hurt locations picks where its points go, RQ-91).

    :raises RulesError: a way of healing that is not one, points that are not 1-99, a spell or
        salve without a location, a potion given one (``field`` ``location``).
    :raises NoRollLeft: the dice ran out (the die needed is named).
    """
    if how not in HOW:
        raise RulesError(f"how: {how!r} is not a way of healing; choose spell, salve or potion", field="how")
    n = typed.number(points, "points", "a number of points", 1, 99)
    key = typed.location(location) if location not in (None, "") else None
    frame = frame_of(adventurer, tables)
    result = heal(frame, adventurer.current.wounds, Healing(points=n, how=how, location=key), dice, adventurer.pronouns)
    record, healed = healed_record(adventurer, result.wounds)
    return Changed(adventurer=record, steps=(*result.steps, *healed), rolls=result.rolls)


def pull_out(adventurer: Adventurer, *, location: str) -> Changed:
    """The weapon stuck in ``location`` is taken out: its points can heal now.

    :raises RulesError: no weapon is stuck there.
    """
    key = typed.location(location)
    current = adventurer.current
    if key not in current.wounds.impaled:
        raise RulesError(f"location: nothing is stuck in the {key.replace('_', ' ')}", field="location")
    weapons = [i.stuck for i in current.injuries_at(key) if i.stuck is not None]
    wounds = msgspec.structs.replace(current.wounds, impaled=tuple(k for k in current.wounds.impaled if k != key))
    injuries, _ = settled(current.injuries, wounds)
    said = ", ".join(f"{s.owner}'s {s.weapon}" if s.owner else s.weapon for s in weapons)
    step = Step(field="wounds", text=f"{said} taken out of the {key.replace('_', ' ')}: its points can heal now",
                source="ch. IV, Optional Consequences of Impaling", rulings=("RQ-90",))
    return Changed(adventurer=with_current(adventurer, wounds=wounds, injuries=injuries), steps=(step,))


def set_ammunition(adventurer: Adventurer, tables: RuneQuestTables, *, weapon: str, count: int | str | None) -> Changed:
    """Missiles left for one of his missile weapons (``count`` ``None`` or ``""``: no longer counted, RQ-105).

    :raises RulesError: not a missile weapon on his sheet, or a count that is not 0-10000.
    """
    entry = typed.on_sheet(adventurer, weapon, tables)
    name = typed.name_of(tables, entry)
    if not isinstance(tables.weapon(entry.weapon), MissileWeapon):
        raise RulesError(f"weapon: a {name} is not a missile weapon; only missile weapons count what they shoot",
                         field="weapon")
    ammunition = dict(adventurer.current.ammunition)
    was = ammunition.get(entry.key)
    if count is None or (isinstance(count, str) and not count.strip()):
        ammunition.pop(entry.key, None)
        text = f"{name}: missiles no longer counted"
        value = None
    else:
        value = typed.number(count, "count", "a number of missiles", 0, 10_000)
        ammunition[entry.key] = value
        text = f"{name}: {value} missile{'s' if value != 1 else ''} left" + (f" (was {was})" if was is not None else "")
    step = Step(field="ammunition", text=text, rulings=("RQ-105",), value=value)
    return Changed(adventurer=with_current(adventurer, ammunition=ammunition), steps=(step,))


def damage_weapon(adventurer: Adventurer, tables: RuneQuestTables, *, weapon: str, points: int | str = 0,
                  broken: bool = False) -> Changed:
    """``points`` of damage to one of his weapons or shields, added to what it has taken: "When the
    accumulated damage a weapon has taken exceeds the amount it can withstand, the weapon breaks";
    ``broken``: it is broken whatever its damage (a shield, which has no hit points, only so).

    :raises RulesError: not a weapon on his sheet, points that are not 0-999, or nothing to do.
    """
    entry = typed.on_sheet(adventurer, weapon, tables)
    name = typed.name_of(tables, entry)
    n = typed.number(points, "points", "a number of points", 0, 999)
    if not n and not broken:
        raise RulesError("points: 0 points of damage change nothing; type 1 or more", field="points")
    current = adventurer.current
    had = current.weapon_damage.get(entry.key, 0)
    total = min(had + n, 999)
    damage = {**current.weapon_damage, entry.key: total} if total else dict(current.weapon_damage)
    row = tables.weapon(entry.weapon)
    hp = getattr(row, "hp", None)
    breaks = broken or (hp is not None and total > hp)
    steps = []
    if n:
        of = f" of the {hp} it withstands" if hp is not None else ""
        steps.append(Step(field="weapon_damage", text=f"{name}: {n} damage ({had} → {total}{of})",
                          source=WEAPON_SECTION, rulings=("RQ-102",), value=total))
    already = entry.key in current.broken
    if breaks and not already:
        why = "marked broken" if broken else f"breaks: {total} damage, more than its {hp}"
        steps.append(Step(field="broken", text=f"{name} {why}", source=WEAPON_SECTION, rulings=("RQ-102",)))
    elif breaks:
        steps.append(Step(field="broken", text=f"{name} was broken already", source=WEAPON_SECTION))
    broken_now = current.broken + ((entry.key,) if breaks and not already else ())
    return Changed(adventurer=with_current(adventurer, weapon_damage=damage, broken=broken_now), steps=tuple(steps))


def repair_weapon(adventurer: Adventurer, tables: RuneQuestTables, *, weapon: str) -> Changed:
    """One of his weapons or shields mended: no damage, not broken (the referee says when, RQ-102).

    :raises RulesError: not a weapon on his sheet.
    """
    entry = typed.on_sheet(adventurer, weapon, tables)
    name = typed.name_of(tables, entry)
    current = adventurer.current
    had = current.weapon_damage.get(entry.key, 0)
    if not had and entry.key not in current.broken:
        return Changed(adventurer=adventurer, steps=(Step(field="weapon_damage", text=f"{name}: nothing to repair"),))
    damage = {k: v for k, v in current.weapon_damage.items() if k != entry.key}
    broken = tuple(k for k in current.broken if k != entry.key)
    was = "broken, " if entry.key in current.broken else ""
    step = Step(field="weapon_damage", text=f"{name} repaired ({was}{had} damage → 0)", rulings=("RQ-102",), value=0)
    return Changed(adventurer=with_current(adventurer, weapon_damage=damage, broken=broken), steps=(step,))


def spend(adventurer: Adventurer, *, lunars: int | str, what: str, source: str = "carried") -> Changed:
    """``lunars`` spent on ``what``, from the money he carries (or his ``savings``): taken off the
    sheet's money there and then, never below 0, and kept in the list of what was spent (RQ-101).

    :raises RulesError: a sum that is not 1 or more, more than he has there, nothing said of what
        for, or a source that is not ``carried`` or ``savings``.
    """
    if source not in ("carried", "savings"):
        raise RulesError(f"source: {source!r} is neither the money carried nor the savings", field="source")
    n = typed.number(lunars, "lunars", "a sum of Lunars", 1, MAX_LUNARS)
    said = typed.text(what, "what", "what the money was spent on", required=True)
    has = adventurer.money if source == "carried" else adventurer.savings
    p = adventurer.pronouns  # RQ-145
    where = p.does("carries", "carry") if source == "carried" else f"of {p.his} savings"
    if n > has:
        raise RulesError(f"lunars: {n} L is more than the {has} L {where}", field="lunars")
    spent = (*adventurer.current.spent, Spending(lunars=n, what=said, source=source))  # type: ignore[arg-type]
    dropped = max(len(spent) - MAX_SPENT, 0)
    field = "money" if source == "carried" else "savings"
    record = msgspec.structs.replace(adventurer, **{field: has - n})
    record = with_current(record, spent=spent[dropped:])
    text = f"spent {n} L on {said}, from the money {where}: {has} → {has - n} L"
    if source == "carried":
        text += f" (ENC counts what {p.does('carries', 'carry')})"
    steps = [Step(field=field, text=text, source=MONEY_SECTION, rulings=("RQ-101",), value=has - n)]
    if dropped:
        steps.append(Step(field="spent", text=f"the oldest {dropped} entr{'ies' if dropped != 1 else 'y'} of what was "
                          f"spent leave the list (the record's earlier versions keep them)"))
    return Changed(adventurer=record, steps=tuple(steps))

