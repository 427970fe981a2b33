"""Fight mode's regions as HTML text: what :mod:`pyengine.pages.fight` draws, from what it holds.

The fight's own pieces (the combatants, everyone's state, the statements, the log, the
experience marks) are :mod:`pyengine.runequest.melee.render`'s; here they become the text a
region's ``innerHTML`` takes, with what belongs to fight mode's page rather than to the rules
(how a saved adventurer comes into the fight, the opponent templates' choices).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from pyengine.dice import NeededRoll
from pyengine.html import Element, el, options, to_html
from pyengine.runequest.combat.render import render_needed
from pyengine.runequest.melee import render, table
from pyengine.runequest.melee.model import Combatant, Fight, FightState, MeleeRules
from pyengine.runequest.melee.round import RoundResult
from pyengine.runequest.melee.timing import Timed


def entering_words(c: Combatant) -> str:
    """How a saved adventurer comes into the fight when he is not fresh, in words
    ("enters wounded: chest 3/6"; ``""``: fresh)."""
    start_ = c.start
    if start_ is None:
        return ""
    said = [f"{key.replace('_', ' ')} {points}/{c.locations.get(key, '?')}" for key, points in start_.wounds.items()
            if points > 0]
    if not said and start_.damage_taken > 0:
        said.append(f"{start_.damage_taken} of {c.hit_points} hit points")
    parts = [f"enters wounded: {', '.join(said)}"] if said else []
    if start_.condition not in ("unhurt", "fighting"):
        parts.append(start_.condition)
    parts.extend(f"{key.replace('_', ' ')} severed" + (" for good" if left == 0 else "") + ": useless"
                 for key, left in start_.severed.items())
    if start_.broken:
        parts.append(f"broken: {', '.join(start_.broken)}")
    if start_.weapon_damage:
        parts.append("damaged: " + ", ".join(f"{name} {points}" for name, points in start_.weapon_damage.items()))
    if start_.missiles:
        parts.append("missiles left: " + ", ".join(f"{name} {n}" for name, n in start_.missiles.items()))
    return " · ".join(parts)


def _entering(fight: Fight | None, listed: Element) -> Element:
    """The combatants' list with each one not fresh said so on his line (before his remove button)."""
    if fight is None:
        return listed
    ul = next((n for n in listed if n.get("class") == "fc-list"), None)
    if ul is None:
        return listed
    for c, li in zip(fight.combatants, (li for li in ul if li.get("class") == "fc-item"), strict=False):
        words = entering_words(c)
        if words:
            at = next((i for i, n in enumerate(li) if n.get("class") == "fc-remove"), len(li))
            li.insert(at, el("span", {"class": "fc-entering"}, words))
            li.insert(at, el("br"))
    return listed


def combatants_html(fight: Fight | None, *, removable: bool, rules: MeleeRules, gone: Mapping[str, int] | None,
                    rounds: int) -> str:
    """``fc-list``: who is in the fight, each one not fresh said so, and the optional rules."""
    return to_html(_entering(fight, render.render_combatants(fight, removable=removable, rules=rules, gone=gone,
                                                             rounds=rounds)))


def sides_html(sides: Sequence[str]) -> str:
    """``fa-sides``: the sides already in the fight, each a button."""
    return to_html(render.render_sides(sides))


def state_html(fight: Fight | None, state: FightState | None, gone: Mapping[str, int]) -> str:
    """``fs-out``: everyone now."""
    return to_html(render.render_state(fight, state, gone))


def marks_html(fight: Fight | None, state: FightState | None, applied: Sequence[str]) -> str:
    """``fx-out``: the experience marks, and where a saved adventurer's go."""
    return to_html(render.render_marks(fight, state, applied))


def log_html(results: Sequence[RoundResult]) -> str:
    """``fl-out``: every round, the latest open."""
    return to_html(render.render_log(results))


def declarations_html(fight: Fight | None, state: FightState | None, drafts: Mapping[str, Mapping[str, Any]],
                      schedules: Mapping[str, Sequence[Timed] | None] | None = None,
                      errors: Mapping[str, str] = {}, *, opened: Collection[str] = frozenset(),
                      same: Mapping[str, bool] = {}, notes: Mapping[str, str] = {},
                      gone: Mapping[str, int] = {}, foreseen: Mapping[str, Sequence[str]] = {},
                      changed: Mapping[str, Sequence[str]] = {}, drawn: bool = True) -> str:
    """``fd-list``: the table view, everyone's row and statement form (``drawn`` False: the open rows' forms only)."""
    return to_html(render.render_declarations(fight, state, drafts, schedules, errors, opened=set(opened), same=same,
                                              notes=notes, gone=gone, foreseen=foreseen, changed=changed,
                                              drawn=drawn))


def timeline_html(fight: Fight | None, state: FightState | None,
                  schedules: Mapping[str, Sequence[Timed] | None], gone: Mapping[str, int]) -> str:
    """``fd-timeline``: who acts when in the round about to be resolved."""
    if fight is None or state is None:
        return ""
    return to_html(table.render_timeline(fight, state, schedules, gone))


def happened_html(result: RoundResult | None, empty: str = render.NO_ROUND_YET) -> str:
    """``fd-happened``: what happened in the round just resolved (``empty``: what it says before one)."""
    return to_html(render.render_happened(result, empty))


def declaration_inner_html(fight: Fight, state: FightState, k: int, draft: Mapping[str, Any],
                           timed: Sequence[Timed] | None, *, same: bool | None, note: str,
                           gone: Mapping[str, int], foreseen: Sequence[str] = (), changed: Sequence[str] = (),
                           opened: bool = True) -> str:
    """What goes inside ``fd-<k>``: his row drawn again, open onto his statement (``opened`` False: shut,
    his form left out until it is opened again)."""
    return render.inner_html(render.render_declaration(fight, state, k, draft, timed, opened=opened, same=same,
                                                       note=note, gone=gone, foreseen=foreseen, changed=changed,
                                                       drawn=opened))


def said_html(timed: Sequence[Timed] | None, draft: Mapping[str, Any], same: bool | None,
              foreseen: Sequence[str] = ()) -> str:
    """What goes inside ``fd-<k>-sr``: his statement at a glance, and what the round will make of it."""
    return "".join(to_html(n) for n in render.render_said(timed, draft, same, foreseen))


def row_notes_html(k: int, note: str, foreseen: Sequence[str], short: str) -> str:
    """What goes inside ``fd-<k>-notes``: the notes of his row (:func:`~pyengine.runequest.melee.table.row_notes`)."""
    return "".join(to_html(n) for n in table.row_notes(k, note, foreseen, short))


def template_options_html(entries: Sequence[tuple[str, str]], selected: str = "") -> str:
    """``ft-template``'s choices: the opponent templates kept on the device (id, what it says)."""
    if not entries:
        return options((), none="No templates yet")
    return options(entries, none="Choose a template", selected=selected)


def typing_html(needed: NeededRoll, typed: Sequence[int], round_number: int) -> str:
    """``fd-ask`` while a round is typed die by die: the die asked for (what it is for), the dice
    typed so far, and what the mode means (issue 34: the round is not resolved until its last die is in;
    only "Cancel" leaves it)."""
    said = el("p", {"class": "help fd-mode"},
              f"Round {round_number} is not resolved until its last die is in. Until then the statements stay as "
              "stated when typing began, and app dice, undo, a new fight and opening another fight are off. "
              '"Cancel" drops the dice typed and leaves the round unresolved.')
    return render_needed(needed, typed) + to_html(said)
