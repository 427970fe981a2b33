"""The engine's errors: one base, :class:`RulesError`, and a kind per cause.

Every message names the kind of thing, the offending value (``!r``) and its
context, so the page can show it next to the field it came from, e.g.
``dice notation: unexpected 'x' at 2 in '2Dx6' (expected a number of sides)``.
"""

from __future__ import annotations


class RulesError(ValueError):
    """Base of every error the engine raises on purpose."""


class NotationError(RulesError):
    """Text that is not valid notation (dice, shrapnel effects, roll ranges).

    ``text`` is the whole input, ``pos`` the 0-based offset where reading
    failed, ``expected`` what would have been valid there.
    """

    def __init__(self, kind: str, text: str, pos: int, expected: str) -> None:
        self.kind = kind
        self.text = text
        self.pos = pos
        self.expected = expected
        got = repr(text[pos]) if pos < len(text) else "end of text"
        super().__init__(f"{kind}: unexpected {got} at {pos} in {text!r} (expected {expected})")


class IllegalActionError(RulesError):
    """Well-formed input that the rules forbid in this situation."""


class RollError(RulesError):
    """A die roll that cannot be used: out of the die's range, or none left to take."""


class TableDataError(RulesError):
    """A table file or compiled table that does not fit its schema."""


class ShareLinkError(RulesError):
    """A share link (or its fragment) that cannot be opened; the message says why."""
