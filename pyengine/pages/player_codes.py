"""The player's page by codes alone (issue 35: "No shared network at all"): the fight followed, and a
player's statements and dice given, with no channel to the game master's phone.

:class:`PlayerCodes` is what the glue (``web/app/player.py``) calls over the page's
:class:`~pyengine.pages.player_table.PlayerTable`. How it goes, and why:

* **The fight's code** (``situation``, shown by the game master's panel) comes by the page's address:
  the app's scanner opens it (``./player.html#1.…``, with no reload on this page) as the phone's camera
  app does. It is read as a channel's messages would have been (:meth:`~pyengine.live.guest.Guest.take_situation`):
  the fight drawn as the game master's phone draws it, the seat found by the player's name, the dice asked
  of him, what became of his statements. The address is then put back (``./player.html``), so a reload
  shows the table kept and the same code can be scanned again. A code older than what the phone shows
  changes nothing.
* **Joining**: with no channel the answer code of the WebRTC join would never connect, so a player who
  read the fight's code says his name and shows his **code to join** (his ``hello``, naming the table);
  the game master's "Let in" works on that scanned code alone, and the seat then lives by codes. That code
  carries a fresh random key (the page's injected ``random_bytes``), kept on both phones and never in
  the fight's code.
* **Acting**: what the page would send on a channel (a statement, a die, a write-back's "Confirm",
  "Cancel" or "Undo") becomes **a code to show the game master** (``shown``: the table, his seat, the
  message, sealed with the key his code to join carried: :mod:`pyengine.live.seal`), in the same region as
  the answer code. The results offered to him ride the fight's code.
* **Turned away**: the next fight's code says so (only his phone can tell it is he), and the page says
  "The game master did not let you in" instead of asking again for his code to join.

The phone keeps what it does on a channel (its device id, the player's name, the last whole state) and its key, so a
reload shows the fight at once.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from pyengine.errors import LiveMessageError, RulesError
from pyengine.live.guest import Guest
from pyengine.live.messages import Situation, read_message_link
from pyengine.pages.player_table import PlayerTable
from pyengine.pages.view import Update
from pyengine.render.live import code_html

#: A share link's fragment (``#1.…``): the page's address holds a code of the table, not a join code.
_LINK = re.compile(r"^#?\d{1,9}\.")
#: What the code the player shows says.
SHOW = "Show this to the game master: his phone scans it"


class PlayerCodes:
    """The player's page when it follows the table by codes."""

    def __init__(self, table: PlayerTable) -> None:
        self.table = table
        self.page = table.page

    @staticmethod
    def is_code(fragment: str) -> bool:
        """Whether the page's address (its ``#…``) holds a code of the table (a share link), which
        :meth:`on_link` reads (:meth:`PlayerTable.open` has drawn the table kept first)."""
        return bool(_LINK.match(fragment))

    def on_link(self, fragment: str) -> Update:
        """The fight's code, as the page's address holds it (scanned, or opened from the camera app)."""
        try:
            situation = read_message_link(fragment)
        except LiveMessageError as exc:
            return Update(notices={"pl-error": f"This code cannot be read: {str(exc).removeprefix('live table: ')}"})
        if not isinstance(situation, Situation):
            return Update(notices={"pl-error": "This code is not the game master's fight code: scan the one his phone shows"})
        page, table = self.page, self.table
        if page.guest is None:  # the name comes when he joins; the device id is new
            page.guest = Guest(page.new_id() if page.new_id is not None else _device(), "", random_bytes=page.random_bytes)
        update = page.took(page.guest.take_situation(situation))
        table.channel = "codes"
        update |= table.answered()
        seated = page.guest.status == "seated"
        shut = Update(hidden={"scan-box": True, "scan-open": False}, text={"scan-status": ""})  # the scanner, its code read
        shown = Update(notices={"pl-error": ""}, hidden={"pl-named": seated, "pl-hello": False, "pl-make": True}, html={"pl-answer": ""})
        return update | shown | shut | Update(address="./player.html")

    def on_join(self, values: Mapping[str, str]) -> Update:
        """ "Make my code to join": his name kept, and his hello shown as a code for the game master."""
        update, _ = self.page.join(values.get("pl-name", ""))
        guest = self.page.guest
        if update.errors or guest is None:
            return update
        try:
            text = guest.join_code()
        except LiveMessageError as exc:
            return update | Update(notices={"pl-said": str(exc).removeprefix("live table: ")})
        return update | Update(errors={"pl-name": ""}) | self._code(text) | Update(text={"pl-status": self.table.status()})

    def shown(self, frames: Sequence[bytes]) -> Update:
        """What the page would send with no channel open: each statement or die as a code to show."""
        guest = self.page.guest
        if guest is None or not frames:
            return Update()
        try:
            said = Update(notices={"pl-said": "No network: not sent. Show the code below to the game master; his phone scans it."})
            return said | self._code(guest.as_code(frames[-1]))
        except LiveMessageError as exc:
            return Update(notices={"pl-said": f"Not sent: {str(exc).removeprefix('live table: ')}"})

    def _code(self, text: str) -> Update:
        from pyengine import qr  # the QR encoder loads with the first code shown, not as the page starts

        try:
            code = qr.encode(text)
        except RulesError as exc:
            return Update(notices={"pl-said": f"The code cannot be drawn: {exc}"})
        html = code_html("pl-code-shown", qr.svg(code, "QR code: for the game master"), text, SHOW, code.describe())
        return Update(html={"pl-answer": html}, scroll="pl-answer")


def _device() -> str:
    import os  # a new device id, as PlayerPage.join makes one

    return os.urandom(12).hex()
