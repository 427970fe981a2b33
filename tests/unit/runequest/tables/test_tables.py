"""The RuneQuest table files: each decodes with its schema, they agree with one another, and
a broken copy fails naming the file, the row and the field.

Values are checked against ../shared/reference/rq-tables.md (the numeric tables the seed
names but does not print) and, where the seed itself prints a number, against the seed.
"""

from __future__ import annotations

from fractions import Fraction

import msgspec
import pytest

from pyengine.dice import DiceExpr
from pyengine.errors import RollError, TableDataError
from pyengine.runequest.tables import SCHEMAS
from pyengine.runequest.tables.catalogue import TABLE_IDS, RuneQuestTables
from pyengine.runequest.tables.catalogue import TABLES as ATTRS
from pyengine.runequest.tables.weapon_training import SkillKind
from pyengine.tables import decode_toml, encode_table, schema_for
from tests.unit.runequest.rq_fixtures import TABLES, load_real, table_text, texts


def test_every_runequest_table_file_has_a_catalogue_entry_and_the_bundle_loads_them_all() -> None:
    on_disk = {p.relative_to(TABLES).with_suffix("").as_posix() for p in (TABLES / "runequest").glob("*.toml")}
    assert set(TABLE_IDS) == on_disk - {"runequest/hit_locations"}
    assert set(SCHEMAS) == on_disk


@pytest.mark.parametrize("table_id", TABLE_IDS)
def test_each_file_decodes_and_round_trips_through_msgpack(table_id: str) -> None:
    schema = schema_for(table_id)
    table = decode_toml(schema, table_text(table_id), f"tables/{table_id}.toml")
    assert msgspec.msgpack.decode(encode_table(table), type=schema) == table


def test_the_bundle_from_compiled_bytes_equals_the_bundle_from_toml(tables: RuneQuestTables) -> None:
    blobs = {table_id: encode_table(getattr(tables, attr)) for table_id, attr in ATTRS.items()}
    again = RuneQuestTables.from_msgpack(blobs)
    for attr in ATTRS.values():
        assert getattr(again, attr) == getattr(tables, attr)
    assert again.item_by_id == tables.item_by_id


def test_a_missing_table_is_named() -> None:
    partial = texts()
    del partial["runequest/fumbles"]
    with pytest.raises(TableDataError, match="'runequest/fumbles' is missing"):
        RuneQuestTables.from_toml(partial)


def test_damaged_compiled_bytes_name_the_table(tables: RuneQuestTables) -> None:
    blobs = {table_id: encode_table(getattr(tables, attr)) for table_id, attr in ATTRS.items()}
    blobs["runequest/shields"] = blobs["runequest/shields"][:-3]
    with pytest.raises(TableDataError, match=r"^tables/runequest/shields.msgpack: "):
        RuneQuestTables.from_msgpack(blobs)


# -- values the seed prints ------------------------------------------------------------------


def test_broadsword_training_costs_are_the_seeds(tables: RuneQuestTables) -> None:
    # "learning broadsword costs 300 L per 5% increase between 05 and 25% ability, 500 L per 5%
    # between 30 and 50%, and 1000 L per 5% between 55 and 75%"
    broadsword = tables.weapon("broadsword")
    assert broadsword is not None
    assert tables.skill(broadsword.skill).costs == (300, 500, 1000)


def test_the_composite_bow_costs_800_at_30_50(tables: RuneQuestTables) -> None:
    # "training in the 30-50% range for a composite bow at 680 L ... instead of 800 L"
    bow = tables.weapon("composite_bow")
    assert bow is not None
    costs = tables.skill(bow.skill).costs
    assert costs is not None and costs[1] == 800


def test_staff_basic_chance_and_the_basic_5(tables: RuneQuestTables) -> None:
    # "the basic chance with a staff (20%)"; "The basic chance for most attacks or parries ... is 5%";
    # "Use of a weapon in the 'off' hand must be started at a flat 5%"; "Striking with a shield uses the ordinary basic 5%"
    assert tables.skill("staff").basic == 20
    assert tables.skills.projectile_parry_basic == 20
    assert (tables.skills.default_basic, tables.skills.off_hand_basic, tables.skills.shield_bash_basic) == (5, 5, 5)
    # "NOTE: ability cannot be trained past 75%"
    assert tables.skills.cap == 75


