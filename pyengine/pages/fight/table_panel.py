"""Fight mode's "Open the table" panel (issue 35): the join code for the next player, his answer code read
back, who is at the table, "Close the table".

:class:`TablePanel` is what the glue (``web/app/table.py``) calls; the table itself is
:class:`~pyengine.pages.fight.live.LiveTable` (``page.live``). Each player gets a join code of his own: a
channel (numbered here, made by the glue with ``web/static/peer.js``) whose offer it carries, with a fresh
secret; his answer code is read against the join code shown, and the glue gives its description to that
channel. The panel opens over the fight and shuts in one tap; the table stays open until "Close the table",
and the fight goes on alone whenever the game master likes.

Regions: ``lt-panel`` (the panel, shown or hidden), ``lt-code`` (the join code), ``lt-site`` (the site's
address as a code), ``lt-seats`` (who is at the table), ``lt-said`` (what the table said lately),
``lt-answer`` (the answer code typed; its error), ``lt-status``, ``fd-table`` (the bar's button), and by codes
alone (:class:`~pyengine.pages.fight.by_codes.ByCodes`, ``panel.codes``) ``lt-fight-code`` (the fight as a code).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from pyengine.errors import LiveCodeError, RulesError
from pyengine.live import codes, sdp
from pyengine.live.codes import JoinCode
from pyengine.live.host import Out
from pyengine.pages.fight.by_codes import ByCodes
from pyengine.pages.scan import CAMERA_ERRORS
from pyengine.pages.view import Update
from pyengine.render.live import code_html, said_lines_html, seats_html, site_html

if TYPE_CHECKING:
    from pyengine.pages.fight import FightPage

#: What the table said that the panel shows (newest first).
SAID_SHOWN = 6


class TablePanel:
    """The live table's panel on the game master's phone.

    ``clock``: seconds (for the rate limits); ``random_bytes(n)``: the secrets and the table's id; ``site``:
    the page's address (the join link and the site's code are made from it)."""

    def __init__(self, page: FightPage, clock: Callable[[], float], random_bytes: Callable[[int], bytes], site: str) -> None:
        self.page = page
        self.live = page.live
        self.clock = clock
        self.random_bytes = random_bytes
        self.site = codes.site_base(site)
        self.channels = 0
        """Channels numbered so far (each player's join code has one)."""
        self.showing: tuple[int, JoinCode] | None = None
        """The channel whose join code is shown, and the code: an answer is read against it."""
        self.answered: set[int] = set()
        self.refused = ""
        """The last answer code refused (a camera keeps seeing it: said once)."""
        self.codes = ByCodes(self.live, self.site, self.drawn)
        """The table by codes alone: the fight as a code, the players' codes read."""

    @property
    def is_open(self) -> bool:
        return self.live.host is not None

    # -- the panel -----------------------------------------------------------------------------------

    def on_show(self) -> tuple[Update, Out, int]:
        """The bar's "Table": the panel over the fight. The first time the table opens: the channel whose
        offer the glue makes next (0: a code is shown already)."""
        out, channel = Out(), 0
        if not self.is_open:
            out = self.live.open(self.random_bytes(8).hex(), self.clock)
        if self.showing is None:
            channel = self.new_channel()
        update = Update(
            hidden={"lt-panel": False}, attributes={"fd-table": {"aria-expanded": "true"}}, focus="lt-hide", html={"lt-site": self._site()}
        )
        return update | self.drawn() | self._making(channel), out, channel

    def on_hide(self) -> Update:
        """The panel shut (the table stays open): the fight on the screen."""
        return Update(hidden={"lt-panel": True}, attributes={"fd-table": {"aria-expanded": "false"}}, focus="fd-table")

    def new_channel(self) -> int:
        """A channel of its own for the next player's join code (the glue makes its offer)."""
        self.channels += 1
        return self.channels

    def on_next(self) -> tuple[Update, int, list[int]]:
        """ "Code for the next player": a new channel, and the one whose code was shown unanswered, let go."""
        if not self.is_open:
            return Update(), 0, []
        stale = [self.showing[0]] if self.showing is not None else []
        self.showing = None
        channel = self.new_channel()
        return self._making(channel), channel, stale

    def on_scan(self, on: bool, error: str = "") -> Update:
        """The answer scanner's camera started (``on``) or stopped; ``error``: the browser's error name."""
        if error:
            why = CAMERA_ERRORS.get(error, f"The camera could not start ({error})")
            return Update(
                hidden={"lt-video": True, "lt-scan-stop": True, "lt-scan": False}, errors={"lt-answer": f"{why}; type the answer code instead"}
            )
        return Update(hidden={"lt-video": not on, "lt-scan-stop": not on, "lt-scan": on})

    def _making(self, channel: int) -> Update:
        if not channel:
            return Update()
        return Update(html={"lt-code": ""}, text={"lt-status": "Making a join code\u2026"})

    def offer_made(self, channel: int, description: str) -> Update:
        """The channel's offer (its SDP text) made: its join code shown, a fresh secret in it."""
        try:
            join = codes.make_join(sdp.from_sdp(description), self.random_bytes)
        except LiveCodeError as exc:
            return Update(text={"lt-status": f"No join code could be made on this phone: {exc}"})
        self.showing, self.refused = (channel, join), ""
        from pyengine import qr  # the QR encoder loads with the first join code, not with fight mode

        link = codes.join_link(join, self.site)
        try:
            code = qr.encode(link)
        except RulesError as exc:
            return Update(text={"lt-status": f"The join code cannot be drawn: {exc}"})
        said = "Join code: a player scans it with Strike Rank's scanner or the phone's camera"
        html = code_html("lt-join", qr.svg(code, "QR code: the join code"), codes.join_typed(join), said, code.describe())
        return Update(
            html={"lt-code": html},
            text={"lt-status": "Show the join code to one player; then scan the answer code his phone shows."},
            errors={"lt-answer": ""},
        )

    def _site(self) -> str:
        from pyengine import qr  # the QR encoder loads when the table opens, not with fight mode

        return site_html(qr.svg(qr.encode(self.site), "QR code: the site's address"), self.site)

    # -- the answer --------------------------------------------------------------------------------

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

    def on_typed(self, values: Mapping[str, str]) -> tuple[Update, int, str]:
        """ "Use this answer code" with the code typed in ``lt-answer``."""
        self.refused = ""
        return self.on_answer(values.get("lt-answer", ""))

    # -- the channels --------------------------------------------------------------------------------

    def opened(self, channel: int) -> Update:
        """A player's channel is open: his phone says hello next."""
        return Update(text={"lt-status": "A player's phone is connected."})

    def received(self, channel: int, data: bytes) -> tuple[Update, Out]:
        update, out = self.live.received(channel, data)
        return update | self.drawn(), out

    def dropped(self, channel: int) -> tuple[Update, Out]:
        if not self.is_open:
            return Update(), Out()
        return self.drawn(), self.live.dropped(channel)

    # -- who is at the table -------------------------------------------------------------------------

    def on_click(self, data: Mapping[str, str]) -> tuple[Update, Out]:
        """A button of the panel: "Let in" (``data-admit``), "Turn away" (``data-away``)."""
        host = self.live.host
        if host is None:
            return Update(), Out()
        if _number(data.get("admit", "")):  # a newcomer by code is numbered below 0
            channel = int(data["admit"])
            wants = next((w for c, _, w in host.waiting() if c == channel), ())
            out = self.live.admit(channel, wants)
        elif _number(data.get("away", "")):
            out = self.live.turn_away(int(data["away"]))
        else:
            return Update(), Out()
        return self.drawn() | self.codes.redrawn(), out

    def on_change(self, data: Mapping[str, str], ticked: bool) -> tuple[Update, Out]:
        """A seat's tick changed (``data-seat``, ``data-who``): he plays that combatant, or no longer."""
        host = self.live.host
        seat = int(data["seat"]) if data.get("seat", "").isdigit() else 0
        if host is None or seat not in host.seats:
            return Update(), Out()
        who = [n for n in host.seats[seat].who if n != data.get("who")]
        if ticked:
            who.append(data.get("who", ""))
        out = self.live.assign(seat, who)
        return self.drawn() | self.codes.redrawn(), out

    def drawn(self) -> Update:
        """Who is at the table, and what it said lately."""
        host = self.live.host
        if host is None:
            return Update(html={"lt-seats": "", "lt-said": ""})
        fight = self.page.core.fight
        names = [c.name for c in fight.combatants] if fight is not None else []
        kept = sorted(host.seats.values(), key=lambda s: s.seat)
        seats = [(s.seat, s.name, "codes" if s.by_codes else s.peer is not None, tuple(s.who)) for s in kept]
        return Update(
            html={"lt-seats": seats_html(seats, host.waiting(), names), "lt-said": said_lines_html(self.live.said[-SAID_SHOWN:])},
            disabled={"lt-offer": not self.page.core.results},
        )

    def after_action(self) -> tuple[Update, Out]:
        """After any action of fight mode while the table is open: what the table shows sent to every
        phone (a round, an undo, a statement, a combatant), and who plays whom drawn again."""
        if not self.is_open:
            return Update(), Out()
        out = self.live.sync()
        return self.drawn() | self.codes.redrawn(), out

    def on_offer(self) -> tuple[Update, Out]:
        """ "Offer the results to the players": each player may write them to his own adventurer."""
        out = self.live.offer_results()
        said = (
            f"The results were offered to {len({s.peer for s in out.sends})} phone(s)."
            if out.sends
            else ("No player plays a combatant of this fight: nothing was offered.")
        )
        return Update(text={"lt-status": said}), out

    def on_close(self) -> tuple[Update, Out]:
        """ "Close the table": every phone let go; the fight goes on, on this phone alone."""
        out = self.live.close()
        self.showing = None
        update = self.codes.closed() | Update(
            hidden={"lt-panel": True},
            html={"lt-code": "", "lt-seats": "", "lt-said": ""},
            text={"lt-status": "The table is closed; the fight goes on on this phone."},
            attributes={"fd-table": {"aria-expanded": "false"}},
            focus="fd-table",
        )
        return update, out


def _number(text: str) -> bool:
    """Whether a button's ``data-…`` names a channel or a newcomer by code (``-1``)."""
    return text.removeprefix("-").isdigit()
