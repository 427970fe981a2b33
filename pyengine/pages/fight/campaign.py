"""The campaign service fight mode writes the saved adventurers' sheets through: a fight's
results written back (the plan, "Confirm", "Undo"), his experience marks with them (rolled when
the game master ends the scenario, on the sheet or the start page: RQ-134).

Every write goes the same way (:meth:`CampaignService._write`): one conflict check (each record
still the text the change was worked out from, else :class:`~pyengine.errors.ConflictError`
naming him and nothing is written), then one transaction (:func:`pyengine.library.journal.atomic`,
``whole``: all the records or, on a refusal, none). Fight mode's draft, which keeps what "Undo"
needs, is written in the same transaction (``keep``): a crash leaves the sheets and the draft both
written or neither. Whether a fight's experience was rolled (by an
app before 0.4.0) is the record's own mark, read by :mod:`pyengine.runequest.campaign.writeback`
alone (RQ-136).

The plan is :func:`~pyengine.runequest.campaign.writeback.plan_write_back`'s (wounds as injuries,
conditions, weapon damage, missiles shot, experience marks kept for the scenario); each record is saved
through the device library (its previous version kept) and undone through
:func:`pyengine.library.versions.undo`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from pyengine.dice import Dice
from pyengine.errors import ConflictError, RecordError, RulesError
from pyengine.library.journal import atomic
from pyengine.library.records import record_text
from pyengine.library.versions import record_keys, save, undo
from pyengine.pages.fight.draft import Written
from pyengine.runequest.campaign.writeback import WriteBack, plan_write_back
from pyengine.runequest.melee.model import Fight
from pyengine.runequest.melee.round import RoundResult
from pyengine.runequest.sheet.adventurer import dump_adventurer, load_adventurer
from pyengine.runequest.tables.catalogue import RuneQuestTables
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


@dataclass(frozen=True)
class Change:
    """One record to change: his id and name, whether its text now is the one the change was
    worked out from, and what it does (``write(store, ident, text_now)``)."""

    ident: str
    name: str
    fits: Callable[[str], bool]
    write: Callable[[Store, str, str], None]


def digest(text: str) -> str:
    """A record's text, told apart from any other it may become (SHA-256, 32 hex digits)."""
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def _digest_is(wanted: str) -> Callable[[str], bool]:
    """Whether a record's text is the one written, by its digest."""
    return lambda text: digest(text) == wanted


class CampaignService:
    """The saved adventurers' sheets, as fight mode changes them."""

    def __init__(self, store: Store, tables: RuneQuestTables) -> None:
        self.store = store
        self.tables = tables

    def _write(self, changes: Sequence[Change], *, what: str, when: str, changed: str,
               then: Callable[[Store], None] | None = None) -> None:
        """Every change made, or none: the one conflict check (``changed``: what to say, ``{name}``
        his), then the one transaction; ``then`` writes, in it, what fight mode keeps of the
        write (its draft: a crash between the sheets and the draft would lose "Undo").

        :raises ConflictError: a record is not the text its change was worked out from.
        :raises StorageError: the device would not store one (none was changed).
        :raises RecordError: a change could not be made (none was).
        """
        before: dict[str, str] = {}
        with atomic(self.store, what, when=when, keys=record_keys("character", [c.ident for c in changes]),
                    whole=True) as tx:
            for c in changes:
                text = record_text(tx, "character", c.ident)
                if text is None or not c.fits(text):
                    raise ConflictError(changed.format(name=c.name), field=c.ident)
                before[c.ident] = text
            for c in changes:
                c.write(tx, c.ident, before[c.ident])
            if then is not None:
                then(tx)

    # -- writing a fight back --------------------------------------------------------------------

    def plan(self, fight: Fight, rounds: Sequence[RoundResult], *, dice: Dice | None, fight_id: str, label: str,
             checked: Sequence[str]) -> Pending:
        """The plan for every saved adventurer in the fight, his record as stored now."""
        records, texts, unread = {}, {}, []
        for c in fight.combatants:
            if not c.character or c.character in texts:
                continue
            text = record_text(self.store, "character", c.character)
            if text is None:
                continue
            try:
                records[c.character] = load_adventurer(text)
            except (RulesError, RecordError) as exc:
                unread.append(f"{c.name}: not written (the saved sheet does not read: {exc})")
                continue
            texts[c.character] = text
        plan = plan_write_back(fight, rounds, records, self.tables, fight_id=fight_id, label=label, dice=dice,
                               checked=tuple(checked))
        quick = [c.name for c in fight.combatants if not c.character]
        left_out = [f"{name}: {NO_SHEET}" for name in quick]
        left_out += [s for s in plan.left_out if not any(s.startswith(f"{name}:") for name in quick)
                     and not any(u.startswith(s.partition(":")[0] + ":") for u in unread)]
        return Pending(plan=plan, texts=texts, label=label, left_out=[*left_out, *unread])

    def confirm(self, pending: Pending, *, now: str, keep: Callable[[Store, Written], None] | None = None) -> Written:
        """Every planned record written, or none; ``keep(store, written)`` keeps what was written
        (for "Undo") in the same transaction.

        :raises ConflictError: a record changed since the plan was made (the message names him).
        :raises StorageError: the device would not store one (none was written).
        """
        plan = pending.plan
        todo = [p for p in plan.plans if not p.written]
        why = f"written back from fight '{pending.label}', round {plan.round}"
        texts = {p.character: dump_adventurer(p.after).decode() for p in todo}

        written = Written(label=pending.label, round=plan.round,
                          records=[(p.character, p.name, digest(texts[p.character])) for p in todo])

        def write(tx: Store, ident: str, _: str) -> None:
            save(tx, "character", ident, texts[ident], when=now, why=why)

        self._write([Change(p.character, p.name, pending.texts[p.character].__eq__, write) for p in todo],
                    what=f"writing fight '{pending.label}' back to {len(todo)} sheet{'s' if len(todo) != 1 else ''}",
                    when=now, changed="{name}'s sheet changed since these results were worked out (saved on another "
                                      "page or tab): nothing was written. Work the results out again.",
                    then=None if keep is None else lambda tx: keep(tx, written))
        return written

    def undo(self, written: Written, *, now: str, keep: Callable[[Store], None] | None = None) -> str:
        """The records "Confirm" wrote back as they were; what to say. ``keep(store)`` keeps, in
        the same transaction, that there is nothing more to undo.

        :raises ConflictError: one changed since (the message names him); none was undone.
        :raises StorageError: the device would not store one; none was undone.
        :raises RecordError: one has no earlier version; none was undone.
        """
        def write(tx: Store, ident: str, _: str) -> None:
            undo(tx, "character", ident, when=now)

        self._write([Change(ident, name, _digest_is(wanted), write) for ident, name, wanted in written.records],
                    what=f"undoing what fight '{written.label}' wrote to the sheets", when=now,
                    changed="{name}'s sheet changed since the results were written: nothing was undone.", then=keep)
        names = ", ".join(name for _, name, _ in written.records)
        return (f"Undone: {names} back as before the results of '{written.label}' were written." if names
                else "Nothing to undo.")
