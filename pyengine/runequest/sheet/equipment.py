"""Equipment: ENC of everything carried (exact fractions), coins, and buying against money.

"All ENC shown in parentheses indicate the number of items necessary to equal one
ENC point. Thus, 4 daggers equal 1 ENC. These fractional ENCs add to one another,
so that a character with a hood and composite helm, two daggers, 1 dart, and a
pair of light cesti would have a total ENC of 3 from these objects" (seed ch. IV).
Coins: "100 L equals one 'thing'" (ch. III; RQ-11).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from fractions import Fraction

import msgspec

from pyengine.errors import IllegalActionError, NotationError
from pyengine.runequest.sheet.adventurer import Adventurer, Gear
from pyengine.runequest.sheet.encumbrance import show_enc_decimal
from pyengine.runequest.tables.catalogue import RuneQuestTables
from pyengine.runequest.tables.enc import format_enc, parse_enc
from pyengine.tables import Record
from pyengine.working import Step

NOT_IN_RULES = "not in the rules we have"

#: ENC notation typed on gear lines, read once per distinct text (a sheet is derived on every keystroke).
_enc_of = functools.lru_cache(maxsize=512)(parse_enc)


class GearLine(Record):
    """One line of the equipment list as the sheet shows it."""

    index: int
    """Its entry in :attr:`Adventurer.gear`."""
    ref: str | None
    name: str
    kind: str
    """``weapon``, ``missile``, ``shield``, ``helmet``, ``armour`` (from the tables) or ``other``."""
    count: int
    enc_each: str | None
    """ENC of one, in ENC notation (``(4)``); ``None``: not in the rules we have."""
    enc: str | None
    """ENC of the line (count x each), in ENC notation; ``None``: not known."""
    counted: bool
    """It counts towards the ENC carried (carried, and its ENC is known)."""
    worn: bool
    carried: bool
    cost: int | None
    """Lunars for one, from the tables; ``None``: not for sale or not in the rules we have."""
    enc_shown: str | None = None
    """The line's ENC for people, in decimals (``0.25``, ``249.75``); ``None``: not known."""


def gear_name(tables: RuneQuestTables, gear: Gear) -> str:
    if gear.name:
        return gear.name
    item = tables.item(gear.ref) if gear.ref else None
    return item.name if item else (gear.ref or "?")


def coins_enc(tables: RuneQuestTables, lunars: int) -> Fraction:
    """The ENC of carried coins: 100 L = 1 thing."""
    return Fraction(lunars, tables.movement.coins.lunars_per_enc)


def gear_lines(
    tables: RuneQuestTables, gear: Sequence[Gear], money: int
) -> tuple[tuple[GearLine, ...], Fraction, tuple[str, ...], tuple[Step, ...], list[tuple[str, str]]]:
    """The equipment list, the ENC carried (coins included), what has no known ENC, the working and problems."""
    lines = []
    problems: list[tuple[str, str]] = []
    parts: list[str] = []
    unknown: list[str] = []
    total = Fraction(0)
    for i, g in enumerate(gear):
        field = f"gear[{i}]"
        item = tables.item(g.ref) if g.ref else None
        name = gear_name(tables, g)
        if g.ref and item is None:
            problems.append((field, f"{g.ref!r} is not an item in the tables"))
        each: Fraction | None = None
        if item is not None:
            each = item.enc
        if each is None and g.enc is not None:
            try:
                each = _enc_of(g.enc)
            except NotationError as exc:
                problems.append((field, str(exc)))
        if g.worn and (item is None or item.kind not in ("helmet", "armour")):
            problems.append((field, f"{name}: only armour and helmets are worn"))
        if g.worn and g.count != 1:
            problems.append((field, f"{name}: a worn line holds one piece; list the others on their own line"))
        line_enc = None if each is None else each * g.count
        counted = g.carried and line_enc is not None
        if counted:
            total += line_enc  # type: ignore[operator]
            shown_each = format_enc(each) if each is not None else "?"
            parts.append(f"{g.count} x {name} {shown_each}" if g.count != 1 else f"{name} {shown_each}")
        elif g.carried:
            unknown.append(name)
        lines.append(
            GearLine(
                index=i,
                ref=g.ref,
                name=name,
                kind=item.kind if item else "other",
                count=g.count,
                enc_each=None if each is None else format_enc(each),
                enc=None if line_enc is None else format_enc(line_enc),
                enc_shown=None if line_enc is None else show_enc_decimal(line_enc),
                counted=counted,
                worn=g.worn,
                carried=g.carried,
                cost=item.cost if item else None,
            )
        )
    coins = coins_enc(tables, money)
    if money:
        total += coins
        parts.append(f"{money} L carried {show_enc_decimal(coins)}")
    text = (" + ".join(parts) if parts else "nothing carried") + f" = {show_enc_decimal(total)} ENC"
    if unknown:
        text += f"; ENC {NOT_IN_RULES}, not counted: {', '.join(unknown)}"
    step = Step(field="enc", text=text, source="runequest/movement", rulings=("RQ-11",) if money else ())
    return tuple(lines), total, tuple(unknown), (step,), problems


class Purchase(Record):
    """A purchase made: the adventurer after it, and what it cost."""

    adventurer: Adventurer
    item: str
    count: int
    cost: int
    working: tuple[Step, ...]


def buy(adventurer: Adventurer, tables: RuneQuestTables, ref: str, count: int = 1) -> Purchase:
    """Buys ``count`` of an item at its table price, from the money carried first, then savings.

    :raises IllegalActionError: not an item, or its price is not in the rules we have
        (``field`` ``ref``); not a number to buy (``count``); cash from guild credit is
        still owed ("no further purchases may be made until this debt is paid"), or there
        is not enough money (no one field).
    """
    item = tables.item(ref)
    if item is None:
        raise IllegalActionError(f"buy: {ref!r} is not an item in the tables", field="ref")
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise IllegalActionError(f"buy {item.name}: {count!r} is not a number to buy (1 or more)", field="count")
    if item.cost is None:
        raise IllegalActionError(f"buy {item.name}: its price is {NOT_IN_RULES}", field="ref")
    credit = adventurer.credit
    if credit is not None and credit.cash_owed:
        raise IllegalActionError(
            f"buy {item.name}: {credit.cash_owed} L of guild credit taken as cash is still owed; "
            f"no purchases until it is paid (RQ-27)"
        )
    cost = item.cost * count
    funds = adventurer.money + adventurer.savings
    if cost > funds:
        raise IllegalActionError(f"buy {item.name}: it costs {cost} L and there are only {funds} L")
    from_money = min(cost, adventurer.money)
    from_savings = cost - from_money
    gear = list(adventurer.gear)
    for i, g in enumerate(gear):
        if g.ref == ref and not g.worn and g.carried and not g.name:
            gear[i] = msgspec.structs.replace(g, count=g.count + count)
            break
    else:
        gear.append(Gear(ref=ref, count=count))
    after = msgspec.structs.replace(
        adventurer, money=adventurer.money - from_money, savings=adventurer.savings - from_savings, gear=tuple(gear)
    )
    paid = f"{from_money} L carried" + (f" and {from_savings} L of savings" if from_savings else "")
    step = Step(field="money", text=f"bought {count} x {item.name} at {item.cost} L = {cost} L, paid from {paid}")
    return Purchase(adventurer=after, item=ref, count=count, cost=cost, working=(step,))
