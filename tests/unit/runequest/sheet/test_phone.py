"""The sheet's engine and renderer: ENC in decimals (RQ-131), armour
by name, the sheet's own words for fields and rulings as links, labelled working, the weapon
picker's 1H/2H, which way an experience roll must go, a noble's income as savings (RQ-130) and
the starting kit's choices made on the sheet (RQ-23)."""

from __future__ import annotations

import re
from fractions import Fraction

import msgspec
import pytest

from pyengine.dice import ScriptedDice
from pyengine.errors import IllegalActionError
from pyengine.runequest.advancement.background import roll_background
from pyengine.runequest.advancement.creation import (
    TO_CHOOSE,
    apply_background,
    choose_kit_item,
    kit_choices,
    starting_kit,
)
from pyengine.runequest.advancement.experience import AdventureResult, ExperienceCheck
from pyengine.runequest.sheet.adventurer import Gear, WeaponSkill
from pyengine.runequest.sheet.derive import derive
from pyengine.runequest.sheet.encumbrance import show_enc_decimal
from pyengine.runequest.sheet.render import (
    field_label,
    kit_pick_field,
    render_experience,
    render_sheet,
    render_weapon_options,
)
from tests.unit.runequest.rq_fixtures import adventurer

INTERNAL = re.compile(r"characteristics\.|weapons\[|gear\[|\benc:|runequest/")


