"""Equipment lists vs. character sheets, and layered-armour blocking (seed 000).

A separate rule set from RuneQuest: characters and items have bonuses in
columns; an attack arrives with a success level and an attack power. The
modules are named after the seed's rules:

* :mod:`~pyengine.gear.items` -- an item's bonus columns (the equipment list) and the character's bonuses.
* :mod:`~pyengine.gear.sheet` -- "Equipment Lists vs. Character Sheets": the sheet line for an item.
* :mod:`~pyengine.gear.toughness` -- "Toughness" and "Breaking": the damage an item takes, and what breaks.
* :mod:`~pyengine.gear.blocking` -- "Blocking", "Armor" and "Hitting Too Hard": one attack against
  what the character wears and defends with.
* :mod:`~pyengine.gear.organizing` -- "Organizing Armor": split, combine, overlapping pieces.
* :mod:`~pyengine.gear.notation` -- special bonuses (``Stun 2, Bleed 1``) and armour areas
  (``3: leather + chainmail; 2: chainmail``), parser and printer.
* :mod:`~pyengine.gear.inputs` -- reading what a person types on the page, every problem at once.
* :mod:`~pyengine.gear.state` -- the page's state: share links and stored/exported records.
* :mod:`~pyengine.gear.render` -- HTML for the page.
* :mod:`~pyengine.gear.rulings` -- the GEAR-n rulings, one line each.
* :mod:`~pyengine.cli.gear` -- ``python -m pyengine gear line|block``.

Rulings (``GEAR-n``) are in ``docs/rulings.md``; every result's working cites them.
"""
