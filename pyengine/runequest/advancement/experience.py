"""Learning by experience, after an adventure: one check per weapon and use that succeeded, and Defense.

Seed ch. IV "Learning by Experience": "subtract his current chance to hit from 100.
If the character's INT is above average (13-18), add 3 to this result for every point
of INT over 12. This resulting quantity, or less, must be rolled on D100. A
successful roll means the character's chance to hit has increased by 5%." — "only a
single successful use of a given weapon or shield needs to be logged per scenario";
the chance "can never drop below his INT"; learning goes "all the way up to the full
100% level" (RQ-29). Defense: "any time his Defense actually saves him ... he may
roll his INT or less on D100 to gain an increase", checked "after every adventure"
(RQ-30). A use in the field also lets the ability be trained again (RQ-25), and an
adventure breaks any training under way (RQ-28).
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from pyengine.dice import Dice
from pyengine.errors import IllegalActionError
from pyengine.runequest.advancement.training import break_training
from pyengine.runequest.sheet.abilities import natural_abilities
from pyengine.runequest.sheet.adventurer import Adventurer, WeaponSkill
from pyengine.runequest.sheet.weapon_words import mark_words
from pyengine.runequest.sheet.weapons import own_abilities
from pyengine.runequest.tables.catalogue import RuneQuestTables
from pyengine.runequest.vocabulary import Hand, Use
from pyengine.tables import Record
from pyengine.working import Step


class FieldUse(Record):
    """A weapon or shield used successfully on the adventure: a blow landed, or a parry made."""

    weapon: str
    use: Use
    hand: Hand = Hand.RIGHT


class ExperienceCheck(Record):
    """One experience roll, or why there was none."""

    target: str
    """What was checked: ``broadsword attack``, ``dagger@left parry``, ``defense``."""
    ability: int
    """The ability before the check, in %."""
    chance: int | None
    """The number to roll or under on D100; ``None``: no check (the reason is in :attr:`note`)."""
    roll: int | None
    success: bool
    gain: int
    note: str = ""


class AdventureResult(Record):
    """The adventurer after an adventure's experience checks, and every check."""

    adventurer: Adventurer
    checks: tuple[ExperienceCheck, ...]
    working: tuple[Step, ...]


def experience_chance(tables: RuneQuestTables, ability: int, intelligence: int) -> tuple[int, str]:
    """The D100 target for an ability: (100 - ability) + 3 per INT point over 12, never below INT."""
    rules = tables.advancement.experience
    bonus = max(intelligence - rules.int_above, 0) * rules.per_int_point
    raw = (100 - ability) + bonus
    chance = max(raw, intelligence)
    text = f"(100 - {ability})" + (
        f" + {rules.per_int_point} x {intelligence - rules.int_above} for INT {intelligence}" if bonus else ""
    )
    text += f" = {raw}"
    if chance != raw:
        text += f", never below INT {intelligence}: {chance}"
    return chance, text


