"""The sheet page's "Now" card: a saved adventurer's current state against his maxima, the
changes by hand, time passing, and what undo would undo.

Every number comes from :mod:`pyengine.runequest.campaign`; the card is drawn by
:mod:`pyengine.render.sheet_state`. :data:`FIELDS` says, for each action, which of the
card's fields an engine error's ``field`` is shown beside and what the card calls it.
"""

from __future__ import annotations

from pyengine.render.sheet_state import weapon_name

__all__ = ["BUTTONS", "FIELDS", "said_as", "weapon_name"]

#: Each action of the card (its button id) -> {engine field: (the card's field id, its label)}.
FIELDS: dict[str, dict[str, tuple[str, str]]] = {
    "sheet-take-damage": {"points": ("state-dmg-points", "points"), "location": ("state-dmg-location", "location"),
                          "cause": ("state-dmg-cause", "cause")},
    "sheet-heal": {"points": ("state-heal-points", "points healed"), "how": ("state-heal-how", "healing"),
                   "location": ("state-heal-location", "where")},
    "sheet-set-ammo": {"weapon": ("state-ammo-weapon", "missile weapon"), "count": ("state-ammo-count",
                                                                                    "missiles left")},
    "sheet-damage-weapon": {"weapon": ("state-wpn-weapon", "weapon"), "points": ("state-wpn-points", "damage")},
    "sheet-repair-weapon": {"weapon": ("state-wpn-weapon", "weapon")},
    "sheet-spend": {"lunars": ("state-spend-lunars", "Lunars"), "what": ("state-spend-what", "spent on"),
                    "source": ("state-spend-source", "from")},
    "sheet-time-passes": {k: ("state-days", "days") for k in ("days", "rounds", "turns", "weeks")},
}
#: The card's buttons (disabled on a sheet opened read-only from a link).
BUTTONS = ("sheet-undo", *FIELDS, "sheet-a-week")


def said_as(message: str, field: str, label: str) -> str:
    """An engine message (``points: …``) as the card names the field (``damage: …``)."""
    if label and message.startswith(f"{field}:"):
        return label + message[len(field):]
    return message
