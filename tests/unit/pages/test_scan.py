"""The start page's scanner (pyengine.pages.scan), in CPython: which codes it opens, and what
it says of every other one; the camera itself is the browser's (tests/browser/test_scanner.py)."""

from __future__ import annotations

import pytest

from pyengine.pages.scan import PAGE_FOR_KIND, Scanner, read_code
from pyengine.share import encode_link

HERE = "http://127.0.0.1:8000/index.html"
DICE = encode_link("dice", {"expr": "2D6+2", "rolls": [3, 4]})
SHEET = encode_link("sheet", {"name": "Vasana"})


def test_our_link_on_this_origin_opens_on_the_page_of_its_kind():
    assert read_code(f"http://127.0.0.1:8000/index.html#{DICE}", HERE).url == f"./index.html#{DICE}"
    assert read_code(f"http://127.0.0.1:8000/sheet.html#{SHEET}", HERE).url == f"./sheet.html#{SHEET}"
    fight = encode_link("fight", {"round": 1})
    assert read_code(f"http://127.0.0.1:8000/combat.html#{fight}", HERE).url == f"./combat.html#{fight}"


def test_the_page_it_opens_is_the_kinds_even_when_the_code_names_another_of_ours():
    assert read_code(f"http://127.0.0.1:8000/gear.html#{SHEET}", HERE).url == f"./sheet.html#{SHEET}"


def test_the_site_may_live_in_a_folder_and_scheme_and_host_are_read_in_any_case():
    here = "https://example.org/strike/index.html#1.abc"
    assert read_code(f"HTTPS://EXAMPLE.ORG/strike/sheet.html#{SHEET}", here).url == f"./sheet.html#{SHEET}"
    assert read_code(f"https://example.org/strike/#{DICE}", here).url == f"./index.html#{DICE}"
    refused = read_code(f"https://example.org/other/sheet.html#{SHEET}", here)
    assert refused.url == "" and "not one of Strike Rank's pages" in refused.message


def test_a_bare_fragment_opens_on_this_site():
    assert read_code(f"#{DICE}", HERE).url == f"./index.html#{DICE}"
    assert read_code(f" {SHEET}\n", HERE).url == f"./sheet.html#{SHEET}"


@pytest.mark.parametrize(
    "text, words",
    [
        (f"https://evil.example/index.html#{DICE}", "another site (evil.example)"),
        (f"http://127.0.0.1:9999/index.html#{DICE}", "another site (127.0.0.1:9999)"),
        (f"https://127.0.0.1:8000/index.html#{DICE}", "another site"),
        (f"javascript:alert(1)//#{DICE}", "not a link to this Strike Rank"),
        (f"http://127.0.0.1:8000/admin.html#{DICE}", "'/admin.html', which is not one of Strike Rank's pages"),
        ("http://127.0.0.1:8000/index.html", "carries nothing to open"),
        ("http://127.0.0.1:8000/combat.html#fight", "not a Strike Rank link"),
        (f"http://127.0.0.1:8000/index.html#{DICE[:-7]}", "damaged"),
        ("http://127.0.0.1:8000/index.html#9.abc", "made by a newer version"),
        ("WIFI:S:home;T:WPA;P:secret;;", "not a link to this Strike Rank"),
        ("", "empty"),
    ],
)
def test_a_code_that_is_not_ours_is_named_and_nothing_is_opened(text, words):
    result = read_code(text, HERE)
    assert result.url == ""
    assert words in result.message
    assert "nothing was opened" in result.message


def test_a_kind_this_version_does_not_open_is_named():
    result = read_code(f"http://127.0.0.1:8000/index.html#{encode_link('spell', {})}", HERE)
    assert result.url == "" and "'spell'" in result.message


def test_every_kind_a_link_names_has_a_page_that_exists():
    from pyengine.share import PAGE_OF_KIND

    assert set(PAGE_FOR_KIND) == set(PAGE_OF_KIND)
    assert set(PAGE_FOR_KIND.values()) <= {"index.html", "sheet.html", "combat.html", "shrapnel.html", "gear.html", "player.html"}


def test_the_text_read_is_quoted_short_in_the_message():
    result = read_code("x" * 500, HERE)
    assert "'xxxxxxxx" in result.message and len(result.message) < 200


# ---------------------------------------------------------------- the controller


def test_opening_shows_the_scanner_and_closing_hides_it():
    scanner = Scanner(HERE)
    opened = scanner.open()
    assert opened.hidden == {"scan-box": False, "scan-open": True, "scan-video": False}
    assert opened.notices == {"scan-error": ""}
    assert "Point the camera" in opened.text["scan-status"]
    assert opened.focus == "scan-close"
    closed = scanner.close()
    assert closed.hidden == {"scan-box": True, "scan-open": False}
    assert closed.focus == "scan-open"


def test_our_code_navigates_and_a_same_page_code_reloads():
    scanner = Scanner(HERE)
    update = scanner.on_code(f"http://127.0.0.1:8000/index.html#{DICE}")
    assert update.navigate == f"./index.html#{DICE}"
    assert scanner.reloads  # only the fragment changes: the start page must load again to read it
    other = Scanner(HERE)
    assert other.on_code(f"http://127.0.0.1:8000/sheet.html#{SHEET}").navigate == f"./sheet.html#{SHEET}"
    assert not other.reloads
    at_root = Scanner("http://127.0.0.1:8000/")  # "/" is not "./index.html": a real navigation
    assert at_root.on_code(f"#{DICE}").navigate == f"./index.html#{DICE}" and not at_root.reloads


def test_a_refused_code_is_said_once_and_scanning_goes_on():
    scanner = Scanner(HERE)
    update = scanner.on_code("https://evil.example/")
    assert update.navigate == "" and "another site" in update.notices["scan-error"]
    assert scanner.on_code("https://evil.example/") == type(update)()  # the same code again: nothing new to say
    assert "not a link" in scanner.on_code("hello").notices["scan-error"]


@pytest.mark.parametrize(
    "name, words",
    [
        ("NotAllowedError", "not allowed"),
        ("SecurityError", "not allowed"),
        ("NotFoundError", "no camera"),
        ("OverconstrainedError", "no camera"),
        ("NotReadableError", "busy"),
        ("unavailable", "gives pages no camera"),
        ("reader", "could not be loaded"),
        ("AbortError", "AbortError"),
    ],
)
def test_a_camera_that_cannot_start_is_said_in_a_players_words(name, words):
    update = Scanner(HERE).on_camera_error(name)
    assert words in update.notices["scan-error"]
    assert "phone's camera app" in update.notices["scan-error"]
    assert update.hidden["scan-video"] is True
