"""What is being typed on the gear page, kept as a draft at every change
(:class:`GearDraft`, docs/formats.md) and read back, checked, when the page opens again."""

from __future__ import annotations

import json
import re
from typing import NamedTuple

from pyengine.errors import RecordError
from pyengine.gear.inputs import ITEM_FIELDS
from pyengine.pages.gear_form import BLOCK_IDS, CHARACTER_IDS

#: The radios and ticks among the page's fields (their text is "1" or "").
TICKS = ("gear-defence-failed", "gear-defence-half", "gear-defence-success", "gear-weapon-broken")
#: Every field a draft keeps but the items' (the ``gear-defence`` group's choice included).
DRAFT_IDS = frozenset({*CHARACTER_IDS, *BLOCK_IDS.values(), *TICKS, "gear-areas", "gear-save-name"})
_DRAFT_ITEM = re.compile(r"^gear-item-\d{1,4}-(?:%s)$" % "|".join(map(re.escape, (*ITEM_FIELDS, "broken"))))
#: A draft's limits (docs/formats.md): fields, characters in one field, characters of its link.
DRAFT_FIELDS, DRAFT_TEXT, DRAFT_LINK = 2_000, 10_000, 20_000
DAMAGED_DRAFT = (
    "What was being typed here could not be read back ({why}): the page starts from the example, and the draft "
    "is kept as it is until something is changed here; the saved lists on this device are not touched."
)



class GearDraft(NamedTuple):
    """What is being typed on the page, as it is kept on the device (``strike-rank/draft/gear``)."""

    typed: dict[str, str]
    """Each field's text as ``dom.values`` reads it (field id -> text; ticks ``"1"`` or ``""``),
    the items in the page's order."""
    link: str
    """The page's address when it was last typed in (``""`` or ``#…``): opened again with that
    address, the draft comes back; with another link, the link opens (and the draft waits)."""


def draft_text(draft: GearDraft) -> str:
    """The draft as it is stored: ``{"typed": {field id: text}, "link": "" or "#…"}``."""
    return json.dumps({"typed": draft.typed, "link": draft.link})


def draft_field(ident: str) -> bool:
    return ident in DRAFT_IDS or bool(_DRAFT_ITEM.match(ident))


def load_draft(text: str | None) -> GearDraft | None:
    """The draft kept on the device (``None``: there is none). A field the page does not have
    is left out (a later version's, say); the rest reads.

    :raises RecordError: not a draft the page wrote (not JSON, not an object, texts that are
        not texts, past its limits, a link that is not an address's ``#…``), said why.
    """
    if not text:
        return None
    try:
        raw = json.loads(text)
    except (ValueError, RecursionError):
        raise RecordError("gear draft: not JSON") from None
    if not isinstance(raw, dict):
        raise RecordError(f"gear draft: expected a JSON object, got {type(raw).__name__}")
    typed, link = raw.get("typed", {}), raw.get("link", "")
    if not isinstance(typed, dict) or not all(isinstance(v, str) for v in typed.values()):
        raise RecordError("gear draft: typed: expected each field's id and its text")
    if len(typed) > DRAFT_FIELDS:
        raise RecordError(f"gear draft: typed: {len(typed)} fields; a page has at most {DRAFT_FIELDS}")
    long = next((ident for ident, value in typed.items() if len(value) > DRAFT_TEXT), None)
    if long is not None:
        raise RecordError(f"gear draft: typed: {long[:40]!r} holds more than {DRAFT_TEXT} characters")
    if not isinstance(link, str) or (link and not link.startswith("#")) or len(link) > DRAFT_LINK:
        raise RecordError("gear draft: link: expected \"\" or the page's #… address")
    return GearDraft(typed={k: v for k, v in typed.items() if draft_field(k)}, link=link)
