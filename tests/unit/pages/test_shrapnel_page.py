"""The shrapnel page's controller (pyengine.pages.shrapnel), in CPython: what the page shows
for each action -- the engine's totals, the cell to mark, messages beside fields, presets,
links replayed, this tab's recent results -- with the tab's storage in memory.

The browser tests (tests/browser/test_shrapnel_page.py and the shrapnel parts of
test_forms_and_keyboard.py and test_pages_for_everyone.py) keep one pass of each flow
through the real page; every value they check is checked here too.
"""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser

import pytest

from pyengine.cli.tables import ballistic
from pyengine.dice import ScriptedDice
from pyengine.pages.recent import shrapnel_results
from pyengine.pages.shrapnel import COVER_IDS, ShrapnelPage, prerender
from pyengine.share import encode_link
from pyengine.shrapnel.armour import ArmourPiece
from pyengine.shrapnel.resolve import resolve as resolve_critical
from pyengine.shrapnel.vocabulary import Area
from pyengine.storage.keys import SHRAPNEL_RECENT
from pyengine.storage.store import MemoryStore

TABLE = ballistic()
HUGE = "9" * 40
PAYLOADS = ['<img src=x onerror=alert(1)>', '"><script>alert(1)</script>', "javascript:alert(1)", "'; alert(1); '"]


def fields(severity: str = "", roll: str = "", covered: tuple[str, ...] = (), pieces: str = "") -> dict[str, str]:
    """What ``dom.values("shr-form")`` reads: every radio and checkbox by id, the chosen
    severity under the group's name, the texts as typed."""
    values = {f"shr-sev-{s}": "1" if s == severity else "" for s in "ABCDE"}
    if severity:
        values["severity"] = severity
    values["shr-roll"] = roll
    values.update({ident: "1" if area.value in covered else "" for area, ident in COVER_IDS.items()})
    values["shr-pieces"] = pieces
    return values


class Tags(HTMLParser):
    def __init__(self, text: str) -> None:
        super().__init__()
        self.found: set[str] = set()
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        self.found.add(tag)


def tags(text: str) -> set[str]:
    """The elements a browser would make of this HTML."""
    return Tags(text).found


def data_of(card: str, name: str) -> str:
    """An attribute of the result card (``data-roll``) or a total's ``data-value``."""
    if name.startswith("total-"):
        found = re.search(rf'shr-total-{name[6:]}"[^>]*><dt>[^<]*</dt><dd class="shr-total-value" data-value="([^"]*)"', card)
    else:
        found = re.search(rf'<article class="shr-result"[^>]* {name}="([^"]*)"', card)
    assert found, name
    return found.group(1)


def assert_shows(page: ShrapnelPage, card: str, expected) -> None:
    """What the browser test's assert_shows checks, on the card's HTML."""
    assert data_of(card, "data-roll") == str(expected.roll)
    assert data_of(card, "data-severity") == str(expected.severity)
    totals = expected.totals
    for key, value in (("hits", totals.hits), ("bleeding", totals.bleeding), ("stun", totals.stun_rounds),
                       ("injury", totals.injury), ("fatigue", totals.fatigue), ("staggered", totals.staggered)):
        assert data_of(card, f"total-{key}") == str(value), key
    assert data_of(card, "data-fate") == (str(expected.fate) if expected.fate else "none")
    assert card.count('<li class="shr-check"') == len(expected.breakage_checks)
    assert page.cell == f"shr-cell-{expected.rolls}-{expected.severity}"


def share_href(card: str) -> str:
    found = re.search(r'<a id="shr-share" href="([^"]*)"', card)
    assert found
    return html.unescape(found.group(1))


# -- reading a critical -----------------------------------------------------------------------


