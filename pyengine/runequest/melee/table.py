"""Fight mode's table view, as HTML: one row per combatant (who, his hit points now of his most,
the locations out, his condition, this round's statement in short), the strike-rank timeline of the
round about to be resolved, and what changed in the round just resolved.

Pure functions from the melee engine's values to :mod:`pyengine.html` elements. A row's words are the
same as everyone's state below it (:mod:`pyengine.runequest.melee.render`): a location reads "out"
(:mod:`pyengine.runequest.reading`, RQ-141), a condition as ``CONDITION_WORDS`` has it; the ruler
runs from SR 1 to 12, what has no time left apart (RQ-143).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from pyengine.html import Element, el
from pyengine.runequest.melee.model import Body, Combatant, Fight, FightState
from pyengine.runequest.melee.round import describe
from pyengine.runequest.melee.timing import Timed
from pyengine.runequest.reading import OUT, SEVERED
from pyengine.runequest.vocabulary import LOCATION_KEYS, SHEET_ORDER

#: The strike ranks of a round (seed ch. IV: "a melee round is divided into 12 strike ranks").
LAST_SR = 12
ORDER = tuple(LOCATION_KEYS[loc] for loc in SHEET_ORDER)
#: A location's name, short enough for a row ("L arm out").
SHORT_WORDS = {"head": "head", "chest": "chest", "abdomen": "abdomen", "right_arm": "R arm", "left_arm": "L arm",
               "right_leg": "R leg", "left_leg": "L leg"}
CONDITION_WORDS = {
    "unhurt": "unhurt",
    "fighting": "wounded, fighting",
    "incapacitated": "incapacitated",
    "unconscious": "unconscious",
    "dead": "dead",
}


def hit_points_now(c: Combatant, body: Body) -> int:
    return c.hit_points - body.damage_taken


def out_locations(c: Combatant, body: Body) -> list[str]:
    """The locations out of use at a glance (``L arm out``, ``R leg severed``), in the sheet's order."""
    said = []
    for key in ORDER:
        if key in body.severed:
            said.append(f"{SHORT_WORDS[key]} {SEVERED}")
        elif body.wounds.get(key, 0) >= c.locations[key]:
            said.append(f"{SHORT_WORDS[key]} {OUT}")
    return said


def changes(c: Combatant, before: Body, after: Body) -> list[str]:
    """What one round changed in him, in short (``-6 HP``, ``L arm out``, ``now unconscious``); ``[]``: nothing
    a row shows."""
    said = []
    lost = after.damage_taken - before.damage_taken
    if lost:
        said.append(f"\u2212{lost} HP" if lost > 0 else f"+{-lost} HP")
    was = set(out_locations(c, before))
    said.extend(where for where in out_locations(c, after) if where not in was)
    if after.condition != before.condition and after.condition != "fighting":
        said.append(f"now {CONDITION_WORDS[after.condition]}")
    return said


def round_changes(fight: Fight, before: FightState, after: FightState) -> dict[str, list[str]]:
    """What one round changed in each row that it changed (:func:`changes`), by name."""
    out = {}
    for c in fight.combatants:
        if c.name in before.bodies and (said := changes(c, before.bodies[c.name], after.bodies[c.name])):
            out[c.name] = said
    return out


def short_statement(timed: Sequence[Timed] | None, parries: Sequence[str]) -> str:
    """This round's statement in short: his first action at its strike rank, with its target, how many
    more, and what he parries with (``SR 7: attacks Grak with the broadsword (+1 more) · parry: shield``)."""
    if timed is None:
        said = "statement not finished: tap to finish it"
    elif not timed:
        said = "no action"
    else:
        first = timed[0]
        said = f"SR {first.sr}: {describe(first.who, first.action).removeprefix(f'{first.who} ')}"
        if first.too_late:
            said += " (no time left)"
        if len(timed) > 1:
            said += f" (+{len(timed) - 1} more)"
    return said + (f" \u00b7 parry: {' and '.join(parries)}" if parries else "")


def render_row(c: Combatant, body: Body, *, k: int, timed: Sequence[Timed] | None, parries: Sequence[str],
               changed: Sequence[str] = (), left: int | None = None, note: str = "",
               foreseen: Sequence[str] = ()) -> list[Element]:
    """The inside of one combatant's row (the ``summary`` a tap opens, or the row of one who cannot act):
    name and side, hit points now of his most, condition and locations out, what changed last round, his
    statement in short (``fd-<k>-short``), why it is not last round's (``note``: his target fell), and what
the round will make of it otherwise than stated (``foreseen``, RQ-139: said on the row at once)."""
    p = f"fd-{k}"
    top = el("span", {"class": "fd-row-top"},
             el("span", {"class": "fd-name"}, c.name), " ",
             el("span", {"class": "fs-side"}, f"side {c.side}"), " ",
             el("span", {"class": "fd-hp", "id": f"{p}-hp"}, f"HP {hit_points_now(c, body)}/{c.hit_points}"))
    state = el("span", {"class": "fd-row-state"},
               el("span", {"class": f"fs-cond fs-cond-{body.condition}"}, CONDITION_WORDS[body.condition]))
    outs = out_locations(c, body)
    if outs:
        state.append(el("span", {"class": "fd-out"}, " \u00b7 " + ", ".join(outs)))
    new = [said for said in changed if said not in outs and not said.startswith("now ")]  # the rest is said already
    if new:
        state.append(el("span", {"class": "fd-changed-what"}, " \u00b7 last round: " + ", ".join(new)))
    out = [top, state]
    if left is not None:
        out.append(el("span", {"class": "fd-short"}, f"left the fight after round {left}"))
    elif body.condition == "dead":
        out.append(el("span", {"class": "fd-short"}, "acts no more"))
    else:
        short = short_statement(timed, parries)
        out.append(el("span", {"class": "fd-short", "id": f"{p}-short"}, short))
        # one line, cut short: the whole of it is in his statement, a tap away. There while he can act,
        # empty or not, so that a change to his statement draws the notes again (row_notes)
        out.append(el("span", {"class": "fd-row-notes", "id": f"{p}-notes"}, *row_notes(k, note, foreseen, short)))
    return out


