"""Resolving shrapnel criticals against armour, with expectations worked by hand from seed 001.

Each test quotes the seed's cell (glyphs as the seed's plain text lost them) and
adds it up in a comment, so a wrong transcription or a wrong sum both fail.
"""

from __future__ import annotations

import itertools
import re

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyengine.errors import IllegalActionError, NotationError, RollError, RulesError
from pyengine.shrapnel.armour import ArmourPiece
from pyengine.shrapnel.notation import Breakage
from pyengine.shrapnel.resolve import REASON_STATED, BreakageCheck, ShrapnelResult, resolve
from pyengine.shrapnel.tables import ShrapnelTable
from pyengine.shrapnel.vocabulary import Area, Fate, Severity, Side
from tests.unit.shrapnel.shrapnel_fixtures import one_row_table

VEST = ArmourPiece(name="vest", areas=(Area.CHEST, Area.ABDOMEN))
HELMET = ArmourPiece(name="helmet", areas=(Area.HEAD,))


def sides(result: ShrapnelResult) -> dict[Area, Side]:
    return {a.area: a.side for a in result.struck}


def texts(result: ShrapnelResult) -> list[str]:
    """The working's steps as the card and the command line print them."""
    return [step.text for step in result.working]


def test_the_seeds_worked_example_chest_and_arms_against_a_torso_vest(table: ShrapnelTable) -> None:
    # "A Chest + Arms pattern against a torso vest is base, plus the chest's covered side,
    # plus the arms' bare side". Roll 76-80 is Chest + Arms; severity C reads
    # "+20H2[-75]Chest: +12H, 20, (-25) / 4, -5Arms: +8H, (-25) / 2, -5":
    #   hits     20 (base) + 12 (chest covered)            = 32
    #   stun     2 rounds at -75 (base)
    #   fatigue  20 (chest covered, ◷20)
    #   bleeding 2 (arms bare, ♦2); injury -5 (arms bare)
    #   one breakage check for the vest at -25; the chest's bare ♦4, -5 and the arms' +8H are not read.
    result = resolve(table, 78, "C", [VEST])
    assert result.rolls == "76-80"
    assert result.areas == (Area.CHEST, Area.ARMS)
    assert sides(result) == {Area.CHEST: Side.COVERED, Area.ARMS: Side.BARE}
    assert result.struck[0].pieces == ("vest",)
    assert result.struck[1].pieces == ()
    t = result.totals
    assert (t.hits, t.stun_rounds, t.stun_penalty, t.fatigue, t.bleeding, t.injury) == (32, 2, -75, 20, 2, -5)
    assert (t.staggered, t.prone) == (0, False)
    assert result.breakage_checks == (BreakageCheck(piece="vest", modifier=-25, areas=(Area.CHEST,)),)
    assert result.fate is None and result.fate_reason is None
    assert result.attacker_bonus == 0
    assert result.prose.startswith("Several arrive over the lung and along the forearm together.")


def test_a_one_area_row_reads_covered_or_bare(table: ShrapnelTable) -> None:
    # Head 16-20 B: "+2H1[-50]covered: (-25)bare: +4H, 1".
    bare = resolve(table, 17, "B", [])
    # bare: 2 + 4 = 6 hits, bleeding 1, stun 1 at -50, no check.
    assert (bare.totals.hits, bare.totals.bleeding, bare.totals.stun_rounds, bare.totals.stun_penalty) == (6, 1, 1, -50)
    assert bare.breakage_checks == ()
    helmeted = resolve(table, 17, "B", [HELMET])
    # covered: 2 hits, no bleeding, the helmet checks at -25.
    assert (helmeted.totals.hits, helmeted.totals.bleeding) == (2, 0)
    assert helmeted.breakage_checks == (BreakageCheck(piece="helmet", modifier=-25, areas=(Area.HEAD,)),)


