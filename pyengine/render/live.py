"""The live table's regions as HTML text (issue 35): on the game master's phone, the join code, the site's
address as a code and who is at the table; on a player's phone, his answer code, the dice asked of him, his
Send buttons and the results offered to him. The QR codes come in drawn (:func:`pyengine.qr.svg`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pyengine.html import Markup, el, options, to_html

#: What a phone that never opened the app needs, said under the join code.
NEVER_OPENED = (
    "A phone that has never opened Strike Rank cannot load it here with no signal: no phone can serve "
    "the site to another. While there is signal, let players open the site once with the code below; "
    "from then on it works offline."
)


def code_html(ident: str, svg: str, typed: str, said: str, version: str) -> str:
    """A code to show another phone: its QR code filling the width (``svg``, drawn by
    :func:`pyengine.qr.svg`), what to do with it, its typed form (``<ident>-typed``) and its QR version."""
    return to_html(
        el(
            "figure",
            {"id": ident, "class": "qr-box lt-code"},
            el("div", {"class": "qr-code-box"}, Markup(svg)),
            el(
                "figcaption",
                None,
                el("strong", None, said),
                el("br"),
                el("code", {"id": f"{ident}-typed", "class": "lt-typed"}, typed),
                el("br"),
                el("small", None, version),
            ),
        )
    )


def site_html(svg: str, site: str) -> str:
    """The site's address as a code, under the plain sentence about a phone that never opened the app."""
    return to_html(
        el(
            "div",
            {"class": "lt-site"},
            el("p", {"class": "help"}, NEVER_OPENED),
            el(
                "details",
                {"id": "lt-site-box"},
                el("summary", None, "The site's address as a code"),
                el("figure", {"class": "qr-box"}, el("div", {"class": "qr-code-box"}, Markup(svg)), el("figcaption", None, site)),
            ),
        )
    )


def seats_html(
    seats: Sequence[tuple[int, str, bool | str, Sequence[str]]], waiting: Sequence[tuple[int, str, Sequence[str]]], names: Sequence[str]
) -> str:
    """Who is at the table: each seat (number, name, connected or ``"codes"``, whom he plays) with a tick per combatant of
    the fight (``data-seat``, ``data-who``), then each newcomer with "Let in" and "Turn away"."""
    if not seats and not waiting:
        return to_html(el("p", {"class": "empty"}, "Nobody at the table yet: show the join code to a player."))
    box = el("div", {"class": "lt-seats"})
    for seat, name, here, who in seats:
        row = el(
            "fieldset",
            {"class": "lt-seat", "id": f"lt-seat-{seat}"},
            el(
                "legend",
                None,
                f"{name}: ",
                el("span", {"class": "lt-here" if here else "lt-away"}, _where(here)),
            ),
        )
        if not names:
            row.append(el("p", {"class": "help"}, "No combatants in the fight yet."))
        for k, combatant in enumerate(names):
            tick = {"type": "checkbox", "id": f"lt-seat-{seat}-{k}", "data-seat": str(seat), "data-who": combatant}
            if combatant in who:
                tick["checked"] = ""
            row.append(el("label", {"class": "lt-plays"}, el("input", tick), f" plays {combatant}"))
        box.append(row)
    for peer, name, wants in waiting:
        asks = " asks to join" + (f", to play {' and '.join(wants)}" if wants else "")
        box.append(
            el(
                "p",
                {"class": "lt-newcomer", "id": f"lt-new-{peer}"},
                el("strong", None, name),
                asks,
                " ",
                el("button", {"type": "button", "class": "primary", "data-admit": str(peer), "id": f"lt-admit-{peer}"}, "Let in"),
                " ",
                el("button", {"type": "button", "data-away": str(peer), "id": f"lt-away-{peer}"}, "Turn away"),
            )
        )
    return to_html(box)


def _where(here: bool | str) -> str:
    if here == "codes":
        return "by codes (no network: his phone shows you codes)"
    return "connected" if here else "away (the seat is kept)"


def said_lines_html(lines: Sequence[str]) -> str:
    """What the table said lately, newest first."""
    if not lines:
        return ""
    return to_html(el("ul", {"class": "lt-said"}, *(el("li", None, line) for line in reversed(lines))))


def asks_html(asks: Mapping[int, tuple[int, str]]) -> str:
    """The dice the game master's fight asks of this phone (number -> (sides, what for)): "Roll" with the
    app's dice, or his own die typed."""
    if not asks:
        return ""
    number, (sides, purpose) = min(asks.items())
    return to_html(
        el(
            "div",
            {"class": "pl-ask", "id": f"pl-ask-{number}"},
            el("p", None, el("strong", None, f"Your die: D{sides}"), f" for {purpose}"),
            el(
                "div",
                {"class": "inline"},
                el("button", {"type": "button", "class": "primary", "id": "pl-roll", "data-roll": str(number)}, "Roll"),
                el("label", {"for": "pl-typed"}, " or type your own "),
                el(
                    "input", {"id": "pl-typed", "inputmode": "numeric", "autocomplete": "off", "maxlength": "3", "aria-describedby": "pl-typed-error"}
                ),
                el("button", {"type": "button", "id": "pl-use", "data-typed": str(number)}, "Use my roll"),
            ),
            el("p", {"id": "pl-typed-error", "class": "field-error", "role": "alert", "hidden": ""}),
        )
    )


def send_html(mine: Sequence[tuple[int, str]]) -> str:
    """A "Send" button for each of his combatants' statements (``data-send``: the combatant's name)."""
    return "".join(
        to_html(el("button", {"type": "button", "class": "primary", "id": f"pl-send-{k}", "data-send": name}, f"Send {name}'s statement"))
        for k, name in mine
    )


def offers_html(offers: Sequence[tuple[int, str, str]], adventurers: Mapping[str, str]) -> str:
    """The fight's results offered to him (number, combatant, label): his adventurer to write them to, and
    "Show what it writes"."""
    box = el("div", {"class": "pl-offers"})
    for number, who, label in offers:
        choice = f"pl-adv-{number}"
        if not adventurers:
            box.append(
                el(
                    "p",
                    {"class": "help"},
                    f"The results of '{label}' for {who} are offered: save your adventurer on this phone (the sheet page) to write them to him.",
                )
            )
            continue
        picker = el("select", {"id": choice}, Markup(options(sorted(adventurers.items()))))
        box.append(
            el(
                "div",
                {"class": "field"},
                el("label", {"for": choice}, f"'{label}': write {who}'s results to"),
                picker,
                el("button", {"type": "button", "id": f"pl-plan-{number}", "data-plan": str(number)}, "Show what it writes"),
            )
        )
    return to_html(box)