def text_of(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


@pytest.mark.parametrize(("value", "shown"), [
    (Fraction(2), "2"), (Fraction(5, 2), "2.5"), (Fraction(1, 4), "0.25"), (Fraction(52, 25), "2.08"),
    (Fraction(999, 4), "249.75"), (Fraction(7, 3), "2.33"), (Fraction(11999, 1000), "11.99"), (Fraction(1, 5), "0.2"),
    (Fraction(0), "0"),
])
def test_enc_is_shown_in_decimals_cut_never_rounded_up(value, shown):
    # "1.5 times his STR": the rules print a part of a thing in decimals (RQ-131).
    assert show_enc_decimal(value) == shown


def test_the_sheet_shows_enc_carried_and_each_gear_line_in_decimals(tables):
    sheet = derive(adventurer(money=213, gear=(Gear(ref="dagger", count=3),)), tables)
    assert sheet.enc_shown == "2.88"  # 2.13 + 0.75
    html = render_sheet(sheet)
    assert re.search(r">2\.88 of \d+<", html) and ">0.75<" in html
    assert not re.search(r"\d/\d|[½¼¾⅓⅔⅕]", text_of(html))


def test_armour_is_shown_by_name_not_by_id(tables):
    sheet = derive(adventurer(gear=(Gear(ref="open_helm", worn=True), Gear(ref="hauberk_ring_mail", worn=True))), tables)
    head = next(row for row in sheet.armour.locations if row.location.value == "head")
    assert (head.pieces, head.names) == (("open_helm",), ("open helm",))
    html = render_sheet(sheet)
    assert "open helm" in html and "ring mail hauberk" in html
    assert "open_helm" not in html and "hauberk_ring_mail" not in html


def test_worn_armour_says_worn_in_words_and_unworn_armour_gets_the_note(tables):
    html = render_sheet(derive(adventurer(gear=(Gear(ref="open_helm", worn=True), Gear(ref="closed_helm"))), tables))
    assert html.count('class="rq-worn-text" aria-hidden="true">worn<') == 1
    assert "not worn<" in html and "tick Worn" in html


def test_problems_and_working_are_in_the_sheets_words_with_rulings_as_links(tables):
    record = adventurer(SIZ=25, weapons=(WeaponSkill(weapon="dagger"), WeaponSkill(weapon="dagger")),
                        gear=(Gear(name="tunic"),))
    sheet = derive(record, tables)
    html = render_sheet(sheet)
    assert not INTERNAL.search(text_of(html)), INTERNAL.search(text_of(html))
    assert "SIZ 25 is above" in html
    assert "dagger is listed twice (also line 1 of the weapons)" in html
    assert "ENC carried: " in text_of(html)  # the problem about ENC, named as the sheet names it
    assert re.search(r'<a href="\./rulings\.html#RQ-\d+" class="rq-ruling"[^>]*>RQ-\d+</a>', html)


def test_field_labels_are_the_sheets_names(tables):
    sheet = derive(adventurer(weapons=(WeaponSkill(weapon="broadsword"),), gear=(Gear(name="rope"),)), tables)
    assert field_label(sheet, "natural.attack") == "Attack"
    assert field_label(sheet, "characteristics.SIZ") == "SIZ"
    assert field_label(sheet, "weapons[0].sr") == "broadsword (right) SR"
    assert field_label(sheet, "weapons[0]") == "broadsword (right)"
    assert field_label(sheet, "gear[0]") == "rope"
    assert field_label(sheet, "enc") == "ENC carried"
    assert field_label(sheet, "armour.left_arm") == "Left arm armour"


def test_each_natural_ability_line_of_the_working_says_which_ability(tables):
    html = render_sheet(derive(adventurer(), tables))
    block = html[html.index("Natural abilities"):html.index("Hit points, speed")]
    labels = re.findall(r'<li><span class="rq-what">(\w+): </span>', block)
    assert labels == ["Attack", "Parry", "Defense", "Perception", "Stealth", "Manipulation", "Knowledge"]


def test_each_weapon_cell_carries_its_label_for_the_card(tables):
    html = render_sheet(derive(adventurer(weapons=(WeaponSkill(weapon="broadsword"),)), tables))
    row = html[html.index('<tr class="rq-weapon'):]
    assert re.findall(r'data-label="(\w+)"', row)[:6] == ["Hand", "SR", "Attack", "Parry", "Damage", "HP"]


def test_the_weapon_picker_marks_one_and_two_handed_rows(tables):
    html = render_weapon_options(tables)
    melee = re.findall(r"<option[^>]*>([^<]+)</option>", html[:html.index("Missile weapons")])
    assert len(melee) == len(set(melee))
    assert "battle axe (1H)" in melee and "battle axe (2H)" in melee and "bastard sword (2H)" in melee


def test_an_experience_check_says_it_must_roll_the_chance_or_less(tables):
    # "This resulting quantity, or less, must be rolled on D100."
    checks = (ExperienceCheck(target="broadsword attack", ability=17, chance=83, roll=100, success=False, gain=0),
              ExperienceCheck(target="defense", ability=5, chance=13, roll=4, success=True, gain=5))
    html = render_experience(AdventureResult(adventurer=adventurer(), checks=checks, working=()))
    assert "broadsword attack: roll 100 against 83 (83 or less gains): no gain" in html
    assert "defense: roll 4 against 13 (13 or less gains): +5%" in html


def test_notes_go_on_the_printed_sheet(tables):
    html = render_sheet(derive(adventurer(), tables), "Ysolde", "Owes <Harrek>")
    assert 'class="rq-block rq-block-notes rq-print-only"' in html and "Owes &lt;Harrek&gt;" in html
    assert "rq-block-notes" not in render_sheet(derive(adventurer(), tables), "Ysolde", "  ")


@pytest.mark.parametrize(("rolls", "background", "carried", "savings"), [
    ([90, 20], "poor_noble", 0, 100),  # a year's income, kept where it is collected (RQ-130)
    ([100, 45], "very_rich_noble", 0, 900),  # 900 L kept as savings, not 9 ENC carried
    ([10, 40], "peasant", 40, 0),
])
def test_a_nobles_income_is_savings_and_anyone_elses_money_is_carried(tables, rolls, background, carried, savings):
    result = roll_background(tables.background, ScriptedDice(rolls))
    after, steps = apply_background(adventurer(), tables, result)
    assert (after.background, after.money, after.savings) == (background, carried, savings)
    assert any("RQ-130" in s.rulings for s in steps) is (savings > 0)


def test_the_kits_choices_are_found_on_the_gear_list_and_made_one_by_one(tables):
    result = roll_background(tables.background, ScriptedDice([70, 30, 50]))  # barbarian, with a riding animal
    after, _ = apply_background(adventurer(), tables, result)
    choices = kit_choices(after, tables)
    assert [c.name for c in choices] == ["leather armour", "basic weapons"]
    armour, weapons = choices
    assert armour.options == starting_kit(tables, "barbarian")[-2].options
    assert "broadsword" in weapons.options and "small_shield" in weapons.options
    assert len(weapons.labels) == len(weapons.options) and "broadsword" in weapons.labels
    # "any": the item goes on, worn if armour, the line stays for more
    picked, step = choose_kit_item(after, tables, armour.gear_index, "leather_hood")
    assert any(g.ref == "leather_hood" and g.worn for g in picked.gear)
    assert sum(g.name == "leather armour" + TO_CHOOSE for g in picked.gear) == 1
    assert step.rulings == ("RQ-23",)
    index = next(c.gear_index for c in kit_choices(picked, tables) if c.name == "basic weapons")
    armed, _ = choose_kit_item(picked, tables, index, "battle_axe")
    assert [w.weapon for w in armed.weapons] == ["battle_axe_1h", "battle_axe_2h"]


def test_a_one_choice_line_goes_once_made_and_a_bad_pick_is_refused(tables):
    record = msgspec.structs.replace(adventurer(), background="rich_noble",
                                     gear=(Gear(name="brigandine or chainmail hauberk" + TO_CHOOSE), Gear(name="rope")))
    (choice,) = kit_choices(record, tables)
    assert (choice.pick, choice.options) == ("one", ("cuirass_brigandine", "hauberk_chainmail"))
    with pytest.raises(IllegalActionError, match="not one of the options") as refused:
        choose_kit_item(record, tables, 0, "plate_cuirass")
    assert refused.value.field == "kit"
    with pytest.raises(IllegalActionError, match="not a choice"):
        choose_kit_item(record, tables, 1, "hauberk_chainmail")
    after, _ = choose_kit_item(record, tables, 0, "hauberk_chainmail")
    assert after.gear == (Gear(ref="hauberk_chainmail", worn=True), Gear(name="rope"))
    assert kit_choices(after, tables) == ()


def test_the_kit_picker_is_drawn_on_its_gear_line(tables):
    record = msgspec.structs.replace(adventurer(), background="barbarian", gear=(Gear(name="basic weapons" + TO_CHOOSE),))
    html = render_sheet(derive(record, tables), choices=kit_choices(record, tables))
    assert f'<select id="{kit_pick_field(0)}">' in html and 'data-kit-pick="0"' in html
    assert '<option value="broadsword">broadsword</option>' in html
