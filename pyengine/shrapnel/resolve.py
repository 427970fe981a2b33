"""Resolving a Ballistic Shrapnel critical against the target's armour, in one pass.

"A Chest + Arms pattern against a torso vest is base, plus the chest's covered
side, plus the arms' bare side": the base always applies; each area struck
reads its covered side where armour covers it and its bare side where it does
not; everything read adds up. :func:`resolve` is pure: the roll comes in as an
int, and the result keeps the working behind every number.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Annotated

import msgspec

from pyengine.errors import RollError
from pyengine.shrapnel import TABLE_ID
from pyengine.shrapnel.armour import Armour, ArmourItem, ArmourPiece, coverage, fold_armour
from pyengine.shrapnel.notation import (
    Bleeding,
    Breakage,
    Clause,
    Dying,
    Effects,
    Fatigue,
    Hits,
    Injury,
    Prone,
    Staggered,
    Stun,
    Token,
    format_effects,
    format_token,
)
from pyengine.shrapnel.tables import ShrapnelTable, StatedEffect
from pyengine.shrapnel.vocabulary import Area, Fate, Severity, Side, parse_severity
from pyengine.tables import Record
from pyengine.working import Step, cite

D100 = Annotated[int, msgspec.Meta(ge=1, le=100)]
REASON_STATED = "stated at the head of the cell"
#: The seed's section every step after the cell read rests on.
READING = "Reading a result: areas and coverage"


class AreaStruck(Record):
    """One area the pattern struck, and the side of its pair that was read."""

    area: Area
    side: Side
    effects: Effects
    """The tokens read on that side (empty: nothing beyond the base)."""
    notation: str
    """The side as printed: ``+12H, ◷20, ⚒(-75)`` or ``—``."""
    pieces: tuple[str, ...] = ()
    """The armour pieces covering the area (empty when bare)."""


class Totals(Record):
    """Everything read, added up: base plus every side read."""

    hits: int
    bleeding: int
    """Hits per round until healed."""
    stun_rounds: int
    stun_penalty: int
    """0 or negative."""
    injury: int
    """Total injury penalty until healed: 0 or negative."""
    fatigue: int
    staggered: int
    """AP lost."""
    prone: bool
    """A ⇘ was read. The prose may state a fall no token carries: :attr:`ShrapnelResult.prone`."""


class BreakageCheck(Record):
    """One armour piece's breakage check (one per piece, however many areas it took)."""

    piece: str
    modifier: int
    """0 or negative (⚒ with no modifier is 0)."""
    areas: tuple[Area, ...]
    """The struck areas this piece covers."""


class ShrapnelResult(Record):
    """A resolved shrapnel critical: inputs, the cell, what was read, the totals, and why."""

    roll: D100
    severity: Severity
    row_index: int
    """0-based index of the row in the table."""
    rolls: str
    """The row's roll range as printed: ``76-80``."""
    areas: tuple[Area, ...]
    """The areas struck, in the row's order."""
    base: Effects
    struck: tuple[AreaStruck, ...]
    totals: Totals
    breakage_checks: tuple[BreakageCheck, ...]
    fate: Fate | None
    fate_reason: str | None
    """``stated at the head of the cell``, or which uncovered areas carry ☠."""
    attacker_bonus: int
    """Bonus to the attacker's next action this round (0: none)."""
    prose: str
    working: tuple[Step, ...]
    """How each number was reached: the cell read (``source`` the table), then each area,
    total, breakage check and the fate (``source`` the seed's section), each step's
    rulings (``SHR-n``) as data and cited in its text."""
    stated: tuple[StatedEffect, ...] = ()
    """The effects the prose states and no token carries that hold here (SHR-12): a fall
    stated whatever the armour, or one stated for an area left bare."""

    @property
    def label(self) -> str:
        """The areas as the table heads the row: ``Chest + Arms``."""
        return " + ".join(area.label for area in self.areas)

    @property
    def prone(self) -> bool:
        """Knocked prone: a ⇘ read, or a fall the prose states (SHR-12)."""
        return self.totals.prone or any(s.effect == "prone" for s in self.stated)


def check_roll(roll: object) -> int:
    """Checks a d100 roll (an int, 1-100).

    :raises RollError: anything else, naming the value.
    """
    if isinstance(roll, bool) or not isinstance(roll, int) or not 1 <= roll <= 100:
        raise RollError(f"shrapnel roll: {roll!r} is not a d100 roll (1 to 100)")
    return roll


