"""The Ballistic Shrapnel table file: transcribed from seed 001, validated at decode.

Expectations are typed from the seed's text (row heads, fates, ☠ cells, the
attacker's bonus), and, when the seed file sits beside the repository, every
number of every cell is checked against it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pyengine.errors import TableDataError
from pyengine.shrapnel import TABLE_ID
from pyengine.shrapnel.notation import (
    Bleeding,
    Breakage,
    Dying,
    Fatigue,
    Hits,
    Injury,
    Prone,
    Staggered,
    Stun,
    Token,
    format_cell,
)
from pyengine.shrapnel.tables import ShrapnelTable
from pyengine.shrapnel.vocabulary import Area, Fate, Severity
from pyengine.tables import decode_toml, encode_table, load_table, schema_for
from tests.unit.shrapnel.shrapnel_fixtures import ROOT, SOURCE, TABLE_FILE, load_real

SEED = ROOT.parent / "shared" / "seeds" / "001_b0369711278cac51.txt"

# The seed's roll column, as printed ("Leg"/"Arm" are Legs/Arms, SHR-2).
ROW_HEADS = [
    ("1", "Head"),
    ("2-3", "Chest"),
    ("4-5", "Abdomen"),
    ("6-10", "Legs"),
    ("11-15", "Arms"),
    ("16-20", "Head"),
    ("21-25", "Chest"),
    ("26-35", "Abdomen + Legs"),
    ("36-45", "Legs + Abdomen"),
    ("46-55", "Arms + Chest"),
    ("56-65", "Arms + Head"),
    ("66", "Abdomen + Chest + Legs"),
    ("67-75", "Legs + Abdomen"),
    ("76-80", "Chest + Arms"),
    ("81-85", "Head + Chest"),
    ("86-90", "Arms + Chest + Head"),
    ("91-95", "Legs + Abdomen + Arms"),
    ("96-97", "Abdomen + Legs + Arms"),
    ("98-99", "Chest + Head + Arms"),
    ("100", "Head + Chest + Arms"),
]
# Cells whose prose ends "Foe is dying." / "Foe is dead." (read off the seed).
STATED = {
    ("66", "D"): Fate.DYING,
    ("66", "E"): Fate.DYING,
    ("86-90", "E"): Fate.DYING,
    ("91-95", "D"): Fate.DYING,
    ("91-95", "E"): Fate.DYING,
    ("96-97", "D"): Fate.DYING,
    ("96-97", "E"): Fate.DYING,
    ("98-99", "D"): Fate.DEAD,
    ("98-99", "E"): Fate.DEAD,
    ("100", "C"): Fate.DEAD,
    ("100", "D"): Fate.DEAD,
    ("100", "E"): Fate.DEAD,
}
# Bare sides whose seed text ends ", dying".
DYING_SIDES = {
    ("96-97", "C"): [Area.ABDOMEN],
    ("98-99", "B"): [Area.CHEST, Area.HEAD],
    ("98-99", "C"): [Area.CHEST],
    ("100", "A"): [Area.HEAD],
    ("100", "B"): [Area.HEAD],
}
# Covered sides that end in a dangling ", " in the seed (SHR-4).
DANGLING_SEPARATORS = {("2-3", "E"), ("4-5", "D"), ("4-5", "E"), ("11-15", "C"), ("11-15", "D")}
# Covered sides the seed prints empty ("covered: bare: +3H", and 1 A's "covered:"): every
# other covered side of rows 1-15 (SHR-3, SHR-4).
EMPTY_COVERED_SIDES = {
    (rolls, s) for rolls in ("1", "2-3", "4-5", "6-10", "11-15") for s in "ABCDE"
} - DANGLING_SEPARATORS
# Cells whose prose states a fall the tokens do not carry (SHR-12): the words, and the area
# that must be bare for it ("If nothing is over it").
STATED_PRONE = {
    ("66", "C"): ("Foe stops being a standing creature in the space of one breath", None),
    ("66", "D"): ("he will spend them on the ground", None),
    ("67-75", "E"): ("Either way the leg folds and foe goes down", None),
    ("91-95", "D"): ("He is unconscious in the pool", None),
    ("100", "B"): ("If nothing is over it, he drops straight down", Area.HEAD),
    ("100", "D"): ("Foe drops like a marionette with the strings cut", None),
}

CELLS = [(r, s) for r, _ in ROW_HEADS for s in "ABCDE"]


def cells_of(table: ShrapnelTable):  # type: ignore[no-untyped-def]
    for row in table.rows:
        for severity in Severity:
            yield row, severity, row.cell(severity)


def test_the_catalogue_names_this_schema() -> None:
    assert TABLE_ID == "shrapnel/ballistic"
    assert schema_for(TABLE_ID) is ShrapnelTable


def test_the_file_decodes_and_survives_compiling(table: ShrapnelTable) -> None:
    assert load_table(ShrapnelTable, encode_table(table), SOURCE) == table


def test_rows_and_areas_are_the_seeds(table: ShrapnelTable) -> None:
    assert [(row.rolls, row.label) for row in table.rows] == ROW_HEADS


def test_the_rows_tile_1_to_100_exactly(table: ShrapnelTable) -> None:
    covered = [roll for row in table.rows for roll in range(row.span[0], row.span[1] + 1)]
    assert covered == list(range(1, 101))
    for roll in range(1, 101):
        low, high = table.rows[table.row_index(roll)].span
        assert low <= roll <= high


def test_areas_are_only_the_five(table: ShrapnelTable) -> None:
    assert {a.value for a in Area} == {"head", "chest", "abdomen", "legs", "arms"}
    assert {area for row in table.rows for area in row.areas} == set(Area)


def test_breadth_grows_with_the_roll_except_66(table: ShrapnelTable) -> None:
    # Seed: "one area up to roll 25, two to 85, three from 86 up"; 66 names three (SHR-1).
    for row in table.rows:
        low, _ = row.span
        expected = 1 if low <= 25 else 2 if low <= 85 else 3
        if row.rolls == "66":
            assert len(row.areas) == 3 and "SHR-1" in row.rulings
        else:
            assert len(row.areas) == expected, row.rolls


@pytest.mark.parametrize(("rolls", "severity"), CELLS, ids=[f"{r}{s}" for r, s in CELLS])
def test_every_cell_parses_and_prints_back_its_notation(table: ShrapnelTable, rolls: str, severity: str) -> None:
    row = next(r for r in table.rows if r.rolls == rolls)
    cell = row.cell(Severity(severity))
    assert format_cell(cell.notation) == cell.effects
    if len(row.areas) == 1:
        assert cell.notation.single_area
    else:
        assert [c.area for c in cell.notation.clauses] == list(row.areas)


def test_each_glyph_sits_where_the_legend_puts_it(table: ShrapnelTable) -> None:
    for row, severity, cell in cells_of(table):
        where = f"{row.rolls} {severity}"
        notation = cell.notation
        # Base: hits and stun only; at most one stun in a cell (so SHR-7 never applies here).
        assert all(isinstance(t, (Hits, Stun)) for t in notation.base), where
        stuns = [t for t in notation.base if isinstance(t, Stun)]
        assert len(stuns) <= 1, where
        for clause in notation.clauses:
            area = clause.area or row.areas[0]
            # Covered: hits, fatigue, breakage. Fatigue: "the wind driven out of a plate-covered torso".
            assert all(isinstance(t, (Hits, Fatigue, Breakage)) for t in clause.covered), where
            if any(isinstance(t, Fatigue) for t in clause.covered):
                assert area in (Area.CHEST, Area.ABDOMEN), where
            # Bare: hits, bleeding, injury, dying.
            assert all(isinstance(t, (Hits, Bleeding, Injury, Dying)) for t in clause.bare), where
            assert not any(isinstance(t, Stun) for t in clause.covered + clause.bare), where
        every: list[Token] = [*notation.base, *(t for c in notation.clauses for t in c.covered + c.bare)]
        # Not shown anywhere in the seed's text (SHR-10).
        assert not any(isinstance(t, (Staggered, Prone)) for t in every), where


def test_fates_stated_at_the_head_of_cells_are_fields(table: ShrapnelTable) -> None:
    found = {(row.rolls, str(s)): cell.fate for row, s, cell in cells_of(table) if cell.fate}
    assert found == STATED


def test_dying_on_bare_sides_is_where_the_seed_says(table: ShrapnelTable) -> None:
    found = {}
    for row, severity, cell in cells_of(table):
        areas = [c.area or row.areas[0] for c in cell.notation.clauses if any(isinstance(t, Dying) for t in c.bare)]
        if areas:
            found[(row.rolls, str(severity))] = areas
    assert found == DYING_SIDES


def test_the_only_attacker_bonus_is_100_e(table: ShrapnelTable) -> None:
    # Seed, 100 E: "Your next action this round takes +25."
    found = {(row.rolls, str(s)): cell.attacker_bonus for row, s, cell in cells_of(table) if cell.attacker_bonus}
    assert found == {("100", "E"): 25}


def test_every_covered_side_carries_one_breakage_check(table: ShrapnelTable) -> None:
    """Seed: "Covered sides are the energy dumped through the plate — extra hits, and each
    armour piece struck makes one breakage check even when it covers two named areas." The
    legend: "⚒(-X): each armour piece struck makes one breakage check, at -X if given"."""
    for row, severity, cell in cells_of(table):
        for clause in cell.notation.clauses:
            checks = [t for t in clause.covered if isinstance(t, Breakage)]
            assert len(checks) == 1, f"{row.rolls} {severity} {clause.area or row.areas[0]}"
            assert clause.covered[-1] == checks[0]  # where the seed's "(-X)" stands: last


def test_the_restored_breakage_checks_are_the_covered_sides_of_rows_1_to_15(table: ShrapnelTable) -> None:
    """SHR-4: where the covered side shows no "(-X)" -- a dangling ", " ("covered: +5H, bare:")
    or nothing at all ("covered: bare: +3H") -- the glyph-only ⚒ was lost: "at -X if given"."""
    found = set()
    for row, severity, cell in cells_of(table):
        for clause in cell.notation.clauses:
            if Breakage() in clause.covered:
                found.add((row.rolls, str(severity)))
                assert "SHR-4" in cell.rulings, f"{row.rolls} {severity}"
    assert found == DANGLING_SEPARATORS | EMPTY_COVERED_SIDES
    for rolls, severity in EMPTY_COVERED_SIDES:
        row = next(r for r in table.rows if r.rolls == rolls)
        assert row.cell(Severity(severity)).notation.clauses[0].covered == (Breakage(),), f"{rolls} {severity}"


def test_cell_1_a_has_no_bare_clause_in_the_seed_and_reads_nothing(table: ShrapnelTable) -> None:
    # Seed, 1 A: "+1Hcovered:" -- the bare side is missing: "— : nothing beyond the base" (SHR-3).
    cell = table.rows[0].cell(Severity.A)
    assert cell.effects == "+1H; covered: ⚒; bare: —"
    assert {"SHR-3", "SHR-4"} <= set(cell.rulings)


def test_the_falls_the_prose_states_are_recorded_with_its_words(table: ShrapnelTable) -> None:
    """67-75 E: "Either way the leg folds and foe goes down"; 66 C: "Foe stops being a standing
    creature"; 100 B: "If nothing is over it, he drops straight down" (SHR-12)."""
    found = {}
    for row, severity, cell in cells_of(table):
        for stated in cell.stated:
            assert stated.effect == "prone"
            assert stated.words in cell.prose
            found[(row.rolls, str(severity))] = (stated.words, stated.bare)
    assert found == STATED_PRONE


