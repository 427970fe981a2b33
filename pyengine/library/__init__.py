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
``backup``      one file of everything: :func:`export_backup`, :func:`read_backup`
``merge``       importing it: :func:`plan_import` (new / same / changed), :func:`apply_plan`
                with the player's choices, :func:`import_into_empty`
``usage``       characters used by group; what to say of the browser's estimate and
                persistence
==============  ==========================================================================

The API is here, each name imported when first used::

    from pyengine.library import save, undo, list_fights, export_backup, plan_import
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyengine.lazy import lazy_api

if TYPE_CHECKING:
    from pyengine.library.backup import Backup, export_backup, read_backup
    from pyengine.library.damaged import damaged_items
    from pyengine.library.deleted import DeletedRecord, delete, kept_aside, undelete
    from pyengine.library.drafts import drop_draft, keep_draft, read_draft
    from pyengine.library.fights import (
        FightEntry,
        FightListing,
        SavedFight,
        current_fight,
        default_name,
        delete_fight,
        fight_mode_keys,
        keep_fight,
        keep_fight_apart,
        leave_fight,
        list_fights,
        load_fight,
        new_fight,
        open_fight,
        read_fight,
        rename_fight,
        resume,
        secure_current,
        undo_delete,
    )
    from pyengine.library.history import Version
    from pyengine.library.journal import atomic, recover
    from pyengine.library.kinds import PREFIXES, has_records, history_key, ident_of, parse_key, record_key
    from pyengine.library.merge import BOTH, DEVICE, FILE, Applied, Plan, PlanItem, apply_plan, import_into_empty, plan_import
    from pyengine.library.parties import (
        Member,
        Party,
        list_parties,
        make_party,
        members_of,
        moved,
        read_party,
        save_party,
        with_member,
        without_member,
    )
    from pyengine.library.records import (
        Damaged,
        Entry,
        Listing,
        export_item,
        put_record,
        read_all,
        read_record,
        record_text,
    )
    from pyengine.library.templates import Template, copy_names, list_templates, make_template, read_template, save_template
    from pyengine.library.usage import (
        Usage,
        describe_estimate,
        describe_groups,
        describe_persistence,
        describe_usage,
        storage_use,
    )
    from pyengine.library.versions import RecordVersions, Saved, read_versions, record_keys, redo, restore, save, undo

_NAMES: dict[str, tuple[str, ...]] = {
    "backup": ("Backup", "export_backup", "read_backup"),
    "damaged": ("damaged_items",),
    "deleted": ("DeletedRecord", "delete", "kept_aside", "undelete"),
    "fights": ("FightEntry", "FightListing", "SavedFight", "current_fight", "default_name", "delete_fight",
               "fight_mode_keys", "keep_fight", "keep_fight_apart", "leave_fight", "list_fights", "load_fight", "new_fight", "open_fight",
               "read_fight", "rename_fight",
               "resume", "secure_current", "undo_delete"),
    "history": ("Version",),
    "journal": ("atomic", "recover"),
    "drafts": ("drop_draft", "keep_draft", "read_draft"),
    "kinds": ("PREFIXES", "has_records", "history_key", "ident_of", "parse_key", "record_key"),
    "merge": ("BOTH", "DEVICE", "FILE", "Applied", "Plan", "PlanItem", "apply_plan", "import_into_empty",
              "plan_import"),
    "parties": ("Member", "Party", "list_parties", "make_party", "members_of", "moved", "read_party", "save_party",
                "with_member", "without_member"),
    "records": ("Damaged", "Entry", "Listing", "export_item", "put_record", "read_all", "read_record", "record_text"),
    "templates": ("Template", "copy_names", "list_templates", "make_template", "read_template", "save_template"),
    "usage": ("Usage", "describe_estimate", "describe_groups", "describe_persistence", "describe_usage", "storage_use"),
    "versions": ("RecordVersions", "Saved", "read_versions", "record_keys", "redo", "restore", "save", "undo"),
}
_HOMES = {name: module for module, names in _NAMES.items() for name in names}

__all__ = sorted(_HOMES)
__getattr__, __dir__ = lazy_api(__name__, _HOMES)