def resolve(
    table: ShrapnelTable,
    roll: int,
    severity: Severity | str,
    armour: Iterable[ArmourItem] | ArmourItem | None = (),
) -> ShrapnelResult:
    """Resolves a d100 ``roll`` at ``severity`` against ``armour``.

    ``armour`` is any mix of :class:`~pyengine.shrapnel.armour.ArmourPiece` and
    areas (or area names); an area on its own is a piece named after it.

    :raises RollError: the roll is not an int from 1 to 100.
    :raises NotationError: an unknown severity or area, naming the value.
    :raises IllegalActionError: armour pieces that cannot be told apart or cover nothing.
    """
    roll = check_roll(roll)
    severity = parse_severity(severity)
    given = fold_armour(armour)
    pieces = given.pieces
    covering = coverage(pieces)

    index = table.row_index(roll)
    row = table.rows[index]
    cell = row.cell(severity)
    notation = cell.notation
    working = [
        Step(
            field="cell",
            text=f"roll {roll}, severity {severity}: row {row.rolls} ({row.label}), cell {row.rolls} {severity}",
            source=TABLE_ID,
            value=f"{row.rolls} {severity}",
        )
    ]
    for ruling in row.rulings + cell.rulings:
        text = f"transcription: {_TRANSCRIPTION.get(ruling, 'see the ruling')} ({ruling})"
        working.append(Step(field="transcription", text=text, source=TABLE_ID, rulings=(ruling,)))
    working.extend(_folded(given))
    working.extend(_halves(given))
    working.append(
        Step(field="base", text=f"base, always, armour or not: {format_effects(notation.base)}", source=TABLE_ID)
    )

    struck: list[AreaStruck] = []
    read: list[tuple[str, Token]] = [("base", token) for token in notation.base]
    for clause in notation.clauses:
        area = clause.area or row.areas[0]
        names = covering.get(area, ())
        side = Side.COVERED if names else Side.BARE
        effects = clause.covered if names else clause.bare
        struck.append(AreaStruck(area=area, side=side, effects=effects, notation=format_effects(effects), pieces=names))
        source = f"{area.label}, {side}"
        read.extend((source, token) for token in effects)
        rulings: list[str] = []
        if not names:
            why = "not covered"
        elif len(names) == 1:
            why = f"covered by {names[0]}"
        else:
            why = f"covered by {_names(names)} (layered, SHR-6)"
            rulings.append("SHR-6")
        what = format_effects(effects)
        if not effects:
            what += " (nothing beyond the base, SHR-3)"
            rulings.append("SHR-3")
        text = f"{area.label}: {why} → {side} side: {what}"
        working.append(_read(f"areas.{area.value}", text, *rulings, value=side.value))

    totals = _totals(read, working)
    stated = tuple(e for e in cell.stated if e.bare is None or not covering.get(e.bare))
    working.append(_prone(totals, read, stated))
    checks = _breakage_checks(pieces, struck, working)
    fate, reason = _fate(cell.fate, notation.clauses, struck, working)
    if cell.attacker_bonus:
        text = f"attacker: next action this round +{cell.attacker_bonus}, given in the prose (SHR-9)"
        working.append(
            Step(field="attacker_bonus", text=text, source=TABLE_ID, rulings=("SHR-9",), value=cell.attacker_bonus)
        )
    return ShrapnelResult(
        roll=roll,
        severity=severity,
        row_index=index,
        rolls=row.rolls,
        areas=row.areas,
        base=notation.base,
        struck=tuple(struck),
        totals=totals,
        breakage_checks=checks,
        fate=fate,
        fate_reason=reason,
        attacker_bonus=cell.attacker_bonus,
        prose=cell.prose,
        working=tuple(working),
        stated=stated,
    )


#: One line per ruling a row or cell can carry in the table file.
_TRANSCRIPTION = {
    "SHR-1": "three areas below roll 86, the row wins",
    "SHR-2": "'Leg'/'Arm' in the seed's roll column read as Legs/Arms",
    "SHR-3": "a side missing in the seed reads — (nothing beyond the base)",
    "SHR-4": "⚒ restored on a covered side whose glyph the seed's text lost",
}


def _folded(given: Armour) -> list[Step]:
    """SHR-11: an area given as covered that a named piece covers is that piece."""
    steps = []
    for area, names in given.folded:
        text = f"armour: {area.label}, given as covered, is {_names(names)}'s: no piece of its own (SHR-11)"
        steps.append(_read("armour", text, "SHR-11", value=area.value))
    return steps


