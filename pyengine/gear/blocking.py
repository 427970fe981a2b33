"""Blocking, Armor and Hitting Too Hard: one attack against what the character wears and defends with.

"Every peice of armor worn, and any item used to actively defend has a chance of
blocking an attack." :func:`resolve_block` lines the items up -- the actively
defending item first, then the armour pieces from the highest absorb bonus to
the lowest -- adds their cover bonuses one by one, and compares each total with
the attack's success level: greater blocks at that item, equal half blocks at
that item and the next. A blocking item subtracts its absorption (half of it
for a half block) from the attack power and takes damage from what it
absorbed, unless the attacking weapon hit too hard and takes the damage itself.

The seed's plain blocking rule (no armour: one item, its cover against the
success level) is the same walk with one item in it, so one function serves
both; the result says which rule applied. The result keeps every item's next
state, so damage carries from one attack to the next.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Annotated

import msgspec

from pyengine.errors import IllegalActionError
from pyengine.gear.items import Item, check_names
from pyengine.gear.toughness import Damage, damage_item
from pyengine.tables import Record
from pyengine.working import Step, cite

#: The seed's sections these rules are in.
BLOCKING = "Blocking"
ARMOR = "Armor"
HITTING_TOO_HARD = "Hitting Too Hard"

Level = Annotated[int, msgspec.Meta(ge=0, le=999, description="a whole number, 0 to 999")]


class Defence(enum.StrEnum):
    """How the defender's defence against the attack went (GEAR-4)."""

    FAILED = "failed"
    """The defence failed: the blocking rules apply."""
    HALF = "half"
    """The defence was only half-successful: the blocking rules apply."""
    SUCCESS = "success"
    """The defence succeeded: the attack does not land, nothing is blocked or damaged."""


class Attack(Record):
    """An attack arriving at the defender."""

    success_level: Level
    """How well the attack succeeded; cover totals are compared with it (GEAR-4)."""
    power: Level
    """The attack power, from which blocking items subtract their absorption."""
    defence: Defence = Defence.FAILED
    weapon: Item | None = None
    """The attacking weapon, when it is to be checked for hitting too hard."""

    def __post_init__(self) -> None:
        if not isinstance(self.defence, Defence):  # built in code with a plain string
            msgspec.structs.force_setattr(self, "defence", Defence(self.defence))


class Rule(enum.StrEnum):
    """Which of the seed's rules decided the attack."""

    DEFENDED = "defended"
    """A successful defence: no blocking rule applies (GEAR-4)."""
    ARMOUR = "armour"
    """The character wears armour: the Armor rule."""
    BLOCKING = "blocking"
    """No armour, an item actively defending: the Blocking rule."""
    NONE = "none"
    """No armour and nothing defending: nothing can block."""


class Role(enum.StrEnum):
    """What one item did in the attack."""

    BLOCKED = "blocked"
    HALF_BLOCKED = "half_blocked"
    PASSED = "passed"
    """In the line, but the cover total so far did not reach the success level."""
    NOT_REACHED = "not_reached"
    """In the line after the item that blocked: the attack never got there."""
    NOT_IN_LINE = "not_in_line"
    """Not armour and not defending (a weapon in hand, armour with no cover): it cannot block."""


class ItemPart(Record):
    """One item's part in the attack."""

    name: str
    role: Role
    position: int | None
    """1-based place in the line (defending item first, then by absorb), or None when not in it."""
    cover: int
    """Its cover bonus (none listed: 0)."""
    cover_total: int | None
    """Its cover plus the cover of every item before it in the line."""
    power_in: int
    """The attack power that reached it (0 when it did not block)."""
    absorbed: int
    """The attack power it subtracted."""
    spared: bool
    """The attacking weapon hit too hard and was damaged instead of this item."""
    damage: Damage | None
    """The blow it took from absorbing (None: it did not block, or the weapon hit too hard)."""
    after: Item
    """Its next state."""

    @property
    def damage_taken(self) -> int:
        return self.damage.damage if self.damage else 0

    @property
    def broke(self) -> bool:
        return bool(self.damage and self.damage.broke)


