"""HTML for the combat page's fight mode: combatants, the statements of intent, their
strike ranks, everyone's state, each round's log, experience marks.

Pure functions from the melee engine's values to :mod:`pyengine.html` elements (every
text escaped: names come from people and from links). The page glue
(``web/app/fight.py``) serialises them with :func:`~pyengine.html.to_html`.

Form field ids (the glue reads them back): the *k*-th combatant's statement is
``fd-<k>-…``: ``a<j>-do``, ``a<j>-arm``, ``a<j>-target``, ``a<j>-n``, ``a<j>-where``,
``a<j>-spell``, ``a<j>-on`` (a spell on the weapon in his hand), ``a<j>-unprepared``,
``a<j>-stuck`` for action row *j*; ``p<j>-arm``, ``p<j>-against`` for parry row *j*;
``def-<f>`` for his Defense share against foe *f* and ``eng-<f>`` for "engaged with foe
*f*" (an index into the fight's combatants); ``surprised``. :func:`field_for` turns an
engine field path (``intents[1].actions[0].target``) into one of these ids. The fight's
optional rules are buttons in the combatants' list (``data-rule``) before the first round.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from pyengine.html import Element, Markup, el, escape_text, to_html
from pyengine.runequest.combat.render import render_result
from pyengine.runequest.melee.harm import useless_hand
from pyengine.runequest.melee.model import MELEE_RULES, Body, Combatant, Fight, FightState, MeleeRules
from pyengine.runequest.melee.round import Event, RoundResult, describe
from pyengine.runequest.melee.table import CONDITION_WORDS, ORDER, render_row
from pyengine.runequest.melee.timing import Timed
from pyengine.runequest.reading import LEGEND, location_reading
from pyengine.runequest.tables.catalogue import RuneQuestTables

#: Action rows and parry rows in each statement form.
ACTION_ROWS = 3
PARRY_ROWS = 2

#: What an action row can do: (value, label).
DO_CHOICES: tuple[tuple[str, str], ...] = (
    ("", "nothing"),
    ("attack", "attack"),
    ("shoot", "shoot / throw"),
    ("ready", "ready a weapon (+5)"),
    ("pick_up", "pick up a weapon (+5, at half)"),
    ("sheathe", "sheathe a weapon (+5)"),
    ("move", "move"),
    ("dodge", "move and dodge (½ move, nothing else)"),
    ("grapple", "grapple: hold"),
    ("immobilise", "grapple: immobilise"),
    ("throw", "grapple: throw"),
    ("extract", "pull their weapon free"),
    ("pull_out", "pull a weapon out of themselves"),
    ("heal", "Healing spell"),
    ("spell", "other spell"),
)
#: Which inputs each kind of action uses (the others are hidden by the style sheet).
FIELDS_FOR: dict[str, tuple[str, ...]] = {
    "arm": ("attack", "shoot", "ready", "pick_up", "sheathe", "grapple", "immobilise", "throw", "extract"),
    "target": ("attack", "shoot", "grapple", "immobilise", "throw", "heal", "spell"),
    "n": ("move", "dodge", "shoot", "heal", "spell"),
    "where": ("heal",),
    "spell": ("spell",),
    "on": ("spell",),
    "unprepared": ("spell", "heal"),
    "stuck": ("pull_out",),
}
N_LABEL = {"move": "metres", "dodge": "metres", "shoot": "range m", "heal": "points", "spell": "points"}
#: The fight's optional rules (``MeleeRules``' fields): what the page calls them.
OPTIONAL_RULES: tuple[tuple[str, str], ...] = (
    ("ready_while_moving", "readying combined with moving (the referee's option, RQ-72)"),
    ("dex_alone", "DEX alone decides who strikes first against the same foe in later rounds (RQ-81)"),
)

LOCATION_SHORT = {
    "head": "H",
    "chest": "Ch",
    "abdomen": "Ab",
    "right_arm": "RA",
    "left_arm": "LA",
    "right_leg": "RL",
    "left_leg": "LL",
}
#: The conditions a foe is no one's default target in (he fell, or died).
DOWN_WORDS = ("dead", "unconscious", "incapacitated")


def _words(key: str) -> str:
    return key.replace("_", " ")


def _options(choices: Sequence[tuple[str, str]], selected: str) -> list[Element]:
    out = []
    for value, label in choices:
        attrs = {"value": value}
        if value == selected:
            attrs["selected"] = "selected"
        out.append(el("option", attrs, label))
    return out


# -- combatants ------------------------------------------------------------------------------


def arm_summary(c: Combatant) -> str:
    """``broadsword 60%/40% SR 7; medium shield parry 50%``."""
    parts = []
    for a in c.arms:
        bits = []
        if a.attack is not None:
            bits.append(f"{a.attack}%")
        if a.parry is not None:
            bits.append(f"parry {a.parry.chance}%" + (" (a hold)" if a.body_weapon else ""))
        if a.attack is not None:
            bits.append(f"SR {a.sr}")
        parts.append(f"{a.name} {' '.join(bits)}".strip())
    return "; ".join(parts)


def render_rules(rules: MeleeRules, *, changeable: bool) -> Element:
    """The fight's optional rules: each one's button (``data-rule``) before the first round, then as they were set."""
    box = el("div", {"class": "fc-rules", "id": "fc-rules"}, el("p", None, "Optional rules of this fight:"))
    ul = el("ul")
    for field, label in OPTIONAL_RULES:
        on = getattr(rules, field)
        button = el("button", {"type": "button", "class": "fc-rule", "data-rule": field},
                    f"Turn {'off' if on else 'on'}") if changeable else None
        ul.append(el("li", {"data-on": "1" if on else "0"}, f"{label}: {'on' if on else 'off'} ", button))
    box.append(ul)
    return box


def armour_words(c: Combatant) -> str:
    """His armour as the locations have it: one number when every location has it, else the range
    ("armour 0–4 by location": legs bare), never a number no location has."""
    values = [c.armour.get(key, 0) for key in ORDER]
    low, high = min(values), max(values)
    if not high:
        return ""
    return f"armour {high}" if low == high else f"armour {low}–{high} by location"


def render_combatants(fight: Fight | None, *, removable: bool, rules: MeleeRules = MELEE_RULES,
                      gone: Mapping[str, int] | None = None, rounds: int = 0) -> Element:
    """Who is in the fight, by side, each with a remove button before the first round; once a round is
    resolved (``gone`` given: who left after which round, of ``rounds``), a button to take each one out
    of the fight and, until the next round, to bring one back; the optional rules."""
    if fight is None or not fight.combatants:
        return el("p", {"class": "empty", "id": "fc-empty"}, "No combatants yet: add two or more, on two sides.")
    ul = el("ul", {"class": "fc-list"})
    for k, c in enumerate(fight.combatants):
        facts = f"side {c.side} · {c.hit_points} HP · DEX {c.DEX} · SIZ {c.SIZ}"
        armour = armour_words(c)
        if armour:
            facts += f" · {armour}"
        if c.defense:
            facts += f" · Defense {c.defense}%"
        if c.damage_bonus:
            facts += f" · bonus {c.damage_bonus}"
        if c.character:
            facts += " · from a saved character"
        attrs = {"class": "fc-item", "data-name": c.name, "data-side": c.side}
        li = el(
            "li",
            attrs,
            el("strong", None, c.name),
            " ",
            el("span", {"class": "fc-facts"}, facts),
            el("br"),
            el("span", {"class": "fc-arms"}, arm_summary(c)),
        )
        if removable:
            li.append(el("button", {"type": "button", "class": "fc-remove", "data-remove": str(k)}, f"Remove {c.name}"))
        elif gone is not None and c.name in gone:
            li.set("data-left", str(gone[c.name]))
            li.append(el("br"))
            li.append(el("span", {"class": "fc-left"}, f"left the fight after round {gone[c.name]}"))
            if gone[c.name] == rounds:
                li.append(el("button", {"type": "button", "class": "fc-back", "data-back": str(k),
                                        "aria-label": f"Bring {c.name} back in the fight"}, "Back in the fight"))
        elif gone is not None:
            li.append(el("button", {"type": "button", "class": "fc-leave", "data-leave": str(k),
                                    "aria-label": f"Take {c.name} out of the fight"}, "Out of the fight"))
        ul.append(li)
    return el("div", None, ul, render_rules(rules, changeable=removable))


def render_sides(sides: Sequence[str]) -> Element:
    """The sides already in the fight as buttons (``data-side``) that put one in the add form; a new side is
    typed."""
    if not sides:
        return el("p", {"class": "help"}, "Type the first side's name (A, B, the trolls…).")
    return el("p", {"class": "fa-sides-pick"}, "Sides so far (tap one, or type a new one): ",
              *(el("button", {"type": "button", "class": "fa-side-pick", "data-side": side}, side) for side in sides))


def quick_weapon_choices(tables: RuneQuestTables) -> list[tuple[str, str]]:
    """(id, label) of everything a quick stat block can fight with: melee weapons (grapple
    too), missiles, shields."""
    melee = [(r.id, f"{r.name} ({r.mode}, {r.damage or 'grapple'})") for r in tables.melee.weapons]
    missile = [(r.id, f"{r.name} ({'thrown' if r.thrown else 'missile'}, {r.damage})") for r in tables.missile.weapons]
    shields = [(s.id, f"{s.name} (shield, absorbs {s.absorbs})") for s in tables.shields.shields]
    return melee + missile + shields


#: A quick stat block's weapons: (weapon, attack %, parry %) as the form starts.
QUICK_WEAPONS = (("broadsword", "50", "40"), ("", "", "40"), ("", "", ""))


def _stat_field(ident: str, label: str, control: Element) -> Element:
    control.set("id", ident)
    control.set("aria-describedby", f"{ident}-error")
    return el(
        "div",
        {"class": "field"},
        el("label", {"for": ident}, label),
        control,
        el("p", {"id": f"{ident}-error", "class": "field-error", "role": "alert", "hidden": ""}),
    )


def render_quick_weapons(tables: RuneQuestTables) -> str:
    """The quick stat block's weapon rows (``fa-w<n>``, ``fa-w<n>-attack``, ``fa-w<n>-parry``),
    pre-rendered: weapon 1 is needed, 2 and 3 may be none."""
    choices = quick_weapon_choices(tables)
    rows = []
    for n, (weapon, attack, parry) in enumerate(QUICK_WEAPONS, start=1):
        w = f"fa-w{n}"
        select = el("select", None, *_options(choices if n == 1 else [("", "none"), *choices], weapon))
        pair = el("div", {"class": "cx-pair"})
        for use, label, value in (("attack", "Attack %", attack), ("parry", "Parry %", parry)):
            box = el("input", {"inputmode": "numeric", "autocomplete": "off", "maxlength": "5", "value": value})
            pair.append(_stat_field(f"{w}-{use}", label, box))
        rows.append(el("div", {"class": "fa-weapon"}, _stat_field(w, f"Weapon {n}", select), pair))
    return "\n".join(to_html(row) for row in rows)


# -- everyone's state ------------------------------------------------------------------------


def _body_notes(c: Combatant, body: Body, state: FightState | None = None) -> list[str]:
    notes = []
    if body.on_ground:
        notes.append("on the ground")
    if body.maimed:
        notes.append("a limb maimed: cannot fight until healed")
    for key, left in (body.severed.items() if body.condition != "dead" else ()):
        notes.append(f"{_words(key)} severed for good: useless (RQ-132)" if left == 0 else
                     f"{_words(key)} severed: useless unless 6 points of Healing reknit it within {left} "
                     f"round{'s' if left != 1 else ''}")
    for key, left in (body.bleeding.items() if body.condition != "dead" else ()):
        notes.append(f"bleeding from the {_words(key)}: dies in {left} round{'s' if left != 1 else ''} unless healed (2 points stop it)")
    # A weapon he holds that is stuck in someone is said where it is, not "in hand" alone.
    where = {s.weapon: f"{victim}'s {_words(s.location)}" for victim, other in (state.bodies.items() if state else ())
             for s in other.stuck_in if s.owner == c.name and s.held}
    held = [f"{name} (stuck in {where[name]})" if name in where else name for name in body.in_hand]
    notes.append("in hand: " + (", ".join(held) if held else "nothing"))
    for s in body.stuck_in:
        notes.append(
            f"{s.owner}'s {s.weapon} stuck in the {_words(s.location)}"
            + ("" if s.held or s.missile else " (out of its owner's hands)")
        )
    for s in body.shield_stuck:
        notes.append(f"{s.owner}'s {s.weapon} stuck in the {s.shield}")
    if body.broken:
        notes.append("broken: " + ", ".join(body.broken))
    if body.gone:
        notes.append("out of reach: " + ", ".join(body.gone))
    harmed = {k: v for k, v in body.weapon_damage.items() if v}
    if harmed:
        notes.append("weapon damage: " + ", ".join(f"{k} {v}" for k, v in harmed.items()))
    for h in body.holds:
        notes.append(f"holds {h.on} by the {_words(h.location)}" + (", immobilised" if h.immobilised else ""))
    for arm, rounds in body.reload.items():
        notes.append(f"{arm}: reloading, {rounds} more round{'s' if rounds != 1 else ''} before it shoots again (RQ-55)")
    if body.one_attack:
        notes.append("only one attack next round (the split blow impaled)")
    if body.unfamiliar:
        notes.append("picked up in this melee, at half: " + ", ".join(body.unfamiliar))
    if body.missiles:
        notes.append("missiles left: " + ", ".join(f"{arm} {n}" for arm, n in body.missiles.items()))
    return notes


def render_body(c: Combatant, body: Body, state: FightState | None = None, gone: int | None = None) -> Element:
    """One combatant at a glance: condition in words, hit points, each location, the rest as notes (``gone``:
    the round after which he left the fight)."""
    left = c.hit_points - body.damage_taken
    card = el(
        "article",
        {"class": "fs-body", "data-name": c.name, "data-condition": body.condition, "data-hp": str(left)},
        el(
            "h3",
            None,
            c.name,
            " ",
            el("span", {"class": "fs-side"}, f"side {c.side}"),
            " ",
            el("span", {"class": f"fs-cond fs-cond-{body.condition}"}, CONDITION_WORDS[body.condition]),
        ),
        el("p", {"class": "fs-hp"}, f"Hit points {left} of {c.hit_points}"),
    )
    head = el("tr")
    row = el("tr")
    for key in ORDER:
        have = c.locations[key]
        taken = body.wounds.get(key, 0)
        remaining = have - taken
        look = "out" if taken >= have or key in body.severed else ("hurt" if taken else "ok")
        head.append(el("th", {"scope": "col"}, el("abbr", {"title": _words(key)}, LOCATION_SHORT[key])))
        text = location_reading(remaining, have, severed=key in body.severed)
        row.append(el("td", {"class": f"fs-loc fs-loc-{look}", "data-location": key, "data-left": str(remaining), "title": f"{taken} taken"}, text))
    card.append(
        el(
            "table",
            {"class": "fs-locations"},
            el("caption", None, f"{c.name}: hit points by location ({LEGEND})"),
            el("thead", None, head),
            el("tbody", None, row),
        )
    )
    notes = _body_notes(c, body, state)
    if gone is not None:
        card.set("data-left", str(gone))
        notes.insert(0, f"left the fight after round {gone}")
    card.append(el("ul", {"class": "fs-notes"}, *(el("li", None, n) for n in notes)))
    return card


def render_state(fight: Fight | None, state: FightState | None, gone: Mapping[str, int] = {}) -> Element:
    """Everyone's state after the last round (``gone``: who left the fight after which round)."""
    if fight is None or state is None:
        return el("p", {"class": "empty"}, "Nobody is fighting yet.")
    div = el("div", {"class": "fs-state", "data-round": str(state.round)})
    for c in fight.combatants:
        div.append(render_body(c, state.bodies[c.name], state, gone.get(c.name)))
    return div


