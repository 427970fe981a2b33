"""Derived numbers from the seven characteristics: natural abilities, hit points and their
locations, damage bonus, strike ranks, maximum ENC and movement.

Expectations come from the seed's own examples (quoted) and, where the seed names a table
without printing it, from ../shared/reference/rq-tables.md worked by hand in the comments.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyengine.runequest.sheet.abilities import natural_abilities
from pyengine.runequest.sheet.characteristics import Characteristics
from pyengine.runequest.sheet.damage_bonus import damage_bonus
from pyengine.runequest.sheet.derive import derive
from pyengine.runequest.sheet.encumbrance import max_enc
from pyengine.runequest.sheet.hit_points import condition, hit_points, location_hit_points
from pyengine.runequest.tables.catalogue import RuneQuestTables
from pyengine.runequest.tables.strike_ranks import dex_sr, siz_sr, spell_sr
from pyengine.runequest.vocabulary import Ability, Characteristic
from tests.unit.runequest.rq_fixtures import adventurer, real, scores

# -- hit points -------------------------------------------------------------------------------


def test_the_seeds_hit_point_example(tables: RuneQuestTables) -> None:
    # "A character with CON 12, SIZ 17, and POW 18 would have 15 Hit Points"
    hp, step = hit_points(tables.hit_points, scores(CON=12, SIZ=17, POW=18))
    assert hp == 15
    assert step.text == "CON 12 + SIZ 17 (+2) + POW 18 (+1) = 15"


def test_the_seeds_location_example(tables: RuneQuestTables) -> None:
    # "a character with total Hit Points of 14 would have 5 points in his abdomen, 4 in each arm,
    # 5 in his head, and 6 in his chest, plus (from the leg row) 5 in each leg"
    locations, _ = location_hit_points(tables.hit_points, 14)
    assert (locations.abdomen, locations.right_arm, locations.left_arm, locations.head, locations.chest) == (
        5,
        4,
        4,
        5,
        6,
    )
    assert (locations.right_leg, locations.left_leg) == (5, 5)


def test_never_fewer_than_3_hit_points(tables: RuneQuestTables) -> None:
    # "A human can never have fewer than 3 Hit Points while undamaged." CON 3, SIZ 3 (-2), POW 3 (-1) = 0 -> 3.
    hp, step = hit_points(tables.hit_points, scores(CON=3, SIZ=3, POW=3))
    assert hp == 3
    assert "raised to the minimum of 3" in step.text


@pytest.mark.parametrize(
    ("con", "siz", "pow_", "expected", "rulings"),
    [
        (10, 10, 10, 10, ()),
        (10, 10, 15, 10, ("RQ-3",)),  # POW 13-16 adds 0 (S2), not +1 (S1 OCR)
        (10, 13, 10, 11, ()),  # SIZ 13-16 +1
        (10, 8, 8, 9, ()),  # SIZ 05-08 -1, POW 05-08 0
        (21, 21, 21, 26, ()),  # SIZ 21: 17-20 +2, +1 for 21-24 = +3; POW 21: +1, +1 = +2
    ],
)
def test_hit_point_modifiers(
    tables: RuneQuestTables, con: int, siz: int, pow_: int, expected: int, rulings: tuple[str, ...]
) -> None:
    hp, step = hit_points(tables.hit_points, scores(CON=con, SIZ=siz, POW=pow_))
    assert hp == expected
    assert step.rulings == rulings


@pytest.mark.parametrize(
    ("hp", "leg", "abdomen", "chest", "arm", "head"),
    [
        (3, 2, 2, 3, 1, 2),  # 01-06
        (6, 2, 2, 3, 1, 2),
        (7, 3, 3, 4, 2, 3),  # 07-09, at exactly 7 as S1 has it (RQ-4)
        (12, 4, 4, 5, 3, 4),
        (21, 7, 7, 8, 6, 7),
        (22, 8, 8, 9, 7, 8),  # each further +3: +1
        (26, 9, 9, 10, 8, 9),
    ],
)
def test_location_hit_points_by_total(
    tables: RuneQuestTables, hp: int, leg: int, abdomen: int, chest: int, arm: int, head: int
) -> None:
    loc, step = location_hit_points(tables.hit_points, hp)
    assert (loc.right_leg, loc.left_leg, loc.abdomen, loc.chest, loc.right_arm, loc.left_arm, loc.head) == (
        leg,
        leg,
        abdomen,
        chest,
        arm,
        arm,
        head,
    )
    assert ("RQ-4" in step.rulings) is (hp == 7)


@given(st.integers(min_value=7, max_value=60))
def test_locations_follow_the_references_closed_form(hp: int) -> None:
    # reference §5: "Closed form for HP ≥ 7: leg = abdomen = head = ceil(HP/3); chest = that + 1; arm = that − 1."
    loc, _ = location_hit_points(real().hit_points, hp)
    third = math.ceil(hp / 3)
    assert (loc.right_leg, loc.abdomen, loc.head, loc.chest, loc.left_arm) == (
        third,
        third,
        third,
        third + 1,
        third - 1,
    )


def test_conditions_at_low_hit_points(tables: RuneQuestTables) -> None:
    # "If a character's Hit Points fall to 2 or 1, he's unconscious; at 0 or less, he's dead."
    assert [condition(tables.hit_points, n) for n in (3, 2, 1, 0, -4)] == [
        "conscious",
        "unconscious",
        "unconscious",
        "dead",
        "dead",
    ]


# -- natural abilities ------------------------------------------------------------------------


def test_average_characteristics_give_no_natural_ability(tables: RuneQuestTables) -> None:
    natural, _ = natural_abilities(tables.natural_abilities, scores())
    assert all(natural[a] == 0 for a in Ability)


def test_natural_abilities_worked_from_the_reference(tables: RuneQuestTables) -> None:
    # STR 17 (S +5), SIZ 5 (S- 0, P- +5), INT 16 (P +5), POW 3 (S -5, S- +5), DEX 18 (P +10):
    #   attack  = STR +5, INT +5, POW -5, DEX +10 = 15
    #   parry   = STR +5, SIZ 0, POW -5, DEX +10 = 10
    #   defense = SIZ 0, INT +5, POW -5, DEX +10 = 10
    #   perception = INT +5, POW -5 = 0
    #   stealth = SIZ +5, INT +5, POW +5 (reversed: "POW ... is a handicap to Stealth"), DEX +10 = 25
    #   manipulation = STR +5, INT +5, POW -5, DEX +10 = 15
    #   knowledge = INT +5, POW -5 = 0
    natural, _ = natural_abilities(tables.natural_abilities, scores(STR=17, SIZ=5, INT=16, POW=3, DEX=18))
    assert (natural.attack, natural.parry, natural.defense, natural.perception) == (15, 10, 10, 0)
    assert (natural.stealth, natural.manipulation, natural.knowledge) == (25, 15, 0)


def test_natural_abilities_past_20_keep_stepping(tables: RuneQuestTables) -> None:
    # 21 is in 21-24: primary +15, secondary +10, primary reversed -15, secondary reversed -10.
    #   attack = STR +10, INT +15, POW +10, DEX +15 = 50; stealth = SIZ -15, INT +15, POW -10, DEX +15 = 5
    natural, steps = natural_abilities(tables.natural_abilities, scores(STR=21, SIZ=21, INT=21, POW=21, DEX=21))
    assert (natural.attack, natural.stealth) == (50, 5)
    assert steps[0].text == "STR 21 +10, INT 21 +15, POW 21 +10, DEX 21 +15 = +50%"


def test_the_secondary_band_13_16_is_zero_and_cites_its_ruling(tables: RuneQuestTables) -> None:
    # reference §1: secondary 13-16 is 0 (S2), not +5 (S1 OCR) — RQ-1.
    natural, steps = natural_abilities(tables.natural_abilities, scores(STR=14))
    assert natural.attack == 0
    assert "RQ-1" in steps[0].rulings
    _, steps = natural_abilities(tables.natural_abilities, scores(STR=10))
    assert "RQ-1" not in steps[0].rulings


PRIMARY = {
    Ability.ATTACK: ("INT", "DEX"),
    Ability.PARRY: ("DEX",),
    Ability.DEFENSE: ("INT", "DEX"),
    Ability.PERCEPTION: ("INT",),
    Ability.STEALTH: ("INT", "DEX"),
    Ability.MANIPULATION: ("INT", "DEX"),
    Ability.KNOWLEDGE: ("INT",),
}

Score = st.integers(min_value=3, max_value=21)
Scores = st.builds(Characteristics, STR=Score, CON=Score, SIZ=Score, INT=Score, POW=Score, DEX=Score, CHA=Score)


@given(Scores, st.sampled_from(sorted(PRIMARY.items())), st.integers(min_value=1, max_value=18))
def test_natural_abilities_never_fall_as_a_primary_characteristic_rises(
    base: Characteristics, ability_and_primaries: tuple[Ability, tuple[str, ...]], rise: int
) -> None:
    ability, primaries = ability_and_primaries
    for c in primaries:
        higher = base.with_value(c, min(base[c] + rise, 21))
        before, _ = natural_abilities(real().natural_abilities, base)
        after, _ = natural_abilities(real().natural_abilities, higher)
        assert after[ability] >= before[ability], (c, ability)


@given(Scores, st.integers(min_value=1, max_value=18))
def test_stealth_never_rises_with_siz_or_pow(base: Characteristics, rise: int) -> None:
    # "the more area a body takes up, the harder it is to hide"; "POW ... is a handicap to Stealth"
    before, _ = natural_abilities(real().natural_abilities, base)
    for c in ("SIZ", "POW"):
        after, _ = natural_abilities(real().natural_abilities, base.with_value(c, min(base[c] + rise, 21)))
        assert after.stealth <= before.stealth


@given(Scores)
def test_hit_points_are_never_below_3_and_abilities_are_in_steps_of_5(values: Characteristics) -> None:
    hp, _ = hit_points(real().hit_points, values)
    assert hp >= 3
    natural, _ = natural_abilities(real().natural_abilities, values)
    assert all(natural[a] % 5 == 0 for a in Ability)


@given(
    st.integers(min_value=0, max_value=99),
    st.integers(min_value=0, max_value=99),
    st.integers(min_value=0, max_value=99),
)
def test_hit_points_never_below_3_for_any_score_a_sheet_holds(con: int, siz: int, pow_: int) -> None:
    hp, _ = hit_points(real().hit_points, scores(CON=con, SIZ=siz, POW=pow_))
    assert hp >= 3


# -- damage bonus -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("str_", "siz", "bonus"),
    [
        (3, 3, "-1D4"),  # average 3: 01-06
        (6, 7, ""),  # 6.5 rounds up to 7: 07-12, none (RQ-5)
        (12, 12, ""),
        (12, 13, "+1D4"),  # 12.5 -> 13: 13-16
        (16, 18, "+1D6"),  # 17: 17-20
        (21, 21, "+2D6"),  # 21: 21-28
    ],
)
def test_damage_bonus(tables: RuneQuestTables, str_: int, siz: int, bonus: str) -> None:
    value, step = damage_bonus(tables.damage_bonus, scores(STR=str_, SIZ=siz))
    assert value == bonus
    assert ("RQ-5" in step.rulings) is ((str_ + siz) % 2 == 1)


def test_damage_bonus_past_the_printed_table(tables: RuneQuestTables) -> None:
    # "each further +8: +1D6": 29-36 is +3D6, 37-44 +4D6
    assert tables.damage_bonus.lookup(29) == ("+3D6", "29-36")
    assert tables.damage_bonus.lookup(44) == ("+4D6", "37-44")


# -- strike ranks -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dex", "sr"),
    [(3, 5), (5, 5), (6, 4), (8, 4), (9, 3), (12, 3), (13, 2), (15, 2), (16, 1), (18, 1), (19, 0), (21, 0)],
)
def test_dex_strike_rank(tables: RuneQuestTables, dex: int, sr: int) -> None:
    assert dex_sr(tables.strike_ranks, dex) == sr


@pytest.mark.parametrize(("siz", "sr"), [(3, 3), (6, 3), (7, 2), (14, 2), (15, 1), (21, 1), (22, 0)])
def test_siz_strike_rank(tables: RuneQuestTables, siz: int, sr: int) -> None:
    assert siz_sr(tables.strike_ranks, siz) == sr


def test_spells_at_average_dex(tables: RuneQuestTables) -> None:
    # "toss a Disruption spell — taking 3 points for a character of average DEX";
    # "a 1-point Disruption spell takes less time to cast than a 3-point Bladesharp"
    average_dex = dex_sr(tables.strike_ranks, 10)
    assert average_dex + spell_sr(tables.strike_ranks, 1) == 3
    assert spell_sr(tables.strike_ranks, 3) > spell_sr(tables.strike_ranks, 1)


def test_the_limit_and_the_split_blow(tables: RuneQuestTables) -> None:
    m = tables.strike_ranks.modifiers
    # "if the total strike rank required adds up to more than 12"; "the second blow must come at strike rank 5+5=10"
    assert m.round_limit == 12
    assert 5 + m.split_attack_delay == 10
    # "the user must add 5 points to his usual strike rank"; "Changing from one weapon ... takes 5 strike ranks"
    assert (m.unprepared, m.change_weapon, m.switch_to_spell) == (5, 5, 5)


# -- encumbrance and movement ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("str_", "con", "expected"),
    [
        (12, 18, 12),  # "a character with STR 12 and CON 18 may only carry 12 'things'"
        (12, 6, 9),  # "the character with STR 12 and CON 6 has an ENC maximum of 9"
        (13, 12, 13),  # 12.5 rounds up to 13 (RQ-9); STR 13 does not cap it
        (12, 13, 12),  # 12.5 -> 13, but STR 12 caps it
    ],
)
def test_maximum_enc(tables: RuneQuestTables, str_: int, con: int, expected: int) -> None:
    value, _ = max_enc(tables.movement, scores(STR=str_, CON=con))
    assert value == expected


def test_an_unarmoured_man_moves_8(tables: RuneQuestTables) -> None:
    # "an unarmored man can move 8 units in a melee round"
    assert derive(adventurer(), tables).move == 8


def test_the_sheet_brings_it_together(tables: RuneQuestTables) -> None:
    sheet = derive(adventurer(STR=12, CON=12, SIZ=17, POW=18), tables)
    assert sheet.hit_points == 15
    assert sheet.locations.chest == 6  # 15 is in 13-15
    # (12 + 17) / 2 = 14.5 -> 15: +1D4
    assert sheet.damage_bonus == "+1D4"
    assert (sheet.dex_sr, sheet.siz_sr) == (3, 1)
    assert sheet.max_enc == 12
    assert sheet.problems == ()
    assert [s.field for s in sheet.steps_for("hit_points")] == ["hit_points"]


@pytest.mark.parametrize("c", list(Characteristic))
def test_every_characteristic_out_of_range_is_a_problem_on_its_own_field(
    tables: RuneQuestTables, c: Characteristic
) -> None:
    for value, word in ((2, "below the human minimum of 3"), (22, "above the human maximum of 21")):
        sheet = derive(adventurer(**{c.value: value}), tables)
        assert [(p.field, p.message) for p in sheet.problems] == [
            (f"characteristics.{c.value}", f"{c} {value} is {word}")
        ]