def test_a_covered_side_the_seed_prints_empty_still_makes_its_check(table: ShrapnelTable) -> None:
    """Seed: "Covered sides are the energy dumped through the plate — extra hits, and each armour
    piece struck makes one breakage check". Head 1 B: "+1Hcovered: bare: +3H" -- the covered
    side lost its lone ⚒ (SHR-4): no hits beyond the base, and the helmet checks, at no modifier
    ("at -X if given")."""
    result = resolve(table, 1, "B", [HELMET])
    assert result.totals.hits == 1
    assert result.struck[0].notation == "⚒"
    assert result.breakage_checks == (BreakageCheck(piece="helmet", modifier=0, areas=(Area.HEAD,)),)
    assert resolve(table, 1, "B", []).totals.hits == 1 + 3


def test_the_shrapnel_tables_covered_sides_all_make_their_check(table: ShrapnelTable) -> None:
    """Seed: "each armour piece struck makes one breakage check even when it covers two named
    areas" -- in all 100 cells: every area covered on its own makes its piece's check (at the
    covered side's "-X if given"), and one piece over every area struck makes exactly one."""
    for row, severity in itertools.product(table.rows, Severity):
        roll = row.span[0]
        notation = row.cell(severity).notation
        for clause in notation.clauses:
            area = clause.area or row.areas[0]
            given = [t.modifier for t in clause.covered if isinstance(t, Breakage)]
            result = resolve(table, roll, severity, [area])
            where = f"{row.rolls} {severity}, {area} covered"
            assert result.breakage_checks == (
                BreakageCheck(piece=area.value, modifier=min(given, default=0), areas=(area,)),
            ), where
        everything = ArmourPiece(name="suit", areas=tuple(Area))
        whole = resolve(table, roll, severity, [everything])
        assert [(c.piece, c.areas) for c in whole.breakage_checks] == [("suit", row.areas)], row.rolls
        separate = resolve(table, roll, severity, list(row.areas))
        assert [c.piece for c in separate.breakage_checks] == [a.value for a in row.areas], row.rolls


def test_a_restored_breakage_check_has_no_modifier(table: ShrapnelTable) -> None:
    # Chest 2-3 E: "+2Hcovered: +5H, bare: +4H, 1" -> covered "+5H, ⚒" (SHR-4): 7 hits, a check at 0.
    result = resolve(table, 2, "E", ["chest"])
    assert result.totals.hits == 7
    assert result.breakage_checks == (BreakageCheck(piece="chest", modifier=0, areas=(Area.CHEST,)),)
    assert any("SHR-4" in step for step in texts(result))


# -- dying ---------------------------------------------------------------------


def test_dying_on_an_uncovered_area(table: ShrapnelTable) -> None:
    # 96-97 C: "Abdomen: +15H, 30, (-50) / 6, -35, dying" -- no head-of-cell fate.
    bare = resolve(table, 96, "C", [])
    assert bare.fate is Fate.DYING
    assert bare.fate_reason == "☠ (dying) on the bare side of Abdomen, not covered"
    covered = resolve(table, 96, "C", [VEST])
    assert covered.fate is None
    assert any("vest covers it" in step and "SHR-8" in step for step in texts(covered))


@pytest.mark.parametrize(
    ("armour", "fate", "reason"),
    [
        ([], Fate.DYING, "☠ (dying) on the bare sides of Chest and Head, not covered"),
        (["chest"], Fate.DYING, "☠ (dying) on the bare side of Head, not covered"),
        (["head"], Fate.DYING, "☠ (dying) on the bare side of Chest, not covered"),
        ([VEST], Fate.DYING, "☠ (dying) on the bare side of Head, not covered"),
        (["chest", "head"], None, None),
        ([VEST, HELMET], None, None),
        ([VEST, HELMET, "arms"], None, None),
    ],
)
def test_where_two_areas_carry_dying_both_must_be_covered(
    table: ShrapnelTable, armour: list[object], fate: Fate | None, reason: str | None
) -> None:
    # 98-99 B: "Chest: … / 7, -30, dying  Head: … / 3, -25, dying" -- "every one must be covered".
    result = resolve(table, 98, "B", armour)  # type: ignore[arg-type]
    assert (result.fate, result.fate_reason) == (fate, reason)


