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

The rule set's API is exported here, each name imported when first used (so importing
this package costs nothing)::

    from pyengine.shrapnel import resolve_critical
    result = resolve_critical(table, 78, "C", [ArmourPiece(name="vest", areas=("chest", "abdomen"))])

(``resolve_critical`` is :func:`pyengine.shrapnel.resolve.resolve`: the name ``resolve``
is its module's.) Rulings (``SHR-n``) are in ``docs/rulings.md``.
"""

from pyengine.lazy import lazy_api

#: The table's id (:data:`pyengine.shrapnel.tables.SCHEMAS`).
TABLE_ID = "shrapnel/ballistic"

#: Each module of the API and the names it gives, under their own names.
_NAMES: dict[str, tuple[str, ...]] = {
    "resolve": ("check_roll", "ShrapnelResult", "AreaStruck", "Totals", "BreakageCheck"),
    "armour": ("ArmourPiece", "ArmourItem", "armour_pieces", "fold_armour"),
    "vocabulary": ("Area", "Severity", "Side", "Fate", "parse_area", "parse_severity"),
    "tables": ("ShrapnelTable", "StatedEffect"),
    "notation": ("parse_effects", "format_effects"),
}
#: Public name -> its module in this package (``module:name`` where the name there differs).
_API: dict[str, str] = {name: module for module, names in _NAMES.items() for name in names} | {
    "resolve_critical": "resolve:resolve",  # ``resolve`` is its module's name
}

__all__ = ["TABLE_ID", *_API]
__getattr__, __dir__ = lazy_api(__name__, _API)