def test_a_critical_is_read_against_the_armour_with_the_engines_totals_and_its_cell():
    store = MemoryStore()
    page = ShrapnelPage(TABLE, store)
    update = page.on_submit(fields("C", "50", ("chest",)))
    expected = resolve_critical(TABLE, 50, "C", ["chest"])
    card = update.html["shr-result"]
    assert_shows(page, card, expected)
    assert update.errors == {"shr-roll": "", "shr-pieces": ""} and update.notices == {"shr-severity-error": ""}
    assert '<button type="button" id="shr-find" data-cell="shr-cell-46-55-C">See it in the table</button>' in card
    assert 'id="shr-copy" data-copy="shr-share"' in card
    assert update.classes == {"shr-cell-46-55-C": {"shr-highlight": True}}
    assert update.attributes == {"shr-cell-46-55-C": {"aria-current": "true"}}
    href = share_href(card)
    assert href.startswith("./shrapnel.html#1.") and update.address == href[len("./shrapnel.html"):]
    assert page.on_result_click({"id": "shr-find", "cell": "shr-cell-46-55-C"}).scroll == "shr-cell-46-55-C"
    assert page.on_result_click({"id": "shr-copy"}).scroll == ""
    # ... and this tab keeps it in its recent results.
    assert update.html["shr-recent"].count("<li>") == 1
    label = f"50 C · Arms + Chest · {expected.totals.hits} hits"
    assert json.loads(store.get(SHRAPNEL_RECENT)) == [{"label": label, "link": href.split("#")[1]}]


def test_the_link_reopens_the_same_result_with_the_form_filled_as_if_typed():
    first = ShrapnelPage(TABLE, MemoryStore())
    href = share_href(first.on_submit(fields("C", "50", ("chest",))).html["shr-result"])
    page = ShrapnelPage(TABLE, MemoryStore())
    update = page.open(href[href.index("#"):])
    assert_shows(page, update.html["shr-result"], resolve_critical(TABLE, 50, "C", ["chest"]))
    assert update.values == {"shr-roll": "50", "shr-pieces": ""}
    assert update.checked == {"shr-sev-C": True} | {ident: area is Area.CHEST for area, ident in COVER_IDS.items()}
    assert update.notices == {"shr-link-error": ""}
    assert page.open("") == page.open("#") == type(update)()


def test_named_pieces_from_a_link_are_filled_in_and_their_areas_ticked():
    vest = ArmourPiece(name="vest", areas=(Area.CHEST, Area.ABDOMEN))
    link = encode_link("shrapnel", {"roll": 98, "severity": "B", "covered": ["head"],
                                    "pieces": [{"name": "vest", "areas": ["chest", "abdomen"]}]})
    page = ShrapnelPage(TABLE, MemoryStore())
    update = page.open("#" + link)
    assert update.values["shr-pieces"] == "vest: chest + abdomen"
    assert {i for i, ticked in update.checked.items() if ticked} == {"shr-sev-B", "shr-cover-head", "shr-cover-chest", "shr-cover-abdomen"}
    assert_shows(page, update.html["shr-result"], resolve_critical(TABLE, 98, "B", [vest, "head"]))


def test_the_torso_vest_preset_is_one_piece_and_makes_one_breakage_check():
    page = ShrapnelPage(TABLE, MemoryStore())
    preset = page.on_form_click({"preset": "vest"})
    assert preset.values == {"shr-pieces": "vest: chest + abdomen"} and preset.errors == {"shr-pieces": ""}
    assert preset.checked == {ident: area in (Area.CHEST, Area.ABDOMEN) for area, ident in COVER_IDS.items()}
    assert page.on_form_click({"preset": "nothing"}) == page.on_form_click({"id": "shr-roll"}) == type(preset)()
    card = page.on_submit(fields("A", "66", ("chest", "abdomen"), "vest: chest + abdomen")).html["shr-result"]
    assert card.count('<li class="shr-check"') == 1 and 'data-piece="vest"' in card
    assert resolve_critical(TABLE, 66, "A", []).totals.hits < int(data_of(card, "total-hits"))
    # The keyboard test's critical (C, 50, the vest) and the layouts' (E, 98, the vest).
    for severity, roll in (("C", "50"), ("E", "98")):
        card = page.on_submit(fields(severity, roll, ("chest", "abdomen"), "vest: chest + abdomen")).html["shr-result"]
        assert data_of(card, "data-severity") == severity