@pytest.mark.parametrize(
    ("roll", "severity", "fate"), [(66, "D", Fate.DYING), (98, "D", Fate.DEAD), (100, "C", Fate.DEAD)]
)
def test_a_fate_stated_at_the_head_of_the_cell_applies_regardless_of_armour(
    table: ShrapnelTable, roll: int, severity: str, fate: Fate
) -> None:
    for armour in ([], list(Area)):
        result = resolve(table, roll, severity, armour)
        assert (result.fate, result.fate_reason) == (fate, REASON_STATED)


def test_dead_outranks_an_uncovered_dying() -> None:
    # SHR-8: a stated "Foe is dead." and an uncovered ☠ in one (synthetic) cell: dead, as stated.
    synthetic = one_row_table(["head"], "+1H; covered: ⚒; bare: ☠", "It ends. Foe is dead.", fate="dead")
    result = resolve(synthetic, 1, "A", [])
    assert (result.fate, result.fate_reason) == (Fate.DEAD, REASON_STATED)
    assert any("☠ on the bare side of Head as well" in step for step in texts(result))


def test_the_attacker_bonus_of_100_e(table: ShrapnelTable) -> None:
    # 100 E: "Your next action this round takes +25. Foe is dead. +50H5[-75]Head: +4H, (-75) / 8, -70
    #         Chest: +3H, 50, (-75) / 6, -35Arms: +2H, (-75) / 4, -15"
    # unarmoured: hits 50; bleeding 8+6+4 = 18; injury -70-35-15 = -120; stun 5 at -75.
    result = resolve(table, 100, "E", [])
    assert result.attacker_bonus == 25
    assert result.fate is Fate.DEAD
    t = result.totals
    assert (t.hits, t.bleeding, t.injury, t.stun_rounds, t.stun_penalty) == (50, 18, -120, 5, -75)


# -- breakage checks --------------------------------------------------------------


def test_one_check_per_piece_even_when_it_covers_two_struck_areas(table: ShrapnelTable) -> None:
    # 66 A (Abdomen + Chest + Legs): "+20H1[-75]Abdomen: +17H, 30, (-25) / 2, -10
    #   Chest: +10H, 10, (-25) / 1, -5Legs: +6H, (-25) / 1"
    # vest over chest + abdomen: both covered sides read, ONE check at -25; legs bare.
    # hits 20 + 17 + 10 = 47; fatigue 30 + 10 = 40; bleeding 1 (legs); injury 0.
    result = resolve(table, 66, "A", [VEST])
    assert result.breakage_checks == (BreakageCheck(piece="vest", modifier=-25, areas=(Area.ABDOMEN, Area.CHEST)),)
    t = result.totals
    assert (t.hits, t.fatigue, t.bleeding, t.injury) == (47, 40, 1, 0)
    assert any("one check for the piece" in step and "SHR-5" in step for step in texts(result))
    # The same areas as two separate pieces: two checks.
    separate = resolve(table, 66, "A", ["chest", "abdomen"])
    assert [c.piece for c in separate.breakage_checks] == ["abdomen", "chest"]
    assert separate.totals == result.totals


def test_a_piece_struck_in_two_areas_takes_the_worse_modifier() -> None:
    # SHR-5; the real table never gives one cell two modifiers, so a synthetic one does.
    table = one_row_table(["chest", "abdomen"], "+1H; Chest: ⚒(-25) / —; Abdomen: ⚒(-50) / —")
    result = resolve(table, 50, "A", [VEST])
    assert result.breakage_checks == (BreakageCheck(piece="vest", modifier=-50, areas=(Area.CHEST, Area.ABDOMEN)),)
    assert any("the worse of -25, -50: -50" in step for step in texts(result))


