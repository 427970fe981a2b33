"""Writing a fight's results to the saved adventurers' sheets: the plan for every saved
adventurer in it, written only on "Confirm", undone as one.

The plan is :func:`pyengine.runequest.campaign.plan_write_back`'s (wounds as injuries,
conditions, weapon damage, missiles shot, experience checks once per fight: RQ-104); each
record is written through the device library (:func:`pyengine.library.save`, its previous
version kept, refused when another tab or page saved it since the plan was made), and undone
through :func:`pyengine.library.undo`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field

from pyengine.dice import Dice
from pyengine.errors import ConflictError, RecordError, RulesError, StorageError
from pyengine.library import atomic, record_keys, save, undo
from pyengine.pages.fight.draft import Written
from pyengine.runequest.campaign import WriteBack, plan_write_back
from pyengine.runequest.melee.model import Fight
from pyengine.runequest.melee.round import RoundResult
from pyengine.runequest.sheet.adventurer import Adventurer, dump_adventurer, load_adventurer
from pyengine.runequest.tables.catalogue import RuneQuestTables
from pyengine.storage.keys import CHARACTER_PREFIX
from pyengine.storage.store import Store

#: What a quick stat block's line says in the plan.
NO_SHEET = "not written (no saved sheet)"


@dataclass
class Pending:
    """A plan shown, not yet written."""

    plan: WriteBack
    texts: dict[str, str]
    """Each planned record's text as read when the plan was made, by id."""
    label: str
    """The fight's name, as the records' versions say it."""
    left_out: list[str] = field(default_factory=list)
    """Combatants not written, and why, in words."""
    link: str = ""
    """The fight's link when the plan was made (the fight changed since: the plan is dropped)."""


def digest(text: str) -> str:
    """A record's text, told apart from any other it may become (SHA-256, 32 hex digits)."""
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def make_plan(store: Store, tables: RuneQuestTables, fight: Fight, rounds: Sequence[RoundResult], *, dice: Dice | None,
              fight_id: str, label: str, checked: Sequence[str]) -> Pending:
    """The plan for every saved adventurer in the fight, his record as stored now."""
    records, texts, unread = {}, {}, []
    for c in fight.combatants:
        if not c.character or c.character in texts:
            continue
        text = store.get(CHARACTER_PREFIX + c.character)
        if text is None:
            continue
        try:
            records[c.character] = load_adventurer(text)
        except (RulesError, RecordError) as exc:
            unread.append(f"{c.name}: not written (his saved sheet does not read: {exc})")
            continue
        texts[c.character] = text
    plan = plan_write_back(fight, rounds, records, tables, fight_id=fight_id, label=label, dice=dice,
                           checked=tuple(checked))
    quick = [c.name for c in fight.combatants if not c.character]
    left_out = [f"{name}: {NO_SHEET}" for name in quick]
    left_out += [s for s in plan.left_out if not any(s.startswith(f"{name}:") for name in quick)
                 and not any(u.startswith(s.partition(":")[0] + ":") for u in unread)]
    return Pending(plan=plan, texts=texts, label=label, left_out=[*left_out, *unread])


def confirm(store: Store, pending: Pending, *, now: str) -> Written:
    """Every planned record written, or none.

    :raises ConflictError: a record changed since the plan was made (the message names him).
    :raises StorageError: the device would not store one (those written are taken back).
    """
    plan = pending.plan
    todo = [p for p in plan.plans if not p.written]
    for p in todo:
        if store.get(CHARACTER_PREFIX + p.character) != pending.texts[p.character]:
            raise ConflictError(f"{p.name}'s sheet changed since these results were worked out (saved on another "
                                "page or tab): nothing was written. Work the results out again.", field=p.character)
    why = f"written back from fight '{pending.label}', round {plan.round}"
    done: list[tuple[str, str, str]] = []
    with atomic(store, f"writing fight '{pending.label}' back to {len(todo)} sheet{'s' if len(todo) != 1 else ''}",
                when=now, keys=record_keys("character", [p.character for p in todo])) as tx:
        try:
            for p in todo:
                text = dump_adventurer(p.after).decode()
                save(tx, "character", p.character, text, when=now, why=why, expected=pending.texts[p.character])
                done.append((p.character, p.name, text))
        except (StorageError, ConflictError):
            for ident, _, text in reversed(done):
                undo(tx, "character", ident, when=now, expected=text)
            raise
    checked = [p.name for p in todo if not _checked(p.before, plan.fight) and _checked(p.after, plan.fight)]
    return Written(label=pending.label, round=plan.round, records=[(i, n, digest(t)) for i, n, t in done],
                   checked=checked)


def _checked(adventurer: Adventurer, fight_id: str) -> bool:
    """Whether his record says this fight's experience checks were rolled."""
    done = adventurer.current.written(fight_id)
    return done is not None and done.experience


def undo_written(store: Store, written: Written, *, now: str) -> str:
    """The records "Confirm" wrote back as they were; what to say.

    :raises ConflictError: one changed since (the message names him); none was undone.
    :raises StorageError: the device would not store one.
    """
    texts = []
    for ident, name, written_digest in written.records:
        text = store.get(CHARACTER_PREFIX + ident)
        if text is None or digest(text) != written_digest:
            raise ConflictError(f"{name}'s sheet changed since the results were written: nothing was undone.",
                                field=ident)
        texts.append((ident, text))
    with atomic(store, f"undoing what fight '{written.label}' wrote to the sheets", when=now,
                keys=record_keys("character", [ident for ident, _ in texts])) as tx:
        for ident, text in texts:
            undo(tx, "character", ident, when=now, expected=text)
    names = ", ".join(name for _, name, _ in written.records)
    return f"Undone: {names} back as before the results of '{written.label}' were written." if names else "Nothing to undo."