def test_a_ticked_area_inside_a_named_piece_is_that_piece_as_on_the_command_line(capsys):
    """Seed: "each armour piece struck makes one breakage check even when it covers two named
    areas". The chest ticked and "vest: chest + abdomen" named: one piece, the vest, one check --
    the reading ``shrapnel 50 C --piece vest=chest+abdomen --covered chest`` gives (SHR-11)."""
    from pyengine.cli import main

    page = ShrapnelPage(TABLE, MemoryStore())
    card = page.on_submit(fields("C", "50", ("chest",), "vest: chest + abdomen")).html["shr-result"]
    assert main(["shrapnel", "50", "C", "--piece", "vest=chest+abdomen", "--covered", "chest", "--json"]) == 0
    command = json.loads(capsys.readouterr().out)
    assert command["breakage_checks"] == [{"piece": "vest", "modifier": -25}]
    assert re.findall(r'<li class="shr-check" data-piece="([^"]*)" data-modifier="([^"]*)"', card) == [("vest", "-25")]
    assert int(data_of(card, "total-hits")) == command["hits"]
    # The link it makes says the same to the engine.
    href = share_href(card)
    reopened = ShrapnelPage(TABLE, MemoryStore())
    assert_shows(reopened, reopened.open(href[href.index("#"):]).html["shr-result"],
                 resolve_critical(TABLE, 50, "C", ["chest", ArmourPiece(name="vest", areas=(Area.CHEST, Area.ABDOMEN))]))


def test_a_typed_00_is_a_roll_of_100():
    # Percentile dice show 100 as "00" (the field's help says so).
    page = ShrapnelPage(TABLE, MemoryStore())
    card = page.on_submit(fields("E", "00")).html["shr-result"]
    assert data_of(card, "data-roll") == "100"
    assert_shows(page, card, resolve_critical(TABLE, 100, "E", []))


def test_the_card_shows_a_fall_the_text_states_and_hides_what_did_not_happen():
    # 67-75 E: "Either way the leg folds and foe goes down." (SHR-12); no stagger anywhere in it.
    card = ShrapnelPage(TABLE, MemoryStore()).on_submit(fields("E", "70", ("legs",))).html["shr-result"]
    assert data_of(card, "total-prone") == "yes" and "“Either way the leg folds and foe goes down”" in card
    assert '<div class="shr-total shr-total-prone"><dt>' in card
    assert '<div class="shr-total shr-total-staggered" hidden="hidden"><dt>' in card


@pytest.mark.parametrize(("key", "pieces"), [("none", ""), ("vest-helmet", "vest: chest + abdomen; helmet: head"),
                                             ("full", "helmet: head; vest: chest + abdomen; sleeves: arms; leggings: legs")])
def test_every_preset_names_its_pieces(key, pieces):
    assert ShrapnelPage(TABLE, MemoryStore()).on_form_click({"preset": key}).values == {"shr-pieces": pieces}


# -- bad input ----------------------------------------------------------------------------------


def test_every_problem_at_once_each_beside_its_field_and_nothing_typed_is_touched():
    page = ShrapnelPage(TABLE, MemoryStore())
    update = page.on_submit(fields("", "101", (), "vest: chest + tail"))
    assert update.notices == {"shr-severity-error": "severity: choose A, B, C, D or E"}
    assert "'101'" in update.errors["shr-roll"] and "'tail' in piece 'vest' is not an area" in update.errors["shr-pieces"]  # the piece, not the whole text
    assert update.values == {} and update.html == {} and update.address is None
    assert page.cell == ""


@pytest.mark.parametrize(("field", "value", "names"), [
    ("shr-roll", "", "shrapnel roll: empty"),
    ("shr-roll", "0", "shrapnel roll: '0'"),
    ("shr-roll", "abc", "shrapnel roll: 'abc'"),
    ("shr-roll", HUGE[:5], "shrapnel roll"),  # the field takes 5 characters
    ("shr-pieces", "vest chest", "Named pieces: 'vest chest' has no ':'"),  # the field as the page names it
    ("shr-pieces", "x" * 60 + ": chest", "armour piece"),
    ("shr-pieces", "vest: chest; Vest: head", "two pieces are named 'Vest'"),
])
def test_a_bad_value_gets_a_message_naming_the_field(field, value, names):
    typed = fields("C", "50") | {field: value}
    update = ShrapnelPage(TABLE, MemoryStore()).on_submit(typed)
    assert names in update.errors[field]
    assert "shr-result" not in update.html and field not in update.values


