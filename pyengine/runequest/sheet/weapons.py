"""Weapons and shields on the sheet: attack, parry, strike rank, damage, and whether they can be used.

* Ability = basic chance + natural ability + what was gained: "natural ability only
  ever affects the basic chance to hit once" (seed ch. IV).
* Off-hand: "must be started at a flat 5%, with the usual characteristic
  bonuses/penalties"; DEX at least 1.5 x the minimum, rounded up — and STR likewise,
  as the designers suggest (RQ-19).
* Similar weapons (same skill): "Given a few minutes to get used to a weapon's individual
  foibles, a character will be able to use it as he would the weapon he actually trained
  with" — the sheet is the weapons he has had those minutes with, so in the same hand a
  similar weapon has the trained one's ability; in the other hand, half (Two Weapon Use 4).
  Picked up in the middle of a melee, any weapon is at half (the combat page's tick, RQ-17).
* Hands: bows, crossbows and the staff sling need both hands, so no shield can be readied
  while using one; beside a sling, a small shield only (Use of Shield with Missile Weapon, RQ-63).
* STR/DEX minimums: "An excess of STR makes up for a lack of DEX, on a 2 for 1 basis" (RQ-18).
* Strike rank: melee SIZ SR + DEX SR + the weapon's; missiles DEX SR only, +5
  unprepared; +1 per point of ENC over the maximum.
* A projectile weapon parries at the staff's 20% + natural parry; thrown weapons and
  body weapons do not parry (RQ-20). Thrown weapons get half the damage bonus,
  projectiles none (RQ-6).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import msgspec

from pyengine.runequest.sheet.abilities import NaturalAbilities
from pyengine.runequest.sheet.adventurer import WeaponSkill
from pyengine.runequest.sheet.characteristics import Characteristics
from pyengine.runequest.sheet.damage_bonus import thrown_bonus
from pyengine.runequest.tables.catalogue import RuneQuestTables
from pyengine.runequest.tables.shields import Shield
from pyengine.runequest.tables.weapon_training import SkillKind
from pyengine.runequest.tables.weapons import MeleeWeapon, MissileWeapon
from pyengine.runequest.vocabulary import Hand, Mode
from pyengine.tables import Record
from pyengine.working import Step

#: "As soon as an Adventurer reaches 90% in any weapon, he may teach it himself".
TEACHING_LEVEL = 90
#: "A shield cannot be readied for use when the character is using any projectile weapon except the
#: sling (and that sling must be a small shield). This exception does not include the staff sling,
#: which needs two hands, as do all bows and crossbows." The one-handed projectile, by skill (RQ-63).
ONE_HANDED_PROJECTILES = frozenset({"sling"})
ShieldBeside = Literal["any", "small", "none"]


class WeaponLine(Record):
    """One weapon or shield as the sheet shows it."""

    index: int
    """Its entry in :attr:`Adventurer.weapons`."""
    weapon: str
    name: str
    kind: str
    """``melee``, ``natural``, ``missile`` (``thrown`` true for thrown ones) or ``shield``."""
    hand: Hand
    mode: str | None
    """``1H``/``2H`` for melee weapons."""
    skill: str
    attack: int | None
    """% to hit; ``None``: it cannot attack (never for these tables)."""
    parry: int | None
    """% to parry; ``None``: "not parrying weapons" (fists, thrown weapons)."""
    sr: int | None
    """Strike rank, ready in hand; ``None``: unknown (weapon not in the tables)."""
    sr_unprepared: int | None = None
    """Missiles: the strike rank when not already prepared (+5)."""
    damage: str | None = None
    """The weapon's own damage (``1D8+1``); ``None``: special (grapple) or unknown."""
    damage_bonus: str = ""
    """The damage bonus that applies with it: full, half for thrown weapons, none for projectiles."""
    hp: int | None = None
    absorbs: int | None = None
    """A shield's points absorbed per parry."""
    impales: bool = False
    thrown: bool = False
    range: int | None = None
    rate: str | None = None
    usable: bool = True
    """False when STR or DEX (or off-hand STR/DEX) is short; the problems say why."""
    attack_similar: str | None = None
    """The similar weapon whose ability gives the attack (in full in the same hand, half from the
    other hand), when that beats its own (RQ-17)."""
    parry_similar: str | None = None
    can_teach: bool = False
    """At 90% or more he may teach it (seed ch. IV, "Mastering a Weapon")."""
    trainable: bool = False
    """Its skill has training costs in the rules we have."""
    two_handed: bool = False
    """It needs both hands: a two-handed melee weapon, a bow, a crossbow, the staff sling (RQ-63)."""
    shield_beside: ShieldBeside = "any"
    """The shield that can be readied while he uses it: any; only a small one (a sling); none (RQ-63)."""


