"""Ballistic Shrapnel critical (seed 001): one d100 roll and a severity strike
one to three areas, and the target's armour decides, area by area, which side
of each is read.

* :mod:`~pyengine.shrapnel.vocabulary` -- areas, severities, sides, fates.
* :mod:`~pyengine.shrapnel.notation` -- the legend's effect notation, parser and printer.
* :mod:`~pyengine.shrapnel.tables` -- the table schema (``tables/shrapnel/ballistic.toml``).
* :mod:`~pyengine.shrapnel.armour` -- armour pieces and what they cover.
* :mod:`~pyengine.shrapnel.resolve` -- the resolver and its result.
* :mod:`~pyengine.shrapnel.render` -- the table and the result card as HTML.
* :mod:`~pyengine.shrapnel.state` -- share-link state.
* :mod:`~pyengine.cli.shrapnel` -- ``python -m pyengine shrapnel``.

Rulings (``SHR-n``) are in ``docs/rulings.md``.
"""

#: The table's id (:data:`pyengine.shrapnel.tables.SCHEMAS`).
TABLE_ID = "shrapnel/ballistic"
