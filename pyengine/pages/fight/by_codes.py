"""The live table's panel by codes alone (issue 35: "No shared network at all. The same exchange works by
codes alone: the situation as a code for the players, and a player's statement or dice as a code the game
master scans. The flow slows down; it never stops.").

:class:`ByCodes` sits in the panel (:class:`~pyengine.pages.fight.table_panel.TablePanel`, ``panel.codes``), over
its live table (``page.live``), the site's address and the panel's own drawing of who is at the table:

* **"The fight as a code"** shows the table as one code (:meth:`~pyengine.live.host.Host.situation`: the
  fight's link, the statements, who plays whom, the dice asked of players, what became of the statements
  shown as codes) as a link to the player's page, so the app's scanner and a phone's camera app both open
  it. Once shown it is drawn again after every action of fight mode and every code read, so the code on
  the screen is always the table as it stands. A table too big for one QR code is shown without its
  statements (the players' phones need the fight; each statement is on the game master's screen), and if
  even that is too big the panel says so in words.
* **A player's code**, read by the panel's own camera (the one that reads answer codes: the panel tells
  them apart, a player's code being a share link and an answer code base32) or typed, is handled as his
  channel's message would be (:meth:`~pyengine.pages.fight.live.LiveTable.scanned`): his code to join
  makes a newcomer the game master lets in or turns away; his statement is taken or refused as fight
  mode's own form takes one; his die goes into the round being typed; his answer to the results offered
  (which ride the fight's code) is heard as a channel's. A code not sealed with his seat's key is refused
  ("this code was not made by Ana's phone"). The same code read again at once (a camera keeps seeing it)
  does nothing; read again later, it is not used twice, said in words.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import msgspec

from pyengine.errors import LiveMessageError, RulesError
from pyengine.live import codes
from pyengine.live.host import NotUsed, Out
from pyengine.live.messages import message_link
from pyengine.pages.fight.live import LiveTable
from pyengine.pages.view import Update
from pyengine.render.live import code_html

#: A share link, whole or its fragment: a player's code (an answer code is base32, with no dot).
_LINK = re.compile(r"(^|#)\d{1,9}\.")
SAID = "The fight as a code: each player scans it with Strike Rank's scanner or the phone's camera"


class ByCodes:
    """The fight's code on the panel, and the players' codes its camera reads."""

    def __init__(self, live: LiveTable, site: str, seats_drawn: Callable[[], Update]) -> None:
        self.live = live
        self.site = site
        self.seats_drawn = seats_drawn
        self.showing = False
        """Whether the fight's code is on the panel (it is then drawn again after every change)."""
        self.link = ""
        """The fight's code as last drawn (the link its QR code holds)."""
        self.last = ""
        """The last player's code read: the camera keeps seeing it."""

    def on_situation(self) -> tuple[Update, Out]:
        """ "The fight as a code"."""
        if self.live.host is None:
            return Update(), Out()
        out = self.live.sync()
        self.showing = True
        return self.drawn() | Update(scroll="lt-fight-code"), out

    def redrawn(self) -> Update:
        """After a change: the fight's code drawn again, if it is shown."""
        return self.drawn() if self.showing and self.live.host is not None else Update()

    def closed(self) -> Update:
        """The table closed: no fight's code on the panel."""
        self.showing, self.link, self.last = False, "", ""
        return Update(html={"lt-fight-code": ""})

    def drawn(self) -> Update:
        """The fight's code as the table stands: whole, else without its statements, else why not, in words."""
        host = self.live.host
        if host is None:
            return Update()
        from pyengine import qr  # loaded with the panel's first code

        situation, why = host.situation(), ""
        for attempt in (situation, msgspec.structs.replace(situation, statements={})):
            try:
                link = f"{self.site}{codes.JOIN_PAGE}#{message_link(attempt)}"
                code = qr.encode(link)
            except (LiveMessageError, RulesError) as exc:
                why = str(exc).removeprefix("live table: ").removeprefix("share link: ")
                continue
            self.link = link
            said = SAID if attempt is situation else f"{SAID} (the statements left out: the whole table does not fit one code)"
            typed = f"Revision {situation.revision} of the table, {len(link):,} characters"
            return Update(html={"lt-fight-code": code_html("lt-fight-shown", qr.svg(code, "QR code: the fight"), typed, said, code.describe())})
        self.link = ""
        too_big = f"The fight is too big for one code ({why}): the players follow it on this screen until a network joins the phones."
        return Update(html={"lt-fight-code": ""}, text={"lt-status": too_big})

    def on_code(self, text: str) -> tuple[Update, Out] | None:
        """A code the panel's camera read: a player's, used here; ``None``: not one (an answer code)."""
        text = text.strip()
        if not _LINK.search(text):
            return None
        if text == self.last:
            return Update(), Out()
        self.last = text
        before = len(self.live.said)
        update, out = self.live.scanned(text)
        said = self.live.said[before:]
        refused = next((e.text for e in out.events if isinstance(e, NotUsed)), "")
        update |= Update(errors={"lt-answer": refused}, text={"lt-status": said[-1] if said and not refused else ""})
        return update | self.seats_drawn() | self.redrawn(), out
