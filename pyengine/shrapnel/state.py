"""Share-link state for a shrapnel result: the inputs, never the result or its HTML.

A link carries ``{"roll", "severity", "covered", "pieces"}`` (kind ``shrapnel``,
state version 1); opening it resolves again, so it replays exactly. The
envelope (kind, version, compression, base64url), and refusing another kind or a newer
version, are :mod:`pyengine.share`'s (:data:`LINK`).

Version history: 1 -- first version.
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
from pyengine.validation import explain

KIND = "shrapnel"
VERSION = 1


class ShrapnelState(Record):
    """The inputs of one shrapnel result, as a link carries them."""

    roll: Annotated[int, msgspec.Meta(ge=1, le=100)]
    severity: Severity
    covered: Annotated[tuple[Area, ...], msgspec.Meta(max_length=5)] = ()
    """Areas covered, each its own piece (named after the area) unless a named piece covers it (SHR-11)."""
    pieces: Annotated[tuple[ArmourPiece, ...], msgspec.Meta(max_length=20)] = ()
    """Named pieces, each covering one or more areas."""

    def armour(self) -> tuple[ArmourPiece, ...]:
        """The armour to resolve against: the covered areas' pieces, then the named pieces."""
        return armour_pieces((*self.covered, *self.pieces))


def to_state(
    roll: int, severity: Severity | str, armour: Iterable[ArmourItem] | ArmourItem | None = ()
) -> dict[str, Any]:
    """The link state for these inputs, checked as :func:`~pyengine.shrapnel.resolve.resolve` checks them.

    Bare areas (or area names) go to ``covered``, pieces to ``pieces``; an area a named piece
    covers is that piece's, and left out (SHR-11).

    :raises RulesError: the same errors as resolving these inputs would raise.
    """
    roll = check_roll(roll)
    severity = parse_severity(severity)
    folded = fold_armour(armour)  # the same checks the resolver makes
    state = ShrapnelState(roll=roll, severity=severity, covered=folded.loose, pieces=folded.named)
    data: dict[str, Any] = msgspec.json.decode(msgspec.json.encode(state))
    return data


def from_state(data: object, *, version: int = VERSION) -> ShrapnelState:
    """Reads a link's state (of ``version``, which :data:`LINK` has checked) back into checked inputs.

    :raises ShareLinkError: a state that is not valid input; the message names the field
        and the value found there.
    """
    try:
        state = msgspec.convert(data, type=ShrapnelState)
        state.armour()
    except msgspec.ValidationError as exc:
        raise ShareLinkError(f"shrapnel link: {explain(exc, data, limit=None)}") from None
    except RulesError as exc:
        raise ShareLinkError(f"shrapnel link: {exc}") from None
    return state


#: A shrapnel result's share link.
LINK = LinkKind(KIND, VERSION, lambda data, version: from_state(data, version=version))