# -- statements of intent ----------------------------------------------------------------------


def default_declaration(fight: Fight, state: FightState, c: Combatant, gone: Collection[str] = ()) -> dict[str, Any]:
    """What a combatant does when nobody says otherwise: strike (or shoot) the first foe standing (a foe
    fallen only when none stands; never one of his own side) with the weapon in hand, an archer with the
    bow, and parry with a shield (or that weapon)."""
    body = state.bodies[c.name]
    foes = [o.name for o in fight.combatants if o.side != c.side and state.bodies[o.name].condition != "dead"
            and o.name not in gone]
    standing = [name for name in foes if state.bodies[name].condition not in DOWN_WORDS]
    target = (standing or foes or [""])[0]
    # an arm out of use (disabled, or severed and not reknit) offers nothing to strike or parry with (RQ-133)
    usable = [a for a in c.arms if a.weapon is not None and a.attack is not None and a.name not in body.broken
              and a.name not in body.gone and not useless_hand(c, body, a)]
    held = [a for a in usable if a.name in body.in_hand]
    # An archer (his first weapon a missile) shoots; else the weapon in hand; else a melee weapon; else a missile.
    archer = usable[:1] if usable and usable[0].missile else []
    chosen = (archer or held or [a for a in usable if not a.missile] or usable)[:1]
    actions: list[dict[str, str]] = []
    if chosen:
        actions.append({"do": "shoot" if chosen[0].missile else "attack", "arm": chosen[0].name, "target": target})
    parriers = [a for a in c.arms if a.parry is not None and not a.body_weapon and not useless_hand(c, body, a)]
    shields = [a for a in parriers if a.parry.kind == "shield"]
    parry = (shields or parriers)[:1]
    return {
        "actions": actions,
        "parries": [{"arm": p.name, "against": ""} for p in parry],
        "defense": {},
        "surprised": False,
    }