def row_notes(k: int, note: str, foreseen: Sequence[str], short: str) -> list[Element]:
    """What goes inside the ``k``-th row's notes (``fd-<k>-notes``): why his statement is not last round's
    (``note``), then what the round will make of it (``foreseen``). A foreseen blow's verdict comes first and
    the blow after it when the row's statement in short (``short``) names that blow: the line is cut at a
    phone's width, and "attacks Bera with the broadswor…" in red said nothing of why."""
    out = []
    if note:
        out.append(el("span", {"class": "fd-fell", "id": f"fd-{k}-fell"}, note))
    if foreseen:
        said = []
        for line in foreseen:
            what, colon, verdict = line.partition(": ")
            said.append(f"{verdict} ({what})" if colon and what in short else line)
        out.append(el("span", {"class": "fd-foreseen-row", "id": f"fd-{k}-foreseen"},
                      ("; " if note else "") + "; ".join(said)))
    return out


def _tag(name: str, taken: set[str]) -> str:
    """A name short enough for the timeline (``Rur``, ``Ba2``), different from every tag already taken."""
    m = re.match(r"^(.*?)\s*(\d+)$", name)
    stem, number = (m.group(1), m.group(2)) if m else (name, "")
    for n in range(3 if not number else 2, len(stem) + 1):
        tag = stem[:n] + number
        if tag not in taken:
            return tag
    k = 2
    while f"{name}{k}" in taken:
        k += 1
    return f"{name}{k}"


def tags(fight: Fight) -> dict[str, str]:
    """Each combatant's tag on the timeline, in the fight's order."""
    taken: dict[str, str] = {}
    for c in fight.combatants:
        taken[c.name] = _tag(c.name, set(taken.values()))
    return taken


def render_timeline(fight: Fight, state: FightState, schedules: Mapping[str, Sequence[Timed] | None],
                    gone: Mapping[str, int] = {}) -> Element:
    """The round about to be resolved as a ruler from SR 1 to 12: each action stands at its strike rank
    (actions at the same strike rank stand together), those with no time left at the end, marked; each
    side its own colour; a statement not finished is named under the ruler."""
    short = tags(fight)
    sides = list(dict.fromkeys(c.side for c in fight.combatants))
    at: dict[int, list[Element]] = {}
    late: list[Element] = []
    unfinished: list[str] = []
    for c in fight.combatants:
        if c.name in gone or state.bodies[c.name].condition == "dead":
            continue
        timed = schedules.get(c.name)
        if timed is None:
            unfinished.append(c.name)
            continue
        for t in timed:
            words = describe(t.who, t.action)
            chip = el("li", {"class": f"tl-act tl-side-{sides.index(c.side) % 4}", "data-who": c.name,
                             "data-sr": str(t.sr)},
                      el("span", {"aria-hidden": "true"}, short[c.name]),
                      el("span", {"class": "visually-hidden"}, f"{words}" + (f" (SR {t.sr}: no time left)"
                                                                           if t.too_late else "")))
            if t.too_late or t.sr > LAST_SR:
                chip.set("class", chip.get("class") + " tl-late")
                late.append(chip)
            else:
                at.setdefault(t.sr, []).append(chip)
    ruler = el("ol", {"class": "tl-ruler"})
    for sr in range(1, LAST_SR + 1):
        here = at.get(sr, [])
        li = el("li", {"class": "tl-sr" + (" tl-together" if len(here) > 1 else ""), "data-sr": str(sr)},
                el("span", {"class": "tl-n"}, el("span", {"class": "visually-hidden"}, "SR "), str(sr)))
        if here:
            li.append(el("ul", {"class": "tl-acts"}, *here))
        ruler.append(li)
    if late:
        ruler.append(el("li", {"class": "tl-sr tl-no-time", "data-sr": "late"},
                        el("span", {"class": "tl-n"}, "no time"), el("ul", {"class": "tl-acts"}, *late)))
    box = el("div", {"class": "tl", "data-round": str(state.round + 1)},
             el("h3", {"class": "tl-heading", "id": "fd-tl-heading"}, f"Who acts when, round {state.round + 1}"),
             ruler)
    legend = ", ".join(f"{tag} {name}" for name, tag in short.items() if tag != name and name not in gone)
    if legend:
        box.append(el("p", {"class": "help tl-legend"}, legend))
    if unfinished:
        box.append(el("p", {"class": "help tl-unfinished"},
                      "Not on the ruler until the statement is finished: " + ", ".join(unfinished)))
    return box

