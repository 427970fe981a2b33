"""The command line: commands, JSON shapes, exit codes, and the extension point."""

from __future__ import annotations

import json
import subprocess
import sys
import types
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import pyengine
from pyengine import cli
from pyengine.dice import DiceExpr, ScriptedDice
from pyengine.errors import IllegalActionError
from pyengine.share import decode_link, encode_link

ROOT = Path(__file__).resolve().parents[3]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, Any]:
    code, out, _ = run(capsys, *argv)
    lines = out.splitlines()
    assert len(lines) == 1, f"--json must print one line of JSON, got {out!r}"
    return code, json.loads(lines[0])


# -- version ------------------------------------------------------------------


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "version") == (0, pyengine.__version__ + "\n", "")


def test_version_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_json(capsys, "version", "--json") == (0, {"version": pyengine.__version__})


def test_a_real_subprocess() -> None:
    # python -m pyengine works from the repo, as the build and CI call it.
    done = subprocess.run(
        [sys.executable, "-m", "pyengine", "version", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"version": pyengine.__version__}
    assert done.stderr == ""


def test_a_real_subprocess_usage_error_exits_2_without_a_traceback() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pyengine", "no-such-command"], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert "invalid choice" in done.stderr
    assert "Traceback" not in done.stderr


# -- link decode --------------------------------------------------------------------


@pytest.mark.parametrize("form", ["fragment", "hash", "url"])
@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_link_decode(capsys: pytest.CaptureFixture[str], form: str, json_flag: list[str]) -> None:
    data = {"roll": 57, "armour": [{"location": "head", "points": 3}], "note": "Grünwald", "x": 0.5, "n": None}
    fragment = encode_link("shrapnel", data, version=2)
    text = {"fragment": fragment, "hash": "#" + fragment, "url": f"https://example.org/dir/shrapnel.html#{fragment}"}[form]
    code, out, err = run(capsys, "link", "decode", text, *json_flag)
    assert (code, err) == (0, "")
    assert json.loads(out) == {"kind": "shrapnel", "version": 2, "data": data}
    assert list(json.loads(out)) == ["kind", "version", "data"]
    if json_flag:
        assert len(out.splitlines()) == 1


def test_link_decode_of_a_bad_link_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "link", "decode", "https://example.org/#7.abc")
    assert code == 1
    assert out == ""
    assert "share link: this link was made by a newer version (format 7)" in err
    assert "Traceback" not in err


def test_link_decode_of_a_bad_link_with_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "link", "decode", "1.$$$", "--json")
    assert code == 1
    message = json.loads(out)["error"]
    assert message.startswith("share link: damaged (not valid base64url at character 2")
    assert message in err


def test_link_without_an_action_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "link")
    assert code == 2
    assert "usage:" in err


# -- roll ----------------------------------------------------------------------


def test_roll_with_typed_in_rolls_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, result = run_json(capsys, "roll", "2d6 - 1d4 + 2", "--rolls", "3,5,2", "--json")
    assert code == 0
    assert result == {
        "expression": "2D6-1D4+2",
        "rolls": [{"sides": 6, "value": 3}, {"sides": 6, "value": 5}, {"sides": 4, "value": 2}],
        "total": 3 + 5 - 2 + 2,
        "minimum": 2 - 4 + 2,
        "maximum": 12 - 1 + 2,
        "mean": 7 - 2.5 + 2,
    }
    assert list(result) == ["expression", "rolls", "total", "minimum", "maximum", "mean"]


def test_roll_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "roll", "2D6-1D4+2", "--rolls", "3, 5, 2") == (0, "2D6-1D4+2: [3, 5] - [2] + 2 = 8\n", "")
    assert run(capsys, "roll", "--rolls", "4", "--", "-1D4")[:2] == (0, "-1D4: -[4] = -4\n")


def test_roll_with_a_seed_repeats(capsys: pytest.CaptureFixture[str]) -> None:
    first = run_json(capsys, "roll", "10D10+3D6", "--seed", "42", "--json")
    second = run_json(capsys, "roll", "10D10+3D6", "--seed", "42", "--json")
    assert first == second
    code, result = first
    values = [r["value"] for r in result["rolls"]]
    assert [r["sides"] for r in result["rolls"]] == [10] * 10 + [6] * 3
    assert result["total"] == sum(values)
    # Replaying the printed rolls gives the same total.
    replay = DiceExpr.parse(result["expression"]).roll(ScriptedDice(values))
    assert replay.total == result["total"]