def after_adventure(
    adventurer: Adventurer,
    tables: RuneQuestTables,
    uses: Sequence[FieldUse],
    dice: Dice,
    *,
    defense_saved: bool = False,
) -> AdventureResult:
    """Rolls the experience checks for an adventure, in the order the uses are given, Defense last.

    Each (weapon, hand, use) is checked once however often it was logged; a weapon not
    on the sheet yet is added. Rolls come from ``dice`` (a D100 each).

    :raises IllegalActionError: not a weapon or shield in the tables, or a parry with
        one that does not parry.
    :raises RollError: the dice run out or give a value off a D100.
    """
    rules = tables.advancement.experience
    scores = adventurer.characteristics
    natural, _ = natural_abilities(tables.natural_abilities, scores)
    weapons = list(adventurer.weapons)
    checks: list[ExperienceCheck] = []
    working: list[Step] = []
    seen: set[tuple[str, Hand, Use]] = set()
    for use in uses:
        hand, how = Hand(use.hand), Use(use.use)
        key = (use.weapon, hand, how)
        if key in seen:
            continue
        seen.add(key)
        row = tables.weapon(use.weapon)
        if row is None:
            raise IllegalActionError(f"experience: {use.weapon!r} is not a weapon or shield in the tables")
        index = next((i for i, e in enumerate(weapons) if e.weapon == use.weapon and e.hand == hand), None)
        if index is None:
            weapons.append(WeaponSkill(weapon=use.weapon, hand=hand))
            index = len(weapons) - 1
        entry = weapons[index]
        own = own_abilities(tables, entry, row, natural)
        ability = own.attack if how is Use.ATTACK else own.parry
        target = f"{entry.key} {how.value}"
        said = mark_words(tables, target)
        if ability is None:
            raise IllegalActionError(f"experience: a {row.name} does not parry")
        # Used in the field: it may be trained again (RQ-25).
        flag = "attack_trained" if how is Use.ATTACK else "parry_trained"
        entry = msgspec.structs.replace(entry, **{flag: False})
        if ability >= rules.ceiling:
            checks.append(
                ExperienceCheck(
                    target=target,
                    ability=ability,
                    chance=None,
                    roll=None,
                    success=False,
                    gain=0,
                    note=f"already at {rules.ceiling}%: experience goes no further (RQ-29)",
                )
            )
            working.append(
                Step(
                    field=f"weapons[{index}].{how.value}", text=f"{said}: at {ability}%, no check", rulings=("RQ-29",)
                )
            )
            weapons[index] = entry
            continue
        chance, text = experience_chance(tables, ability, scores.INT)
        roll = dice.roll(100)
        success = roll <= chance
        gain = min(rules.gain, rules.ceiling - ability) if success else 0
        if gain:
            gains = {"attack": entry.attack + gain} if how is Use.ATTACK else {"parry": entry.parry + gain}
            entry = msgspec.structs.replace(entry, **gains)
        weapons[index] = entry
        outcome = f"+{gain}% -> {ability + gain}%" if success else "no gain"
        working.append(
            Step(
                field=f"weapons[{index}].{how.value}",
                text=f"{said} {ability}%: chance {text}; D100 {roll}: {outcome}",
                source="runequest/advancement",
                rulings=("RQ-29",),
            )
        )
        checks.append(
            ExperienceCheck(target=target, ability=ability, chance=chance, roll=roll, success=success, gain=gain)
        )
    defense_gained = adventurer.defense
    if defense_saved:
        current = natural.defense + adventurer.defense
        if current <= 0:
            note = "no Defense to improve: it must first come from rising DEX or POW (RQ-30)"
            checks.append(
                ExperienceCheck(
                    target="defense", ability=current, chance=None, roll=None, success=False, gain=0, note=note
                )
            )
            working.append(Step(field="defense", text=f"Defense {current}%: {note}", rulings=("RQ-30",)))
        else:
            roll = dice.roll(100)
            success = roll <= scores.INT
            gain = rules.defense_gain if success else 0
            defense_gained += gain
            working.append(
                Step(
                    field="defense",
                    text=f"Defense saved {adventurer.pronouns.him}: INT {scores.INT} or less on D100, rolled {roll}: "
                    + (f"+{gain}%" if success else "no gain"),
                    source="runequest/advancement",
                    rulings=("RQ-30",),
                )
            )
            checks.append(
                ExperienceCheck(
                    target="defense", ability=current, chance=scores.INT, roll=roll, success=success, gain=gain
                )
            )
    after = msgspec.structs.replace(
        adventurer, weapons=tuple(weapons), defense=defense_gained, adventures=adventurer.adventures + 1
    )
    if after.courses:
        broken = break_training(after, why="the adventure")
        after = broken.adventurer
        working.extend(broken.working)
    return AdventureResult(adventurer=after, checks=tuple(checks), working=tuple(working))