def _invalid(ident: str, attrs: dict[str, str], errors: Mapping[str, str]) -> Element | None:
    """Marks a field the last check refused (``aria-invalid``) and gives it the empty note the
    page clears it by (``<id>-error``); its message is in the statement's note."""
    if ident not in errors:
        return None
    attrs["aria-invalid"] = "true"
    return el("p", {"id": f"{ident}-error", "hidden": "hidden"})


def _select(ident: str, label: str, choices: Sequence[tuple[str, str]], selected: str, *, cls: str = "",
            errors: Mapping[str, str] = {}) -> Element:
    attrs = {"id": ident}
    note = _invalid(ident, attrs, errors)
    return el(
        "div",
        {"class": f"field {cls}".strip()},
        el("label", {"for": ident}, label),
        el("select", attrs, *_options(choices, selected)),
        note,
    )


def _input(ident: str, label: str, value: str, *, cls: str = "", numeric: bool = True, size: int = 5,
           errors: Mapping[str, str] = {}) -> Element:
    attrs = {"id": ident, "autocomplete": "off", "maxlength": str(size), "value": value}
    if numeric:
        attrs["inputmode"] = "numeric"
    note = _invalid(ident, attrs, errors)
    return el("div", {"class": f"field {cls}".strip()}, el("label", {"for": ident}, label), el("input", attrs), note)