def test_roll_without_a_seed_rolls_in_range(capsys: pytest.CaptureFixture[str]) -> None:
    for _ in range(20):
        code, result = run_json(capsys, "roll", "D100", "--json")
        assert code == 0
        assert 1 <= result["total"] <= 100
        assert result["mean"] == float(Fraction(101, 2))


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["roll", "2Dx6"], "dice notation: unexpected 'x' at 2 in '2Dx6' (expected a number of sides)"),
        (["roll", "3D6", "--rolls", "1,2"], "no roll left for a D6: all 2 given rolls are used"),
        (["roll", "1D6", "--rolls", "7"], "roll 7 does not fit a D6 (1-6)"),
        (["roll", "3D6", "--rolls", "1,2,3,4"], "4 left over"),
        (["roll", "101D6"], "from 1 to 100"),
    ],
)
def test_roll_rules_errors_exit_1(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert (code, out) == (1, "")
    assert message in err
    assert "Traceback" not in err
    code, out, err = run(capsys, *argv, "--json")
    assert code == 1
    assert message in json.loads(out)["error"]
    assert json.loads(out)["error"] in err


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["nope"],
        ["roll"],
        ["roll", "1D6", "--seed", "x"],
        ["roll", "1D6", "--rolls", "3,x"],
        ["roll", "1D6", "--seed", "1", "--rolls", "1"],
        ["version", "extra"],
        ["link", "decode"],
    ],
)
def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert "usage:" in err
    assert "Traceback" not in err


def test_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0
    for command in ("version", "link", "roll"):
        assert command in out


# -- the extension point --------------------------------------------------------------


def test_the_shrapnel_commands_are_an_extension() -> None:
    assert "pyengine.cli.shrapnel" in cli.EXTENSIONS


def fake_extension(name: str, monkeypatch: pytest.MonkeyPatch, calls: list[str]) -> None:
    module = types.ModuleType(name)

    def run_hello(args: Any) -> int:
        calls.append(args.who)
        if args.who == "troll":
            raise IllegalActionError(f"greeting: {args.who!r} bites")
        print(json.dumps({"hello": args.who}) if args.json else f"hello {args.who}")
        return 0

    def register(subparsers: Any) -> None:
        parser = subparsers.add_parser("hello", help="greets")
        parser.add_argument("who")
        cli.add_json_option(parser)
        parser.set_defaults(func=run_hello)

    module.register = register  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, name, module)


def test_an_extension_adds_a_command(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    fake_extension("fake_ext_cli", monkeypatch, calls)
    monkeypatch.setattr(cli, "EXTENSIONS", ["fake_ext_cli"])
    assert run(capsys, "hello", "Rurik") == (0, "hello Rurik\n", "")
    assert run_json(capsys, "hello", "Rurik", "--json") == (0, {"hello": "Rurik"})
    code, out, err = run(capsys, "hello", "troll", "--json")
    assert code == 1
    assert json.loads(out) == {"error": "greeting: 'troll' bites"}
    assert "greeting: 'troll' bites" in err
    assert calls == ["Rurik", "Rurik", "troll"]


@pytest.mark.parametrize(
    "missing", ["no_such_package_xyz.cli", "pyengine.no_such_module_xyz", "pyengine.no_such_pkg.cli"]
)
def test_an_extension_that_does_not_exist_is_skipped(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, missing: str
) -> None:
    monkeypatch.setattr(cli, "EXTENSIONS", [missing])
    assert run(capsys, "version") == (0, pyengine.__version__ + "\n", "")


def test_an_extension_with_a_broken_import_is_not_hidden(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "broken_ext_cli.py").write_text("import no_such_dependency_xyz\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(cli, "EXTENSIONS", ["broken_ext_cli"])
    with pytest.raises(ModuleNotFoundError, match="no_such_dependency_xyz"):
        cli.main(["version"])
    sys.modules.pop("broken_ext_cli", None)


def test_own_commands_use_func_on_the_namespace() -> None:
    parser = cli.build_parser()
    for argv in (["version"], ["link", "decode", "x"], ["roll", "1D6"]):
        args = parser.parse_args(argv)
        assert callable(args.func)


def test_link_decode_prints_what_decode_link_reads(capsys: pytest.CaptureFixture[str]) -> None:
    fragment = encode_link("dice", {"expr": "2D6+2", "rolls": [3, 5]})
    state = decode_link(fragment)
    code, result = run_json(capsys, "link", "decode", fragment, "--json")
    assert result == {"kind": state.kind, "version": state.version, "data": state.data}


def _commands(parser, prefix=()):
    """Every command path the parser knows (``("gear", "line")``), walking its sub-parsers."""
    import argparse

    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found.append((*prefix, name))
                found.extend(_commands(sub, (*prefix, name)))
    return found


COMMANDS = _commands(cli.build_parser())


def test_every_command_is_found() -> None:
    assert {("version",), ("roll",), ("link", "decode"), ("attack",), ("replay",), ("gear", "line")} <= set(COMMANDS)


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_help_of_every_command_prints_and_exits_0(capsys: pytest.CaptureFixture[str], command: tuple[str, ...]) -> None:
    # A bare % in a help text would crash argparse's help.
    code, out, err = run(capsys, *command, "--help")
    assert (code, err) == (0, "")
    assert out.startswith(f"usage: python -m pyengine {' '.join(command)}")


def test_00_is_a_d100_roll_of_100_for_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    # "00" is a d100 roll of 100 everywhere (percentile dice show 100 as 00).
    code, data = run_json(capsys, "attack", "--chance", "50", "--roll", "00", "--json")
    assert code == 0 and data["roll"] == 100 and data["fumble"] is True
    code, data = run_json(capsys, "roll", "D100", "--rolls", "00", "--json")
    assert code == 0 and data["total"] == 100
