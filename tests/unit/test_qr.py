"""QR codes of share links (pyengine/qr.py, the share line's "Show as QR code"), read back
with a real decoder: Debian's zbarimg (zbar-tools, installed by ``build.py``'s set-up)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import segno

from pyengine import qr
from pyengine.errors import ShareLinkError
from pyengine.pages.widgets import QR_HIDE, QR_SHOW, qr_update, share_line
from pyengine.share import decode_link
from tests.qr_reader import zbarimg

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
ORIGIN = "https://strike-rank.example.org/app"  # what a page passes: its origin and path


def golden_links() -> dict[str, str]:
    """One golden link of each kind a page shares, as the page gives it to the code."""
    links = {}
    for path in sorted(GOLDEN.glob("links-*.txt")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                kind, link, _ = (part.strip() for part in line.split("|"))
                links.setdefault(kind, link)
    links["fight"] = (GOLDEN / "fight-3v3.link").read_text(encoding="utf-8").strip()
    page = {"dice": "index", "sheet": "sheet", "shrapnel": "shrapnel", "exchange": "combat", "fight": "combat", "gear": "gear"}
    return {kind: f"{ORIGIN}/{page[kind]}.html#{link}" for kind, link in links.items()}


LINKS = golden_links()


@pytest.mark.parametrize("kind", sorted(LINKS))
def test_every_kind_of_link_reads_back_from_its_code_with_a_real_decoder(kind, tmp_path):
    link = LINKS[kind]
    code = qr.encode(link)
    image = tmp_path / f"{kind}.png"
    image.write_bytes(qr.png(code))
    read = zbarimg(image)
    assert read == link
    assert decode_link(read) == decode_link(link)


def test_the_level_is_m_unless_a_higher_one_fits_in_the_same_version():
    for link in LINKS.values():
        code = qr.encode(link)
        at_m = segno.make(link, error="m", micro=False)
        assert code.version == at_m.version  # never a bigger code for a better level
        assert code.error in ("M", "Q", "H")
        better = {"M": "q", "Q": "h"}.get(code.error)
        if better:  # the next level up does not fit in this version (or in any)
            try:
                assert segno.make(link, error=better, micro=False).version > code.version
            except segno.DataOverflowError:
                pass
        assert code.modules == 17 + 4 * code.version


def test_a_short_text_gets_the_highest_level_that_fits_and_digits_numeric_mode():
    code = qr.encode("1234567890")
    assert (code.mode, code.version, code.error) == ("numeric", 1, "H")
    assert qr.encode("https://x.example/a.html#1.eNo").mode == "byte"


def test_a_link_ending_in_capitals_and_digits_takes_two_segments_when_smaller_and_reads_back_whole(tmp_path):
    """A live table's join link: the address in byte mode, its base32 code in alphanumeric mode."""
    code_part = "2215D0ZR9QC697RY76KXYY2F9YJXHK9NZ31W8JEBY1M0AM4DZCCPTQHTJ707T95RYRD0WK4K0GCD0HQD9KN0HV41JN8N96B11DE9V7HH3RH6W00ACC0034MP"
    link = f"{ORIGIN}/combat.html#join={code_part}"
    code = qr.encode(link)
    single = segno.make(link, error="m", boost_error=True, micro=False)
    assert (code.mode, code.version, single.version) == ("byte+alphanumeric", 8, 9)
    image = tmp_path / "join.png"
    image.write_bytes(qr.png(code))
    assert zbarimg(image) == link
    # a short run of capitals stays in one segment: its own segment would not make the code smaller
    assert qr.encode(f"{ORIGIN}/combat.html#join=2215D0ZR").mode == "byte"


def test_the_svg_draws_exactly_the_dark_modules_inside_the_quiet_zone():
    code = qr.encode(LINKS["dice"])
    svg = qr.svg(code, "a label")
    side = code.modules + 2 * qr.QUIET_ZONE
    assert f'viewBox="0 0 {side} {side}"' in svg and 'aria-label="a label"' in svg
    drawn = [[False] * code.modules for _ in range(code.modules)]
    for x, y, run in re.findall(r"M(\d+) (\d+)h(\d+)v1h-\3z", svg):
        for dx in range(int(run)):
            drawn[int(y) - qr.QUIET_ZONE][int(x) - qr.QUIET_ZONE + dx] = True
    assert tuple(map(tuple, drawn)) == code.matrix


def test_a_link_too_long_for_any_code_says_so():
    with pytest.raises(ShareLinkError, match="too long for a QR code"):
        qr.encode(f"{ORIGIN}/combat.html#" + "a" * 3000)


def test_the_share_line_offers_the_code_with_what_the_link_is_under_it():
    html = share_line("dice", "./index.html#1.x", "Link to this roll", summary="2D6+1 = <b>9</b>")
    assert 'id="dice-qr-show"' in html and 'data-qr="dice-share"' in html and QR_SHOW in html
    assert '<figure id="dice-qr" class="qr-box" hidden' in html
    assert "<strong>Dice roll</strong>: 2D6+1 = &lt;b&gt;9&lt;/b&gt;" in html  # a summary is text, never markup
    assert "<svg" not in html  # no code is made until one is asked for


def test_show_as_qr_code_draws_the_code_then_hides_it():
    link = LINKS["dice"]
    shown = qr_update({"id": "dice-qr-show", "qr": "dice-share"}, link)
    assert shown.hidden == {"dice-qr": False}
    assert shown.html["dice-qr-code"].startswith("<svg") and "QR code of this link: Dice roll" in shown.html["dice-qr-code"]
    code = qr.encode(link)
    assert shown.text == {"dice-qr-version": code.describe(), "dice-qr-show": QR_HIDE}
    assert shown.attributes == {"dice-qr-show": {"aria-expanded": "true", "data-qr-open": "1"}}
    hidden = qr_update({"id": "dice-qr-show", "qr": "dice-share", "qr-open": "1"}, link)
    assert hidden.hidden == {"dice-qr": True} and hidden.text == {"dice-qr-show": QR_SHOW} and not hidden.html


def test_a_link_too_long_for_a_code_is_said_in_the_box():
    shown = qr_update({"id": "fl-qr-show", "qr": "fl-share"}, f"{ORIGIN}/combat.html#" + "a" * 3000)
    assert "too long for a QR code" in shown.html["fl-qr-code"] and 'role="alert"' in shown.html["fl-qr-code"]
    assert shown.hidden == {"fl-qr": False}
