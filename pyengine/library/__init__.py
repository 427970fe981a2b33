"""The device library: what the app keeps in this browser, by kind and id, never lost.

Pure Python over :class:`pyengine.storage.store.Store` (text by key: ``localStorage`` in the
page, :class:`~pyengine.storage.store.MemoryStore` in tests). It knows no game system: records
are texts; where it must tell whether one reads (an adventurer, a gear list), the page gives
it the reader. Times and new ids come from the caller (``when``/``now`` as ISO text,
``new_id()``). Keys are spelled in :mod:`pyengine.storage.keys`; the formats are in
docs/formats.md, "Device library: versions, fights, parties, templates, backup".

==============  ==========================================================================
``kinds``       the kinds of record (``character``, ``template``, ``party``, ``fight``,
                ``gear``), their keys, and whether any is stored (:func:`has_records`)
``history``     a record's earlier versions as stored: packed (zlib + base64) beside it
``versions``    :func:`save` (the previous version kept; ``expected``: refused over another
                tab's save), :func:`undo`, :func:`redo`, :func:`restore`,
                :func:`read_versions`, :func:`record_keys` (for a save of several)
``writing``     writes that lose nothing when refused; damaged items set aside
``journal``     saves of several keys as one unit: :func:`atomic` journals what each key held,
                :func:`recover` (at a page's start) takes back a save a crash cut short
``records``     one record's text (:func:`record_text`, :func:`read_record`, :func:`put_record`);
                every record of a kind, damaged ones apart (:func:`read_all`); :func:`export_item`
``drafts``      what each page is being typed into, one plain item per page
``damaged``     everything stored that does not read, in one list (:func:`damaged_items`)
``deleted``     deleting with undo: kept aside until put back or 10 deletions later
``fights``      fights kept on the device: :func:`keep_fight` after each change,
                :func:`open_fight` for one set up elsewhere (a party's)
                (:func:`keep_fight_apart` for a tab another tab took fight mode from),
                :func:`list_fights`, :func:`resume`, :func:`rename_fight`,
                :func:`delete_fight` / :func:`undo_delete`
``parties``     a named, ordered group of adventurers; missing or damaged members shown
``templates``   an opponent's quick stat block under a name; :func:`copy_names` (Broo 1–3)
``backup``      one file of everything: :func:`export_backup`, :func:`read_backup` (a key it
                names twice: the last copy taken, the others set aside)
``naming``      a key as the start page names it (:func:`name_of`); keys counted by kind
                (:func:`tally`)
``merge``       importing it: :func:`plan_import` (new / same / changed), :func:`apply_plan`
                with the player's choices, :func:`import_into_empty`
``usage``       characters used by group; what to say of the browser's estimate and
                persistence
==============  ==========================================================================

The package exports nothing: a caller imports each name from its module
(``from pyengine.library.versions import save, undo``), so importing one module imports
only what that module needs.
"""
