"""Share-link state for a shrapnel result: the inputs, never the result or its HTML.

A link carries ``{"roll", "severity", "covered", "pieces"}`` and, since version 2, a piece's
``limbs`` (armour on one arm or one leg, SHR-13) and the ``target``'s name (kind ``shrapnel``);
opening it resolves again, so it replays exactly. The envelope (kind, version, compression,
base64url), and refusing another kind or a newer version, are :mod:`pyengine.share`'s (:data:`LINK`).

Version history: 1 -- first version. 2 -- a piece's ``limbs``, the ``target``, each
written only when there is one (so a state with neither is version 1's data); version 1 links
open as they did.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Any

import msgspec

from pyengine.errors import RulesError, ShareLinkError
from pyengine.share import LinkKind
from pyengine.shrapnel.armour import ArmourItem, ArmourPiece, armour_pieces, fold_armour
from pyengine.shrapnel.resolve import check_roll
from pyengine.shrapnel.vocabulary import Area, Severity, parse_severity
from pyengine.tables import Record
from pyengine.validation import explain, shown

KIND = "shrapnel"
VERSION = 2
#: The longest target name a link carries.
MAX_TARGET = 80


class ShrapnelState(Record):
    """The inputs of one shrapnel result, as a link carries them."""

    roll: Annotated[int, msgspec.Meta(ge=1, le=100)]
    severity: Severity
    covered: Annotated[tuple[Area, ...], msgspec.Meta(max_length=5)] = ()
    """Areas covered, each its own piece (named after the area) unless a named piece covers it (SHR-11)."""
    pieces: Annotated[tuple[ArmourPiece, ...], msgspec.Meta(max_length=20)] = ()
    """Named pieces, each covering one or more areas, or one limb (SHR-13, version 2)."""
    target: Annotated[str, msgspec.Meta(max_length=MAX_TARGET)] = ""
    """Who the pattern found, as the page named them (a saved adventurer, a fighter; version 2)."""

    def armour(self) -> tuple[ArmourItem, ...]:
        """The armour to resolve against, as given: the covered areas, then the named pieces
        (a piece on one limb keeps it, for the resolver's working, SHR-13)."""
        return (*self.covered, *self.pieces)


def to_state(
    roll: int, severity: Severity | str, armour: Iterable[ArmourItem] | ArmourItem | None = (), *, target: str = ""
) -> dict[str, Any]:
    """The link state for these inputs, checked as :func:`~pyengine.shrapnel.resolve.resolve` checks them.

    Bare areas (or area names) go to ``covered``, pieces to ``pieces``; an area a named piece
    covers is that piece's, and left out (SHR-11). ``target``: who it is, cut to
    :data:`MAX_TARGET` characters; left out when there is none.

    :raises RulesError: the same errors as resolving these inputs would raise.
    """
    roll = check_roll(roll)
    severity = parse_severity(severity)
    folded = fold_armour(armour)  # the same checks the resolver makes
    target = target_name(target)
    state = ShrapnelState(roll=roll, severity=severity, covered=folded.loose, pieces=folded.named, target=target)
    data: dict[str, Any] = msgspec.json.decode(msgspec.json.encode(state))
    if not target:
        del data["target"]  # as version 1 wrote it
    return data


def target_name(text: str) -> str:
    """A target's name as a link carries it: spaces as one, at most :data:`MAX_TARGET` characters."""
    return " ".join(text.split())[:MAX_TARGET].strip()


def from_state(data: object, *, version: int = VERSION) -> ShrapnelState:
    """Reads a link's state (of ``version``, which :data:`LINK` has checked) back into checked inputs.

    :raises ShareLinkError: a state that is not valid input; the message names the field
        and the value found there.
    """
    try:
        state = msgspec.convert(data, type=ShrapnelState)
        for n, piece in enumerate(state.pieces):
            if not piece.areas and not piece.limbs:
                raise RulesError(f"piece {n + 1} ({shown(piece.name, 24)}) covers no area: it needs one or more areas, or limbs")
        armour_pieces(state.armour())
    except msgspec.ValidationError as exc:
        raise ShareLinkError(f"shrapnel link: {explain(exc, data)}") from None
    except RulesError as exc:
        raise ShareLinkError(f"shrapnel link: {exc}") from None
    if version < 2 and (state.target or any(piece.limbs for piece in state.pieces)):
        added = "target" if state.target else "a piece's limbs"
        raise ShareLinkError(f"shrapnel link: version 1 has no {added} (they came with version 2)")
    return state


#: A shrapnel result's share link.
LINK = LinkKind(KIND, VERSION, lambda data, version: from_state(data, version=version))
