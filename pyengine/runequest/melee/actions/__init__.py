"""What each kind of action is in a round, one handler module per kind (seed ch. III-IV).

* :mod:`.strike` — a melee blow (``attack``) and a missile shot (``shoot``); :mod:`.blow`
  lands a blow's harm once its instant is rolled;
* :mod:`.ready` — drawing, changing or readying a weapon; picking one up in the melee; sheathing one;
* :mod:`.move` — moving and dodging (and the harm a weapon stuck in him does then);
* :mod:`.spell` — spells, and Healing;
* :mod:`.grapple` — holding, immobilising, throwing;
* :mod:`.impale` — pulling one's weapon free of a foe, pulling a weapon out of oneself,
  working a weapon free when left alone.

Each module's ``HANDLERS`` maps its action types to a :class:`~.base.Handler`: what the
round does with the action, how it is timed, what is checked in a statement, how it
reads, whether it carries into the next round. :data:`HANDLERS` is all of them: the
round, the timing, the checks and the defaults look the handler up by the action's type.
"""

from __future__ import annotations

from pyengine.runequest.melee.actions import grapple, impale, move, ready, spell, strike
from pyengine.runequest.melee.actions.base import Handler

#: Every action type's handler.
HANDLERS: dict[type, Handler] = {
    **strike.HANDLERS,
    **ready.HANDLERS,
    **move.HANDLERS,
    **spell.HANDLERS,
    **grapple.HANDLERS,
    **impale.HANDLERS,
}