def test_shortsword_damage_ranges_2_to_7_and_a_typical_spear_does_at_most_7(tables: RuneQuestTables) -> None:
    # "Shortsword damage ... rolling 1D6 and adding 1 to the result, ranging between 2 and 7 points";
    # impale example: "the weapon's total possible damage (7 for a typical spear)"
    for weapon_id, low, high in (("shortsword", 2, 7), ("short_spear_1h", 2, 7)):
        weapon = tables.weapon(weapon_id)
        assert weapon is not None and weapon.damage is not None
        expr = DiceExpr.parse(weapon.damage)
        assert (expr.minimum, expr.maximum) == (low, high)


def test_four_daggers_make_one_enc(tables: RuneQuestTables) -> None:
    # "Thus, 4 daggers equal 1 ENC."
    dagger = tables.item("dagger")
    assert dagger is not None and dagger.enc == Fraction(1, 4)


def test_impaling_weapons(tables: RuneQuestTables) -> None:
    # "Any thrusting weapon, and all missile weapons except thrown axes and rocks, have the chance to impale"
    # and "No others on this list can, with the exception of the dagger."
    for m in tables.missile.weapons:
        assert m.impales is (m.id not in ("throwing_axe", "rock")), m.id
    spears = [m for m in tables.melee.weapons if m.skill in ("spear_1h", "spear_2h", "pike")]
    assert len(spears) == 6 and all(m.impales for m in spears)
    assert tables.weapon("dagger").impales  # type: ignore[union-attr]
    # Cutting and smashing weapons never impale.
    for m in tables.melee.weapons:
        if m.skill in ("axe_1h", "axe_2h", "sword_1h", "sword_2h", "mace_1h", "mace_2h", "maul", "flail_1h"):
            assert not m.impales, m.id


def test_fists_and_thrown_weapons_do_not_parry(tables: RuneQuestTables) -> None:
    # "The asterisked weapons above are not parrying weapons. One would not parry a weapon with a fist,
    # and it's rather hard to parry with an already-thrown weapon."
    for skill in tables.skills.skills:
        if skill.kind is SkillKind.NATURAL or skill.id.startswith("thrown_") or skill.id == "rock":
            assert not skill.parries, skill.id


def test_not_found_values_are_absent_not_invented(tables: RuneQuestTables) -> None:
    # reference §20: missile costs, shield training costs, cost rows for 2H spear, pike, staff, 2H flail;
    # war flail cost; linen skirt cost.
    assert all(w.cost is None for w in tables.missile.weapons if w.id != "rock")
    for skill_id in ("small_shield", "medium_shield", "large_shield", "spear_2h", "pike", "staff", "flail_2h"):
        assert tables.skill(skill_id).costs is None, skill_id
    assert tables.weapon("war_flail").cost is None  # type: ignore[union-attr]
    assert tables.armour("skirt_linen").cost is None  # type: ignore[union-attr]
    assert tables.weapon("singlestick").enc is None  # type: ignore[union-attr]


def test_movement_constants_are_the_seeds(tables: RuneQuestTables) -> None:
    m = tables.movement
    # "an unarmored man can move 8 units in a melee round"; "one unit equals 3 meters"
    assert (m.human_move, m.metres_per_unit) == (8, 3)
    # "A full turn represents 5 minutes, or 25 melee rounds"; "The melee round is 12 seconds long"
    assert m.time.full_turn_rounds * m.time.melee_round_seconds == 5 * 60
    # "Thus 100 L equals one 'thing'"
    assert m.coins.lunars_per_enc == 100
    # "−1 to movement class; −5% to Defense; and +1 to all strike ranks"
    assert (m.per_enc_point.move, m.per_enc_point.defense, m.per_enc_point.strike_rank) == (-1, -5, 1)


def test_the_adventurers_pack_is_two_enc(tables: RuneQuestTables) -> None:
    # "This pack has a total ENC of 2."
    assert tables.starting_equipment.pack.enc == "2"


def test_training_time_and_money_are_the_seeds(tables: RuneQuestTables) -> None:
    t = tables.advancement.training
    # "Basic training ... costs 400 L a week for eight hours a day, ... four two-hour sessions at 100 L a week each."
    assert t.lunars_per_session_week * t.max_hours_per_day // t.session_hours == 400
    assert (t.lunars_per_session_week, t.session_hours, t.max_hours_per_day) == (100, 2, 8)
    # "For the curious, this works out to an hourly rate of 8⅓ Lunars" (2 hours a day, 6 days a week).
    assert Fraction(t.lunars_per_session_week, t.session_hours * 6) == Fraction(25, 3)


