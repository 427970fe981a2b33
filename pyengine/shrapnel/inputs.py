"""Reading what a person types on the shrapnel page: the roll, the armour pieces, presets.

Armour pieces are written ``vest: chest + abdomen; helmet: head`` (the command line's
``--piece vest=chest+abdomen`` in words), a piece on one limb ``vambrace: left arm`` (SHR-13): :func:`parse_pieces` and
:func:`format_pieces` are a parser/printer pair. Ticked areas that no named piece
covers are each their own piece, and those a named piece covers are that piece (SHR-11),
as :func:`armour_from_form` puts it together.
"""

from __future__ import annotations

from collections.abc import Iterable

from pyengine.errors import NotationError, RollError
from pyengine.ranges import parse_roll_range
from pyengine.shrapnel.armour import ArmourItem, ArmourPiece, armour_pieces, fold_armour
from pyengine.shrapnel.vocabulary import Area, Limb, parse_cover

#: The page's quick presets: name -> (label, pieces).
PRESETS: dict[str, tuple[str, tuple[ArmourPiece, ...]]] = {
    "none": ("No armour", ()),
    "vest": ("Torso vest", (ArmourPiece(name="vest", areas=(Area.CHEST, Area.ABDOMEN)),)),
    "vest-helmet": (
        "Vest + helmet",
        (ArmourPiece(name="vest", areas=(Area.CHEST, Area.ABDOMEN)), ArmourPiece(name="helmet", areas=(Area.HEAD,))),
    ),
    "full": (
        "Full cover",
        (
            ArmourPiece(name="helmet", areas=(Area.HEAD,)),
            ArmourPiece(name="vest", areas=(Area.CHEST, Area.ABDOMEN)),
            ArmourPiece(name="sleeves", areas=(Area.ARMS,)),
            ArmourPiece(name="leggings", areas=(Area.LEGS,)),
        ),
    ),
}


def read_roll(text: str) -> int:
    """Reads a typed d100 roll: ``"50"``, ``" 7 "``, ``"00"`` (= 100).

    :raises RollError: empty, not a number, a range, or outside 1-100; the message names the value.
    """
    if not text.strip():
        raise RollError("shrapnel roll: empty; type the d100 roll (1 to 100) or tap Roll d100")
    try:
        low, high = parse_roll_range(text, 100)
    except NotationError:
        raise RollError(f"shrapnel roll: {text.strip()!r} is not a d100 roll (1 to 100)") from None
    if low != high:
        raise RollError(f"shrapnel roll: {text.strip()!r} is a range; type the one roll the dice show")
    return low


#: What the notation expects where an area is.
AN_AREA = "an area: head, chest, abdomen, legs or arms (or one limb: left arm, right leg…)"
#: The page's field, as it names it.
PIECES_FIELD = "Named pieces"
_EXAMPLE = "e.g. vest: chest + abdomen; helmet: head"


def _refused(text: str, pos: int, expected: str, words: str) -> NotationError:
    """A :class:`NotationError` (kind ``armour pieces``, its place and what was expected kept as
    data) whose message is said in a player's words: the field, the piece, what to type."""
    exc = NotationError("armour pieces", text, pos, expected)
    exc.args = (f"{PIECES_FIELD}: {words}",)
    return exc


def _clip(text: str, most: int = 30) -> str:
    return text if len(text) <= most else text[:most] + "…"


def parse_pieces(text: str) -> tuple[ArmourPiece, ...]:
    """Reads ``vest: chest + abdomen; helmet: head`` (``;`` or new lines between pieces), a
    limb alone as ``left arm`` (SHR-13). The pieces as given (checked, not yet read against
    each other: :func:`~pyengine.shrapnel.armour.fold_armour`).

    :raises NotationError: a piece without ``name:``, or an unknown area (kind ``armour pieces``;
        the message names the piece and what was expected, in a player's words).
    :raises IllegalActionError: two pieces with one name, an area twice in a piece.
    """
    pieces = []
    offset = 0
    for chunk in text.replace("\n", ";").split(";"):
        start = offset
        offset += len(chunk) + 1
        if not chunk.strip():
            continue
        name, colon, areas_text = chunk.partition(":")
        if not colon or not name.strip():
            at = start + len(chunk) - len(chunk.lstrip())
            piece = _clip(chunk.strip())
            why = f"{piece!r} has no name before its ':'" if colon else f"{piece!r} has no ':' after the piece's name"
            raise _refused(text, at, "a piece as name: area + area",
                           f"{why}; write each piece as its name, a colon, then the areas it covers joined by +, {_EXAMPLE}")
        covers = []
        at = start + len(name) + 1
        piece = _clip(name.strip())
        for word in areas_text.split("+"):
            if not word.strip():
                where = "has no areas after its ':'" if not areas_text.strip() else "has a '+' with no area after it"
                raise _refused(text, at + len(word), AN_AREA,
                               f"piece {piece!r} {where}; name the areas it covers: head, chest, abdomen, arms or legs "
                               f"(or one limb: left arm, right leg…), {_EXAMPLE}")
            try:
                covers.append(parse_cover(word))
            except NotationError:
                joined = any(sep in word for sep in (",", " and ", "&"))
                hint = "join areas with + (not a comma or 'and')" if joined else \
                    "an area is head, chest, abdomen, arms or legs, or one limb (left arm, right leg…)"
                raise _refused(text, at + len(word) - len(word.lstrip()), AN_AREA,
                               f"{_clip(word.strip())!r} in piece {piece!r} is not an area; {hint}, {_EXAMPLE}") from None
            at += len(word) + 1
        areas = tuple(c for c in covers if isinstance(c, Area))
        limbs = tuple(c for c in covers if isinstance(c, Limb))
        pieces.append(ArmourPiece(name=name.strip(), areas=areas, limbs=limbs))
    return fold_armour(pieces).named


def format_pieces(pieces: Iterable[ArmourPiece]) -> str:
    """Prints pieces as :func:`parse_pieces` reads them: ``vest: chest + abdomen; helmet: head``,
    ``vambrace: left arm``."""
    return "; ".join(f"{p.name}: {' + '.join(c.value for c in (*p.areas, *p.limbs))}" for p in pieces)


def armour_from_form(covered: Iterable[str | Area], pieces_text: str) -> tuple[ArmourItem, ...]:
    """The armour the page's form describes: the named pieces, then the ticked areas -- read as the
    command line reads ``--piece`` and ``--covered``: a ticked area a named piece covers is that
    piece, any other its own (SHR-11, :func:`~pyengine.shrapnel.armour.fold_armour`).

    :raises NotationError: an unknown area. :raises IllegalActionError: see :func:`parse_pieces`.
    """
    pieces = parse_pieces(pieces_text)
    return (*pieces, *fold_armour((*pieces, *covered)).loose)


def covered_areas(armour: Iterable[ArmourItem]) -> set[Area]:
    """Every area some piece covers."""
    return {area for piece in armour_pieces(armour) for area in piece.areas}
