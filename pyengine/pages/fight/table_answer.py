"""The live table's panel, its codes read (:class:`AnswerReading`, a part of
:class:`~pyengine.pages.fight.table_panel.TablePanel`): the answer code a player's phone shows, scanned or
typed, read against the join code shown; or, by codes alone, a player's own code (statement, die, answer,
code to join), handed to :class:`~pyengine.pages.fight.by_codes.ByCodes`. And what the panel's events give
its glue (:class:`PanelWire`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from pyengine.errors import LiveCodeError
from pyengine.live import codes, sdp
from pyengine.live.codes import JoinCode
from pyengine.live.host import Out
from pyengine.pages.fight.by_codes import ByCodes
from pyengine.pages.view import Update

#: The name of the field a player's code is typed in (``lt-answer``), as its errors say it.
TYPED = "The player's code"


@dataclass(frozen=True)
class SpareToMake:
    """A spare connection for ``seat``'s phone, on ``channel``: the glue makes its offer, sets ``answer``
    (SDP text) as its answer, and gives the offer to :meth:`TablePanel.spare_made`."""

    seat: int
    channel: int
    answer: str


@dataclass
class PanelWire:
    """What an event of the panel gives its glue: what to draw, what to send and close, spares to make."""

    update: Update = field(default_factory=Update)
    out: Out = field(default_factory=Out)
    spares: list[SpareToMake] = field(default_factory=list)
    make: int = 0
    """A channel whose offer to make, for the join code shown next (:meth:`TablePanel.offer_made`)."""
    accept: tuple[int, str] | None = None
    """An answer code read: the channel and the description it gives it (the camera stops)."""
    camera_off: bool = False


class AnswerReading:
    """The codes the panel's camera or its field give: a player's code first, else his answer code."""

    showing: tuple[int, JoinCode] | None
    """The channel whose join code is shown, and the code: an answer is read against it."""
    refused: str
    """The last answer code refused (a camera keeps seeing it: said once)."""
    answered: set[int]
    codes: ByCodes

    def on_code_read(self, text: str) -> PanelWire:
        """The panel's camera read a code: a player's code (the table by codes alone), else his answer code."""
        said = self.codes.on_code(text)
        if said is not None:
            return PanelWire(*said)
        return self._answer_read(self.on_answer(text))

    @staticmethod
    def _answer_read(read: tuple[Update, int, str]) -> PanelWire:
        update, channel, description = read
        return PanelWire(update, accept=(channel, description) if channel else None)

    def on_answer(self, text: str) -> tuple[Update, int, str]:
        """An answer code scanned or typed: the channel to give it to and its description (0, ``""``:
        refused, and why is said once)."""
        if self.showing is None:
            if text == self.refused:
                return Update(), 0, ""
            return Update(errors={"lt-answer": "Show a join code first (Code for the next player)"}), 0, ""
        channel, join = self.showing
        if text == self.refused:  # a camera keeps seeing the code it read
            return Update(), 0, ""
        try:
            answer = codes.read_answer(text, join)
        except LiveCodeError as exc:
            self.refused = text
            return Update(errors={"lt-answer": str(exc)}), 0, ""
        self.showing, self.refused = None, text
        self.answered.add(channel)
        update = Update(
            errors={"lt-answer": ""},
            values={"lt-answer": ""},
            html={"lt-code": ""},
            text={"lt-status": "Answer code read: connecting to the player's phone\u2026"},
        )
        return update, channel, sdp.to_sdp(answer.session)

    def on_typed_code(self, values: Mapping[str, str]) -> PanelWire:
        """ "Use this code" with the text typed in ``lt-answer``: a player's code (the table by codes alone) used
        as the camera uses it, else his answer code; neither: refused, naming the field."""
        text = values.get("lt-answer", "")
        self.codes.last = ""  # typed: used even if the camera read the same code last
        said = self.codes.on_code(text)
        if said is not None:
            update, out = said
            if not update.errors.get("lt-answer"):
                update |= Update(values={"lt-answer": ""})
            return PanelWire(update, out)
        update, channel, description = self.on_typed(values)
        why = update.errors.get("lt-answer", "")
        if why:
            why = why[0].lower() + why[1:]
            update |= Update(errors={"lt-answer": f"{TYPED}: this is neither an answer code nor a code his phone shows ({why})"})
        return self._answer_read((update, channel, description))

    def on_typed(self, values: Mapping[str, str]) -> tuple[Update, int, str]:
        """ "Use this answer code" with the code typed in ``lt-answer``."""
        self.refused = ""
        return self.on_answer(values.get("lt-answer", ""))