class BlockResult(Record):
    """One attack resolved: who blocked, what got through, what each item took, what broke, and why."""

    attack: Attack
    defending: str | None
    rule: Rule
    steps: tuple[ItemPart, ...]
    """Each item's part: the line in order, then the items not in it, in the order given."""
    power_left: int
    """The attack power that gets through to the character."""
    hit_too_hard: bool
    """The attacking weapon was damaged instead of a blocking item."""
    weapon_damage: Damage | None
    """What hitting too hard did to the attacking weapon (None: it was not damaged)."""
    items: tuple[Item, ...]
    """Every item's next state, in the order given: feed them to the next attack."""
    weapon: Item | None
    """The attacking weapon's next state (None when the attack named none)."""
    working: tuple[Step, ...]
    """How it was decided, step by step (``source`` the seed's section), citing rulings (GEAR-n)."""

    @property
    def blocked(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.steps if s.role is Role.BLOCKED)

    @property
    def half_blocked(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.steps if s.role is Role.HALF_BLOCKED)

    @property
    def broken(self) -> tuple[str, ...]:
        """The defender's items this attack broke."""
        return tuple(s.name for s in self.steps if s.broke)

    @property
    def weapon_broke(self) -> bool:
        return bool(self.weapon_damage and self.weapon_damage.broke)


def line_up(items: Sequence[Item], defending: str | None) -> tuple[list[Item], list[Item]]:
    """The items that can block, in the order the attack meets them, and the rest (GEAR-5).

    The actively defending item first; then the armour pieces (kind armour, cover
    above 0) from the highest absorb bonus to the lowest, equal absorbs in the
    order given.

    :raises IllegalActionError: two items share a name, or ``defending`` names none of them.
    """
    check_names(items)
    first: list[Item] = []
    if defending is not None:
        found = [i for i in items if i.name.lower() == defending.lower()]
        if not found:
            names = ", ".join(repr(i.name) for i in items) or "none"
            raise IllegalActionError(f"defending item {defending!r}: no item has that name (items: {names})")
        first = found
    armour = sorted((i for i in items if i.is_armour and not any(i is j for j in first)), key=lambda i: -(i.absorb or 0))
    in_line = first + armour
    rest = [i for i in items if not any(i is j for j in in_line)]
    return in_line, rest


def _line_text(line: list[Item], defending: str | None) -> str:
    parts = []
    for n, item in enumerate(line, 1):
        what = "actively defending" if defending is not None and n == 1 else f"absorb {item.absorb or 0}"
        parts.append(f"{item.name} ({what}, cover {item.cover or 0})")
    return ", then ".join(parts)


