"""Refusals read like a person wrote them (issue 33, items 3–5).

* A message that quotes its input cuts it to a readable size and says how much more there was,
  on every kind of link and file and on the command line (:func:`pyengine.validation.shown`).
* A refusal names what is wrong in the terms of the thing shared (the fight, its fighters, their
  weapons), never in Python's or a library's words: the fuzz test below runs every link kind's
  reader and every file reader on junk and checks each message (:func:`tells`).
* Links as people paste them: spaces around, a percent-encoded ``1.``; only ASCII digits are versions.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyengine import dice_roller
from pyengine.cli import main
from pyengine.cli.tables import fumbles, hit_locations, strike_ranks
from pyengine.errors import RulesError
from pyengine.gear import state as gear_state
from pyengine.library.backup import read_backup
from pyengine.runequest.combat import state as exchange_state
from pyengine.runequest.melee import log
from pyengine.runequest.melee.round import MeleeTables
from pyengine.runequest.sheet import state as sheet_state
from pyengine.runequest.sheet.adventurer import load_adventurer
from pyengine.share import SharedState, decode_link, encode_link
from pyengine.shrapnel import state as shrapnel_state
from pyengine.validation import cut, shown

GOLDEN = Path(__file__).resolve().parents[1] / "golden"

#: Python's and libraries' own words: none of them may reach a player.
TELLTALES = ("zip()", "Expected `", "Error -3", "decompress", "Traceback", "object has no attribute", "NoneType",
             "KeyError", "index out of range", "msgspec", "$.", "invalid literal", "codec can't", "not subscriptable",
             "unhashable", "JSON is malformed", "Input data was truncated", "Expecting value", "line 1 column",
             "got `", "values to unpack", "cannot unpack", "not iterable", "object is not", "NODEFAULT")
#: A value quoted from the input (``repr``): what is inside is the input's, not the message's words.
QUOTED = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"")
#: The value a message found (``(found [0, … 3 more])``): the input's, shown as data.
FOUND = re.compile(r"\(found [^()]*(?:\([^()]*\)[^()]*)*\)")
#: A message names a place in the fields' own words (``fighter 2 ('Rurik'), weapon 1, name``): no code
#: path (``$.fight.combatants[1]``, ``arms[0].name``), no backticks, no field name with underscores.
CODE_WORDS = re.compile(r"\$|`|[\w\]]\[\d+\]|\[\.\.\.\]|\b[a-z]+_[a-z_]+\b|\w\.\w+\[")
#: The longest message a refusal may be.
MOST = 400


def tells(message: str) -> list[str]:
    """What in ``message`` is not in a player's words (``[]``: nothing)."""
    bare = FOUND.sub("", QUOTED.sub("''", message))
    found = [t for t in TELLTALES if t in bare]
    found += [m.group() for m in CODE_WORDS.finditer(bare)]
    if len(message) > MOST:
        found.append(f"{len(message)} characters long")
    return found


def refusal(call, *args) -> str:
    with pytest.raises(RulesError) as caught:
        call(*args)
    return str(caught.value)


# -- the shared cutter ---------------------------------------------------------------------------


def test_the_cutter_keeps_short_text_and_says_how_much_more_there_was():
    assert cut("abc") == "abc"
    assert cut("x" * 100, 10) == "xxxxxxxxxx\u2026 (90 more characters)"
    assert shown("x" * 5000, 10) == "'xxxxxxxxxx'\u2026 (4,990 more characters)"
    assert shown([{"areas": ["head"]}] * 999, 40).endswith("\u2026 998 more]")
    assert shown({"k" * 100: 1, "b": 2}, 30).endswith("\u2026 1 more}")
    assert shown(-1) == "-1" and shown([]) == "[]"
    assert cut("abcd", 3) == "abc\u2026 (1 more character)"


# -- item 3: a refusal cuts what it quotes --------------------------------------------------------


def fight_v6() -> dict:
    fight = log.from_state(decode_link((GOLDEN / "fight-3v3.link").read_text().strip()))
    return decode_link(log.to_link(fight)).data


LONG = "Rurik" * 1000
HUGE_KEY = {LONG: 1}