def _check(ident: str, ticked: bool, label: str, cls: str = "") -> Element:
    """A checkbox with its label (``fd-check``)."""
    attrs = {"type": "checkbox", "id": ident}
    if ticked:
        attrs["checked"] = "checked"
    return el("label", {"class": f"fd-check {cls}".strip()}, el("input", attrs), label)


def _target_choices(fight: Fight, state: FightState, c: Combatant, do: str,
                    gone: Collection[str] = ()) -> list[tuple[str, str]]:
    """Whom an action can be aimed at (never one who left the fight): for a blow, a shot, a hold, the foes
    standing first, then the fallen foes, then his own side (marked), so the first choice is never an ally;
    a Healing anyone; a spell anyone, or nobody."""
    there = [o for o in fight.combatants if o.name not in gone]
    fight = Fight(combatants=tuple(there)) if there else fight
    everyone = [(o.name, o.name) for o in fight.combatants]
    if do == "heal":
        return everyone
    if do == "spell":
        return [("", "no target"), *everyone]
    foes = [o for o in fight.combatants if o.side != c.side]
    up = [(o.name, o.name) for o in foes if state.bodies[o.name].condition not in DOWN_WORDS]
    down = [(o.name, f"{o.name} ({CONDITION_WORDS[state.bodies[o.name].condition]})") for o in foes
            if state.bodies[o.name].condition in DOWN_WORDS]
    allies = [(o.name, f"{o.name} (own side)") for o in fight.combatants if o.side == c.side and o.name != c.name]
    return up + down + allies


def aimed(fight: Fight, state: FightState, c: Combatant, draft: Mapping[str, Any],
          gone: Collection[str] = ()) -> Mapping[str, Any]:
    """His statement, each blow, shot or hold aimed at no one aimed at the first foe its target field
    offers, as the form shows it (a statement made before any foe was in the fight); never at one of his
    own side: with no foe yet, it stays aimed at no one."""
    foes = {o.name for o in fight.combatants if o.side != c.side}
    rows = list(draft.get("actions", ()))
    filled = []
    for row in rows:
        do = row.get("do", "")
        if do in FIELDS_FOR["target"] and do not in ("spell", "heal") and not row.get("target"):
            first = next((name for name, _ in _target_choices(fight, state, c, do, gone) if name in foes), "")
            if first:
                row = {**row, "target": first}
        filled.append(row)
    return {**draft, "actions": filled} if filled != rows else draft