def test_a_check_at_no_modifier_and_one_at_minus_50_make_one_check_at_minus_50() -> None:
    # SHR-5: "one check per piece even when it covers two named areas"; the worse modifier.
    table = one_row_table(["chest", "abdomen"], "+1H; Chest: +2H, ⚒ / —; Abdomen: ⚒(-50) / —")
    result = resolve(table, 50, "A", [VEST])
    assert result.breakage_checks == (BreakageCheck(piece="vest", modifier=-50, areas=(Area.CHEST, Area.ABDOMEN)),)


def test_layered_pieces_read_the_covered_side_once_and_each_checks(table: ShrapnelTable) -> None:
    # SHR-6: a vest and a "shirt" both over the chest in the worked example.
    shirt = ArmourPiece(name="shirt", areas=(Area.CHEST, Area.ARMS))
    result = resolve(table, 78, "C", [VEST, shirt])
    # Chest covered (+12H once), arms covered by the shirt too (+8H): 20 + 12 + 8 = 40.
    assert result.totals.hits == 40
    assert result.struck[0].pieces == ("shirt", "vest")
    assert [(c.piece, c.areas) for c in result.breakage_checks] == [
        ("shirt", (Area.CHEST, Area.ARMS)),
        ("vest", (Area.CHEST,)),
    ]
    assert any("SHR-6" in step for step in texts(result))


# -- totals the real table never exercises ----------------------------------------


def test_stun_rounds_add_and_the_worse_penalty_holds() -> None:
    # SHR-7: base 1✹[-25] and the bare chest's 2✹[-50]: 3 rounds at -50.
    table = one_row_table(["chest"], "+1H, 1✹[-25]; covered: ⚒; bare: 2✹[-50], 3×✳, ✳, ⇘")
    result = resolve(table, 1, "A", [])
    t = result.totals
    assert (t.stun_rounds, t.stun_penalty, t.staggered, t.prone) == (3, -50, 4, True)
    assert any("SHR-7" in step for step in texts(result))
    assert [s.rulings for s in result.working if s.field == "stun"] == [("SHR-7",)]
    covered = resolve(table, 1, "A", ["chest"]).totals
    assert (covered.stun_rounds, covered.stun_penalty, covered.staggered, covered.prone) == (1, -25, 0, False)


# -- armour as areas or pieces, in any order ----------------------------------------


def test_armour_may_be_areas_names_or_pieces(table: ShrapnelTable) -> None:
    by_area = resolve(table, 78, "C", {Area.CHEST})
    by_name = resolve(table, 78, "C", ["Chest"])
    by_piece = resolve(table, 78, "C", [ArmourPiece(name="chest", areas=(Area.CHEST,))])
    assert by_area == by_name == by_piece


def test_the_order_armour_is_listed_in_changes_nothing(table: ShrapnelTable) -> None:
    armour = [VEST, HELMET, "legs", "arms"]
    results = {resolve(table, 86, "B", list(order)) for order in itertools.permutations(armour)}
    assert len(results) == 1


def test_every_cell_resolves_bare_and_fully_covered(table: ShrapnelTable) -> None:
    for roll, severity in itertools.product(range(1, 101), Severity):
        bare = resolve(table, roll, severity, [])
        full = resolve(table, roll, severity, list(Area))
        assert all(a.side is Side.BARE for a in bare.struck)
        assert all(a.side is Side.COVERED for a in full.struck)
        assert bare.breakage_checks == ()
        # Fully covered, only a stated fate remains.
        assert full.fate is table.rows[full.row_index].cell(severity).fate
        # Bleeding and injury land on bare sides only ("the bleeding and the lasting injury land there").
        assert (full.totals.bleeding, full.totals.injury) == (0, 0)
        assert bare.totals.fatigue == 0


def test_working_cites_the_row_66_ruling(table: ShrapnelTable) -> None:
    assert any("SHR-1" in step for step in texts(resolve(table, 66, "A", [])))


# -- a covered area inside a named piece (SHR-11) ------------------------------------