def long_inputs():
    """Each kind of link and file, given far too much: (what, the call that refuses it)."""
    pieces = [{"name": f"piece {n}", "areas": ["head"]} for n in range(999)]
    yield "shrapnel link of 999 pieces", lambda: shrapnel_state.LINK.open(
        encode_link("shrapnel", {"roll": 50, "severity": "C", "pieces": pieces}, version=2))
    yield "gear link, long areas", lambda: gear_state.LINK.open(encode_link("gear", {"areas": LONG}))
    yield "gear link, unknown field", lambda: gear_state.LINK.open(encode_link("gear", HUGE_KEY))
    yield "sheet link, unknown field", lambda: sheet_state.LINK.open(encode_link("sheet", {**HUGE_KEY, "name": "x"}, version=1))
    yield "dice link, unknown field", lambda: dice_roller.LINK.open(encode_link("dice", HUGE_KEY))
    yield "exchange link, unknown field", lambda: exchange_state.LINK.open(encode_link("exchange", HUGE_KEY))
    yield "fight link, unknown field", lambda: log.LINK.open(encode_link("fight", HUGE_KEY, version=5))
    data = fight_v6()
    data["c"][0]["n"] = LONG
    data["c"][0]["l"] = [5]
    yield "fight link v6, long name", lambda: log.LINK.open(encode_link("fight", data, version=6))
    yield "not a link", lambda: decode_link(LONG)
    yield "adventurer file", lambda: load_adventurer(json.dumps({"name": "x", LONG: 1}))
    yield "gear file", lambda: gear_state.read_record(json.dumps({"format": "strike-rank/gear", "version": 1, "name": "x",
                                                                  "state": {"areas": LONG}}))
    yield "exchange file", lambda: exchange_state.read_any(json.dumps({"format": 1, "kind": "exchange", **HUGE_KEY}))
    yield "fight file", lambda: log.read_any(json.dumps({"format": 1, "kind": "fight", **HUGE_KEY}))
    yield "backup file", lambda: read_backup(json.dumps({"format": 1, "kind": LONG}))


@pytest.mark.parametrize(("what", "call"), list(long_inputs()), ids=[w for w, _ in long_inputs()])
def test_a_refusal_of_a_huge_input_is_short_and_says_how_much_more_there_was(what, call):
    message = refusal(call)
    assert len(message) <= MOST, (len(message), message[:500])
    assert "more" in message, message


def test_the_command_line_cuts_what_it_quotes(capsys):
    assert main(["link", "decode", LONG]) == 1
    err = capsys.readouterr().err
    assert len(err) <= MOST and "4,976 more characters" in err, err


def test_the_command_line_replay_refuses_a_name_too_long_to_be_a_file_in_a_short_message(capsys):
    assert main(["replay", "x" * 5000]) == 2
    err = capsys.readouterr().err
    assert "is neither a file nor a share link" in err and "more characters" in err and len(err) <= MOST, err


# -- item 4: a refusal speaks the player's words ------------------------------------------------


def test_a_fight_link_with_a_short_location_list_names_the_fighter_and_the_locations():
    data = fight_v6()
    data["c"][0]["l"] = [5]
    message = refusal(log.LINK.open, encode_link("fight", data, version=6))
    assert not tells(message), message
    assert "'Rurik'" in message and "hit points by location" in message and "7" in message, message


def test_an_unknown_weapon_id_names_the_weapon_it_does_not_know():
    data = fight_v6()
    data["c"][0]["w"][0]["r"] = "broadsward"
    message = refusal(log.LINK.open, encode_link("fight", data, version=6))
    assert not tells(message), message
    assert "'broadsward'" in message and "'Rurik'" in message and "newer version" in message, message


@pytest.mark.parametrize("garbage", ["1.abcdefgh", "1.eNrtmO9v", "1." + "A" * 40])
def test_a_garbage_link_says_it_is_damaged_without_the_decompressor_s_words(garbage):
    message = refusal(decode_link, garbage)
    assert not tells(message), message
    assert "damaged" in message and "copy" in message, message


def test_a_file_that_is_not_json_says_so_in_plain_words():
    for call in (load_adventurer, gear_state.read_record, exchange_state.read_any, log.read_any, read_backup):
        message = refusal(call, "{not json")
        assert not tells(message), message


def test_a_field_is_named_as_the_page_names_it():
    message = refusal(shrapnel_state.LINK.open, encode_link("shrapnel", {"roll": 0, "severity": "C"}, version=2))
    again = "; copy the whole link again, or ask whoever shared it for a new one"
    assert message == "shrapnel link: roll: should be a whole number of at least 1 (found 0)" + again
    message = refusal(gear_state.LINK.open, encode_link("gear", {"entries": [{"item": {"name": "x", "kind": "armour",
                                                                                      "cover": -1}}]}))
    assert message == "gear link: item 1, cover: should be a whole number of at least 0 (found -1)" + again


# -- the fuzz: every reader, junk in, plain words out --------------------------------------------

WORDS = ["expr", "rolls", "own_dice", "roll", "severity", "covered", "pieces", "name", "areas", "format", "kind",
         "characteristics", "STR", "weapons", "weapon", "gear", "C", "chest", "2D6+2", "c", "n", "l", "w", "r", "a"]
LEAVES = st.none() | st.booleans() | st.integers(-3, 1001) | st.floats(allow_nan=True) | st.text(max_size=6) | st.sampled_from(WORDS)
DATA = st.recursive(LEAVES, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
    st.sampled_from(WORDS) | st.text(max_size=4), inner, max_size=5), max_leaves=14)
FIGHT_V6 = fight_v6()


