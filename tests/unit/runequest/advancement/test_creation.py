"""Creating an adventurer: 3D6 characteristics from the injected dice, the background roll, its
money and kit, and buying equipment against money."""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyengine.dice import RandomDice, ScriptedDice
from pyengine.errors import IllegalActionError, RollError
from pyengine.runequest.advancement.background import roll_background
from pyengine.runequest.advancement.creation import apply_background, roll_new, starting_kit, typed_new
from pyengine.runequest.sheet.characteristics import check_range, roll_characteristics
from pyengine.runequest.sheet.derive import derive
from pyengine.runequest.sheet.equipment import buy
from pyengine.runequest.tables.catalogue import RuneQuestTables
from tests.unit.runequest.rq_fixtures import adventurer, real


def test_characteristics_are_3d6_each_in_the_seeds_order(tables: RuneQuestTables) -> None:
    # "roll 3D6 for each of seven characteristics" — STR, CON, SIZ, INT, POW, DEX, CHA.
    dice = ScriptedDice([1, 2, 3, 6, 6, 6, 1, 1, 1, 4, 4, 4, 5, 5, 5, 2, 2, 2, 3, 3, 3])
    rolled = roll_characteristics(tables.characteristics, dice)
    c = rolled.characteristics
    assert (c.STR, c.CON, c.SIZ, c.INT, c.POW, c.DEX, c.CHA) == (6, 18, 3, 12, 15, 6, 9)
    assert all(r.expression == "3D6" for r in rolled.rolls)
    assert dice.remaining == ()


@given(st.integers(min_value=0, max_value=2**32))
def test_rolled_characteristics_are_3_to_18(seed: int) -> None:
    # "This gives a range of 3 (low) to 18 (high)"
    record, rolled = roll_new(real(), RandomDice(seed))
    assert all(3 <= value <= 18 for _, value in record.characteristics.items())
    assert len(rolled.rolls) == 7


def test_typed_characteristics_out_of_range_name_the_characteristic_and_value(tables: RuneQuestTables) -> None:
    # "For humans that's 18 + 3 = 21. The minimum possible for any reason is simply the number of dice rolled — 3"
    record = typed_new({"STR": 22, "CON": 10, "SIZ": 10, "INT": 2, "POW": 10, "DEX": 10, "CHA": 21})
    with pytest.raises(
        IllegalActionError, match="STR 22 is above the human maximum of 21; INT 2 is below the human minimum of 3"
    ):
        check_range(tables.characteristics, record.characteristics)
    with pytest.raises(IllegalActionError, match="characteristics: Object missing required field `CHA`"):
        typed_new({"STR": 10, "CON": 10, "SIZ": 10, "INT": 10, "POW": 10, "DEX": 10})


@pytest.mark.parametrize(
    ("roll", "background", "money_rolls", "money"),
    [
        (1, "peasant", [37], 37),  # 01-25: D100
        (25, "peasant", [100], 100),
        (26, "townsman", [40, 55], 95),  # 26-60: 2D100
        (86, "poor_noble", [50], 250),  # 86-95: D100 x 5 per game year (RQ-22)
        (96, "rich_noble", [50], 500),  # 96-99: D100 x 10
        (100, "very_rich_noble", [50], 1000),  # 00: D100 x 20
    ],
)
def test_the_background_roll(
    tables: RuneQuestTables, roll: int, background: str, money_rolls: list[int], money: int
) -> None:
    result = roll_background(tables.background, ScriptedDice([roll, *money_rolls]))
    assert (result.background, result.money, result.riding_animal_roll) == (background, money, None)


@pytest.mark.parametrize(("animal_roll", "has_one"), [(20, False), (21, True), (1, False), (100, True)])
def test_a_barbarian_has_a_riding_animal_unless_the_20_percent(
    tables: RuneQuestTables, animal_roll: int, has_one: bool
) -> None:
    # "A barbarian can additionally expect a riding animal (20% chance he doesn't have one)"
    result = roll_background(tables.background, ScriptedDice([70, 30, animal_roll]))
    assert (result.background, result.money, result.riding_animal) == ("barbarian", 30, has_one)
    names = [i.name for i in starting_kit(tables, "barbarian", riding_animal=result.riding_animal)]
    assert ("riding animal" in names) is has_one


