"""Shrapnel against someone real: on shrapnel.html the "Target" choice lists the
adventurers saved on this device and the fighters of the fight in progress; picking one fills
the areas and the typed pieces from the armour they wear by hit location (each worn piece its
own piece, by name), says what was taken, and leaves everything editable; the result names the
target, its working cites SHR-13 where one arm or one leg is covered, and its link replays it.

The page is the built page (``page_dom.Page``: its ids are the controller's), the device's
storage a MemoryStore."""

from __future__ import annotations

import html
import json
import re

import msgspec
import pytest

from pyengine.cli import tables as source
from pyengine.cli.tables import ballistic, load_tables
from pyengine.pages.shrapnel import ShrapnelPage, prerender
from pyengine.pages.targets import ARMOUR_TABLES, location_cover
from pyengine.runequest.advancement.creation import typed_new
from pyengine.runequest.melee.log import FightLog, to_link
from pyengine.runequest.melee.model import Combatant, Fight
from pyengine.runequest.sheet.adventurer import Gear, dump_adventurer
from pyengine.runequest.vocabulary import Location
from pyengine.shrapnel.armour import ArmourPiece
from pyengine.shrapnel.resolve import resolve as resolve_critical
from pyengine.shrapnel.vocabulary import Area, Limb
from pyengine.storage.keys import CHARACTER_PREFIX, FIGHT_DRAFT
from pyengine.storage.store import MemoryStore
from tests.unit.pages.page_dom import Page

TABLE = ballistic()
RQ = load_tables()
BLOBS = {table_id: msgspec.msgpack.encode(getattr(RQ, table_id.split("/")[1])) for table_id in ARMOUR_TABLES}
SCORES = {"STR": 12, "CON": 12, "SIZ": 17, "INT": 13, "POW": 18, "DEX": 11, "CHA": 10}
WORN = (
    Gear(ref="open_helm", worn=True),
    Gear(ref="hauberk_ring_mail", worn=True),
    Gear(ref="vambraces_leather", worn=True, name="Dad's vambraces"),
    Gear(ref="cap"),  # bought, not worn: not armour against anything
)
PIECES = "open helm: head; ring mail hauberk: chest + abdomen; Dad's vambraces: arms"
LOCATIONS = {key: 4 for key in ("head", "chest", "abdomen", "right_arm", "left_arm", "right_leg", "left_leg")}


def adventurer(name: str, gear=WORN) -> str:
    return dump_adventurer(msgspec.structs.replace(typed_new(SCORES, name=name), gear=gear)).decode()


def broo(name: str, armour: dict[str, int], character: str = "") -> Combatant:
    return Combatant(name=name, side="Broos", STR=13, CON=11, SIZ=12, DEX=10, hit_points=12, locations=LOCATIONS,
                     dex_sr=3, armour=armour, character=character)


def fight_draft(*combatants: Combatant) -> str:
    return json.dumps({"link": to_link(FightLog(fight=Fight(combatants=combatants))), "add": {}, "declare": {}, "applied": []})


class Shrapnel:
    """The shrapnel page in a browser: the built page, the controller, the tab's and the device's storage."""

    def __init__(self, device: MemoryStore | None = None) -> None:
        self.device = MemoryStore() if device is None else device
        self.page = Page.built("shrapnel.html", prerender(source))
        self.controller = ShrapnelPage(TABLE, MemoryStore(), store=self.device)
        self.shown = ""

    def apply(self, update) -> None:
        self.page.apply(update)
        self.shown = update.html.get("shr-result", self.shown)

    def start(self, fragment: str = "") -> None:
        if fragment:
            self.apply(self.controller.open(fragment))
        wanted = self.controller.target_tables()
        self.apply(self.controller.on_targets({t: BLOBS[t] for t in wanted}))

    def pick(self, key: str) -> None:
        self.page.choose("shr-target", key)
        self.apply(self.controller.on_target(self.page.values("shr-form")))

    def read(self, severity: str, roll: str) -> str:
        self.page.tick(f"shr-sev-{severity}")
        self.page.fill("shr-roll", roll)
        self.apply(self.controller.on_submit(self.page.values("shr-form") | {"severity": severity}))
        return self.shown

    def options(self) -> list[tuple[str, str]]:
        return [(n.attrs.get("value", ""), n.text()) for n in self.page["shr-target"].walk() if n.tag == "option"]

    def ticked(self) -> set[str]:
        return {a.value for a in Area if self.page["shr-cover-" + a.value].is_checked()}