# -- the fumble table -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("roll", "parry", "starts"),
    [
        (1, False, "lose next parry"),
        (74, False, "distracted"),
        (74, True, "distracted"),  # below 75 the parry reads the attack column
        (75, False, "weapon dropped"),
        (75, True, "parrying weapon or shield dropped"),
        (92, False, "hit the nearest friend"),
        (92, True, "wide open"),
        (99, True, "roll twice more"),
        (100, False, "roll three times more"),
    ],
)
def test_fumble_lookup(tables: RuneQuestTables, roll: int, parry: bool, starts: str) -> None:
    _, effect = tables.fumbles.lookup(roll, parry=parry)
    assert effect.startswith(starts)


@pytest.mark.parametrize("roll", [0, 101, True])
def test_fumble_lookup_refuses_a_roll_off_the_die(tables: RuneQuestTables, roll: int) -> None:
    with pytest.raises(RollError, match="fumble roll"):
        tables.fumbles.lookup(roll)


# -- broken copies --------------------------------------------------------------------------

BROKEN = [
    (
        "runequest/natural_abilities",
        'modifiers = { STR = "secondary", INT = "primary", POW = "secondary", DEX = "primary" }',
        'modifiers = { STR = "secondary", INT = "primery", POW = "secondary", DEX = "primary" }',
        r"abilities\[0\] \(attack\): INT reads pattern 'primery'",
    ),
    (
        "runequest/natural_abilities",
        'ability = "knowledge"',
        'ability = "attack"',
        r"abilities\[6\] \(attack\): listed twice",
    ),
    (
        "runequest/natural_abilities",
        "values = [-10, -5, 0, 5, 10]",
        "values = [-10, -5, 0, 5]",
        r"primary: bands: 5 band starts \(`from`\) but 4 `values` - at `\$.patterns\[0\]`",
    ),
    (
        "runequest/natural_abilities",
        'ability = "perception"\nmodifiers = { INT',
        'ability = "perception"\nmodifiers = { WIS = "primary", INT',
        r"Invalid enum value 'WIS' - at `key` in `\$.abilities\[3\].modifiers`",
    ),
    (
        "runequest/hit_points",
        "values = [-1, 0, 0, 0, 1]",
        "values = [-1, 0, 0, 1]",
        r"POW: bands: 5 band starts \(`from`\) but 4 `values` - at `\$.total.modifiers\[1\]`",
    ),
    (
        "runequest/hit_points",
        'name = "POW"',
        'name = "SIZ"',
        r"modifiers\[1\]: SIZ is listed twice - at `\$.total`",
    ),
    (
        "runequest/hit_points",
        "[locations.chest]\nfrom = [1, 7, 10, 13, 16, 19]",
        "[locations.chest]\nfrom = [1, 7, 10, 13, 16, 20]",
        r"chest: its bands \(`from`, `every`\) differ from leg's; all locations share one column - at `\$.locations`",
    ),
    (
        "runequest/hit_points",
        "minimum = 3 ",
        "minimum = 2 ",
        r"dead_at 0 < unconscious_at 2 < minimum 2 does not hold - at `\$.total`",
    ),
    (
        "runequest/damage_bonus",
        'bonus = ["-1D4", "", "+1D4", "+1D6", "+2D6"]',
        'bonus = ["-1D4", "", "1D4", "+1D6", "+2D6"]',
        r"bonus\[2\] '1D4': write the sign",
    ),
    (
        "runequest/damage_bonus",
        'bonus = ["-1D4", "", "+1D4", "+1D6", "+2D6"]',
        'bonus = ["-1D4", "", "+1D", "+1D6", "+2D6"]',
        r"bonus\[2\]: dice notation: unexpected end of text at 3 in '\+1D'",
    ),
    (
        "runequest/melee_weapons",
        'id = "hatchet"\nname = "hatchet"\nmode = "1H"\nskill = "axe_1h"\nstr_min = 7\ndex_min = 9\ndamage = "1D6+1"',
        'id = "hatchet"\nname = "hatchet"\nmode = "1H"\nskill = "axe_1h"\nstr_min = 7\ndex_min = 9\ndamage = "1D6+x"',
        r"damage: dice notation: unexpected 'x' at 4 in '1D6\+x' .* - at `\$.weapons\[1\]`",
    ),
    (
        "runequest/melee_weapons",
        'id = "hatchet"\nname = "hatchet"\nmode = "1H"\nskill = "axe_1h"\nstr_min = 7',
        'id = "hatchet"\nname = "hatchet"\nmode = "1H"\nskill = "axe_1h"\nstr_min = 0',
        r"Expected `int` >= 1 - at `\$.weapons\[1\].str_min`",
    ),
    (
        "runequest/melee_weapons",
        'id = "scimitar"',
        'id = "broadsword"',
        r"weapons\[37\] \(broadsword\): the id is used twice \(weapons\[36\]\)",
    ),
    (
        "runequest/melee_weapons",
        'item = "battle_axe"\nname = "battle axe"\nmode = "2H"\nskill = "axe_2h"\nstr_min = 9\ndex_min = 9\ndamage = "1D8+2"\nhp = 15\nenc = "2"\nlength = "0.8"\nsr = 3\ncost = 40',
        'item = "battle_axe"\nname = "battle axe"\nmode = "2H"\nskill = "axe_2h"\nstr_min = 9\ndex_min = 9\ndamage = "1D8+2"\nhp = 15\nenc = "2"\nlength = "0.8"\nsr = 3\ncost = 45',
        r"weapons\[2\] \(battle_axe_2h\): cost 45 differs from weapons\[0\] \(battle_axe_1h\) 40",
    ),
    (
        "runequest/weapon_training",
        "costs = [300, 500, 1000]",
        "costs = [310, 500, 1000]",
        r"Expected `int` that's a multiple of 20 - at `\$.skills\[0\].costs\[0\]`",
    ),
    (
        "runequest/weapon_training",
        "costs = [300, 500, 1000]",
        "costs = [300, 1000, 500]",
        r"skills\[0\] \(axe_1h\): costs \[300, 1000, 500\] must not fall",
    ),
    (
        "runequest/fumbles",
        'rolls = "41-45"',
        'rolls = "42-45"',
        r"fumble row 8 \(42-45\): roll 41 is missing",
    ),
    (
        "runequest/fumbles",
        'rolls = "64-67"\nattack = "vision impaired: -25% to attack and parry, 1D3 rounds to clear"',
        'rolls = "64-67"\nattack = "vision impaired: -25% to attack and parry, 1D3 rounds to clear"\nparry = "x"',
        r"fumble row 13 \(64-67\): a parry substitution below 75",
    ),
    (
        "runequest/background",
        'rolls = "26-60"',
        'rolls = "25-60"',
        r"background row 1 \(25-60\): roll 25 is covered twice",
    ),
    (
        "runequest/background",
        'money = "2D100"',
        'money = "2D"',
        r"money: dice notation: .* - at `\$.rows\[1\]`",
    ),
    (
        "runequest/helmets",
        'enc = "(2)"\ncost = 3',
        'enc = "(0)"\ncost = 3',
        r"enc: ENC notation: unexpected '0' at 1 in '\(0\)' \(expected a number of items from 1\) - at `\$.pieces\[0\]`",
    ),
    (
        "runequest/body_armour",
        'covers = ["chest", "abdomen"]\ntype = "hauberk"\nmaterial = "chainmail"',
        'covers = ["chest", "abdomen"]\ntype = "hauberk"\nmaterial = "chainmail"\ncolour = "grey"',
        r"unknown field `colour` - at `\$.pieces\[18\]`",
    ),
    (
        "runequest/body_armour",
        "silent = -15\nrulings",
        "silent = 15\nrulings",
        r"Expected `int` <= 0 - at `\$.pieces\[2\].silent`",
    ),
    (
        "runequest/strike_ranks",
        "{ from_m = 1.0, sr = 2 },",
        "{ from_m = 0.4, sr = 2 },",
        r"length\[2\]: 0.4 m does not follow 0.5 m",
    ),
    (
        "runequest/characteristics",
        'characteristic = "CON"\ncost = 2000',
        'characteristic = "CON"\ncost = 2050',
        r"Expected `int` that's a multiple of 100 - at `\$.training\[1\].cost`",
    ),
    (
        "runequest/characteristics",
        '[[untrainable]]\ncharacteristic = "CHA"',
        '[[untrainable]]\ncharacteristic = "INT"',
        r"untrainable\[3\]: INT is also in untrainable",
    ),
    (
        "runequest/advancement",
        "max_hours_per_day = 8",
        "max_hours_per_day = 7",
        r"max_hours_per_day 7 is not a whole number of 2-hour sessions - at `\$.training`",
    ),
    (
        "runequest/movement",
        'absolute_cap_per_str = "3/2"',
        'absolute_cap_per_str = "1.5"',
        r"Expected `str` matching regex .* - at `\$.absolute_cap_per_str`",
    ),
    (
        "runequest/starting_equipment",
        '{ name = "open helm", ref = "open_helm" }',
        '{ name = "open helm", ref = "open_helm", pick = "one" }',
        r"'open helm': an item is either one `ref` or a `pick`, not both - at `\$.kits\[4\].items\[2\]`",
    ),
]