def test_a_covered_area_inside_a_named_piece_is_that_piece(table: ShrapnelTable) -> None:
    """Seed: "each armour piece struck makes one breakage check even when it covers two named
    areas". The chest given as covered and a vest over chest and abdomen: the chest is covered
    by the vest, one piece, one check (SHR-11) -- as the page reads its ticked areas."""
    result = resolve(table, 50, "C", ["chest", VEST])
    assert result.breakage_checks == (BreakageCheck(piece="vest", modifier=-25, areas=(Area.CHEST,)),)
    assert result.struck[1].pieces == ("vest",)
    assert result == resolve(table, 50, "C", [VEST, "chest"])
    assert resolve(table, 50, "C", ["chest", "chest"]) == resolve(table, 50, "C", ["chest"])
    assert any("SHR-11" in step.rulings for step in result.working)
    # Two layers are two named pieces (SHR-6).
    shirt = ArmourPiece(name="shirt", areas=(Area.CHEST,))
    assert [c.piece for c in resolve(table, 50, "C", [shirt, VEST]).breakage_checks] == ["shirt", "vest"]


# -- what the prose states and the tokens cannot show (SHR-12) --------------------------


def test_the_leg_folds_and_foe_goes_down_whatever_the_armour(table: ShrapnelTable) -> None:
    """67-75 E: "Either way the leg folds and foe goes down." -- no ⇘ in the cell's text, but the
    result must not say he stands: prone, as the text states it (SHR-12)."""
    for armour in ([], list(Area)):
        result = resolve(table, 70, "E", armour)
        assert result.totals.prone is False  # no ⇘ read
        assert result.prone is True
        assert [(s.effect, s.words) for s in result.stated] == [("prone", "Either way the leg folds and foe goes down")]
        step = next(s for s in result.working if s.field == "prone")
        assert "stated in the text" in step.text and "SHR-12" in step.rulings and step.value == "yes"


def test_66_c_and_d_put_the_foe_on_the_ground(table: ShrapnelTable) -> None:
    # 66 C: "Foe stops being a standing creature in the space of one breath."
    # 66 D: "He has minutes, and he will spend them on the ground."
    assert resolve(table, 66, "C", list(Area)).prone
    assert resolve(table, 66, "D", []).prone
    # 66 E: "He is still upright" -- nothing stated, nothing read.
    upright = resolve(table, 66, "E", [])
    assert not upright.prone and upright.stated == ()
    assert next(s for s in upright.working if s.field == "prone").value == "no"


def test_100_b_drops_him_only_when_nothing_is_over_the_head(table: ShrapnelTable) -> None:
    # 100 B: "If nothing is over it, he drops straight down ...; if something is, he owes its maker a letter."
    assert resolve(table, 100, "B", []).prone
    assert resolve(table, 100, "B", [VEST]).prone
    helmeted = resolve(table, 100, "B", [HELMET])
    assert not helmeted.prone and helmeted.stated == ()


# -- bad input -----------------------------------------------------------------


@pytest.mark.parametrize("roll", [0, 101, -5, "50", 50.0, True, None])
def test_a_roll_outside_1_to_100_is_a_roll_error(table: ShrapnelTable, roll: object) -> None:
    with pytest.raises(RollError, match=rf"shrapnel roll: {roll!r} is not a d100 roll \(1 to 100\)"):
        resolve(table, roll, "A", [])  # type: ignore[arg-type]


@pytest.mark.parametrize("severity", ["F", "", "AB", 3])
def test_an_unknown_severity_is_named(table: ShrapnelTable, severity: object) -> None:
    with pytest.raises(NotationError, match=r"^severity: .*\(expected one of A, B, C, D, E\)") as caught:
        resolve(table, 50, severity, [])  # type: ignore[arg-type]
    assert isinstance(caught.value, RulesError)


def test_lower_case_severity_is_read(table: ShrapnelTable) -> None:
    assert resolve(table, 50, "c", []) == resolve(table, 50, Severity.C, [])


