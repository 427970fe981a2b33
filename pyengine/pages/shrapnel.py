"""The shrapnel page (``shrapnel.html``): the Ballistic Shrapnel critical read against the
target's armour, area by area.

Regions it draws: ``shr-result`` (the result card, its link and "See it in the table"),
``shr-recent`` (this tab's recent results), ``shr-target`` (the "Target" choices: the device's
saved adventurers and the fighters of the fight in progress, :mod:`pyengine.pages.targets`).
Fields it reads (``shr-form``): the severity radios (``shr-sev-A`` … ``shr-sev-E``, group
``severity``), ``shr-roll``, ``shr-target``, the covered areas (``shr-cover-head`` …,
:data:`COVER_IDS`) and ``shr-pieces``; it says what a target's armour gave in ``shr-target-taken``. It says where a
problem is in ``shr-severity-error``, beside ``shr-roll`` and ``shr-pieces``, and in
``shr-link-error`` for a link; :attr:`ShrapnelPage.cell` is the table cell marked (``shr-highlight``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyengine.dice import Dice, RandomDice
from pyengine.errors import RulesError
from pyengine.library.drafts import read_draft
from pyengine.library.kinds import has_records
from pyengine.pages.recent import shrapnel_results
from pyengine.pages.view import Update
from pyengine.render.share import share_line
from pyengine.render.targets import target_choices
from pyengine.shrapnel import render
from pyengine.shrapnel.armour import ArmourItem
from pyengine.shrapnel.inputs import PRESETS, armour_from_form, covered_areas, format_pieces, read_roll
from pyengine.shrapnel.resolve import ShrapnelResult, resolve
from pyengine.shrapnel.state import LINK, target_name, to_state
from pyengine.shrapnel.tables import ShrapnelTable
from pyengine.shrapnel.vocabulary import Area, parse_severity
from pyengine.storage.store import Store

PAGE = "./shrapnel.html"
#: Each area's "covered" checkbox.
COVER_IDS: dict[Area, str] = {area: f"shr-cover-{area.value}" for area in Area}
NO_SEVERITY = "severity: choose A, B, C, D or E"
NO_SEVERITY_TO_READ = "severity: choose A, B, C, D or E to read this roll"
NO_TARGETS = (
    "No adventurer is saved on this device yet, and no fight is in progress: save one on the sheet page "
    "to read the critical against the armour they wear."
)
SOME_TARGETS = (
    "Someone saved on this device, or a fighter of the fight in progress: the armour they wear fills the "
    "areas and pieces below, a piece each; change them as you like."
)


class ShrapnelPage:
    """The shrapnel page's state: the result shown (if any) and this tab's recent results."""

    def __init__(self, table: ShrapnelTable, recent: Store, dice: Dice | None = None, *, store: Store | None = None) -> None:
        self.table = table
        self.recent = shrapnel_results(recent)
        self.dice = dice or RandomDice()
        self.store = store
        """The device's storage, where the targets are (``None``: none offered)."""
        self.result: ShrapnelResult | None = None
        self.armour: tuple[ArmourItem, ...] = ()
        self.target = ""
        """Who the shown result struck (``""``: no one named)."""
        self.targets: dict[str, Any] = {}
        """The "Target" choices by value (:class:`pyengine.pages.targets.Target`)."""
        self.linked = ""
        """The target a link opened here named (the choice ``link``)."""

    @property
    def cell(self) -> str:
        """The id of the table cell to mark (the shown result's), or ``""``."""
        return render.cell_id(self.result) if self.result is not None else ""

    # -- actions --------------------------------------------------------------------------

    def open(self, fragment: str) -> Update:
        """The address carries a link (``#…``; at start, or when it changes): the form is
        filled as if typed and the result shown, or the notice says why the link does not open."""
        if len(fragment) <= 1:
            return Update()
        try:
            inputs = LINK.open(fragment)
            result = resolve(self.table, inputs.roll, inputs.severity, inputs.armour())
        except RulesError as exc:
            return Update(notices={"shr-link-error": str(exc)})
        areas = {*inputs.covered, *(a for p in inputs.pieces for a in p.areas)}
        filled = Update(
            values={"shr-roll": str(inputs.roll), "shr-pieces": format_pieces(inputs.pieces)},
            checked={f"shr-sev-{inputs.severity}": True, **self._ticked(areas)},
            notices={"shr-link-error": ""},
            text={"shr-target-taken": ""},
        )
        self.linked = inputs.target
        filled |= self._choices("link" if inputs.target else "")
        return filled | self._shown(result, (*inputs.pieces, *inputs.covered), inputs.target)

    def on_submit(self, values: Mapping[str, str]) -> Update:
        """Reads the critical the form describes; every problem shown beside its field, what
        was typed left as it is."""
        cleared = Update(errors={"shr-roll": "", "shr-pieces": ""}, notices={"shr-severity-error": ""})
        problems: dict[str, str] = {}
        roll = 0
        armour: tuple[ArmourItem, ...] = ()
        try:
            severity = parse_severity(values["severity"]) if values.get("severity") else None
        except RulesError:  # not one of the page's radio buttons
            severity = None
        try:
            roll = read_roll(values.get("shr-roll", ""))
        except RulesError as exc:
            problems["shr-roll"] = str(exc)
        try:
            armour = armour_from_form(self._covered(values), values.get("shr-pieces", ""))
        except RulesError as exc:
            problems["shr-pieces"] = str(exc)
        if severity is None or problems:
            notices = {"shr-severity-error": NO_SEVERITY} if severity is None else {}
            return cleared | Update(errors=problems, notices=notices)
        try:
            result = resolve(self.table, roll, severity, armour)
        except RulesError as exc:  # armour the engine refuses (e.g. a piece named twice)
            return cleared | Update(errors={"shr-pieces": str(exc)})
        shown = self._shown(result, armour, self._chosen_name(values.get("shr-target", "")))
        return cleared | shown | Update(scroll="shr-result")  # the eyes go to the result, below the form

    def on_roll_d100(self, values: Mapping[str, str]) -> Update:
        """The app rolls the d100 into ``shr-roll`` and reads the critical, once a severity is chosen."""
        roll = str(self.dice.roll(100))
        rolled = Update(values={"shr-roll": roll})
        if not values.get("severity"):
            return rolled | Update(errors={"shr-roll": ""}, notices={"shr-severity-error": NO_SEVERITY_TO_READ})
        return rolled | self.on_submit({**values, "shr-roll": roll})

    def on_form_click(self, data: Mapping[str, str]) -> Update:
        """A preset button (``data-preset``): its areas ticked, its pieces named."""
        preset = PRESETS.get(data.get("preset", ""))
        if preset is None:
            return Update()
        _, pieces = preset
        return Update(
            values={"shr-pieces": format_pieces(pieces)},
            checked=self._ticked(covered_areas(pieces)),
            errors={"shr-pieces": ""},
        )

    # -- targets ----------------------------------------------------------------------------

    def target_tables(self) -> tuple[str, ...]:
        """The tables the targets need (the armour tables' ids), or none when there is no one
        to offer: no adventurer saved and no fight in progress on this device."""
        # the targets load just after the page is ready (its "Target" choices), not at its start
        from pyengine.pages.targets import ARMOUR_TABLES

        store = self.store
        someone = store is not None and (has_records(store, "character") or read_draft(store, "fight") is not None)
        return ARMOUR_TABLES if someone else ()

    def on_targets(self, blobs: Mapping[str, bytes]) -> Update:
        """The "Target" choices, once the tables :meth:`target_tables` asked for are here
        (``blobs``: their msgpack by id): the saved adventurers by name, then the fight's fighters."""
        # the targets load just after the page is ready, not at its start
        from pyengine.pages import targets

        self.targets = {}
        if self.store is not None and blobs:
            try:
                catalogue = targets.armour_catalogue(blobs)
            except RulesError as exc:
                return Update(text={"shr-target-help": f"The armour tables could not be read ({exc}): type the armour below."})
            saved = targets.saved_adventurers(self.store)
            found = [*targets.saved_targets(saved, catalogue),
                     *targets.fight_targets(targets.fight_combatants(self.store), saved, catalogue)]
            self.targets = {target.key: target for target in found}
        return self._choices("link" if self.linked and self.target == self.linked else "")

    def on_target(self, values: Mapping[str, str]) -> Update:
        """A target chosen: their armour in the areas and the typed pieces (SHR-11: the
        pieces' areas ticked, as a preset does), and what was taken said; "Someone else"
        leaves the armour as it is."""
        target = self.targets.get(values.get("shr-target", ""))
        if target is None:
            return Update(text={"shr-target-taken": ""})
        # the targets load just after the page is ready, not at its start
        from pyengine.pages.targets import typed

        return Update(
            values={"shr-pieces": typed(target)},
            checked=self._ticked({*target.covered, *covered_areas(target.pieces)}),
            errors={"shr-pieces": ""},
            text={"shr-target-taken": target.taken},
        )

    def _chosen_name(self, choice: str) -> str:
        if choice == "link":
            return self.linked
        target = self.targets.get(choice)
        return target.name if target is not None else ""

    def _choices(self, selected: str) -> Update:
        some = bool(self.targets) or bool(self.linked)
        return Update(
            html={"shr-target": target_choices(self.targets.values(), selected=selected, linked=self.linked)},
            disabled={"shr-target": not some},
            text={"shr-target-help": SOME_TARGETS if self.targets else NO_TARGETS},
        )

    def on_result_click(self, data: Mapping[str, str]) -> Update:
        """"See it in the table": the result's cell scrolled into view (copying the link is the
        browser's: ``dom.copy_link``)."""
        if data.get("id") == "shr-find" and self.result is not None:
            return Update(scroll=self.cell)
        return Update()

    # -- what it shows ----------------------------------------------------------------------

    def _covered(self, values: Mapping[str, str]) -> list[Area]:
        return [area for area, ident in COVER_IDS.items() if values.get(ident)]

    def _ticked(self, areas: set[Area]) -> dict[str, bool]:
        return {ident: area in areas for area, ident in COVER_IDS.items()}

    def _shown(self, result: ShrapnelResult, armour: tuple[ArmourItem, ...], target: str = "") -> Update:
        before = self.cell
        self.result, self.armour, self.target = result, tuple(armour), target_name(target)
        link = self.link()
        self.recent.add(render.recent_label(result, self.target), link)
        return Update(html=self.render(), address=f"#{link}") | self._marked(before)

    def _marked(self, before: str) -> Update:
        """The shown result's cell marked in the pre-rendered table (the renderer's hooks:
        ``shr-highlight``, ``aria-current``), the cell marked before unmarked."""
        classes: dict[str, dict[str, bool]] = {}
        attributes: dict[str, dict[str, str | None]] = {}
        if before and before != self.cell:
            classes[before], attributes[before] = {"shr-highlight": False}, {"aria-current": None}
        if self.cell:
            classes[self.cell], attributes[self.cell] = {"shr-highlight": True}, {"aria-current": "true"}
        return Update(classes=classes, attributes=attributes)

    def link(self) -> str:
        """The shown result's share-link fragment (its inputs)."""
        assert self.result is not None
        return LINK.link(to_state(self.result.roll, self.result.severity, self.armour, target=self.target))

    def render(self) -> dict[str, str]:
        """Every region's HTML (a region with nothing to show is left out: the page keeps
        what it says then)."""
        out = {}
        if self.result is not None:
            out["shr-result"] = self.render_result()
        return out | self.recent.update().html

    def render_result(self) -> str:
        """The result card, its link, and "See it in the table"."""
        assert self.result is not None
        summary = f"{self.result.severity} critical, roll {self.result.roll}" + (f", {self.target}" if self.target else "")
        share = share_line("shr", f"{PAGE}#{self.link()}", "Link to this result", render.find_button(self.result), summary=summary)
        return render.render_result(self.result, target=self.target) + share


def prerender(source) -> dict[str, str]:
    """The whole table, its legend and the armour presets, before Python is up (``source``
    reads the table files: :mod:`pyengine.cli.tables`)."""
    return {
        "table": render.render_table(source.ballistic()),
        "legend": render.render_legend(),
        "presets": render.render_presets(PRESETS),
    }