@pytest.mark.parametrize(
    ("table_id", "old", "new", "problem"), BROKEN, ids=lambda v: v if isinstance(v, str) and "/" in v else ""
)
def test_a_broken_copy_names_the_file_and_the_row_or_field(table_id: str, old: str, new: str, problem: str) -> None:
    text = table_text(table_id)
    assert old in text, f"the test's anchor is not in {table_id}"
    source = f"tables/{table_id}.toml"
    with pytest.raises(TableDataError, match=problem) as info:
        decode_toml(schema_for(table_id), text.replace(old, new, 1), source)
    assert str(info.value).startswith(f"{source}: ")


# -- the tables against one another -------------------------------------------------------------

CROSS = [
    (
        "runequest/melee_weapons",
        'length = "0.8"\nsr = 3\ncost = 40\n\n[[weapons]]\nid = "hatchet"',
        'length = "0.8"\nsr = 2\ncost = 40\n\n[[weapons]]\nid = "hatchet"',
        r"^tables/runequest/melee_weapons: row 0 \(battle_axe_1h\): sr 2 does not fit its length 0.8 m "
        r"\(strike_ranks gives 0.5-0.9 m: 3\)",
    ),
    (
        "runequest/melee_weapons",
        'skill = "axe_1h"',
        'skill = "axes"',
        r"^tables/runequest/melee_weapons: row 0 \(battle_axe_1h\): skill 'axes' is not in runequest/weapon_training",
    ),
    (
        "runequest/missile_weapons",
        'skill = "bow"',
        'skill = "sword_1h"',
        r"^tables/runequest/missile_weapons: row 0 \(self_bow\): skill 'sword_1h' is a melee skill",
    ),
    (
        "runequest/starting_equipment",
        'ref = "open_helm"',
        'ref = "tin_hat"',
        r"^tables/runequest/starting_equipment: kits\[4\] \(poor_noble\) items\[2\]: 'tin_hat' is not a weapon or armour id",
    ),
    (
        "runequest/starting_equipment",
        'background = "townsman"',
        'background = "merchant"',
        r"kits\[2\] \(merchant\): not a background in runequest/background",
    ),
    (
        "runequest/starting_equipment",
        '{ name = "riding animal", unless = "no_riding_animal" },',
        '{ name = "riding animal" },',
        r"^tables/runequest/background: row 2 \(barbarian\): no kit item is left out when there is no riding animal",
    ),
]


