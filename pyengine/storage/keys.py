"""Where the pages keep things on the device: the localStorage and sessionStorage keys
(docs/formats.md, "Stored records"). The one place they are spelled; no imports, so a
page's start can read them for nothing."""

#: A saved RuneQuest character: this prefix and its id (the sheet writes, all pages read).
CHARACTER_PREFIX = "strike-rank/character/"
#: What is being typed on the sheet, in fight mode, and on the gear page.
SHEET_DRAFT = "strike-rank/draft/sheet"
FIGHT_DRAFT = "strike-rank/draft/fight"
GEAR_DRAFT = "strike-rank/draft/gear"
#: A player's phone at a live table (issue 35): who it is, the fight as last seen, what it wrote back.
PLAYER_DRAFT = "strike-rank/draft/player"
#: The game master's live table (issue 35): who sat at it, so that a reload of his page keeps the seats.
TABLE_DRAFT = "strike-rank/draft/table"
#: A saved gear record: this prefix and its name.
GEAR_PREFIX = "strike-rank/gear/"
#: The start page's latest dice rolls (localStorage).
DICE_RECENT = "strike-rank/dice/recent"
#: This tab's recent shrapnel results (sessionStorage).
SHRAPNEL_RECENT = "strike-rank/shrapnel/recent"
#: The device library (pyengine.library, docs/formats.md "Device library"): each record's
#: earlier versions, this prefix, its kind, ``/`` and its id (``strike-rank/history/character/<id>``).
HISTORY_PREFIX = "strike-rank/history/"
#: A saved opponent template, a party, a fight kept on the device: this prefix and its id.
TEMPLATE_PREFIX = "strike-rank/template/"
PARTY_PREFIX = "strike-rank/party/"
FIGHT_PREFIX = "strike-rank/fight/"
#: The id of the saved fight that fight mode's draft (FIGHT_DRAFT) belongs to.
CURRENT_FIGHT = "strike-rank/current/fight"
#: Records deleted and kept aside, so a deletion can be undone.
DELETED = "strike-rank/deleted"
#: A damaged item moved out of the way so its record could be saved again (never deleted):
#: this prefix, when, ``/`` and the key it was under.
SET_ASIDE = "strike-rank/set-aside/"
#: The journal of a save of several keys in progress (pyengine.library.journal): what each key
#: held before; a page that finds it at start takes the unfinished save back.
JOURNAL = "strike-rank/journal"
#: Every key above starts with this (a backup holds every key under it).
APP_PREFIX = "strike-rank/"
#: What a page drew, kept to show at the next visit before Python is up (pyengine.pages.paint): this
#: prefix and the page's file. Outside APP_PREFIX on purpose: a copy of what the records looked like,
#: not a record, so a backup leaves it out and nothing that lists the records meets it.
PAINT_PREFIX = "strike-rank.paint/"
#: Changed (to a new random text) by every write of the records: a kept paint names the value it was
#: drawn under, and one drawn under another is not shown (another tab saved since). Outside APP_PREFIX.
REVISION = "strike-rank.revision"
