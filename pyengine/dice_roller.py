"""The dice roller on the start page: a roll's share-link state, its replay, and its card.

A shared roll carries the expression and every die's value, never the HTML: opening
the link rolls the same expression again with those values (``ScriptedDice``), so
the result is the same in any browser and in CPython.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated

import msgspec

from pyengine.dice import DiceExpr, DiceRoll, ScriptedDice, typed_die
from pyengine.dice.exact import distribution, mean
from pyengine.errors import RollError, RulesError, ShareLinkError
from pyengine.html import el, to_html
from pyengine.share import LinkKind
from pyengine.tables import Record
from pyengine.validation import explain

#: The share-link kind and the version of its state (docs/formats.md).
KIND = "dice"
STATE_VERSION = 1


class DiceRollState(Record, frozen=True):
    """What a dice-roll link carries (kind ``dice``, version 1)."""

    expr: Annotated[str, msgspec.Meta(min_length=1, max_length=100)]
    """The expression, in canonical notation."""
    rolls: Annotated[list[Annotated[int, msgspec.Meta(ge=1, le=1000)]], msgspec.Meta(max_length=2000)]
    """Every die's value, in the order drawn."""
    own_dice: bool = False
    """True when the values were typed in from physical dice."""


def to_state(roll: DiceRoll, *, own_dice: bool) -> dict:
    """The share-link data for a roll."""
    return msgspec.to_builtins(DiceRollState(expr=roll.expression, rolls=[v for _, v in roll.rolls], own_dice=own_dice))


def replay(data: object, version: int = STATE_VERSION) -> tuple[DiceRoll, bool]:
    """Rolls a shared roll again from its link data; returns the roll and whether the dice were the user's own.

    :raises ShareLinkError: the data does not describe a roll this version can replay.
    """
    if version != STATE_VERSION:
        raise ShareLinkError(f"share link: dice roll state version {version!r} is not known (this app reads {STATE_VERSION})")
    try:
        state = msgspec.convert(data, type=DiceRollState)
    except msgspec.ValidationError as exc:
        raise ShareLinkError(f"share link: dice roll: {explain(exc, data)}") from None
    try:
        dice = ScriptedDice(state.rolls)
        roll = DiceExpr.parse(state.expr).roll(dice)
    except RulesError as exc:
        raise ShareLinkError(f"share link: dice roll does not replay: {exc}") from None
    if dice.remaining:
        raise ShareLinkError(f"share link: dice roll has {len(dice.remaining)} more rolls than {state.expr!r} uses")
    return roll, state.own_dice


#: A dice roll's share link.
LINK = LinkKind(KIND, STATE_VERSION, replay)


#: The start page's fields, as it names them.
EXPR_FIELD = "Dice to roll"
TYPED_FIELD = "Your own dice"
#: The dice the start page rolls with one tap, as the rules print them.
QUICK_DICE = ("D100", "D20", "D8", "D6", "D4", "D3")