def render_declaration(
    fight: Fight,
    state: FightState,
    k: int,
    draft: Mapping[str, Any],
    timed: Sequence[Timed] | None = None,
    errors: Mapping[str, str] = {},
    *,
    opened: bool = False,
    same: bool | None = None,
    note: str = "",
    gone: Mapping[str, int] = {},
    foreseen: Sequence[str] = (),
    changed: Sequence[str] = (),
    drawn: bool = True,
) -> Element:
    """The ``k``-th combatant's row of the table view (:func:`~pyengine.runequest.melee.table.render_row`:
    who, hit points, condition, locations out, ``changed`` in the last round, this round's statement in
    short), which a tap opens onto his statement of intent (``fd-<k>-more``): the first action's target,
    his strike ranks (``fd-<k>-sr``), everything else (more actions, parries, Defense, engaged,
    surprised), and "Done" back to the table; open when ``opened`` or when the last check refused one of
    its fields. A dead combatant, or one who left, is a row alone. ``drawn`` False: his statement's form is
left out (``fd-<k>-edit`` empty) until the row is opened, so that a round draws six rows, not six forms;
a form not drawn keeps its statement as it is in the draft. Filled from
    ``draft``, with ``errors`` (field id -> message: the fields the last check refused) shown: each such
    field marked invalid, the last message in his note (``fd-<k>-error``), a refused Defense split open.
    ``same``: whether the statement is last round's as carried (``None``: no round before); ``note``: what
    changed it (his target fell); ``foreseen``: what the round will make of it otherwise than stated (RQ-139)."""
    c = fight.combatants[k]
    body = state.bodies[c.name]
    p = f"fd-{k}"
    attrs = {"class": "fd-who", "id": p, "data-name": c.name, "data-condition": body.condition}
    if p in errors:
        attrs["aria-invalid"] = "true"
    if changed:
        attrs["data-changed"] = "1"
    box = el("div", attrs)
    parries = [row.get("arm", "") for row in draft.get("parries", ()) if row.get("arm")]
    if body.condition == "dead" or c.name in gone:
        if c.name in gone:
            box.set("data-left", str(gone[c.name]))
        box.append(el("div", {"class": "fd-row fd-row-still"},
                      *render_row(c, body, k=k, timed=None, parries=(), changed=changed, left=gone.get(c.name))))
        return box
    head = el("summary", {"class": "fd-row"},
              *render_row(c, body, k=k, timed=timed, parries=parries, changed=changed, note=note,
                          foreseen=foreseen))
    opened = opened or any(field.startswith(f"{p}-") and field != f"{p}-sr" for field in errors)
    mine = [message for field, message in errors.items() if field == p or field.startswith(f"{p}-")]
    if not (drawn or opened):
        box.append(el("details", {"class": "fd-more", "id": f"{p}-more", "data-row": str(k)}, head,
                      el("div", {"class": "fd-edit-box", "id": f"{p}-edit"})))
        box.append(el("p", {"id": f"{p}-error", "class": "field-error", "role": "alert", "hidden": "hidden"}))
        return box
    editor = el("fieldset", {"class": "fd-edit"}, el("legend", None, f"{c.name}'s statement, round {state.round + 1}"))
    if note:
        editor.append(el("p", {"class": "fd-fell-said"}, note))
    if body.condition in ("unconscious", "incapacitated"):
        editor.append(el("p", {"class": "help"}, f"{c.name} is {body.condition}: only what the rules allow happens."))
    arms = [(a.name, a.name + (" (missile)" if a.missile else "")) for a in c.arms if a.name not in body.broken]
    stuck = [
        (f"{s.owner}\u241f{s.weapon}", f"{s.owner}'s {s.weapon} ({_words(s.location)})") for s in body.stuck_in
    ] or [("", "nothing is stuck in this fighter")]
    locations = [(key, _words(key)) for key in ORDER]
    weapons = [("", "no: a spell of its own"), *((w.name, w.name) for w in c.arms if w.weapon is not None
                                               and not w.body_weapon)]
    line = el("div", {"class": "fd-line"})
    more = el("div", {"class": "fd-more-body"})
    rows = list(draft.get("actions", ()))
    for j in range(ACTION_ROWS):
        row = rows[j] if j < len(rows) else {}
        do = row.get("do", "")
        a = f"{p}-a{j}"
        action_line = el("div", {"class": "fd-action", "data-do": do, "id": a})
        action_line.append(_select(f"{a}-do", "First" if j == 0 else "Then", DO_CHOICES, do, cls="fd-do",
                                   errors=errors))
        # Only the inputs this action uses (the page draws the row again when the action changes).
        uses = {field for field, kinds in FIELDS_FOR.items() if do in kinds}
        if "arm" in uses:
            action_line.append(_select(f"{a}-arm", "with", arms, row.get("arm", ""), cls="fd-arm", errors=errors))
        if "target" in uses:
            target = _select(f"{a}-target", "at", _target_choices(fight, state, c, do, gone), row.get("target", ""),
                             cls="fd-target", errors=errors)
            if j == 0:
                line.append(target)  # the first target changes in the row itself
            else:
                action_line.append(target)
        if "n" in uses:
            action_line.append(_input(f"{a}-n", N_LABEL.get(do, "number"), row.get("n", ""), cls="fd-n",
                                      errors=errors))
        if "where" in uses:
            action_line.append(_select(f"{a}-where", "location", locations, row.get("where", ""), cls="fd-where",
                                       errors=errors))
        if "spell" in uses:
            action_line.append(_input(f"{a}-spell", "spell", row.get("spell", ""), cls="fd-spell", numeric=False,
                                      size=40, errors=errors))
        if "on" in uses:
            action_line.append(_select(f"{a}-on", "on the weapon in hand", weapons, row.get("on", ""), cls="fd-on",
                                       errors=errors))
        if "stuck" in uses:
            action_line.append(_select(f"{a}-stuck", "which", stuck, row.get("stuck", ""), cls="fd-stuck",
                                       errors=errors))
        if "unprepared" in uses:
            action_line.append(_check(f"{a}-unprepared", bool(row.get("unprepared")), " not prepared (+5)",
                                      "fd-unprepared"))
        if do:
            action_line.append(_check(f"{a}-abort", bool(row.get("abort")), " aborted during the round", "fd-abort"))
        more.append(action_line)
    others = [(o.name, o.name) for o in fight.combatants if o.name != c.name and o.name not in gone]
    parriers = [(a.name, f"{a.name} {a.parry.chance}%" + (" (against a hold)" if a.body_weapon else ""))
                for a in c.arms if a.parry is not None]
    prows = list(draft.get("parries", ()))
    for j in range(PARRY_ROWS):
        row = prows[j] if j < len(prows) else {}
        q = f"{p}-p{j}"
        more.append(
            el(
                "div",
                {"class": "fd-parry", "id": q},
                _select(f"{q}-arm", "Parry with" if j == 0 else "and parry with", [("", "no parry"), *parriers],
                        row.get("arm", ""), errors=errors),
                _select(f"{q}-against", "against", [("", "the first blow at this fighter"), *others],
                        row.get("against", ""), errors=errors),
            )
        )
    foes = [(f, o) for f, o in enumerate(fight.combatants) if o.side != c.side and o.name not in gone]
    if c.defense and foes:
        shares = draft.get("defense", {})
        details = {"class": "fd-defense", "id": f"{p}-defense"}
        note_el = _invalid(f"{p}-defense", details, errors)
        split = el(
            "details",
            details,
            el("summary", None, f"Defense {c.defense}%: split it (empty: all against the first to strike)"),
        )
        grid = el("div", {"class": "fd-shares"})
        for f, o in foes:
            grid.append(_input(f"{p}-def-{f}", f"% against {o.name}", str(shares.get(o.name, "")), size=3,
                               errors=errors))
        split.append(grid)
        if note_el is not None:
            split.append(note_el)
        if note_el is not None or any(str(v).strip() for v in shares.values()):
            split.set("open", "open")
        more.append(split)
    if foes:
        engaged = set(draft.get("engaged", ()))
        attrs = {"class": "fd-engaged", "id": f"{p}-engaged"}
        note_el = _invalid(f"{p}-engaged", attrs, errors)
        group = el("div", attrs,
                   el("p", {"class": "help"}, "Starts the round engaged in melee with (attack or spell, not both):"))
        for f, o in foes:
            group.append(_check(f"{p}-eng-{f}", o.name in engaged, f" {o.name}"))
        if note_el is not None:
            group.append(note_el)
        more.append(group)
    more.append(_check(f"{p}-surprised", bool(draft.get("surprised")), " surprised (+3 SR)"))
    editor.append(line)
    editor.append(el("div", {"class": "fd-sr", "id": f"{p}-sr", "aria-live": "polite"},
                     *render_said(timed, draft, same, foreseen)))
    editor.append(more)
    editor.append(el("div", {"class": "actions"},
                     el("button", {"type": "button", "class": "fd-done", "data-done": str(k)},
                        "Done: back to the table")))
    folded = el("details", {"class": "fd-more", "id": f"{p}-more", "data-row": str(k)}, head,
                el("div", {"class": "fd-edit-box", "id": f"{p}-edit"}, editor))
    if opened:
        folded.set("open", "open")
    box.append(folded)
    if mine:
        box.append(el("p", {"id": f"{p}-error", "class": "field-error", "role": "alert"}, f"{c.name} — {mine[-1]}"))
    else:
        box.append(el("p", {"id": f"{p}-error", "class": "field-error", "role": "alert", "hidden": "hidden"}))
    return box


