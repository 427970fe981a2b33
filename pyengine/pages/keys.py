"""Where the pages keep things on the device: the localStorage and sessionStorage keys
(docs/formats.md, "Stored records"). The one place they are spelled; no imports, so a
page's start can read them for nothing."""

#: A saved RuneQuest character: this prefix and its id (the sheet writes, all pages read).
CHARACTER_PREFIX = "strike-rank/character/"
#: What is being typed on the sheet, and in fight mode.
SHEET_DRAFT = "strike-rank/draft/sheet"
FIGHT_DRAFT = "strike-rank/draft/fight"
#: A saved gear record: this prefix and its name.
GEAR_PREFIX = "strike-rank/gear/"
#: This tab's recent shrapnel results (sessionStorage).
SHRAPNEL_RECENT = "strike-rank/shrapnel/recent"
