"""``python -m pyengine link qr LINK --out FILE``: the code the page shows, as SVG or PNG."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pyengine import qr
from pyengine.cli import main

GOLDEN = Path(__file__).resolve().parents[2] / "golden"
LINK = "https://strike-rank.example.org/app/combat.html#" + (GOLDEN / "fight-wounded.link").read_text(encoding="utf-8").strip()
ROOT = Path(__file__).resolve().parents[3]


def test_json_says_the_link_mode_level_and_version_and_the_png_reads_back(tmp_path, capsys):
    out = tmp_path / "fight.png"
    assert main(["link", "qr", LINK, "--out", str(out), "--json"]) == 0
    said = json.loads(capsys.readouterr().out)
    code = qr.encode(LINK)
    assert said == {"link": LINK, "length": len(LINK), "mode": "byte", "error": code.error, "version": code.version,
                    "modules": code.modules, "out": str(out)}
    assert out.read_bytes().startswith(b"\x89PNG") and out.read_bytes() == qr.png(code)
    tool = shutil.which("zbarimg")
    assert tool, "zbarimg is missing: python3 build.py test installs it (apt-get install zbar-tools)"
    read = subprocess.run([tool, "--quiet", "--raw", str(out)], capture_output=True, text=True, timeout=60)
    assert read.stdout.removesuffix("\n") == LINK


def test_svg_by_the_suffix_is_the_code_the_page_draws(tmp_path, capsys):
    out = tmp_path / "fight.SVG"
    assert main(["link", "qr", LINK, "--out", str(out)]) == 0
    code = qr.encode(LINK)
    assert out.read_text(encoding="utf-8").strip() == qr.svg(code, "QR code of a Strike Rank link")
    assert capsys.readouterr().out.strip() == f"{out}: {code.describe()}, byte mode, {len(LINK)} characters"


@pytest.mark.parametrize(("argv", "said"), [
    (["--out", "x.gif"], "the file's suffix says what to write: .svg or .png, not '.gif'"),
    (["--out", "x"], "not 'none'"),
])
def test_another_suffix_is_refused_clearly(tmp_path, capsys, argv, said):
    argv[1] = str(tmp_path / argv[1])
    assert main(["link", "qr", LINK, *argv]) == 1
    assert said in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def test_a_fragment_alone_or_a_link_not_ours_writes_nothing(tmp_path, capsys):
    out = tmp_path / "x.svg"
    assert main(["link", "qr", "#" + LINK.split("#")[1], "--out", str(out)]) == 1
    assert "is not a whole link" in capsys.readouterr().err
    assert main(["link", "qr", "https://example.org/a.html#nonsense", "--out", str(out), "--json"]) == 1
    assert "error" in json.loads(capsys.readouterr().out)
    assert not out.exists()


def test_out_is_required_a_usage_error(capsys):
    assert main(["link", "qr", LINK]) == 2
    assert "--out" in capsys.readouterr().err


def test_a_real_subprocess(tmp_path):
    out = tmp_path / "c.svg"
    done = subprocess.run([sys.executable, "-m", "pyengine", "link", "qr", LINK, "--out", str(out), "--json"],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["version"] == qr.encode(LINK).version and out.exists()