def render_declarations(fight: Fight | None, state: FightState | None, drafts: Mapping[str, Mapping[str, Any]],
                        schedules: Mapping[str, Sequence[Timed] | None] | None = None,
                        errors: Mapping[str, str] = {}, *, opened: frozenset[str] | set[str] = frozenset(),
                        same: Mapping[str, bool] = {}, notes: Mapping[str, str] = {},
                        gone: Mapping[str, int] = {}, foreseen: Mapping[str, Sequence[str]] = {},
                        changed: Mapping[str, Sequence[str]] = {}, drawn: bool = True) -> Element:
    """The table view: everyone's row and statement of intent (``errors``, ``opened``, ``same``, ``notes``,
    ``foreseen``, ``changed``: by name, as :func:`render_declaration` shows them; ``drawn`` False: only the
    forms of the rows open)."""
    if fight is None or state is None:
        return el("p", {"class": "empty"}, "Add combatants first.")
    div = el("div", {"class": "fd-all"})
    for k, c in enumerate(fight.combatants):
        draft = drafts.get(c.name) or default_declaration(fight, state, c, gone)
        div.append(render_declaration(fight, state, k, draft, (schedules or {}).get(c.name), errors,
                                      opened=c.name in opened, same=same.get(c.name), note=notes.get(c.name, ""),
                                      gone=gone, foreseen=foreseen.get(c.name, ()),
                                      changed=changed.get(c.name, ()), drawn=drawn))
    return div


def inner_html(node: Element) -> str:
    """What is inside ``node`` (a statement drawn again in its place)."""
    return (escape_text(node.text) if node.text else "") + "".join(to_html(child) for child in node)


