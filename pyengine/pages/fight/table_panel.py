"""Fight mode's "Open the table" panel (issue 35): the join code for the next player, his answer code read
back, who is at the table, "Close the table".

:class:`TablePanel` is what the glue (``web/app/table.py``) calls; the table itself is
:class:`~pyengine.pages.fight.live.LiveTable` (``page.live``). Each player gets a join code of his own: a
channel (numbered here, made by the glue with ``web/static/peer.js``) whose offer it carries, with a fresh
secret; his answer code is read against the join code shown, and the glue gives its description to that
channel. The panel opens over the fight and shuts in one tap; the table stays open until "Close the table",
and the fight goes on alone whenever the game master likes.

Every event of a channel goes through :meth:`TablePanel.on_event`, which gives a :class:`PanelWire`: what to
draw, what to send (and close), and the spare connections to make. A seated player's phone prepares its way
back (``rejoin``, the host's :class:`~pyengine.live.host.SpareAsked`): the glue opens a spare connection on a
new channel, sets the answer the ticket gives, and hands its offer to :meth:`TablePanel.spare_made`, which
sends it to the player's phone. One spare a seat: a new one lets the seat's last go. A spare that opens is
a channel like any other; the player's hello names his device and the host seats him again (``Returned``).

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
from pyengine.live.host import Out, SpareAsked
from pyengine.pages.fight.by_codes import ByCodes
from pyengine.pages.fight.table_answer import AnswerReading, PanelWire, SpareToMake
from pyengine.pages.fight.table_kept import keep_seats, reopened
from pyengine.pages.scan import CAMERA_ERRORS
from pyengine.pages.view import Update
from pyengine.render.live import code_html, said_lines_html, seats_html, site_html

if TYPE_CHECKING:
    from pyengine.pages.fight import FightPage

#: What the table said that the panel shows (newest first).
SAID_SHOWN = 6


class TablePanel(AnswerReading):
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
        self.spares: dict[int, int] = {}
        """Each seat's spare connection not yet opened: its channel."""
        self.site_shown = False
        """The site's QR code is in the panel: it never changes, so it is drawn once (:meth:`site_drawn`)."""

    @property
    def is_open(self) -> bool:
        return self.live.host is not None

    # -- the panel -----------------------------------------------------------------------------------

    def on_show(self) -> PanelWire:
        """The bar's "Table": the panel over the fight (the table opened the first time), and the channel whose
        offer the glue makes next for the join code (``make`` 0: a code is shown already)."""
        out, channel = Out(), 0
        if not self.is_open:
            out = self._open()
        if self.showing is None:
            channel = self.new_channel()
        update = Update(hidden={"lt-panel": False}, attributes={"fd-table": {"aria-expanded": "true"}}, focus="lt-hide")
        return PanelWire(update | self.drawn() | self._making(channel), out, make=channel)

    def site_drawn(self) -> Update:
        """The site's address as a QR code, drawn once the glue has the QR encoder: the panel is shown
        at once without it (installing the encoder took 2-3 s on a phone, the tap answered by nothing). Nothing
        once it is drawn: each "Table players" tap drew the same code again."""
        if self.site_shown:
            return Update()
        self.site_shown = True
        return Update(html={"lt-site": self._site()})

    def on_control(self, ident: str, kind: str, data: Mapping[str, str], values: Mapping[str, str], ticked: bool = False) -> PanelWire:
        """A control of the panel (``ident``, the event's ``kind``; ``data``: the target's ``data-*``; ``values``:
        the panel's fields; ``ticked``: a tick box's state): "Hide", "Code for the next player", "Use this
        answer code", a seat's "Let in" / "Turn away" / tick, "Offer the results", "Close the table"."""
        if ident == "lt-hide":
            return PanelWire(self.on_hide())
        if ident == "lt-next":
            update, channel, stale = self.on_next()
            return PanelWire(update, Out(closed=stale), make=channel)
        if ident == "lt-use":
            return self.on_typed_code(values)
        if ident == "lt-seats":
            return PanelWire(*(self.on_change(data, ticked) if kind == "change" else self.on_click(data)))
        if ident == "lt-offer":
            return PanelWire(*self.on_offer())
        if ident == "lt-fight":
            return PanelWire(*self.codes.on_situation())
        if ident == "lt-close":
            update, out = self.on_close()
            return PanelWire(self.on_scan(False) | update, out, camera_off=True)
        return PanelWire()

    def _open(self) -> Out:
        return reopened(self.live, self.page.store, self.random_bytes(8).hex(), self.clock)

    def _keep(self) -> None:
        keep_seats(self.live, self.page.store)

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

    # -- the channels --------------------------------------------------------------------------------

    def on_event(self, channel: int, kind: str, detail: bytes | str = "") -> PanelWire:
        """An event of a channel (``web/static/peer.js``'s ``open``, ``message`` with its bytes, ``close``,
        ``state`` with the connection's state, ``error``)."""
        if kind == "open":
            return PanelWire(self.opened(channel))
        if kind == "message" and isinstance(detail, bytes):
            return self.received(channel, detail)
        if kind == "close" or (kind == "state" and detail in ("failed", "closed")):
            self.spares = {seat: c for seat, c in self.spares.items() if c != channel}
            update, out = self.dropped(channel)
            return PanelWire(update, out | Out(closed=[channel]))
        return PanelWire()

    def opened(self, channel: int) -> Update:
        """A player's channel is open: his phone says hello next (a spare's: the phone is coming back)."""
        back = channel in self.spares.values()
        self.spares = {seat: c for seat, c in self.spares.items() if c != channel}
        return Update(text={"lt-status": "A player's phone is coming back by itself." if back else "A player's phone is connected."})

    def received(self, channel: int, data: bytes) -> PanelWire:
        update, out = self.live.received(channel, data)
        seats = self.live.host.seats if self.live.host is not None else {}
        spares = [SpareToMake(e.seat, self.new_channel(), e.answer) for e in out.events if isinstance(e, SpareAsked) and e.seat in seats]
        return PanelWire(update | self.drawn(), out, spares)

    def spare_made(self, seat: int, channel: int, offer: str) -> PanelWire:
        """A seat's spare connection made (``offer``: its SDP text): sent to the seat's phone to keep; the
        seat's earlier spare let go (one a seat: each costs this phone a connection)."""
        host = self.live.host
        if host is None or seat not in host.seats:
            return PanelWire(out=Out(closed=[channel]))
        old = self.spares.get(seat)
        try:
            out = host.spare_made(seat, offer)
        except LiveCodeError as exc:
            self.live.said.append(f"No way back could be made for {host.seats[seat].name}'s phone: {exc}")
            return PanelWire(self.drawn(), Out(closed=[channel]))
        self.spares[seat] = channel
        return PanelWire(out=out | Out(closed=[old] if old is not None else []))

    def dropped(self, channel: int) -> tuple[Update, Out]:
        if not self.is_open:
            return Update(), Out()
        out = self.live.dropped(channel)  # said first, then drawn: the panel says he is away
        return self.drawn(), out

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
        self._keep()
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
        self._keep()
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

    def after_action(self) -> PanelWire:
        """After any action of fight mode while the table is open: what the table shows sent to every
        phone (a round, an undo, a statement, a combatant), and who plays whom drawn again."""
        if not self.is_open:
            return PanelWire()
        out = self.live.sync()  # first: the fight's code drawn is the table as sent
        return PanelWire(self.drawn() | self.codes.redrawn(), out)

    def on_offer(self) -> tuple[Update, Out]:
        """ "Offer the results to the players": each player may write them to his own adventurer."""
        out = self.live.offer_results()
        host = self.live.host
        offered_to = {o.seat for o in host.offers.values()} if host is not None else set()
        by_codes = sum(1 for s in host.seats.values() if s.by_codes and s.seat in offered_to) if host is not None else 0
        offered = [f"{len({s.peer for s in out.sends})} phone(s)"] if out.sends else []
        if by_codes:
            offered.append(f"{by_codes} player(s) by codes, in the fight code")
        said = (
            f"The results were offered to {' and '.join(offered)}." if offered else "No player plays a combatant of this fight: nothing was offered."
        )
        return Update(text={"lt-status": said}) | self.codes.redrawn(), out

    def on_close(self) -> tuple[Update, Out]:
        """ "Close the table": every phone let go; the fight goes on, on this phone alone."""
        out = self.live.close() | Out(closed=list(self.spares.values()))
        self.showing, self.spares = None, {}
        self._keep()  # no one at the table now: nothing kept
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