def test_hit_locations_are_the_tables_areas_and_one_limb_alone_is_a_limb():
    assert location_cover([Location.HEAD]) == ((Area.HEAD,), ())
    assert location_cover([Location.CHEST, Location.ABDOMEN]) == ((Area.CHEST, Area.ABDOMEN), ())
    assert location_cover([Location.RIGHT_ARM, Location.LEFT_ARM]) == ((Area.ARMS,), ())
    assert location_cover([Location.LEFT_LEG, Location.RIGHT_LEG, Location.LEFT_ARM]) == ((Area.LEGS,), (Limb.LEFT_ARM,))
    assert location_cover([]) == ((), ())


def test_with_no_one_saved_and_no_fight_the_choice_says_so_and_needs_no_table():
    shrapnel = Shrapnel()
    assert shrapnel.controller.target_tables() == ()
    shrapnel.start()
    assert shrapnel.options() == [("", "Someone else: the armour typed below")]
    assert "disabled" in shrapnel.page["shr-target"].attrs
    assert "No adventurer is saved on this device" in shrapnel.page["shr-target-help"].text()


def test_picking_a_saved_adventurer_fills_their_worn_pieces_by_name_and_says_what_was_taken():
    device = MemoryStore({CHARACTER_PREFIX + "a1b2c3d4e5f6": adventurer("Vasana"),
                          CHARACTER_PREFIX + "000000000001": "{damaged", CHARACTER_PREFIX + "b1": adventurer("Aldo", ())})
    shrapnel = Shrapnel(device)
    assert shrapnel.controller.target_tables() == ARMOUR_TABLES
    shrapnel.start()
    assert "disabled" not in shrapnel.page["shr-target"].attrs
    assert shrapnel.options() == [("", "Someone else: the armour typed below"), ("adventurer:b1", "Aldo"),
                                  ("adventurer:a1b2c3d4e5f6", "Vasana")]  # by name; the damaged one left where it is
    shrapnel.pick("adventurer:a1b2c3d4e5f6")
    assert shrapnel.page.value("shr-pieces") == PIECES
    assert shrapnel.ticked() == {"head", "chest", "abdomen", "arms"}
    said = shrapnel.page["shr-target-taken"].text()
    assert said == ("Taken from Vasana's worn armour: open helm (head); ring mail hauberk (chest, abdomen); "
                    "Dad's vambraces (arms).")
    assert "_" not in said  # names, never the tables' ids
    assert device.items[CHARACTER_PREFIX + "000000000001"] == "{damaged"
    shrapnel.pick("adventurer:b1")
    assert shrapnel.page.value("shr-pieces") == "" and shrapnel.ticked() == set()
    assert shrapnel.page["shr-target-taken"].text() == "Taken from Aldo's worn armour: no armour worn."


def test_the_result_names_the_target_checks_each_worn_piece_and_its_link_replays_exactly():
    shrapnel = Shrapnel(MemoryStore({CHARACTER_PREFIX + "a1": adventurer("Vasana")}))
    shrapnel.start()
    shrapnel.pick("adventurer:a1")
    card = shrapnel.read("C", "78")  # Chest + Arms
    expected = resolve_critical(TABLE, 78, "C", [
        ArmourPiece(name="open helm", areas=(Area.HEAD,)), ArmourPiece(name="ring mail hauberk", areas=(Area.CHEST, Area.ABDOMEN)),
        ArmourPiece(name="Dad's vambraces", areas=(Area.ARMS,)),
    ])
    assert '<p class="shr-target">Target: Vasana</p>' in card
    assert sorted(map(html.unescape, re.findall(r'data-piece="([^"]*)"', card))) == sorted(c.piece for c in expected.breakage_checks)
    assert sorted(c.piece for c in expected.breakage_checks) == ["Dad's vambraces", "ring mail hauberk"]
    link = shrapnel.page.address
    assert link.startswith("#1.")
    again = Shrapnel()
    again.start(link)
    assert again.shown == card
    assert again.options()[1] == ("link", "Vasana (from the link)")
    assert again.page.value("shr-target") == "link"
    assert again.read("C", "78") == card  # read again from the reopened form: the same, target and all
    assert again.page["shr-recent"].text().endswith("· Vasana")


def test_the_typed_pieces_stay_editable_after_picking_and_someone_else_clears_only_the_target():
    shrapnel = Shrapnel(MemoryStore({CHARACTER_PREFIX + "a1": adventurer("Vasana")}))
    shrapnel.start()
    shrapnel.pick("adventurer:a1")
    shrapnel.page.fill("shr-pieces", "open helm: head; ring mail hauberk: chest + abdomen")
    shrapnel.page.tick("shr-cover-arms", False)
    card = shrapnel.read("C", "78")
    assert "Target: Vasana" in card and "vambraces" not in card
    assert 'data-side="bare"' in card  # arms: bare, as edited
    shrapnel.pick("")
    assert shrapnel.page.value("shr-pieces") == "open helm: head; ring mail hauberk: chest + abdomen"
    assert shrapnel.page["shr-target-taken"].text() == ""
    assert "Target:" not in shrapnel.read("C", "78")