def render_said(timed: Sequence[Timed] | None, draft: Mapping[str, Any],
                same: bool | None = None, foreseen: Sequence[str] = ()) -> list[Element]:
    """A statement at a glance (the inside of ``fd-<k>-sr``): his actions at their strike ranks, what
    he parries with, whether it is last round's, and what the round will make of it otherwise than stated
    (``foreseen``, :func:`~pyengine.runequest.melee.foresee.foreseen`, RQ-139)."""
    out = [render_schedule(timed)]
    parries = [row.get("arm", "") for row in draft.get("parries", ()) if row.get("arm")]
    bits = [f"parries with {' and '.join(parries)}" if parries else "no parry"]
    if same is not None:
        bits.append("same as last round" if same else "changed from last round")
    out.append(el("p", {"class": "help fd-parries"}, " · ".join(bits)))
    if foreseen:
        out.append(el("ul", {"class": "fd-foreseen", "aria-label": "What the round will do otherwise"},
                      *(el("li", None, line) for line in foreseen)))
    return out


def render_schedule(timed: Sequence[Timed] | None) -> Element:
    """His declared actions with their strike ranks, as the engine times them."""
    if timed is None:
        return el("p", {"class": "help fd-sr-none"}, "Strike ranks show here once the statement reads.")
    if not timed:
        return el("p", {"class": "help fd-sr-none"}, "Does nothing but parry and defend.")
    ol = el("ol", {"class": "fd-sr-list"})
    for t in timed:
        li = el(
            "li",
            {"data-sr": str(t.sr), "class": "too-late" if t.too_late else ""},
            el("span", {"class": "sr-badge"}, f"SR {t.sr}"),
            " ",
            describe(t.who, t.action).removeprefix(f"{t.who} "),
            el("br"),
            el("small", None, t.working.text + (f" — {t.too_late}" if t.too_late else "")),
        )
        ol.append(li)
    return ol


# -- the round ---------------------------------------------------------------------------------


def render_event(event: Event, n: int) -> Element:
    """One line of the round: strike rank, who does what, what came of it; the working one tap away."""
    attrs = {
        "class": "fr-event" + ("" if event.done else " fr-not-done") + (" fr-simultaneous" if event.simultaneous else ""),
        "data-sr": str(event.sr),
        "data-who": event.who,
        "data-done": "1" if event.done else "0",
    }
    if event.exchange is not None:
        attrs["data-outcome"] = event.exchange.outcome
    li = el(
        "li",
        attrs,
        el("span", {"class": "sr-badge"}, f"SR {event.sr}"),
        " ",
        el("span", {"class": "fr-what"}, event.what),
        el("span", {"class": "fr-simul"}, " (simultaneous)") if event.simultaneous else None,
        ": ",
        el("span", {"class": "fr-outcome"}, event.outcome),
    )
    if event.exchange is not None or event.notes or event.working or event.rolls:
        details = el("details", {"class": "working fr-working"}, el("summary", None, "Working"))
        if event.working:
            details.append(el("p", None, f"Strike rank: {event.working.text}"))
        if event.notes:
            details.append(el("ul", {"class": "fr-notes"}, *(el("li", None, note) for note in event.notes)))
        if event.exchange is not None:
            details.append(Markup(render_result(event.exchange)))
        elif event.rolls:
            details.append(
                el("ul", {"class": "cx-rolls"}, *(el("li", None, f"{r.purpose}: D{r.sides} {r.value}") for r in event.rolls))
            )
        li.append(details)
    return li


def render_round(result: RoundResult, ident: str = "") -> Element:
    """A round's events in strike-rank order (``ident``: the section's id)."""
    ol = el("ol", {"class": "fr-events"}, *(render_event(e, n) for n, e in enumerate(result.events)))
    if not result.events:
        ol = el("p", {"class": "empty"}, "Nothing happened this round.")
    attrs = {"class": "fr-round", "data-round": str(result.round), "data-rolls": str(len(result.rolls))}
    if ident:
        attrs["id"] = ident
    return el(
        "section",
        attrs,
        el("h3", None, f"Round {result.round}"),
        ol,
        render_dice(result),
    )


#: What the round card says before the first round, on the game master's phone (fight mode).
NO_ROUND_YET = "No round resolved yet: state what everyone does, then Resolve."


def render_happened(result: RoundResult | None, empty: str = NO_ROUND_YET) -> Element:
    """What happened in the round just resolved, under the table: strike rank by strike rank, one line
    each, its working one tap away (the same lines as the log's latest round). ``empty``: what it says
    before the first round (a player's phone has its own words: he does not resolve rounds)."""
    if result is None:
        return el("p", {"class": "empty"}, empty)
    ol = el("ol", {"class": "fr-events fh-events"}, *(render_event(e, n) for n, e in enumerate(result.events)))
    if not result.events:
        ol = el("p", {"class": "empty"}, "Nothing happened this round.")
    return el("div", {"class": "fh", "data-round": str(result.round)},
              el("h3", {"class": "fh-heading"}, f"Round {result.round}: what happened"), ol)


def render_dice(result: RoundResult) -> Element:
    """The round's dice, each saying what it was for (issue 34: "the round's dice list says which die was
    which"): app dice and typed dice alike, and a round replayed from a link (its purposes derived again)."""
    if not result.rolls:
        return el("p", {"class": "help fr-dice"}, "Dice this round: none")
    if len(result.made) != len(result.rolls):  # never: every round resolved says each die's purpose
        return el("p", {"class": "help fr-dice"}, f"Dice this round: {', '.join(map(str, result.rolls))}")
    return el("div", {"class": "help fr-dice"}, "Dice this round, in the order rolled:",
              el("ol", {"class": "fr-dice-list"},
                 *(el("li", None, f"D{m.sides} {m.value} — {m.purpose}") for m in result.made)))