def _halves(given: Armour) -> list[Step]:
    """SHR-13: an area of two limbs is covered when both its limbs are."""
    steps = []
    for half in given.halves:
        limb = half.area.value.removesuffix("s")  # arm, leg
        on = _names(f"{name} ({where})" for name, where in half.pieces)
        if half.covered:
            whole = f"; {_names(half.whole)} over both" if half.whole else ""
            text = (f"armour: both {half.area.value} are covered ({on}{whole}), so {half.area.label} is covered and "
                    f"each of these pieces is struck there (SHR-13)")
        else:
            one = len(half.pieces) == 1
            text = (f"armour: {on} {'covers' if one else 'cover'} one {limb} only: {half.area.label} is covered only when "
                    f"both {half.area.value} are, so it is read bare and {'that piece makes' if one else 'they make'} "
                    f"no breakage check there (SHR-13)")
        steps.append(_read("armour", text, "SHR-13", value=half.area.value))
    return steps


def _names(names: Iterable[str]) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _stun_text(rounds: int, penalty: int) -> str:
    plural = "round" if rounds == 1 else "rounds"
    return f"{rounds} {plural} at {penalty}" if penalty else f"{rounds} {plural}, no penalty"


def _read(field: str, text: str, *rulings: str, value: int | str | None = None) -> Step:
    """A step of the reading (the seed's "Reading a result"), citing ``rulings``."""
    return Step(field=field, text=text, source=READING, rulings=cite(rulings), value=value)


def _sum_line(label: str, parts: list[tuple[str, int]], total: int, unit: str = "") -> Step:
    if not parts:
        return _read(label, f"{label}: 0 (nothing read gives any)", value=0)
    terms = " + ".join(f"{value} ({source})" for source, value in parts).replace("+ -", "- ")
    return _read(label, f"{label}: {terms} = {total}{unit}", value=total)


def _totals(read: list[tuple[str, Token]], working: list[Step]) -> Totals:
    hits = [(source, t.hits) for source, t in read if isinstance(t, Hits)]
    bleeding = [(source, t.per_round) for source, t in read if isinstance(t, Bleeding)]
    injury = [(source, t.penalty) for source, t in read if isinstance(t, Injury)]
    fatigue = [(source, t.points) for source, t in read if isinstance(t, Fatigue)]
    staggered = [(source, t.ap) for source, t in read if isinstance(t, Staggered)]
    stuns = [(source, token) for source, token in read if isinstance(token, Stun)]
    prone = [source for source, token in read if isinstance(token, Prone)]

    totals = Totals(
        hits=sum(v for _, v in hits),
        bleeding=sum(v for _, v in bleeding),
        # SHR-7: stun rounds add; the penalty is the worst of those read.
        stun_rounds=sum(t.rounds for _, t in stuns),
        stun_penalty=min((t.penalty for _, t in stuns), default=0),
        injury=sum(v for _, v in injury),
        fatigue=sum(v for _, v in fatigue),
        staggered=sum(v for _, v in staggered),
        prone=bool(prone),
    )
    working.append(_sum_line("hits", hits, totals.hits))
    working.append(_sum_line("bleeding", bleeding, totals.bleeding, " per round"))
    if not stuns:
        working.append(_read("stun", "stun: none", value=0))
    elif len(stuns) == 1:
        source, stun = stuns[0]
        text = f"stun: {format_token(stun)} ({source}): {_stun_text(stun.rounds, stun.penalty)}"
        working.append(_read("stun", text, value=stun.rounds))
    else:
        listed = ", ".join(f"{format_token(t)} ({source})" for source, t in stuns)
        text = (
            f"stun: {listed}: rounds add, the worst penalty holds (SHR-7) = "
            f"{_stun_text(totals.stun_rounds, totals.stun_penalty)}"
        )
        working.append(_read("stun", text, "SHR-7", value=totals.stun_rounds))
    working.append(_sum_line("injury", injury, totals.injury))
    working.append(_sum_line("fatigue", fatigue, totals.fatigue))
    working.append(_sum_line("staggered", staggered, totals.staggered, " AP"))
    return totals