def _replace(data, path: list[int], value):
    out = copy.deepcopy(data)
    node = out
    for step in path[:-1]:
        if isinstance(node, (dict, list)) and node:
            node = node[sorted(node)[step % len(node)]] if isinstance(node, dict) else node[step % len(node)]
    if isinstance(node, dict) and node:
        node[sorted(node)[path[-1] % len(node)]] = value
    elif isinstance(node, list) and node:
        node[path[-1] % len(node)] = value
    return out


TABLES = MeleeTables(strike_ranks=strike_ranks(), fumbles=fumbles(), locations=hit_locations())


def replayed(fight: log.FightLog) -> None:
    log.replay(fight, TABLES)


def command_line(*argv: str) -> None:
    """The command's message (what it prints to stderr), raised as the engine's error."""
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main(list(argv))
    if code:
        raise RulesError(err.getvalue())


def link_state(kind: str, link):
    return st.tuples(DATA, st.integers(1, 3)).map(
        lambda x: lambda: link.open(SharedState(kind=kind, version=x[1], data=x[0] if isinstance(x[0], dict) else {"x": x[0]})))


def files(call, *wraps):
    texts = st.one_of(st.text(max_size=40), DATA.map(json.dumps), *(DATA.map(w).map(json.dumps) for w in wraps))
    return texts.map(lambda text: lambda: call(text))


READERS = {
    "text as a link": st.text(max_size=40).map(lambda t: lambda: decode_link(t)),
    "link-like text": st.tuples(st.sampled_from(["1.", "#1.", " 1.", "2.", "1.eN", "1.eNrt"]), st.text("AZaz09-_eNr", max_size=30)).map(
        lambda x: lambda: decode_link(x[0] + x[1])),
    "dice links": link_state("dice", dice_roller.LINK),
    "shrapnel links": link_state("shrapnel", shrapnel_state.LINK),
    "gear links": link_state("gear", gear_state.LINK),
    "sheet links": link_state("sheet", sheet_state.LINK),
    "exchange links": link_state("exchange", exchange_state.LINK),
    "fight links": link_state("fight", log.LINK),
    "fight links of version 6, replayed": st.tuples(st.lists(st.integers(0, 40), min_size=1, max_size=6), DATA).map(
        lambda x: lambda: replayed(log.LINK.open(SharedState(kind="fight", version=6, data=_replace(FIGHT_V6, *x))))),
    "the command line": st.tuples(st.sampled_from(["decode", "replay"]), st.text(max_size=40) | DATA.map(json.dumps)).map(
        lambda x: lambda: command_line("link", "decode", x[1]) if x[0] == "decode" else command_line("replay", x[1])),
    "adventurer files": files(load_adventurer, lambda d: {"name": "x", "characteristics": d}),
    "gear files": files(gear_state.read_record, lambda d: {"format": "strike-rank/gear", "version": 1, "name": "x", "state": d}),
    "exchange files": files(exchange_state.read_any, lambda d: {"format": 1, "kind": "exchange", "attack": d}),
    "fight files": files(log.read_any, lambda d: {"format": 1, "kind": "fight", "fight": d}),
    "backup files": files(read_backup, lambda d: {"format": 1, "kind": "backup", "items": d}),
}


@pytest.mark.parametrize("reader", READERS)
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_no_refusal_speaks_python_or_a_library_s_words(reader, data):
    call = data.draw(READERS[reader])
    try:
        call()
    except RulesError as exc:
        assert not tells(str(exc)), str(exc)


def test_the_checker_catches_python_s_words():
    assert tells("share link: damaged fight (version 6): zip() argument 2 is shorter than argument 1")
    assert tells("share link: Expected `str` of length >= 1 - at `$.fight.combatants[0].arms[0].name`")
    assert tells("gear link: state.entries[0].item.cover: bad")
    assert tells("adventurer record: background_roll: bad")
    assert not tells("fight link: fighter 1 ('Rurik'), weapon 1: 'broad_sward' is not a weapon this app knows")


# -- item 5: links as people paste them ----------------------------------------------------------

SHRAPNEL = shrapnel_state.LINK.link({"roll": 50, "severity": "C"})


@pytest.mark.parametrize("pasted", [
    f"  {SHRAPNEL}  ", f"#  {SHRAPNEL}\n", f"#%20%20{SHRAPNEL}%20", "#%31." + SHRAPNEL[2:], "#1%2E" + SHRAPNEL[2:],
    "#%31%2e" + SHRAPNEL[2:], f"https://example.org/shrapnel.html#%20{SHRAPNEL}",
])
def test_a_link_pasted_with_spaces_or_a_percent_encoded_prefix_opens(pasted):
    assert shrapnel_state.LINK.open(pasted).roll == 50


@pytest.mark.parametrize("prefix", ["\u0663.", "\u0661.", "\uff11.", "\u0967."])
def test_only_ascii_digits_are_a_link_format(prefix, capsys):
    message = refusal(decode_link, prefix + SHRAPNEL[2:])
    assert "not a Strike Rank link" in message and "newer version" not in message, message
    assert main(["link", "decode", prefix + SHRAPNEL[2:]]) == 1
    assert "newer version" not in capsys.readouterr().err
