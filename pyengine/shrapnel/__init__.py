"""Ballistic Shrapnel critical (seed 001): one d100 roll and a severity strike
one to three areas, and the target's armour decides, area by area, which side
of each is read.

The rules, in the order a result is read:

* :mod:`~pyengine.shrapnel.vocabulary` -- areas, severities, sides, fates.
* :mod:`~pyengine.shrapnel.notation` -- the legend's effect notation, parser and printer.
* :mod:`~pyengine.shrapnel.tables` -- the table schema (``tables/shrapnel/ballistic.toml``).
* :mod:`~pyengine.shrapnel.armour` -- armour pieces and what they cover (a covered area
  inside a named piece is that piece, SHR-11).
* :mod:`~pyengine.shrapnel.resolve` -- the resolver and its result, with its working.

The page's side (never imported by the rules):

* :mod:`~pyengine.shrapnel.inputs` -- what a person types: the roll, named pieces, presets.
* :mod:`~pyengine.shrapnel.state` -- share-link state.
* :mod:`~pyengine.shrapnel.render` -- the table and the result card as HTML.
* :mod:`pyengine.pages.shrapnel` -- the page's controller; :mod:`pyengine.cli.shrapnel` --
  ``python -m pyengine shrapnel``.

The package exports nothing but the table's id: a caller imports each name from its
module::

    from pyengine.shrapnel.resolve import resolve
    result = resolve(table, 78, "C", [ArmourPiece(name="vest", areas=("chest", "abdomen"))])

Rulings (``SHR-n``) are in ``docs/rulings.md``.
"""


#: The table's id (:data:`pyengine.shrapnel.tables.SCHEMAS`).
TABLE_ID = "shrapnel/ballistic"
