"""The adventurer sheet (seed ch. II and IV): the record a player keeps, and every number
the rules derive from it, each with its working.

The rules, one module each:

* :mod:`.adventurer` -- the record as saved (:class:`Adventurer`: characteristics,
  background, money, weapons and what was gained with them, gear, courses) and its JSON
  (:func:`dump_adventurer`, :func:`load_adventurer`, older formats upgraded).
* :mod:`.characteristics` -- the seven scores, rolled or typed; the human limits; how far
  training may raise them.
* :mod:`.abilities` -- natural abilities; :mod:`.hit_points` -- total and by location;
  :mod:`.damage_bonus` -- by STR and SIZ, half for thrown weapons.
* :mod:`.encumbrance` -- maximum ENC, the cap and the penalties over it;
  :mod:`.equipment` -- gear lines, the ENC carried, buying (:func:`buy`).
* :mod:`.weapons` -- each weapon's and shield's attack, parry, strike rank, damage, and
  whether it can be used; :mod:`.armour` -- armour by location.
* :mod:`.derive` -- the whole sheet from the record (:func:`derive`), every problem at once.
* :mod:`.edits` -- the player's own changes: a weapon added or removed, gear removed,
  armour worn.

The sheet page's faces, which the rules never import: :mod:`.inputs` (text typed on the
page), :mod:`.state` (the share link, :data:`pyengine.runequest.sheet.state.LINK`),
:mod:`.render` (HTML). Training, experience and the background are
:mod:`pyengine.runequest.advancement`; the tables' schemas :mod:`pyengine.runequest.tables`;
the page itself :mod:`pyengine.pages.sheet`.

The package exports nothing: a caller imports each name from its module
(``from pyengine.runequest.sheet.derive import derive``), so importing one module of the
sheet does not import them all.
"""