@dataclass
class OwnAbilities:
    """An entry's own attack and parry (basic + natural + gained), before the similar-weapon rule."""

    attack: int | None
    parry: int | None
    attack_text: str
    parry_text: str


def own_abilities(
    tables: RuneQuestTables, entry: WeaponSkill, row: MeleeWeapon | MissileWeapon | Shield, natural: NaturalAbilities
) -> OwnAbilities:
    """Basic chance (off hand: the flat 5%; projectile parry: the staff's) + natural ability + what was gained."""
    skill = tables.skill(row.skill)
    t = tables.skills
    off_hand = entry.hand == Hand.LEFT
    if isinstance(row, Shield):
        attack_base, attack_why = t.shield_bash_basic, "shield bash basic"
        parry_base, parry_why = skill.basic, f"{skill.name} basic"
    else:
        attack_base, attack_why = skill.basic, f"{skill.name} basic"
        parry_base, parry_why = skill.basic, f"{skill.name} basic"
    if off_hand:
        attack_base = parry_base = t.off_hand_basic
        attack_why = parry_why = "off hand, flat"
    parries = skill.parries
    projectile = isinstance(row, MissileWeapon) and not row.thrown
    if projectile:
        parries = True
        parry_base, parry_why = t.projectile_parry_basic, "projectile parries as a staff (RQ-20)"
    attack = attack_base + natural.attack + entry.attack
    attack_text = f"{attack_why} {attack_base} + natural {natural.attack:+d} + gained {entry.attack} = {attack}"
    if not parries:
        return OwnAbilities(attack, None, attack_text, f"{skill.name}: not a parrying weapon")
    parry = parry_base + natural.parry + entry.parry
    parry_text = f"{parry_why} {parry_base} + natural {natural.parry:+d} + gained {entry.parry} = {parry}"
    return OwnAbilities(attack, parry, attack_text, parry_text)


