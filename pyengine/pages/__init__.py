"""The pages' controllers: each page's state and actions, tested in CPython.

A controller is a plain object. Its constructor takes what the page has when it starts
(tables, the device's storage as a :class:`~pyengine.storage.store.Store`, dice); each user action is
one method that takes what the page's fields hold (a mapping of field id -> text) and
returns an :class:`~.view.Update`, what the page must now show; ``render()`` returns
the HTML of every region the controller draws. The page glue (``web/app/``) only reads
fields, calls a method and writes the :class:`~.view.Update` it gets back.

* :mod:`.view` -- :class:`~.view.Update`, what the glue writes.
* :mod:`.widgets` -- what several pages share about a shareable result (its QR code, an export as a link);
  :mod:`.share_sheet` -- the phone's share sheet's words.
* :mod:`.recent` -- this tab's recent results (the shrapnel page's list).
* :mod:`.recovery` -- a save a crash cut short, taken back as a page starts.
* :mod:`.index` -- the start page (dice roller, saved characters); :mod:`.scan` -- its code scanner;
  :mod:`.start_library` -- its device library (fights, backup, storage), with
  :mod:`.start_parties` (the parties, time passing).
* :mod:`.sheet` -- the sheet page (opening, typing, the sheet drawn), with its parts
  :mod:`.sheet_building` (building the adventurer), :mod:`.sheet_keeping` (the draft, saves,
  undo, files, the link) and :mod:`.sheet_state` (the "Now" card's changes by hand).
* :mod:`.combat` -- the combat page's single exchange, and what both its modes share.
* :mod:`.fight` -- the combat page's fight mode, in parts (roster, templates, statements, rounds,
  sharing, experience, write-back) composed by :class:`~.fight.FightPage`.
* :mod:`.shrapnel` -- the shrapnel page; :mod:`.targets` -- its targets: saved adventurers and the
  fight's fighters, their worn armour as the table's pieces.
* :mod:`.gear` -- the equipment page, with :mod:`.gear_form` (its fields and what an action
  writes), :mod:`.gear_records` (saved lists, files, the link) and :mod:`.gear_draft` (its draft).

Each page module has ``prerender(source)``, the HTML its page shows before Python is up
(``build.py`` fills the page's ``$slots`` with it; ``source`` reads the tables, e.g.
:mod:`pyengine.cli.tables`). The navigation bar every page carries is ``build.py``'s
(``nav_bar``, into ``web/shell.html``'s ``$nav``): plain links, no controller.

Controllers build no HTML: they call renderers, a rule set's ``render`` modules or, for the
pages' own parts, :mod:`pyengine.render`. They import the rule sets (their inputs, states and
renderers) and the device library; no rule set imports a controller.
"""
