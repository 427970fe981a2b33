"""Start page glue: the dice roller, its share links, and the saved-characters list.

Starting imports only the page helpers: the roller, the link format and the character
records are imported when a link, a saved character or a click needs them, or just after
the page is ready (``imports_for_controls``), since a first visit compiles each module it
imports (docs/startup.md).
"""

from __future__ import annotations

from pyodide.ffi import create_proxy
from pyscript import document, window

from app import dom
from app.storage_keys import CHARACTER_PREFIX


def show_roll(roll, *, own_dice: bool) -> None:
    from pyengine import dice_roller
    from pyengine.share import encode_link

    link = encode_link(dice_roller.KIND, dice_roller.to_state(roll, own_dice=own_dice), version=dice_roller.STATE_VERSION)
    share = dom.share_line("dice", f"./index.html#{link}", "Link to this roll")
    dom.set_html("dice-result", dice_roller.render_roll(roll, own_dice=own_dice) + share)
    window.history.replaceState(None, "", f"#{link}")


async def on_result_click(event) -> None:
    await dom.copy_link(event.target)


def on_roll(event) -> None:
    event.preventDefault()
    from pyengine import dice_roller
    from pyengine.dice import DiceExpr, RandomDice, ScriptedDice
    from pyengine.errors import NotationError, RollError, RulesError

    dom.field_error("dice-expr", None)
    dom.field_error("dice-typed", None)
    try:
        expr = DiceExpr.parse(dom.value("dice-expr"))
    except NotationError as exc:
        dom.field_error("dice-expr", str(exc))
        return
    try:
        typed = dice_roller.parse_typed_rolls(dom.value("dice-typed"))
        dice = RandomDice() if typed is None else ScriptedDice(typed)
        roll = expr.roll(dice)
        if typed is not None and dice.remaining:
            raise RollError(f"your own dice: {len(typed)} values typed, {expr} uses {len(typed) - len(dice.remaining)}")
    except RulesError as exc:
        dom.field_error("dice-typed", str(exc))
        return
    show_roll(roll, own_dice=typed is not None)


def open_link() -> None:
    """Replays a shared roll when the page was opened from a link."""
    fragment = str(window.location.hash)
    if len(fragment) <= 1:
        return
    from pyengine import dice_roller
    from pyengine.errors import RulesError
    from pyengine.share import decode_link

    try:
        state = decode_link(fragment)
        if state.kind != dice_roller.KIND:
            raise RulesError(f"share link: this is a {state.kind!r} link; open it on its own page")
        roll, own_dice = dice_roller.replay(state.data, state.version)
    except RulesError as exc:
        dom.show_link_error("dice-link-error", str(exc))
        return
    dom.element("dice-expr").value = roll.expression
    show_roll(roll, own_dice=own_dice)


def list_saved_characters() -> None:
    """Each character saved on this device, a link to its sheet; a damaged record is kept
    as it is, said so, and offered for export (never deleted)."""
    storage = window.localStorage
    keys = [str(storage.key(i)) for i in range(storage.length)]
    if not any(key.startswith(CHARACTER_PREFIX) for key in keys):
        return
    from pyengine.html import el, to_html
    from pyengine.runequest.adventurer import RecordError, load_adventurer

    rows = []
    for key in keys:
        if not key.startswith(CHARACTER_PREFIX):
            continue
        ident = key[len(CHARACTER_PREFIX):]
        try:
            name = load_adventurer(dom.stored(storage, key) or "").name or "(no name)"
            rows.append((name.lower(), el("li", None, el("a", {"href": f"./sheet.html?open={ident}"}, name))))
        except RecordError as exc:
            rows.append(("~", el(
                "li", {"class": "damaged"},
                f"Damaged record {ident!r} ({exc}); it is kept as it is. ",
                el("button", {"type": "button", "data-export-key": key}, "Export it"),
            )))
    if rows:
        dom.set_html("saved-list", to_html(el("ul", {"class": "saved"}, *(row for _, row in sorted(rows, key=lambda r: r[0])))))


def on_saved_click(event) -> None:
    key = event.target.getAttribute("data-export-key")
    if not dom.missing(key):
        dom.download(f"damaged-{str(key)[len(CHARACTER_PREFIX):]}.json", dom.stored(window.localStorage, str(key)) or "")


async def setup() -> None:
    open_link()
    list_saved_characters()
    document.getElementById("dice-form").addEventListener("submit", create_proxy(on_roll))
    document.getElementById("dice-result").addEventListener("click", create_proxy(on_result_click))
    dom.element("saved-list").addEventListener("click", create_proxy(on_saved_click))
    dom.element("dice-roll").disabled = False


def imports_for_controls() -> None:
    """What a roll needs, imported just after the page is ready."""
    import pyengine.dice_roller  # noqa: F401
    import pyengine.share  # noqa: F401


async def main() -> None:
    await dom.start_page(setup, later=imports_for_controls)
