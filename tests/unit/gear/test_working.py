"""Every gear result keeps its working as :class:`pyengine.working.Step` s: what each step
worked out, the seed's section it comes from, and its rulings as data -- the same ids the
step's text cites (the text is what the page and the command line print)."""

from __future__ import annotations

import itertools
import re

from pyengine.gear.blocking import ARMOR, BLOCKING, HITTING_TOO_HARD, Attack, Defence, resolve_block
from pyengine.gear.example import CHARACTER, ENTRIES
from pyengine.gear.items import Character, Item, ItemKind
from pyengine.gear.notation import parse_areas
from pyengine.gear.organizing import ORGANIZING, organize
from pyengine.gear.rulings import RULINGS
from pyengine.gear.sheet import SECTIONS, sheet_line
from pyengine.gear.toughness import BREAKING, TOUGHNESS, damage_item
from pyengine.working import Step

#: Seed 000's section names, as its text heads them.
SEED_SECTIONS = {*SECTIONS.values(), TOUGHNESS, BREAKING, BLOCKING, ARMOR, HITTING_TOO_HARD, ORGANIZING}
ITEMS = [e.item for e in ENTRIES] + [
    Item(name="spear", kind=ItemKind.MELEE, reach=4, power=11, grapple=2, attack=1, parry=1, toughness=5),
    Item(name="net", kind=ItemKind.MISSILE, special={"Stun": 3}),
    Item(name="plate", kind=ItemKind.ARMOUR, cover=6, absorb=8, toughness=4, broken=True),
    Item(name="cloak", kind=ItemKind.ARMOUR, cover=1),
    Item(name="glass", kind=ItemKind.ARMOUR, cover=2, absorb=1, toughness=-1),
]
WEAPONS = [None, Item(name="axe", kind=ItemKind.MELEE, toughness=6, absorb=3), Item(name="club", kind=ItemKind.MELEE)]


def check(steps: tuple[Step, ...], seen: set[str]) -> None:
    assert steps
    for step in steps:
        assert isinstance(step, Step) and step.field and step.text, step
        assert step.source in SEED_SECTIONS, step
        in_text = sorted(set(re.findall(r"GEAR-\d+", step.text)), key=lambda r: int(r[5:]))
        assert list(step.rulings) == in_text, step
        seen.update(step.rulings)


def test_every_step_names_its_section_and_its_rulings_as_data() -> None:
    seen: set[str] = set()
    for character in (CHARACTER, Character()):
        for item in ITEMS:
            line = sheet_line(character, item, skill=2)
            check(line.working, seen)
            assert {s.field for s in line.working} >= {"rch", "pwr", "hft", "shp", "cmb", "atk", "grp", "par", "tgh", "cvr", "abs"}
    for sl, power, defence, defending, weapon in itertools.product(
        (0, 3, 4, 5, 9, 14), (0, 5, 14, 30), Defence, (None, "shield", "net"), WEAPONS
    ):
        result = resolve_block(Attack(success_level=sl, power=power, defence=defence, weapon=weapon), ITEMS, defending)
        check(result.working, seen)
    for areas in ("3: leather + chainmail; 2: chainmail; 1: leather", "2: plate; 4: plate", "1: cloak"):
        check(organize(ITEMS, parse_areas(areas)).working, seen)
    for item, power in itertools.product(ITEMS, (0, 3, 12, 40)):
        check(damage_item(item, power).working, seen)
    assert seen == set(RULINGS)  # every ruling is cited by some step


def test_a_blocking_items_damage_cites_what_it_absorbed() -> None:
    result = resolve_block(Attack(success_level=4, power=12), ITEMS[3:5], None)
    damage = [s for s in result.working if s.field == "chainmail.damage"]
    assert [s.text for s in damage] == ["chainmail, absorbing 6 (GEAR-6): damage = power 6 - toughness 3 = 3"]
    assert damage[0].rulings == ("GEAR-6",) and damage[0].source == TOUGHNESS and damage[0].value == 3
