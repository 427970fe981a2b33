"""Fight mode's forms, read into the engine's values: no DOM here, only dicts of what was typed.

A quick stat block (the ``fa-…`` fields) becomes a ``Combatant`` through
``melee.build.quick_combatant``, a saved adventurer one through
``melee.build.combatant_from_sheet``; a statement form (``fd-<k>-…``, see
``pyengine.runequest.melee.render``) becomes a draft (what was typed, kept as text) and
the draft an ``Intent``. Every problem is a ``FieldError`` naming the field's id, so the
page shows it beside that field.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from pyengine.errors import FieldError, RulesError
from pyengine.runequest.combat.inputs import read_bonus, read_int, sheet_of
from pyengine.runequest.melee import intent as I
from pyengine.runequest.melee.build import QuickWeapon, combatant_from_sheet, quick_combatant
from pyengine.runequest.melee.model import Combatant, Fight
from pyengine.runequest.melee.render import ACTION_ROWS, PARRY_ROWS

QUICK_FIELDS = (
    "fa-name", "fa-side", "fa-str", "fa-con", "fa-siz", "fa-dex", "fa-hp", "fa-armour", "fa-defense", "fa-bonus",
    "fa-move", "fa-w1", "fa-w1-attack", "fa-w1-parry", "fa-w2", "fa-w2-attack", "fa-w2-parry", "fa-w3",
    "fa-w3-attack", "fa-w3-parry",
)
DECLARE_ACTION_FIELDS = ("do", "arm", "target", "n", "where", "spell", "on", "stuck")
STUCK_SEPARATOR = "\u241f"


def _all(problems: list[FieldError]) -> None:
    if problems:
        first, *rest = problems
        raise FieldError(first.field, first.problems[0][1], more=tuple(rest))


def same_side(fight: Fight | None, side: str) -> str:
    """The side as the fight already spells it ("broos" joins "Broos"), or as typed."""
    for c in fight.combatants if fight is not None else ():
        if c.side.casefold() == side.casefold():
            return c.side
    return side


def read_name(values: Mapping[str, str], fight: Fight | None, problems: list[FieldError],
              default_name: str = "") -> tuple[str, str]:
    """The name and side typed (``default_name`` when no name is: a saved adventurer's own), the side spelt
    as the fight already has it."""
    name = values.get("fa-name", "").strip() or default_name.strip()
    side = same_side(fight, values.get("fa-side", "").strip())
    if not name:
        problems.append(FieldError("fa-name", "name: give this fighter a name"))
    elif len(name) > 40:
        problems.append(FieldError("fa-name", f"name: {len(name)} characters, 40 at most"))
    elif fight is not None and fight.combatant(name) is not None:
        problems.append(FieldError("fa-name", f"name: {name!r} is already in the fight"))
    if not side:
        problems.append(FieldError("fa-side", "side: say which side this fighter is on (A, B, the trolls…)"))
    elif len(side) > 30:
        problems.append(FieldError("fa-side", f"side: {len(side)} characters, 30 at most"))
    return name, side


def read_quick(tables, values: Mapping[str, str], fight: Fight | None) -> Combatant:
    """A quick stat block; :raises FieldError: every field that is wrong."""
    problems: list[FieldError] = []
    name, side = read_name(values, fight, problems)
    numbers: dict[str, int] = {}
    for field, label, low, high, empty in (
        ("fa-str", "STR", 1, 99, None),
        ("fa-con", "CON", 1, 99, None),
        ("fa-siz", "SIZ", 1, 99, None),
        ("fa-dex", "DEX", 1, 99, None),
        ("fa-hp", "hit points", 1, 999, None),
        ("fa-armour", "armour", 0, 99, 0),
        ("fa-defense", "Defense", 0, 200, 0),
        ("fa-move", "movement", 0, 30, 8),
    ):
        try:
            numbers[field] = read_int(values.get(field, ""), field, label, low, high, empty=empty)
        except FieldError as exc:
            problems.append(exc)
    bonus = ""
    try:
        bonus = read_bonus(values.get("fa-bonus", ""), "fa-bonus")
    except FieldError as exc:
        problems.append(exc)
    weapons = []
    for n in (1, 2, 3):
        wid = values.get(f"fa-w{n}", "")
        if not wid:
            continue
        chances = {}
        for use in ("attack", "parry"):
            field = f"fa-w{n}-{use}"
            try:
                text = values.get(field, "")
                chances[use] = read_int(text, field, f"weapon {n} {use} %", 0, 300) if text.strip() else None
            except FieldError as exc:
                problems.append(exc)
        weapons.append((n, QuickWeapon(weapon=wid, attack=chances.get("attack"), parry=chances.get("parry"))))
    if not weapons:
        problems.append(FieldError("fa-w1", "weapon 1: choose at least one weapon"))
    _all(problems)
    try:
        return quick_combatant(
            tables,
            name=name,
            side=side,
            STR=numbers["fa-str"],
            CON=numbers["fa-con"],
            SIZ=numbers["fa-siz"],
            DEX=numbers["fa-dex"],
            hit_points=numbers["fa-hp"],
            weapons=[w for _, w in weapons],
            armour=numbers["fa-armour"],
            defense=numbers["fa-defense"],
            damage_bonus=bonus,
            move=numbers["fa-move"],
            first_in_hand=True,
        )
    except RulesError as exc:
        weapon = _weapon_of(exc)
        if weapon is not None:
            k, text = weapon
            n = weapons[k][0] if k < len(weapons) else 1
            raise FieldError(f"fa-w{n}", f"weapon {n}: {text}") from None
        raise FieldError("fa-name", str(exc)) from None
    except ValueError as exc:
        raise FieldError("fa-name", str(exc)) from None


_WEAPON_PATH = re.compile(r"weapons\[(\d+)\]")


def _weapon_of(exc: RulesError) -> tuple[int, str] | None:
    """Which of the block's weapons an engine error is about (``exc.field``:
    ``weapons[k].weapon``), and its message."""
    m = _WEAPON_PATH.match(exc.field)
    return None if m is None else (int(m.group(1)), str(exc))


def read_saved(tables, values: Mapping[str, str], fight: Fight | None, record: str, ident: str) -> Combatant:
    """A saved adventurer (the record stored under ``ident``) joining on the side typed, under
    the name typed, or the saved name when none is.

    :raises FieldError: the name or the side (``fa-name``, ``fa-side``), or a record or sheet
        that cannot fight (``fa-source``).
    """
    try:
        adventurer, sheet = sheet_of(record, tables)
    except RulesError as exc:
        raise FieldError("fa-source", str(exc)) from None
    problems: list[FieldError] = []
    name, side = read_name(values, fight, problems, default_name=adventurer.name[:40])
    _all(problems)
    try:
        return combatant_from_sheet(adventurer, sheet, tables, side=side, name=name, character=ident)
    except RulesError as exc:
        raise FieldError("fa-source", str(exc)) from None


def _number(text: str, field: str, label: str, low: int, high: int) -> int:
    return read_int(text, field, label, low, high)


def statement_draft(fight: Fight, k: int, values: Mapping[str, str], before: Mapping[str, Any]) -> dict[str, Any] | None:
    """The ``k``-th combatant's statement as its form holds it (``values``: field id -> text, as
    the page reads them; see :mod:`pyengine.runequest.melee.render`), as a draft; ``None`` when
    his form is not drawn (he is dead). A field not drawn for its action keeps what ``before``
    (the draft so far) had."""
    p = f"fd-{k}"
    if f"{p}-a0-do" not in values:
        return None
    old_rows = list(before.get("actions", ()))
    actions = []
    for j in range(ACTION_ROWS):
        old = old_rows[j] if j < len(old_rows) else {}
        row: dict[str, Any] = {}
        for f in DECLARE_ACTION_FIELDS:
            row[f] = values.get(f"{p}-a{j}-{f}", old.get(f, ""))
        row["abort"] = values.get(f"{p}-a{j}-abort") == "1"
        row["unprepared"] = values.get(f"{p}-a{j}-unprepared") == "1"
        actions.append(row)
    parries = [{"arm": values.get(f"{p}-p{j}-arm", ""), "against": values.get(f"{p}-p{j}-against", "")}
               for j in range(PARRY_ROWS)]
    defense = {o.name: values[f"{p}-def-{f}"] for f, o in enumerate(fight.combatants) if f"{p}-def-{f}" in values}
    boxes = {o.name: f"{p}-eng-{f}" for f, o in enumerate(fight.combatants) if f"{p}-eng-{f}" in values}
    engaged = [name for name, ident in boxes.items() if values[ident] == "1"] if boxes else list(before.get("engaged", ()))
    return {"actions": actions, "parries": parries, "defense": defense, "surprised": values.get(f"{p}-surprised") == "1",
            "engaged": engaged}


def read_declaration(fight: Fight, k: int, draft: Mapping[str, Any]) -> tuple[I.Intent, list[int]]:
    """The ``k``-th combatant's statement of intent, and the form row of each of its actions.

    :raises FieldError: a number that is not one, or missing where the action needs it.
    """
    c = fight.combatants[k]
    p = f"fd-{k}"
    problems: list[FieldError] = []
    actions: list[Any] = []
    rows: list[int] = []
    aborted: list[int] = []
    for j, row in enumerate(list(draft.get("actions", ()))[:ACTION_ROWS]):
        do = row.get("do", "")
        if not do:
            continue
        a = f"{p}-a{j}"
        arm, target, n = row.get("arm", ""), row.get("target", ""), row.get("n", "")
        if row.get("abort"):
            aborted.append(len(actions))
        try:
            if do == "attack":
                actions.append(I.Strike(arm=arm, target=target))
            elif do == "shoot":
                distance = _number(n, f"{a}-n", f"action {j + 1}, range", 0, 10_000) if n.strip() else None
                actions.append(I.Shoot(arm=arm, target=target, distance=distance))
            elif do == "ready":
                actions.append(I.Ready(arm=arm))
            elif do == "pick_up":
                actions.append(I.PickUp(arm=arm))
            elif do == "sheathe":
                actions.append(I.Sheathe(arm=arm))
            elif do in ("move", "dodge"):
                actions.append(I.Move(metres=_number(n, f"{a}-n", f"action {j + 1}, metres", 1, 400),
                                      dodging=do == "dodge"))
            elif do in ("grapple", "immobilise", "throw"):
                actions.append(I.Grapple(arm=arm, target=target, how="hold" if do == "grapple" else do))
            elif do == "extract":
                actions.append(I.Extract(arm=arm))
            elif do == "pull_out":
                stuck = row.get("stuck", "")
                if STUCK_SEPARATOR not in stuck:
                    raise FieldError(f"{a}-stuck", f"action {j + 1}: nothing is stuck in {c.name}")
                owner, weapon = stuck.split(STUCK_SEPARATOR, 1)
                actions.append(I.PullOut(owner=owner, weapon=weapon))
            elif do == "heal":
                points = _number(n, f"{a}-n", f"action {j + 1}, points", 1, 20)
                actions.append(I.Heal(target=target, location=row.get("where") or "chest", points=points,
                                      prepared=not row.get("unprepared")))
            elif do == "spell":
                name = row.get("spell", "").strip()
                if not name or len(name) > 40:
                    raise FieldError(f"{a}-spell", f"action {j + 1}, spell: name the spell (40 characters at most)")
                points = _number(n, f"{a}-n", f"action {j + 1}, points", 1, 20)
                on = row.get("on", "")
                actions.append(I.Spell(name=name, points=points, target="" if on else target, on=on,
                                       prepared=not row.get("unprepared")))
            else:
                raise FieldError(f"{a}-do", f"action {j + 1}: {do!r} is not an action")
            rows.append(j)
        except FieldError as exc:
            if aborted and aborted[-1] == len(actions):
                aborted.pop()
            problems.append(exc)
    parries = []
    for row in list(draft.get("parries", ()))[:PARRY_ROWS]:
        if row.get("arm"):
            parries.append(I.ParryIntent(arm=row["arm"], against=row.get("against", "")))
    defense: dict[str, int] = {}
    for f, o in enumerate(fight.combatants):
        text = str(draft.get("defense", {}).get(o.name, "")).strip()
        if not text or o.side == c.side:
            continue
        try:
            share = _number(text, f"{p}-def-{f}", f"Defense against {o.name}", 0, 200)
        except FieldError as exc:
            problems.append(exc)
            continue
        if share:
            defense[o.name] = share
    _all(problems)
    names = {o.name for o in fight.combatants}
    engaged = tuple(name for name in draft.get("engaged", ()) if name in names and name != c.name)
    return I.Intent(who=c.name, actions=tuple(actions), parries=tuple(parries), defense=defense,
                    surprised=bool(draft.get("surprised")), aborted=tuple(aborted), engaged=engaged), rows


def draft_of(intent: I.Intent, fight: Fight) -> dict[str, Any]:
    """A statement of intent back into form values (a link's last round becomes the next default)."""
    rows = []
    for action in intent.actions:
        tag = action.__struct_config__.tag
        row: dict[str, str] = {"do": tag}
        for field in ("arm", "target"):
            if hasattr(action, field):
                row[field] = getattr(action, field)
        if isinstance(action, I.Grapple):
            row["do"] = "grapple" if action.how == "hold" else action.how
        elif isinstance(action, I.Move):
            row["n"] = str(action.metres)
            if action.dodging:
                row["do"] = "dodge"
        elif isinstance(action, I.Shoot) and action.distance is not None:
            row["n"] = str(action.distance)
        elif isinstance(action, (I.Heal, I.Spell)):
            row["n"] = str(action.points)
            if isinstance(action, I.Heal):
                row["where"] = action.location
            else:
                row["spell"] = action.name
                if action.on:
                    row["on"] = action.on
            if not action.prepared:
                row["unprepared"] = True
        elif isinstance(action, I.PullOut):
            row["stuck"] = f"{action.owner}{STUCK_SEPARATOR}{action.weapon}"
        if len(rows) in intent.aborted:
            row["abort"] = True
        rows.append(row)
    return {
        "actions": rows,
        "parries": [{"arm": p.arm, "against": p.against} for p in intent.parries],
        "defense": {foe: str(share) for foe, share in intent.defense.items()},
        "surprised": intent.surprised,
        "engaged": list(intent.engaged),
    }