@pytest.mark.parametrize("armour", [["neck"], [ArmourPiece(name="gorget", areas=("neck",))]])  # type: ignore[arg-type]
def test_an_unknown_area_is_named(table: ShrapnelTable, armour: list[object]) -> None:
    with pytest.raises(NotationError, match=r"^armour area: .*'neck'.*head, chest, abdomen, legs, arms"):
        resolve(table, 50, "A", armour)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("armour", "message"),
    [
        ([VEST, ArmourPiece(name="Vest", areas=(Area.ARMS,))], r"two pieces are named 'Vest'"),
        (["head", ArmourPiece(name="head", areas=(Area.CHEST,))], r"two pieces are named 'head'"),
        ([ArmourPiece(name=" ", areas=(Area.ARMS,))], r"armour piece: ' ' is not a name"),
        ([ArmourPiece(name="cape", areas=())], r"armour piece 'cape': covers no area"),
        ([ArmourPiece(name="cape", areas=(Area.ARMS, Area.ARMS))], r"'cape': an area is listed twice"),
    ],
)
def test_armour_that_cannot_be_told_apart_is_refused(table: ShrapnelTable, armour: list[object], message: str) -> None:
    with pytest.raises(IllegalActionError, match=message):
        resolve(table, 50, "A", armour)  # type: ignore[arg-type]


# -- properties ------------------------------------------------------------------

area_sets = st.sets(st.sampled_from(list(Area)))


@given(roll=st.integers(min_value=1, max_value=100), severity=st.sampled_from(list(Severity)), a=area_sets, b=area_sets)
def test_more_cover_never_adds_bleeding_injury_or_dying(
    table: ShrapnelTable, roll: int, severity: Severity, a: set[Area], b: set[Area]
) -> None:
    # "Bare sides are fragments in flesh — the bleeding and the lasting injury land there",
    # and ☠ counts only where armour does not cover the area.
    less, more = resolve(table, roll, severity, a), resolve(table, roll, severity, a | b)
    assert more.totals.bleeding <= less.totals.bleeding
    assert more.totals.injury >= less.totals.injury
    if less.fate is None:
        assert more.fate is None
    assert len(more.breakage_checks) <= len(a | b)
    assert {c.piece for c in more.breakage_checks} <= {area.value for area in more.areas}


def test_a_result_exports_as_json_and_reads_back(table: ShrapnelTable) -> None:
    result = resolve(table, 98, "B", [VEST, HELMET])
    assert msgspec.json.decode(msgspec.json.encode(result), type=ShrapnelResult) == result


def test_each_step_of_the_working_names_its_source_and_its_rulings_as_data(table: ShrapnelTable) -> None:
    # Every cell against bare, partly and fully layered armour: a step's rulings are exactly the
    # ids its text cites, in number order; the cell read comes from the table, the rest from the
    # seed's "Reading a result".
    from pyengine.shrapnel import TABLE_ID
    from pyengine.shrapnel.resolve import READING
    from pyengine.working import Step

    coat = ArmourPiece(name="coat", areas=(Area.CHEST, Area.ARMS))
    cited: set[str] = set()
    armours = ([], [VEST, "head"], [VEST, coat, HELMET, "legs"], ["chest", VEST])
    for roll, severity, armour in itertools.product(range(1, 101), Severity, armours):
        result = resolve(table, roll, severity, armour)
        assert result.working[0].field == "cell" and result.working[0].source == TABLE_ID
        for step in result.working:
            assert isinstance(step, Step) and step.source in (TABLE_ID, READING), step
            in_text = sorted(set(re.findall(r"SHR-\d+", step.text)), key=lambda r: int(r[4:]))
            assert list(step.rulings) == in_text, step
            cited.update(step.rulings)
    # SHR-7: no cell has two stuns; SHR-10 is how the table was transcribed, cited by SHR-12.
    assert cited == {f"SHR-{n}" for n in (1, 2, 3, 4, 5, 6, 8, 9, 11, 12)}


def test_the_resolver_works_out_a_critical_from_the_real_table(table):
    assert resolve(table, 78, "C", ["chest"]).totals.hits == 32