def test_rolling_asks_for_a_severity_first_then_reads_with_the_apps_roll():
    page = ShrapnelPage(TABLE, MemoryStore(), dice=ScriptedDice([37, 81, 12]))
    update = page.on_roll_d100(fields(pieces="vest: chest"))
    assert update.values == {"shr-roll": "37"} and update.errors == {"shr-roll": ""}
    assert update.notices == {"shr-severity-error": "severity: choose A, B, C, D or E to read this roll"}
    # A severity chosen, but the pieces still wrong: the roll is in, the result is not.
    update = page.on_roll_d100(fields("B", pieces="vest: chest + tail"))
    assert update.values == {"shr-roll": "81"} and "shr-result" not in update.html and update.errors["shr-pieces"]
    update = page.on_roll_d100(fields("B", pieces="vest: chest + abdomen"))
    assert update.values == {"shr-roll": "12"} and data_of(update.html["shr-result"], "data-severity") == "B"
    assert data_of(update.html["shr-result"], "data-roll") == "12" and update.errors["shr-pieces"] == ""


@pytest.mark.parametrize("fragment", ["#1.damaged", "#x", "#" + encode_link("shrapnel", {"roll": 101, "severity": "C"}),
                                      "#" + encode_link("shrapnel", {"roll": 50, "severity": "C"}, version=3),
                                      "#" + encode_link("gear", {})])
def test_a_link_that_does_not_open_is_explained_and_the_page_still_works(fragment):
    page = ShrapnelPage(TABLE, MemoryStore())
    update = page.open(fragment)
    assert update.notices["shr-link-error"].startswith(("share link: ", "shrapnel link: ")) and update.html == {}
    assert "shr-result" in page.on_submit(fields("B", "50", (), "vest: chest + abdomen")).html


def test_another_pages_link_says_where_to_open_it():
    notice = ShrapnelPage(TABLE, MemoryStore()).open("#" + encode_link("gear", {})).notices["shr-link-error"]
    assert notice == "share link: this is a 'gear' link, not a 'shrapnel' one; open it on the equipment page"


@pytest.mark.parametrize("payload", PAYLOADS)
def test_hostile_text_typed_or_linked_is_shown_as_text(payload):
    page = ShrapnelPage(TABLE, MemoryStore())
    update = page.on_submit(fields("C", "50", (), f"{payload}: chest + arms"))
    if ":" in payload or ";" in payload:  # these split a piece: refused, and shown as text
        assert update.errors["shr-pieces"] or "shr-result" in update.html
    else:
        assert html.escape(payload, quote=False) in update.html["shr-result"]
    linked = ShrapnelPage(TABLE, MemoryStore()).open(
        "#" + encode_link("shrapnel", {"roll": 50, "severity": "C", "pieces": [{"name": payload, "areas": ["chest"]}]})
    )
    card = linked.html["shr-result"]
    check = re.search(r'<li class="shr-check"[^>]*><span class="shr-piece">([^<]*)</span>', card)
    assert check and html.unescape(check.group(1)) == payload
    for region in ("shr-result", "shr-recent"):
        assert not {"img", "script"} & tags(linked.html[region]), region


# -- this tab's recent results ----------------------------------------------------------------


def test_recent_results_are_newest_first_once_each_twelve_at_most_and_listed_at_start():
    store = MemoryStore()
    page = ShrapnelPage(TABLE, store)
    for roll in range(1, 15):
        page.on_submit(fields("A", str(roll)))
    page.on_submit(fields("A", "5"))  # read again: moves to the top, not listed twice
    labels = [label for label, _ in shrapnel_results(store).items()]
    assert len(labels) == 12 and labels[0].startswith("5 A ·") and labels[1].startswith("14 A ·")
    assert sum(label.startswith("5 A ·") for label in labels) == 1
    # A new page in this tab lists them before its engine is loaded, each a link that reopens it.
    listed = shrapnel_results(store).update().html["shr-recent"]
    assert listed.startswith('<ol class="recent"><li><a href="./shrapnel.html#1.') and listed.count("<li>") == 12
    first = re.search(r'href="\./shrapnel\.html(#[^"]+)"', listed)
    assert first and data_of(ShrapnelPage(TABLE, MemoryStore()).open(first.group(1)).html["shr-result"], "data-roll") == "5"