def resolve_block(attack: Attack, items: Sequence[Item], defending: str | None = None) -> BlockResult:
    """Resolves ``attack`` against the defender's ``items``; ``defending`` names the item actively defending.

    :raises IllegalActionError: two items share a name, or ``defending`` names none of them.
    """
    items = tuple(items)
    line, rest = line_up(items, defending)
    if line and defending is not None:
        defending = line[0].name
    sl, power = attack.success_level, attack.power
    weapon = attack.weapon
    parts: list[ItemPart] = []
    working: list[Step] = []

    def note(field: str, text: str, source: str, *rulings: str) -> None:
        working.append(Step(field=field, text=text, source=source, rulings=cite(rulings)))

    note("attack", f"attack: success level {sl}, attack power {power}, defence {attack.defence.value}", BLOCKING)

    def outside(item: Item, role: Role, position: int | None = None, total: int | None = None) -> ItemPart:
        return ItemPart(
            name=item.name, role=role, position=position, cover=item.cover or 0, cover_total=total,
            power_in=0, absorbed=0, spared=False, damage=None, after=item,
        )

    if attack.defence is Defence.SUCCESS:
        note(
            "defence",
            "the defence succeeded: the attack does not land; the blocking rules apply only after a failed or "
            "half-successful defence (GEAR-4); no power gets through, nothing is damaged",
            BLOCKING, "GEAR-4",
        )
        return BlockResult(
            attack=attack, defending=defending, rule=Rule.DEFENDED, steps=tuple(outside(i, Role.NOT_IN_LINE) for i in items),
            power_left=0, hit_too_hard=False, weapon_damage=None, items=items, weapon=weapon, working=tuple(working),
        )
    how = "failed" if attack.defence is Defence.FAILED else "was only half-successful"
    note("defence", f"the defence {how}: the blocking rules apply (GEAR-4)", BLOCKING, "GEAR-4")

    wears_armour = any(i.is_armour for i in line)
    if wears_armour:
        rule = Rule.ARMOUR
        note(
            "rule",
            "armour worn: the Armor rule, instead of the Blocking rule. The line (GEAR-5): " + _line_text(line, defending),
            ARMOR, "GEAR-5",
        )
    elif line:
        rule = Rule.BLOCKING
        note(
            "rule",
            f"no armour worn: the Blocking rule, with {line[0].name} (actively defending, cover {line[0].cover or 0}) "
            "— the Armor rule with one item in the line gives the same (GEAR-5)",
            BLOCKING, "GEAR-5",
        )
    else:
        rule = Rule.NONE
        note("rule", "no armour worn and nothing actively defending: nothing can block (GEAR-5)", BLOCKING, "GEAR-5")
    for item in rest:
        why = "armour with no cover bonus" if item.kind.value == "armour" else f"a {item.kind.value} weapon not actively defending"
        note(f"{item.name}.line", f"{item.name}: not in the line, {why} (GEAR-5)", ARMOR, "GEAR-5")

    # Walk the line: cover totals against the success level.
    walk = ARMOR if rule is Rule.ARMOUR else BLOCKING
    blocking: list[tuple[Item, Role, int, int]] = []  # (item, role, position, total)
    total = 0
    stop = len(line)
    for n, item in enumerate(line, 1):
        cover = item.cover or 0
        before = total
        total += cover
        sum_text = f"{before} + {cover} = {total}" if n > 1 else f"{total}"
        if total > sl:
            note(f"{item.name}.cover", f"{item.name} (#{n} in the line): cover total {sum_text} > success level {sl}: BLOCKED by {item.name}", walk)
            blocking.append((item, Role.BLOCKED, n, total))
            stop = n
            break
        if total == sl:
            if n < len(line):
                nxt = line[n]
                note(
                    f"{item.name}.cover",
                    f"{item.name} (#{n} in the line): cover total {sum_text} = success level {sl}: HALF BLOCKED by {item.name} "
                    f"and by the next item, {nxt.name}",
                    walk,
                )
                blocking.append((item, Role.HALF_BLOCKED, n, total))
                blocking.append((nxt, Role.HALF_BLOCKED, n + 1, total + (nxt.cover or 0)))
                stop = n + 1
            else:
                note(
                    f"{item.name}.cover",
                    f"{item.name} (#{n} in the line): cover total {sum_text} = success level {sl}: HALF BLOCKED by {item.name}; "
                    "no item after it",
                    walk,
                )
                blocking.append((item, Role.HALF_BLOCKED, n, total))
                stop = n
            break
        note(f"{item.name}.cover", f"{item.name} (#{n} in the line): cover total {sum_text} < success level {sl}: not blocked here", walk)
    else:
        if line:
            note("cover", f"the cover of the whole line, {total}, does not exceed success level {sl}: not blocked", walk)

    # Absorption: each blocking item subtracts from the power that reaches it (GEAR-7).
    left = power
    absorbed_by: dict[int, tuple[int, int]] = {}
    for item, role, n, _ in blocking:
        absorb = item.absorb or 0
        amount = absorb if role is Role.BLOCKED else absorb // 2
        half = "" if role is Role.BLOCKED else f"half of absorb {absorb}, rounded down = {amount} (GEAR-7); "
        taken = min(amount, left)
        capped = " (all the power that reached it)" if taken < amount else ""
        note(f"{item.name}.absorbed", f"{item.name} absorbs: {half}{taken} of power {left}{capped}, {left - taken} left",
             BLOCKING, *(("GEAR-7",) if half else ()))
        absorbed_by[n] = (left, taken)
        left -= taken

    # Hitting too hard, then the damage each blocking item takes.
    spared: set[int] = set()
    if weapon is not None and blocking:
        tw = weapon.toughness or 0
        tw_text = f"toughness {tw}" + (
            " (none listed: 0, GEAR-9)" if weapon.toughness is None else " (below 0, GEAR-12)" if tw < 0 else ""
        )
        unlisted = ("GEAR-9",) if weapon.toughness is None else ("GEAR-12",) if tw < 0 else ()
        # GEAR-13: a weapon with no toughness listed hits anything that blocks too hard.
        bare_handed = ("GEAR-13",) if weapon.toughness is None else ()
        if power <= tw:
            note("hit_too_hard", f"hitting too hard: no, attack power {power} is not greater than {weapon.name} {tw_text}",
                 HITTING_TOO_HARD, *unlisted)
        else:
            for item, _, n, _ in blocking:
                target_abs = item.absorb or 0
                if target_abs >= tw:
                    spared.add(n)
                    listed = ", no toughness listed, GEAR-13" if bare_handed else ""
                    note(
                        "hit_too_hard",
                        f"hitting too hard: attack power {power} > {weapon.name} {tw_text}, and {item.name} absorption "
                        f"{target_abs} ≥ {tw}: {weapon.name} is damaged instead of {item.name} (GEAR-10{listed})",
                        HITTING_TOO_HARD, "GEAR-10", *unlisted, *bare_handed,
                    )
                else:
                    note(
                        "hit_too_hard",
                        f"hitting too hard: no, {item.name} absorption {target_abs} is below {weapon.name} {tw_text}",
                        HITTING_TOO_HARD, *unlisted,
                    )
    elif blocking:
        note("hit_too_hard", "hitting too hard: not checked, the attack names no weapon", HITTING_TOO_HARD)
    weapon_damage: Damage | None = None
    weapon_after = weapon
    if spared and weapon is not None:
        weapon_damage = damage_item(weapon, power, cause=f"hitting too hard with power {power}")
        if len(spared) > 1:
            note(f"{weapon.name}.damage", f"{weapon.name} is damaged once for the one blow, not once per item (GEAR-10)",
                 HITTING_TOO_HARD, "GEAR-10")
        working.extend(weapon_damage.working)
        weapon_after = weapon_damage.after

    by_position: dict[int, tuple[Item, Role, int]] = {n: (item, role, t) for item, role, n, t in blocking}
    total = 0
    for n, item in enumerate(line, 1):
        total += item.cover or 0
        if n in by_position:
            _, role, cover_total = by_position[n]
            reached, taken = absorbed_by[n]
            damage: Damage | None = None
            if n in spared:
                note(f"{item.name}.damage", f"{item.name} takes no damage: the weapon hit too hard (GEAR-10)",
                     HITTING_TOO_HARD, "GEAR-10")
            else:
                damage = damage_item(item, taken, cause=f"absorbing {taken} (GEAR-6)", rulings=("GEAR-6",), absorbing=True)
                working.extend(damage.working)
            parts.append(
                ItemPart(
                    name=item.name, role=role, position=n, cover=item.cover or 0, cover_total=cover_total,
                    power_in=reached, absorbed=taken, spared=n in spared, damage=damage,
                    after=damage.after if damage else item,
                )
            )
        elif n < min(by_position, default=len(line) + 1):
            parts.append(outside(item, Role.PASSED, n, total))
        else:
            parts.append(outside(item, Role.NOT_REACHED, n, total))
    if stop < len(line):
        note("not_reached", "not reached: " + ", ".join(i.name for i in line[stop:]), walk)
    parts.extend(outside(i, Role.NOT_IN_LINE) for i in rest)

    note("power_left", f"power getting through: {left}" + (f" of {power}" if left != power else " (all of it)"), BLOCKING)
    after = {s.name: s.after for s in parts}
    return BlockResult(
        attack=attack, defending=defending, rule=rule, steps=tuple(parts), power_left=left,
        hit_too_hard=bool(spared), weapon_damage=weapon_damage, items=tuple(after[i.name] for i in items),
        weapon=weapon_after, working=tuple(working),
    )