@pytest.mark.parametrize(("table_id", "old", "new", "problem"), CROSS)
def test_tables_that_disagree_are_refused_with_the_row_named(table_id: str, old: str, new: str, problem: str) -> None:
    all_texts = texts()
    assert old in all_texts[table_id]
    all_texts[table_id] = all_texts[table_id].replace(old, new, 1)
    with pytest.raises(TableDataError, match=problem):
        RuneQuestTables.from_toml(all_texts)


def test_loading_twice_gives_equal_tables() -> None:
    assert load_real().melee == load_real().melee


def test_every_ruling_cited_is_recorded_and_every_recorded_ruling_is_used() -> None:
    import re

    from tests.unit.runequest.rq_fixtures import ROOT

    doc = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    recorded = set(re.findall(r"^### (RQ-\d+) — ", doc, flags=re.M))
    sources = [*(ROOT / "pyengine" / "runequest").rglob("*.py"), *(ROOT / "tables" / "runequest").glob("*.toml")]
    cited = {m for path in sources for m in re.findall(r"RQ-\d+", path.read_text(encoding="utf-8"))}
    assert cited - recorded == set(), "cited but not in docs/rulings.md"
    assert recorded - cited == set(), "recorded but cited nowhere in the code or tables"
    # Ids are handed out in ranges to engineers working in parallel (RQ-90 to RQ-99 for healing and
    # movement), so a range may be partly used: each id once, the entries in number order.
    listed = [int(r) for r in re.findall(r"^### RQ-(\d+) — ", doc, flags=re.M)]
    assert listed == sorted(set(listed)), "each id once, in number order"