#: The log's element (``data-rounds``: how many) and its latest round's, the one open.
LOG_ID, LATEST_ID = "fr-log", "fr-latest"


def _earlier_round(result: RoundResult) -> Element:
    """An earlier round, folded away: its summary only, its events drawn when it is opened
    (:func:`render_earlier_round`). A long evening's log is then a few elements per round, not a few
    hundred: the page's memory, and every change of the address, which Chromium pays for by walking
    every element of the page, no longer grow with the fight."""
    return el("details", {"class": "fr-old", "id": f"fr-old-{result.round}", "data-round": str(result.round)},
              el("summary", None, f"Round {result.round}"))


def render_earlier_round(result: RoundResult) -> str:
    """What an earlier round's fold holds once opened: its summary and the round."""
    return to_html(el("summary", None, f"Round {result.round}")) + to_html(render_round(result))


def render_log(results: Sequence[RoundResult]) -> Element:
    """Every round, the latest first and open; earlier ones one tap away (drawn when opened)."""
    if not results:
        return el("p", {"class": "empty", "id": "fl-empty"}, "No round resolved yet.")
    div = el("div", {"class": "fr-log", "id": LOG_ID, "data-rounds": str(len(results))})
    for k, result in enumerate(reversed(results)):
        div.append(render_round(result, LATEST_ID) if k == 0 else _earlier_round(result))
    return div


def render_log_grown(results: Sequence[RoundResult]) -> tuple[str, str]:
    """The log of ``results`` drawn from the log of all of them but the last (:func:`render_log`),
    as what takes the place of the latest round there (the new round, then the one before it, now one tap
    away) and the log's new ``data-rounds``: a round's drawing no longer grows with the fight."""
    assert len(results) >= 2, "a log of one round is drawn whole"
    return to_html(render_round(results[-1], LATEST_ID)) + to_html(_earlier_round(results[-2])), str(len(results))


def export_button() -> Element:
    """The fight's "Export JSON" button, beside its link."""
    return el("button", {"type": "button", "id": "fl-export"}, "Export JSON")


def render_notice(text: str) -> str:
    """A notice in fight mode (a saved sheet gone, a record that would not take the checks)."""
    return to_html(el("p", {"class": "notice"}, text))


# -- experience --------------------------------------------------------------------------------


def render_marks(fight: Fight | None, state: FightState | None, applied: Sequence[str] = ()) -> Element:
    """Each combatant's experience marks; for a saved character, that they go to his sheet with the
    write-back, rolled when the scenario ends (RQ-134); ``applied``: those whose checks for this fight
    an app before 0.4.0 rolled onto the sheet."""
    if fight is None or state is None:
        return el("p", {"class": "empty"}, "No marks yet.")
    ul = el("ul", {"class": "fx-marks"})
    for c in fight.combatants:
        marks = state.bodies[c.name].marks
        li = el(
            "li",
            {"data-name": c.name, "data-marks": str(len(marks))},
            el("strong", None, c.name),
            ": ",
            ", ".join(marks) if marks else "no marks",
        )
        if c.character and marks:
            if c.name in applied:
                li.append(el("span", {"class": "fx-applied"}, " — checks rolled onto the saved sheet."))
            else:
                li.append(el("span", {"class": "fx-kept"}, " — kept on the saved sheet when the results are written, "
                                                           "rolled when the scenario ends."))
        ul.append(li)
    return ul


# -- errors ------------------------------------------------------------------------------------

_PATH = re.compile(r"^intents\[(\d+)\](?:\.(\w+)(?:\[(\d+)\])?(?:\.(\w+))?)?$")
_ACTION_FIELD = {"target": "target", "arm": "arm", "metres": "n", "points": "n", "distance": "n",
                 "location": "where", "how": "do", "weapon": "stuck", "owner": "stuck", "name": "spell", "on": "on"}


def field_for(path: str, text: str, who: Sequence[int], action_rows: Sequence[Sequence[int]]) -> tuple[str, str]:
    """The form field an engine error is about, and its message in words.

    ``path`` is the error's ``field`` (``intents[1].actions[0].target``), ``text`` its message;
    ``who[i]`` is the combatant index of ``intents[i]``; ``action_rows[i][j]`` the form row of
    its ``actions[j]`` (rows left at "nothing" are skipped). Returns ``(field id, message)``;
    the id is the combatant's fieldset when no finer field fits, ``""`` when no statement does.
    """
    m = _PATH.match(path)
    if not m:
        return "", text
    i, part, index, sub = m.groups()
    k = who[int(i)]
    base = f"fd-{k}"
    if part == "actions" and index is not None:
        j = int(index)
        row = action_rows[int(i)][j] if j < len(action_rows[int(i)]) else j
        field = _ACTION_FIELD.get(sub or "", "do")
        return f"{base}-a{row}-{field}", f"action {row + 1}, {sub or 'what'}: {text}"
    if part == "parries" and index is not None:
        field = "against" if sub == "against" else "arm"
        return f"{base}-p{index}-{field}", f"parry {int(index) + 1}, {field}: {text}"
    if part == "defense":
        return f"{base}-defense", f"Defense split: {text}"
    if part == "engaged":
        return f"{base}-engaged", f"engaged with: {text}"
    if part == "actions":
        return f"{base}-a0-do", f"actions: {text}"
    return base, text
