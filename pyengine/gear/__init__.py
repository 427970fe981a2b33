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
* :mod:`~pyengine.gear.rulings` -- the GEAR-n rulings, one line each.

The page's side (never imported by the rules):

* :mod:`~pyengine.gear.inputs` -- reading what a person types on the page, every problem at once.
* :mod:`~pyengine.gear.state` -- the page's state: share links and stored/exported records.
* :mod:`~pyengine.gear.render` -- HTML for the page; :mod:`~pyengine.gear.example` -- the list it starts with.
* :mod:`pyengine.pages.gear` -- the page's controller; :mod:`pyengine.cli.gear` --
  ``python -m pyengine gear line|block``.

The package exports nothing: a caller imports each name from the module that defines it
(``from pyengine.gear.blocking import Attack, resolve_block``), so importing one module
imports only what that module needs.

Rulings (``GEAR-n``) are in ``docs/rulings.md``; every result's working cites them, as
data (:attr:`pyengine.working.Step.rulings`) and in its text.
"""