def _prone(totals: Totals, read: list[tuple[str, Token]], stated: tuple[StatedEffect, ...]) -> Step:
    """Knocked prone by a ⇘ read, or by a fall the prose states (SHR-12); never a flat "no"
    where the text says he goes down."""
    marks = [source for source, token in read if isinstance(token, Prone)]
    falls = [e for e in stated if e.effect == "prone"]
    parts = [f"⇘ ({', '.join(marks)})"] if marks else []
    for fall in falls:
        when = f", {fall.bare.label} not covered" if fall.bare else ""
        parts.append(f"stated in the text, not by a token: “{fall.words}”{when} (SHR-12)")
    if parts:
        return _read("prone", "prone: yes, " + "; ".join(parts), *(("SHR-12",) if falls else ()), value="yes")
    return _read("prone", "prone: no ⇘ read, and the text states no fall", value="no")


def _breakage_checks(
    pieces: Iterable[ArmourPiece], struck: list[AreaStruck], working: list[Step]
) -> tuple[BreakageCheck, ...]:
    """SHR-5: every piece struck makes one check ("each armour piece struck makes one breakage
    check even when it covers two named areas"), at the worst ⚒ modifier its covered sides give."""
    checks = []
    # In the order the row strikes the areas (then by name): never the order armour was listed in.
    order = {a.area: i for i, a in enumerate(struck)}
    for piece in sorted(pieces, key=lambda p: (min((order[a] for a in p.areas if a in order), default=99), p.name)):
        hit = [a for a in struck if piece.name in a.pieces]
        if not hit:
            continue
        where = _names(a.area.label for a in hit)
        # The table gives every covered side one ⚒ (SHR-4); a side without one would still be struck.
        modifiers = [t.modifier for a in hit for t in a.effects if isinstance(t, Breakage)] or [0]
        modifier = min(modifiers)
        at = f"at {modifier}" if modifier else "at no modifier (⚒ with none given)"
        how = f"one check {at}"
        rulings: tuple[str, ...] = ()
        if len(hit) > 1:
            rulings = ("SHR-5",)
            how = "one check for the piece, not one per area (SHR-5), " + (
                at if len(set(modifiers)) == 1 else f"at the worse of {', '.join(map(str, modifiers))}: {modifier}"
            )
        working.append(_read("breakage", f"breakage: {piece.name} struck in {where} → {how}", *rulings, value=modifier))
        checks.append(BreakageCheck(piece=piece.name, modifier=modifier, areas=tuple(a.area for a in hit)))
    if not checks and not any(a.pieces for a in struck):
        working.append(_read("breakage", "breakage: no armour piece struck, no check"))
    return tuple(checks)


def _fate(
    stated: Fate | None,
    clauses: Sequence[Clause],
    struck: list[AreaStruck],
    working: list[Step],
) -> tuple[Fate | None, str | None]:
    """SHR-8: a stated fate applies whatever the armour; else ☠ read on a bare side means dying."""
    carrying = [a for a, clause in zip(struck, clauses, strict=True) if any(isinstance(t, Dying) for t in clause.bare)]
    uncovered = [a.area.label for a in carrying if a.side is Side.BARE]
    saved = [a for a in carrying if a.side is Side.COVERED]
    for a in saved:
        text = f"fate: ☠ on the bare side of {a.area.label}, but {_names(a.pieces)} covers it (SHR-8)"
        working.append(_read("fate", text, "SHR-8"))
    if stated is not None:
        also = f"; ☠ on the bare side of {_names(uncovered)} as well" if uncovered else ""
        text = f"fate: {stated}, {REASON_STATED}, whatever the armour (SHR-8){also}"
        working.append(_read("fate", text, "SHR-8", value=stated.value))
        return stated, REASON_STATED
    if uncovered:
        sides = "side" if len(uncovered) == 1 else "sides"
        reason = f"☠ (dying) on the bare {sides} of {_names(uncovered)}, not covered"
        working.append(_read("fate", f"fate: dying, {reason} (SHR-8)", "SHR-8", value=Fate.DYING.value))
        return Fate.DYING, reason
    # Not "neither dying nor dead": a cell with no ☠ may still speak of a mortal wound (76-80 D,
    # "foe is drowning standing up"); the result says what the tokens mark, never a flat no (SHR-12).
    text = ("fate: no ☠ on a bare side (every area carrying ☠ is covered, SHR-8)" if saved
            else "fate: no ☠ in this cell (what the prose tells beyond its tokens is in its words, SHR-12)")
    working.append(_read("fate", text, "SHR-8" if saved else "SHR-12"))
    return None, None