def parse_typed_rolls(text: str) -> list[int] | None:
    """Reads dice typed in by hand (``"4 6"``, ``"4, 6"``, ``"00"`` for a d100's 100);
    ``None`` when the field is empty.

    :raises RollError: something in the field is not a whole number (said in a player's words).
    """
    words = text.replace(",", " ").split()
    if not words:
        return None
    values = []
    for word in words:
        value = typed_die(word)
        if value is None:
            shown = word if len(word) <= 12 else word[:12] + "…"
            raise RollError(f"{TYPED_FIELD}: {shown!r} is not a number a die shows; type what each die shows, "
                            "in order, e.g. 4 6 (00 for percentile dice showing 100)")
        values.append(value)
    return values


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def check_typed(expr: DiceExpr, typed: list[int]) -> None:
    """The dice typed for ``expr`` checked before rolling: one number per die, in order, each
    one its die can show (a D100's 100 typed as ``00``, as percentile dice show it).

    :raises RollError: too few or too many numbers, or one its die cannot show, said in a
        player's words with what to type instead.
    """
    sides = [term.sides for term in expr.terms if term.sides is not None for _ in range(term.count)]
    given = " ".join(map(str, typed))
    given = given if len(given) <= 24 else given[:24] + "…"
    if len(typed) != len(sides):
        if not sides:
            raise RollError(f"{TYPED_FIELD}: {expr} has no dice to roll; leave this field empty")
        need = "1 die" if len(sides) == 1 else f"{len(sides)} dice"
        what = "1 number" if len(typed) == 1 else f"{len(typed)} numbers"
        if len(sides) == 1:
            hint = "just 1 number"
        elif len(typed) == len(sides) - 1:
            hint = "one more, one number for each die in order"
        else:
            hint = f"{len(sides)} numbers, one for each die in order"
        raise RollError(f"{TYPED_FIELD}: {expr} rolls {need} and you typed {what} ({given}); type {hint}")
    for i, (value, die) in enumerate(zip(typed, sides, strict=True)):
        if not 1 <= value <= die:
            shown = str(value) if len(str(value)) <= 8 else str(value)[:8] + "…"
            which = f"{shown} is" if len(sides) == 1 else f"the {_ordinal(i + 1)} number, {shown}, is"
            hundred = " (00 for 100)" if die == 100 else ""
            raise RollError(f"{TYPED_FIELD}: {which} not a roll of a D{die}; a D{die} shows 1 to {die}{hundred}")


def _number(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}".rstrip("0")


def _percent(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}%"


def render_roll(roll: DiceRoll, *, own_dice: bool) -> str:
    """The result card of a roll: total, every die, range, average, odds, and the working."""
    expr = DiceExpr.parse(roll.expression)
    odds: list = []
    try:
        dist = distribution(expr)
    except RulesError:  # too many dice for exact odds on a phone; the roll itself stands
        pass
    else:
        at_least = sum((p for total, p in dist.items() if total >= roll.total), Fraction(0))
        at_most = sum((p for total, p in dist.items() if total <= roll.total), Fraction(0))
        odds = [
            el("dt", None, f"{roll.total} or more"), el("dd", None, _percent(at_least)),
            el("dt", None, f"{roll.total} or less"), el("dd", None, _percent(at_most)),
        ]

    dice_items = []
    working = []
    for term in roll.terms:
        sign = "-" if term.sign < 0 else "+"
        if term.sides is None:
            dice_items.append(el("li", {"class": "constant", "title": "a fixed amount"}, f"{sign}{abs(term.subtotal)}"))
            working.append(el("li", None, f"{sign}{abs(term.subtotal)} (fixed)"))
            continue
        for value in term.values:
            attrs = {"title": f"D{term.sides}"}
            if term.sign < 0:
                attrs["class"] = "negative"
            dice_items.append(el("li", attrs, str(value)))
        shown = " + ".join(map(str, term.values))
        working.append(el("li", None, f"{sign}{term}: {shown} = {sign}{sum(term.values)}"))
    working.append(el("li", None, f"total: {roll.total}"))

    card = el(
        "div", {"class": "roll"},
        el("p", {"class": "roll-expr"}, f"{roll.expression} rolled with {'your own dice' if own_dice else 'the app’s dice'}"),
        el("p", {"class": "roll-total", "aria-label": f"total {roll.total}"}, str(roll.total)),
        el("ul", {"class": "roll-dice", "aria-label": "what each die showed"}, *dice_items),
        el(
            "dl", {"class": "facts"},
            el("dt", None, "Range"), el("dd", None, f"{expr.minimum} to {expr.maximum}"),
            el("dt", None, "Average"), el("dd", None, _number(mean(expr))),
            *odds,
        ),
        el("details", {"class": "working"}, el("summary", None, "Working"), el("ol", None, *working)),
    )
    return to_html(card)
