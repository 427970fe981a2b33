"""The engine's errors: one base, :class:`RulesError`, and a kind per cause. The whole tree is here.

Every message names the kind of thing, the offending value (``!r``) and its
context, so the page can show it next to the field it came from, e.g.
``dice notation: unexpected 'x' at 2 in '2Dx6' (expected a number of sides)``.

Where an error is about one input, :attr:`RulesError.field` says which, as data: a
path into the inputs as the engine names them (``intents[1].actions[0].target``,
``weapons[0].weapon``, ``characteristics.STR``), or a page's field id
(``att-chance``). A page maps it to its field; nobody parses the message for it.

* :class:`NotationError` -- text that is not valid notation (dice, effects, ranges, ENC).
* :class:`IllegalActionError` -- well-formed input that the rules forbid here.
* :class:`RollError` -- a die roll that cannot be used (:class:`pyengine.dice.NoRollLeft`:
  scripted dice ran out).
* :class:`TableDataError` -- a table that does not fit its schema.
* :class:`ShareLinkError` -- a share link that cannot be opened.
* :class:`RecordError` -- a stored record, export or backup that cannot be read.
* :class:`FieldError` -- a page's field that cannot be used; it can carry several problems.
* :class:`InputFileError` -- a command-line input file that cannot be used.
* :class:`StorageError` -- the device refused to store something (full, or not allowed).
  :class:`HeldBack`: what a newer version's unfinished save names is not written.
* :class:`ConflictError` -- a stored record changed since it was read (another tab saved it).
* :class:`LiveCodeError` -- a live table's join code or answer code that cannot be used.
* :class:`LiveMessageError` -- a message on the live table's channel that cannot be read or sent.
"""

from __future__ import annotations


class RulesError(ValueError):
    """Base of every error the engine raises on purpose.

    ``field``: the input the error is about (a path or a page's field id), ``""`` when
    it is about no one input.
    """

    def __init__(self, message: str = "", *, field: str = "") -> None:
        super().__init__(message)
        self.field = field


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


class RecordError(RulesError):
    """A stored record, export file or backup that cannot be read; the message says why and where."""


class InputFileError(RulesError):
    """A command-line input file that cannot be used (the command exits 2)."""


class StorageError(RulesError):
    """The device would not store something (its storage is full, or the browser refused):
    the message says so, and nothing stored before was overwritten."""


class HeldBack(StorageError):
    """A save refused because a newer version's unfinished save (its journal on the device)
    names what it would write: that save is the newer version's to finish or take back. The
    message says so, and what to do; nothing was written."""


class FieldError(RulesError):
    """A page field that cannot be used: ``field`` is its id; ``problems`` every field's
    (id, message), this one first, when several are wrong at once."""

    def __init__(self, field: str, message: str, *, more: tuple[FieldError, ...] = ()) -> None:
        self.problems: tuple[tuple[str, str], ...] = ((field, message),) + tuple(p for e in more for p in e.problems)
        super().__init__("; ".join(m for _, m in self.problems), field=field)

    @classmethod
    def collect(cls, found: list[FieldError]) -> None:
        """Raises one error carrying every problem found, if any.

        :raises FieldError: ``found`` is not empty.
        """
        problems = [p for e in found for p in e.problems]
        if problems:
            (field, message), *rest = problems
            raise cls(field, message, more=tuple(cls(f, m) for f, m in rest))


class ConflictError(RulesError):
    """A stored record changed since the page read it (another tab saved it): nothing was
    written. ``current`` is what is stored now, so the page can offer to overwrite it or
    to save a copy."""

    def __init__(self, message: str, *, current: str | None = None, field: str = "") -> None:
        super().__init__(message, field=field)
        self.current = current


class LiveCodeError(RulesError):
    """A live table's join code or answer code (scanned, typed or opened as a link) that cannot be
    used, or a browser's session description that cannot become one: the message names the code
    and says what is wrong and what to do, in a player's words."""


class LiveMessageError(RulesError):
    """A message on the live table's channel (or its code) that cannot be read, or sent: too big,
    another version, damaged, or not fitting its kind; the message says which, in words."""