# -- against the seed itself ----------------------------------------------------


def _plain(token: Token, side: str) -> str:
    """A token as the seed's glyph-less text prints it (the reading above, backwards)."""
    if isinstance(token, Hits):
        return f"+{token.hits}H"
    if isinstance(token, Stun):
        return f"{token.rounds}[{token.penalty}]"
    if isinstance(token, Fatigue):
        return str(token.points)
    if isinstance(token, Breakage):
        return f"({token.modifier})" if token.modifier else ""  # a lone ⚒ left no text (SHR-4)
    if isinstance(token, Bleeding):
        return str(token.per_round)
    if isinstance(token, Injury):
        return str(token.penalty)
    if isinstance(token, Dying):
        return "dying"
    raise AssertionError(f"{token!r} on a {side} side has no plain form")


def _seed_cells() -> dict[tuple[str, str], str]:
    cells = {}
    for line in SEED.read_text(encoding="utf-8").splitlines():
        parts = line.split("|")[1:-1]
        if len(parts) != 6 or not parts[0].strip()[:1].isalpha() or parts[0].strip() == "Roll":
            continue
        rolls = re.sub(r"\s*-\s*", "-", re.search(r"\d.*", parts[0]).group(0).strip())  # type: ignore[union-attr]
        for severity, text in zip("ABCDE", parts[1:], strict=True):
            text = text.strip()
            assert text[0] == severity  # the seed prefixes each cell with its column's letter
            cells[(rolls, severity)] = text[1:]
    return cells