def test_with_nothing_read_in_this_tab_the_list_is_left_as_the_page_has_it():
    assert shrapnel_results(MemoryStore()).update().html == {}
    assert ShrapnelPage(TABLE, MemoryStore()).render() == {}


@pytest.mark.parametrize("stored", ["{not json", '{"a": 1}', '[{"label": 3, "link": "x"}, "x"]'])
def test_a_damaged_list_is_none_and_the_next_result_replaces_it(stored):
    store = MemoryStore({SHRAPNEL_RECENT: stored})
    assert shrapnel_results(store).update().html == {}
    ShrapnelPage(TABLE, store).on_submit(fields("C", "50"))
    hits = resolve_critical(TABLE, 50, "C", []).totals.hits
    assert [r["label"] for r in json.loads(store.get(SHRAPNEL_RECENT))] == [f"50 C · Arms + Chest · {hits} hits"]


def test_when_the_tab_keeps_nothing_the_list_on_screen_still_shows_every_result():
    store = MemoryStore(quota=10)  # full: nothing fits
    page = ShrapnelPage(TABLE, store)
    page.on_submit(fields("C", "50"))
    update = page.on_submit(fields("E", "100"))
    assert update.html["shr-recent"].count("<li>") == 2 and "shr-result" in update.html
    assert store.get(SHRAPNEL_RECENT) is None


def test_a_dying_result_says_so_in_its_recent_label():
    page = ShrapnelPage(TABLE, MemoryStore())
    update = page.on_submit(fields("E", "100"))
    assert data_of(update.html["shr-result"], "data-fate") == "dead"
    hits = resolve_critical(TABLE, 100, "E", []).totals.hits
    assert page.recent.items()[0][0] == f"100 E · Head + Chest + Arms · {hits} hits — dead"


# -- before Python is up --------------------------------------------------------------------


class Source:
    @staticmethod
    def ballistic():
        return TABLE


def test_the_page_is_pre_rendered_with_the_whole_table_its_legend_and_the_presets():
    slots = prerender(Source)
    assert slots["table"].count('class="shr-cell ') == 100 and "The middle of the burst takes the belly" in slots["table"]
    assert 'id="shr-cell-26-35-C"' in slots["table"] and "shr-highlight" not in slots["table"]
    assert slots["presets"].count("data-preset=") == 4 and 'title="vest: chest + abdomen"' in slots["presets"]
    assert "bleeding" in slots["legend"]


def test_reading_another_critical_moves_the_mark_to_its_cell():
    page = ShrapnelPage(TABLE, MemoryStore())
    page.on_submit(fields("C", "50", ("chest",)))
    again = page.on_submit(fields("C", "10", ()))
    assert again.classes["shr-cell-46-55-C"] == {"shr-highlight": False}
    assert again.attributes["shr-cell-46-55-C"] == {"aria-current": None}
    assert again.classes[page.cell] == {"shr-highlight": True} and page.cell != "shr-cell-46-55-C"


def test_a_critical_read_brings_its_result_into_view_and_a_refusal_does_not():
    # Browser: test_results_in_view (the result's top inside the phone's screen after the tap).
    page = ShrapnelPage(TABLE, MemoryStore(), ScriptedDice([50]))
    assert page.on_submit(fields("C", "50", ("chest",))).scroll == "shr-result"
    assert page.on_roll_d100(fields("C", "", ("chest",))).scroll == "shr-result"
    assert page.on_submit(fields("C", "", ("chest",))).scroll == ""
    assert ShrapnelPage(TABLE, MemoryStore()).open(share_href(page.render_result()).split("#")[1]).scroll == ""