def _half_up(value: int) -> int:
    return -(-value // 2)


SIMILAR = "ch. IV, Effects of Training with Similar Weapons"


def _similar_text(other: str, use: str, theirs: int, value: int, *, same_hand: bool) -> str:
    """Why a line's ``use`` comes from a similar weapon (RQ-17)."""
    if same_hand:
        return (f"similar to {other}: used as the {other} trained with, {value}% (better than its own), after "
                f"a few minutes to get used to it; picked up in the middle of a melee and used at once, "
                f"half: {_half_up(value)}%")
    return f"similar to {other} in the other hand: half of its {use} {theirs}%, rounded up, = {value}% (better than its own)"


def hands_needed(tables: RuneQuestTables, row: MeleeWeapon | MissileWeapon | Shield) -> tuple[bool, ShieldBeside]:
    """Whether it needs both hands, and which shield can be readied beside it (RQ-63)."""
    if isinstance(row, MeleeWeapon):
        two = row.mode is Mode.TWO_HANDED
        return two, "none" if two else "any"
    if isinstance(row, MissileWeapon) and not row.thrown:
        if row.skill in ONE_HANDED_PROJECTILES:
            return False, "small"
        return True, "none"
    return False, "any"


def _hands_step(field: str, name: str, beside: ShieldBeside) -> Step:
    if beside == "none":
        text = f"a {name} needs both hands: no shield can be readied while it is used"
    else:
        text = f"a {name} leaves one hand free, for a small shield (buckler) at most: no larger shield while it is used"
    return Step(field=f"{field}.hands", text=text, source="ch. IV, Use of Shield with Missile Weapon", rulings=("RQ-63",))


def usability(
    tables: RuneQuestTables, row: MeleeWeapon | MissileWeapon | Shield, hand: Hand, scores: Characteristics
) -> list[str]:
    """Why the weapon cannot be used in that hand (empty: it can): STR/DEX minimums, off-hand limits."""
    reasons = []
    str_min = row.str_min
    dex_min = getattr(row, "dex_min", None)
    name = row.name
    if str_min is not None and scores.STR < str_min:
        reasons.append(f"STR {scores.STR} is below the {str_min} a {name} needs")
    if dex_min is not None and scores.DEX < dex_min:
        short = dex_min - scores.DEX
        if str_min is None:
            reasons.append(
                f"DEX {scores.DEX} is below the {dex_min} a {name} needs; "
                f"it has no STR minimum for STR to exceed (RQ-18)"
            )
        elif scores.STR - str_min < 2 * short:
            spare = max(scores.STR - str_min, 0)
            reasons.append(
                f"DEX {scores.DEX} is {short} short of the {dex_min} a {name} needs, and STR {scores.STR} has only "
                f"{spare} over its {str_min} to make it up at 2 for 1 (needs {2 * short}, RQ-18)"
            )
    if hand == Hand.LEFT:
        if isinstance(row, MeleeWeapon) and row.mode is Mode.TWO_HANDED:
            reasons.append(f"a two-handed {name} is held in both hands: list it in the right hand")
        if dex_min is not None and scores.DEX < -(-3 * dex_min // 2):
            reasons.append(f"off hand: DEX {scores.DEX} is below 1.5 x {dex_min} = {-(-3 * dex_min // 2)} (RQ-19)")
        if str_min is not None and scores.STR < -(-3 * str_min // 2) and not isinstance(row, Shield):
            reasons.append(f"off hand: STR {scores.STR} is below 1.5 x {str_min} = {-(-3 * str_min // 2)} (RQ-19)")
    return reasons


def weapon_lines(
    tables: RuneQuestTables,
    entries: Sequence[WeaponSkill],
    scores: Characteristics,
    natural: NaturalAbilities,
    *,
    dex_sr: int,
    siz_sr: int,
    enc_sr: int,
    damage_bonus: str,
) -> tuple[tuple[WeaponLine, ...], tuple[Step, ...], list[tuple[str, str]]]:
    """Every weapon and shield entry as a sheet line, the working, and the problems (field, message)."""
    steps: list[Step] = []
    problems: list[tuple[str, str]] = []
    rows = [tables.weapon(e.weapon) for e in entries]
    own: list[OwnAbilities | None] = []
    for e, row in zip(entries, rows, strict=True):
        own.append(None if row is None else own_abilities(tables, e, row, natural))
    seen: dict[str, int] = {}
    lines = []
    for i, (entry, row, mine) in enumerate(zip(entries, rows, own, strict=True)):
        field = f"weapons[{i}]"
        if entry.key in seen:
            problems.append((field, f"{entry.key} is listed twice (also line {seen[entry.key] + 1} of the weapons)"))
        seen.setdefault(entry.key, i)
        if row is None or mine is None:
            problems.append((field, f"{entry.weapon!r} is not a weapon or shield in the tables"))
            lines.append(
                WeaponLine(
                    index=i,
                    weapon=entry.weapon,
                    name=entry.weapon,
                    kind="unknown",
                    hand=entry.hand,
                    mode=None,
                    skill="",
                    attack=None,
                    parry=None,
                    sr=None,
                    usable=False,
                )
            )
            continue
        skill = tables.skill(row.skill)
        attack, parry = mine.attack, mine.parry
        attack_from = parry_from = None
        attack_why = parry_why = ""
        # Similar weapons: another entry of the same skill; in full in the same hand, half (rounded
        # up) from the other hand (RQ-17).
        for j, (other, other_row, theirs) in enumerate(zip(entries, rows, own, strict=True)):
            if j == i or other_row is None or theirs is None or other_row.skill != row.skill:
                continue
            if other.weapon == entry.weapon and other.hand == entry.hand:
                continue
            same_hand = other.hand == entry.hand
            for use, mine_value, theirs_value in (("attack", attack, theirs.attack), ("parry", parry, theirs.parry)):
                if theirs_value is None or mine_value is None:
                    continue
                value = theirs_value if same_hand else _half_up(theirs_value)
                if value <= mine_value:
                    continue
                why = _similar_text(other.key, use, theirs_value, value, same_hand=same_hand)
                if use == "attack":
                    attack, attack_from, attack_why = value, other.key, why
                else:
                    parry, parry_from, parry_why = value, other.key, why
        steps.append(Step(field=f"{field}.attack", text=mine.attack_text, source="runequest/weapon_training"))
        if attack_from:
            steps.append(Step(field=f"{field}.attack", text=attack_why, source=SIMILAR, rulings=("RQ-17",)))
        steps.append(
            Step(
                field=f"{field}.parry",
                text=mine.parry_text,
                source="runequest/weapon_training",
                rulings=("RQ-20",) if isinstance(row, MissileWeapon) else (),
            )
        )
        if parry_from:
            steps.append(Step(field=f"{field}.parry", text=parry_why, source=SIMILAR, rulings=("RQ-17",)))
        reasons = usability(tables, row, entry.hand, scores)
        for reason in reasons:
            problems.append((field, f"{row.name}: {reason}"))
        if not skill.parries and entry.parry and not (isinstance(row, MissileWeapon) and not row.thrown):
            problems.append((field, f"{row.name}: parry gains {entry.parry} on a weapon that does not parry"))
        line = _line(
            tables,
            i,
            entry,
            row,
            attack,
            parry,
            dex_sr=dex_sr,
            siz_sr=siz_sr,
            enc_sr=enc_sr,
            damage_bonus=damage_bonus,
            steps=steps,
        )
        two_handed, beside = hands_needed(tables, row)
        if isinstance(row, MissileWeapon) and beside != "any":
            steps.append(_hands_step(field, row.name, beside))
        lines.append(
            msgspec.structs.replace(
                line,
                usable=not reasons,
                attack_similar=attack_from,
                parry_similar=parry_from,
                trainable=skill.costs is not None,
                two_handed=two_handed,
                shield_beside=beside,
            )
        )
    return tuple(lines), tuple(steps), problems


class _Ranks(Record):
    """What a line's strike rank and damage start from."""

    dex_sr: int
    siz_sr: int
    enc_sr: int
    damage_bonus: str


def _line(
    tables: RuneQuestTables,
    i: int,
    entry: WeaponSkill,
    row: MeleeWeapon | MissileWeapon | Shield,
    attack: int | None,
    parry: int | None,
    *,
    dex_sr: int,
    siz_sr: int,
    enc_sr: int,
    damage_bonus: str,
    steps: list[Step],
) -> WeaponLine:
    """The sheet line of a weapon or shield: what every kind has, then its kind's own
    (strike rank, damage, range …) from :data:`_KIND_FIELDS`."""
    ranks = _Ranks(dex_sr=dex_sr, siz_sr=siz_sr, enc_sr=enc_sr, damage_bonus=damage_bonus)
    own = _KIND_FIELDS[type(row)](tables, f"weapons[{i}]", row, ranks, steps)
    teach = max(attack or 0, parry or 0) >= TEACHING_LEVEL
    return WeaponLine(index=i, weapon=row.id, name=row.name, hand=entry.hand, skill=row.skill,
                      attack=attack, parry=parry, can_teach=teach, **own)


def _enc_text(ranks: _Ranks) -> str:
    return f" + ENC {ranks.enc_sr}" if ranks.enc_sr else ""


def _melee_fields(tables: RuneQuestTables, field: str, row: MeleeWeapon, ranks: _Ranks, steps: list[Step]) -> dict:
    sr = ranks.siz_sr + ranks.dex_sr + row.sr + ranks.enc_sr
    choked = " (choked up, RQ-7)" if row.choked_up else ""
    steps.append(
        Step(
            field=f"{field}.sr",
            text=f"SIZ SR {ranks.siz_sr} + DEX SR {ranks.dex_sr} + {row.name} {row.sr}{choked}{_enc_text(ranks)} = {sr}",
            source="runequest/strike_ranks",
            rulings=("RQ-7",),
        )
    )
    return dict(kind=tables.skill(row.skill).kind.value, mode=row.mode.value, sr=sr, damage=row.damage,
                damage_bonus="" if row.damage is None else ranks.damage_bonus, hp=row.hp, impales=row.impales)


def _missile_fields(tables: RuneQuestTables, field: str, row: MissileWeapon, ranks: _Ranks, steps: list[Step]) -> dict:
    sr = ranks.dex_sr + ranks.enc_sr
    unprepared = sr + tables.strike_ranks.modifiers.unprepared
    steps.append(
        Step(
            field=f"{field}.sr",
            text=f"DEX SR {ranks.dex_sr}{_enc_text(ranks)} = {sr} (missiles ignore SIZ); not prepared +"
            f"{tables.strike_ranks.modifiers.unprepared} = {unprepared}",
            source="runequest/strike_ranks",
        )
    )
    damage_bonus = ranks.damage_bonus
    if row.thrown:
        bonus = thrown_bonus(tables.damage_bonus, damage_bonus)
        if damage_bonus:
            steps.append(
                Step(
                    field=f"{field}.damage_bonus",
                    text=f"thrown: half of {damage_bonus}, each die halved rounded up = {bonus}",
                    source="runequest/damage_bonus",
                    rulings=("RQ-6",),
                )
            )
    else:
        bonus = ""
        if damage_bonus:
            steps.append(
                Step(field=f"{field}.damage_bonus", text="a projectile weapon: no damage bonus", rulings=("RQ-6",))
            )
    return dict(kind=tables.skill(row.skill).kind.value, mode=None, sr=sr, sr_unprepared=unprepared,
                damage=row.damage, damage_bonus=bonus, hp=row.hp, impales=row.impales, thrown=row.thrown,
                range=row.range, rate=row.rate)


def _shield_fields(tables: RuneQuestTables, field: str, row: Shield, ranks: _Ranks, steps: list[Step]) -> dict:
    sr = None if row.bash_sr is None else ranks.siz_sr + ranks.dex_sr + row.bash_sr + ranks.enc_sr
    if sr is not None:
        steps.append(
            Step(
                field=f"{field}.sr",
                text=f"bash: SIZ SR {ranks.siz_sr} + DEX SR {ranks.dex_sr} + {row.bash_sr}{_enc_text(ranks)} = {sr}",
                source="runequest/shields",
                rulings=("RQ-34",),
            )
        )
    return dict(kind=SkillKind.SHIELD.value, mode=None, sr=sr, damage=row.bash,
                damage_bonus=ranks.damage_bonus if row.bash else "", absorbs=row.absorbs)


#: Each kind of row's own fields of its sheet line (and the strike-rank and damage working).
_KIND_FIELDS = {MeleeWeapon: _melee_fields, MissileWeapon: _missile_fields, Shield: _shield_fields}