def test_a_poor_nobles_kit(tables: RuneQuestTables) -> None:
    # "Poor Noble additionally starts with: a basic weapon (such as a broadsword), a ring mail hauberk, an open
    # helm, and a two-handed or missile weapon (chosen depending on DEX)."
    kit = starting_kit(tables, "poor_noble")
    names = [i.name for i in kit]
    # "All beginning characters can be expected to come with the following, regardless of background"
    assert names[:7] == [
        "tunic",
        "sandals or boots",
        "underwear",
        "warm cloak or coat",
        "headgear",
        "belt knife",
        "fire-making kit",
    ]
    assert [i.ref for i in kit if i.ref] == ["hauberk_ring_mail", "open_helm"]
    assert sum(1 for i in kit if i.pick == "one") == 2


def test_the_rich_and_very_rich_share_a_kit(tables: RuneQuestTables) -> None:
    # "Rich and Very Rich Noble additionally start with: ... a brigandine or chainmail hauberk, chainmail limb
    # protection, a closed helm, a riding horse"
    rich, very = starting_kit(tables, "rich_noble"), starting_kit(tables, "very_rich_noble")
    assert rich == very
    refs = {i.ref for i in rich if i.ref}
    assert {"closed_helm", "sleeves_chainmail", "trews_chainmail"} <= refs
    (choice,) = (i for i in rich if i.options)
    assert choice.options == ("cuirass_brigandine", "hauberk_chainmail")


def test_applying_a_background(tables: RuneQuestTables) -> None:
    record = adventurer(DEX=12)
    result = roll_background(tables.background, ScriptedDice([90, 20]))  # poor noble, 20 x 5 = 100 L
    kit = starting_kit(tables, result.background)
    basic = next(i for i, item in enumerate(kit) if item.name.startswith("a basic weapon"))
    after, _ = apply_background(record, tables, result, {basic: ["broadsword"]})
    # A noble's money is a year's income, kept where it is collected: savings, not carried (RQ-130).
    assert (after.background, after.background_roll, after.money, after.savings) == ("poor_noble", 90, 0, 100)
    worn = [g.ref for g in after.gear if g.worn]
    assert worn == ["hauberk_ring_mail", "open_helm"]
    assert [w.weapon for w in after.weapons] == ["broadsword"]
    assert any(g.name.endswith("(to choose)") for g in after.gear)
    sheet = derive(after, tables)
    # ring mail hauberk 4 on chest and abdomen, open helm 4 on the head
    assert (sheet.armour.absorbs("chest"), sheet.armour.absorbs("head")) == (4, 4)
    # hauberk 2 + helm 1 + broadsword 1 + pack 2 = 6; the 100 L of savings weigh nothing (RQ-11, RQ-130)
    assert sheet.enc == "6"


def test_a_bad_pick_is_refused(tables: RuneQuestTables) -> None:
    result = roll_background(tables.background, ScriptedDice([97, 20]))  # rich noble
    kit = starting_kit(tables, result.background)
    armour = next(i for i, item in enumerate(kit) if item.options)
    with pytest.raises(IllegalActionError, match="not one of the options"):
        apply_background(adventurer(), tables, result, {armour: ["cuirass_plate"]})
    with pytest.raises(IllegalActionError, match="is not a choice"):
        apply_background(adventurer(), tables, result, {0: ["broadsword"]})


def test_an_empty_dice_stream_is_a_roll_error(tables: RuneQuestTables) -> None:
    with pytest.raises(RollError):
        roll_background(tables.background, ScriptedDice([50]))


# -- buying -------------------------------------------------------------------------------------


def test_buying_against_money(tables: RuneQuestTables) -> None:
    record = msgspec.structs.replace(adventurer(), money=60, savings=20)
    bought = buy(record, tables, "broadsword")  # 50 L
    assert (bought.cost, bought.adventurer.money, bought.adventurer.savings) == (50, 10, 20)
    again = buy(bought.adventurer, tables, "leather_hood", 5)  # 5 x 3 = 15: 10 carried, 5 from savings
    assert (again.adventurer.money, again.adventurer.savings) == (0, 15)
    with pytest.raises(IllegalActionError, match="it costs 50 L and there are only 15 L"):
        buy(again.adventurer, tables, "broadsword")


def test_a_price_not_in_the_rules_cannot_be_paid(tables: RuneQuestTables) -> None:
    record = msgspec.structs.replace(adventurer(), money=1000)
    with pytest.raises(IllegalActionError, match="composite bow: its price is not in the rules we have"):
        buy(record, tables, "composite_bow")
    with pytest.raises(IllegalActionError, match="'fist' is not an item"):
        buy(record, tables, "fist")