@pytest.mark.skipif(not SEED.exists(), reason="seed 001 is not beside the repository")
def test_every_cell_says_what_the_seed_says() -> None:
    seed = _seed_cells()
    table = load_real()
    assert len(seed) == 100
    for row, severity, cell in cells_of(table):
        n = cell.notation
        text = "".join(_plain(t, "base") for t in n.base)
        if n.single_area:
            clause = n.clauses[0]
            covered = ", ".join(_plain(t, "covered") for t in clause.covered)
            bare = ", ".join(_plain(t, "bare") for t in clause.bare)
            text += f"covered: {covered}" + (f"bare: {bare}" if clause.bare or "SHR-3" not in cell.rulings else "")
        else:
            for c in n.clauses:
                covered = ", ".join(_plain(t, "covered") for t in c.covered)
                bare = ", ".join(_plain(t, "bare") for t in c.bare)
                text += f"{c.area.label}: {covered} / {bare}"  # type: ignore[union-attr]
        expected = seed[(row.rolls, str(severity))]
        assert expected in (cell.prose + text.rstrip(), cell.prose + " " + text.rstrip()), f"{row.rolls} {severity}"


# -- a bad file fails with the row and the field named ---------------------------


def _broken(old: str, new: str) -> str:
    text = TABLE_FILE.read_text(encoding="utf-8")
    assert old in text, old
    return text.replace(old, new, 1)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('rolls = "2-3"', 'rolls = "2-4"', r"shrapnel row 2 \(4-5\): roll 4 is covered twice"),
        ('rolls = "100"', 'rolls = "99"', r"shrapnel row 19 \(99\): roll 99 is covered twice"),
        ('rolls = "2-3"', 'rolls = "two"', r"Expected `str` matching regex .* - at `\$\.rows\[1\]\.rolls`"),
        ('areas = ["chest"]', 'areas = ["neck"]', r"Invalid enum value 'neck' - at `\$\.rows\[1\]\.areas\[0\]`"),
        ('areas = ["chest"]', "areas = []", r"length >= 1 - at `\$\.rows\[1\]\.areas`"),
        (
            'areas = ["abdomen", "legs"]',
            'areas = ["abdomen", "legs", "arms", "head"]',
            r"length <= 3 - at `\$\.rows\[7\]\.areas`",
        ),
        (
            'areas = ["abdomen", "legs"]',
            'areas = ["abdomen", "abdomen"]',
            r"shrapnel row 26-35 \(Abdomen \+ Abdomen\): an area is named twice - at `\$\.rows\[7\]`",
        ),
        (
            'areas = ["abdomen", "legs"]',
            'areas = ["legs", "abdomen"]',
            r"row 26-35 \(Legs \+ Abdomen\), severity A: the clauses name Abdomen \+ Legs.* - at `\$\.rows\[7\]`",
        ),
        (
            'areas = ["chest"]',
            'areas = ["chest", "arms"]',
            r"row 2-3 \(Chest \+ Arms\), severity A: a row of several areas .* - at `\$\.rows\[1\]`",
        ),
        (
            'effects = "+1H; covered: ⚒; bare: +2H"',
            'effects = "+1H; Chest: ⚒ / +2H"',
            r"row 2-3 \(Chest\), severity A: a one-area row is written .* - at `\$\.rows\[1\]`",
        ),
        (
            'effects = "+1H; covered: ⚒; bare: +2H"',
            'effects = "+1H; covered: ⚒; bare: +2X"',
            r"effects: shrapnel notation: unexpected 'X' at 25 .* - at `\$\.rows\[1\]\.A`",
        ),
        (
            'effects = "+1H; covered: ⚒; bare: +2H"',
            'effects = "+1H; covered: ☠; bare: +2H"',
            r"☠ on the covered side of the cell.* - at `\$\.rows\[1\]\.A`",
        ),
        (
            'effects = "+1H; covered: ⚒; bare: +2H"',
            'effects = "+1H; covered: ⚒; bare: ⚒(-25)"',
            r"⚒ on the bare side of the cell.* - at `\$\.rows\[1\]\.A`",
        ),
        (
            'effects = "+1H; covered: ⚒; bare: +2H"',
            'effects = "+1H, ☠; covered: ⚒; bare: +2H"',
            r"☠ in the base.* - at `\$\.rows\[1\]\.A`",
        ),
        (
            'fate = "dying"\n',
            "",
            r"fate \(not set\) disagrees with the prose, which states dying .*- at `\$\.rows\[11\]\.D`",
        ),
        ('fate = "dying"\n', 'fate = "dead"\n', r"fate 'dead' disagrees .* - at `\$\.rows\[11\]\.D`"),
        (
            "attacker_bonus = 25",
            "attacker_bonus = 20",
            r"attacker_bonus 20 disagrees .* \+25 .* - at `\$\.rows\[19\]\.E`",
        ),
        (
            "attacker_bonus = 25",
            "attacker_bonus = 250",
            r"Expected `int` <= 100 - at `\$\.rows\[19\]\.E\.attacker_bonus`",
        ),
        (
            'effects = "+1H; covered: ⚒; bare: +2H"',
            'effects = "+1H; covered: +2H; bare: +2H"',
            r"the covered side of the cell has no ⚒: every armour piece struck makes one breakage check .* - at `\$\.rows\[1\]\.A`",
        ),
        (
            'effects = "+1H; covered: ⚒; bare: +2H"',
            'effects = "+1H; covered: ⚒, ⚒(-25); bare: +2H"',
            r"the covered side of the cell has 2 ⚒: one breakage check per piece .* - at `\$\.rows\[1\]\.A`",
        ),
        (
            'words = "Either way the leg folds and foe goes down"',
            'words = "the leg folds and foe falls"',
            r"stated: 'the leg folds and foe falls' is not in the prose .* - at `\$\.rows\[12\]\.E`",
        ),
        (
            'bare = "head"',
            'bare = "legs"',
            r"row 100 \(Head \+ Chest \+ Arms\), severity B: stated: prone when legs is bare, but the row does not "
            r"strike legs - at `\$\.rows\[19\]`",
        ),
        ('rulings = ["SHR-1"]', 'rulings = ["shr one"]', r"- at `\$\.rows\[11\]\.rulings\[0\]`"),
        ("prose = ", "prose_text = ", r"unknown field `prose_text` - at `\$\.rows\[0\]\.A`"),
    ],
)
def test_a_bad_file_names_the_row_and_the_field(old: str, new: str, message: str) -> None:
    with pytest.raises(TableDataError, match=rf"^tables/shrapnel/ballistic\.toml: .*{message}"):
        decode_toml(ShrapnelTable, _broken(old, new), SOURCE)


def test_a_missing_severity_is_named() -> None:
    text = TABLE_FILE.read_text(encoding="utf-8")
    start = text.index("\n[rows.E]\n")
    end = text.index("[[rows]]", start)
    with pytest.raises(TableDataError, match=r"missing required field `E` - at `\$\.rows\[0\]`"):
        decode_toml(ShrapnelTable, text[:start] + text[end:], SOURCE)


def test_the_file_is_where_the_cli_looks() -> None:
    from pyengine.cli.tables import table_file

    assert table_file(TABLE_ID) == Path(TABLE_FILE).resolve()