def test_a_fighter_of_the_fight_in_progress_wears_their_armour_by_location_and_one_arm_is_shr_13():
    device = MemoryStore({
        CHARACTER_PREFIX + "a1": adventurer("Vasana"),
        FIGHT_DRAFT: fight_draft(broo("Broo 1", {"head": 2, "chest": 3, "left_arm": 3}), broo("Vasana", {"head": 4}, "a1")),
    })
    shrapnel = Shrapnel(device)
    assert shrapnel.controller.target_tables() == ARMOUR_TABLES
    shrapnel.start()
    assert [k for k, _ in shrapnel.options()] == ["", "adventurer:a1", "fighter:Broo 1", "fighter:Vasana"]
    groups = [n.attrs["label"] for n in shrapnel.page["shr-target"].walk() if n.tag == "optgroup"]
    assert groups == ["Saved adventurers", "Fight in progress"]
    shrapnel.pick("fighter:Broo 1")
    assert shrapnel.ticked() == {"head", "chest"} and shrapnel.page.value("shr-pieces") == "left arm armour: left arm"
    assert "armour by location" in shrapnel.page["shr-target-taken"].text()
    card = shrapnel.read("C", "78")
    assert "Target: Broo 1" in card
    assert re.search(r'data-area="arms" data-side="bare"', card)
    working = re.search(r'<details class="shr-working">(.*?)</details>', card, re.S).group(1)
    assert "SHR-13" in working and "left arm" in working
    # A fighter who came from a saved adventurer wears her pieces, by name.
    shrapnel.pick("fighter:Vasana")
    assert shrapnel.page.value("shr-pieces") == PIECES


@pytest.mark.parametrize("draft", ["{not json", "[]", json.dumps({"link": "1.damaged"}), json.dumps({"link": ""})])
def test_a_fight_draft_that_does_not_read_lists_no_fight_and_is_left_as_it_is(draft):
    device = MemoryStore({FIGHT_DRAFT: draft})
    shrapnel = Shrapnel(device)
    shrapnel.start()
    assert [k for k, _ in shrapnel.options()] == [""]
    assert device.items[FIGHT_DRAFT] == draft


def test_names_that_would_break_the_typed_pieces_are_made_safe_and_kept_apart():
    gear = (Gear(ref="open_helm", worn=True, name="helm: old; dented"), Gear(ref="cap", worn=True, name="helm  old, dented"),
            Gear(ref="shortsword", worn=True), Gear(name="lucky charm", worn=True))
    shrapnel = Shrapnel(MemoryStore({CHARACTER_PREFIX + "a1": adventurer("Odd", gear)}))
    shrapnel.start()
    shrapnel.pick("adventurer:a1")
    assert shrapnel.page.value("shr-pieces") == "helm old, dented: head; helm old, dented 2: head"
    assert "Left out (not armour the tables know): shortsword, lucky charm." in shrapnel.page["shr-target-taken"].text()
    shrapnel.read("A", "1")
    assert shrapnel.page["shr-pieces-error"].text() == ""


def test_a_name_from_a_link_or_a_record_is_text_never_markup():
    evil = '<img src=x onerror=alert(1)>'
    shrapnel = Shrapnel(MemoryStore({CHARACTER_PREFIX + "a1": adventurer(evil)}))
    shrapnel.start()
    assert ("adventurer:a1", evil) in shrapnel.options()
    shrapnel.pick("adventurer:a1")
    card = shrapnel.read("C", "78")
    assert "<img" not in card.replace(html.escape(evil), "")


def test_a_long_name_is_shown_as_its_link_carries_it_so_the_link_replays_the_same_card():
    long = "Vasana " + "the Very " * 20  # 187 characters: a sheet name may have 200, a link 80
    shrapnel = Shrapnel(MemoryStore({CHARACTER_PREFIX + "a1": adventurer(long)}))
    shrapnel.start()
    shrapnel.pick("adventurer:a1")
    card = shrapnel.read("B", "98")
    assert re.search(r'Target: Vasana the Very [^<]{40,}</p>', card)
    again = Shrapnel()
    again.start(shrapnel.page.address)
    assert again.shown == card
