"""Where the pages keep things on the device (localStorage and sessionStorage keys;
docs/formats.md). No imports: every page's start reads them."""

#: A saved RuneQuest character: this prefix and its id (the sheet writes, all pages read).
CHARACTER_PREFIX = "strike-rank/character/"
#: What is being typed on the sheet, and in fight mode.
SHEET_DRAFT = "strike-rank/draft/sheet"
FIGHT_DRAFT = "strike-rank/draft/fight"
#: A saved gear record: this prefix and its name (``pyengine.gear.state.STORAGE_PREFIX``).
GEAR_PREFIX = "strike-rank/gear/"
#: This tab's recent shrapnel results (sessionStorage).
SHRAPNEL_RECENT = "strike-rank/shrapnel/recent"
