"""Fight mode over a long evening: a round's drawing, its link and the memory the rounds
hold no longer grow with the fight; a fight of 300 rounds keeps its link; a round the link cannot
carry is refused, saying so, and the fight stays as it was."""

from __future__ import annotations

import json

import msgspec
import pytest

from measure.scale import long_evening_link
from pyengine.cli import tables as source
from pyengine.cli.tables import hit_locations, load_tables
from pyengine.dice import RandomDice
from pyengine.html import to_html
from pyengine.pages import combat
from pyengine.pages.fight import FightPage
from pyengine.pages.fight import rounds as fight_rounds
from pyengine.pages.view import Update
from pyengine.runequest.melee import render
from pyengine.runequest.melee.kept import KeptRounds
from pyengine.runequest.melee.log import Linker, read_any, replay, to_link
from pyengine.storage.keys import FIGHT_DRAFT
from pyengine.storage.store import MemoryStore
from tests.unit.pages.page_dom import Page


@pytest.fixture(scope="module")
def world():
    tables = load_tables()
    locations = hit_locations()
    return tables, locations, combat.prerender(source)


def fight_mode(world, link: str, seed: int = 3):
    tables, locations, slots = world
    dom = Page.built("combat.html", slots)
    page = FightPage(tables, locations, MemoryStore(), RandomDice(seed))
    dom.apply(page.open(dom.values("fa-form"), link))
    return dom, page


def log_text(dom: Page) -> str:
    return "".join(str(c) if isinstance(c, str) else _outer(c) for c in dom["fl-out"].children)


def _outer(node) -> str:
    attrs = "".join(f' {k}="{v}"' for k, v in sorted(node.attrs.items()))
    return f"<{node.tag}{attrs}>" + "".join(c if isinstance(c, str) else _outer(c) for c in node.children) + f"</{node.tag}>"


def test_a_new_round_is_drawn_alone_and_the_log_reads_as_if_drawn_whole(world):
    # Intent: from the second round on, a round's update names only the new round (it takes the
    # latest round's place, the one before it folded away) and the log's count: the log is not
    # drawn again whole; what the page then holds is the log drawn whole, element for element.
    dom, page = fight_mode(world, long_evening_link())
    for n in range(2, 8):
        update = page.on_roll(dom.values("fd-list"))
        dom.apply(update)
        assert not update.replaced  # the table first: the log just after, when the glue asks
        update = page.drawn_later()
        dom.apply(update)
        assert "fl-out" not in update.html
        assert set(update.replaced) == {render.LATEST_ID}
        assert update.attributes[render.LOG_ID] == {"data-rounds": str(n)}
        whole = Page(f'<div id="fl-out">{to_html(render.render_log(page.results))}</div>')
        assert log_text(dom) == log_text(whole)
    assert dom.select("fr-round", under="fl-out")[0].attrs["data-round"] == "7"
    assert len(dom.select("fr-old", under="fl-out")) == 6
    # An earlier round is folded away with its summary only, and drawn when opened.
    assert [n.attrs.get("data-round") for n in dom.select("fr-round", under="fl-out")] == ["7"]
    dom.apply(page.on_log_toggle({"id": "fr-old-3", "round": "3"}))
    opened = dom["fr-old-3"]
    assert opened.children[0].tag == "summary" and opened.children[0].text() == "Round 3"
    assert [n.attrs["data-round"] for n in dom.select("fr-round", under="fr-old-3")] == ["3"]
    for data in ({"round": "7"}, {"round": "0"}, {"round": "x"}, {"id": "fd-0-working"}):
        assert page.on_log_toggle(data) == Update()
    # Undo draws the log whole again, and the next round is drawn alone again.
    dom.apply(page.on_undo())
    assert dom["fr-log"].attrs["data-rounds"] == "6"
    dom.apply(page.on_roll(dom.values("fd-list")))
    update = page.drawn_later()
    assert "fl-out" not in update.html
    dom.apply(update)
    assert log_text(dom) == log_text(Page(f'<div id="fl-out">{to_html(render.render_log(page.results))}</div>'))


def test_the_link_made_round_by_round_is_the_whole_fights_and_300_rounds_open(world):
    # Intent: the link fight mode makes after each round (packing only the new round) is the one the
    # whole log makes, and a fight of 300 rounds (more than the 200 a log once held)
    # opens from it to the same state.
    dom, page = fight_mode(world, long_evening_link())
    for _ in range(299):
        page.on_roll({})
        if len(page.results) % 50 == 0:
            assert page.link() == to_link(page.log)
    assert len(page.results) == 300
    assert page.link() == to_link(page.log)
    tables, locations, _ = world
    from pyengine.runequest.melee.build import melee_tables

    opened = read_any(page.link())
    assert len(opened.rounds) == 300
    assert replay(opened, melee_tables(tables, locations)).state == page.state()
    # And a reload (a new controller on the same storage) comes back to round 301.
    again = FightPage(tables, locations, page.store, RandomDice(4))
    again.open({})
    assert again.state() == page.state() and len(again.results) == 300


def test_a_round_the_link_cannot_carry_is_refused_and_the_fight_stays(world, monkeypatch):
    # Intent: past the most rounds a link holds, "Resolve" says why the round was not added and what to
    # do; the fight, its link and what is kept on the device stay as they were.
    monkeypatch.setattr(fight_rounds, "MAX_ROUNDS", 3)
    dom, page = fight_mode(world, long_evening_link())
    for _ in range(2):
        dom.apply(page.on_roll(dom.values("fd-list")))
    link, draft = page.link(), page.store.get(FIGHT_DRAFT)
    update = page.on_roll(dom.values("fd-list"))
    assert "Round 4 was not added: a fight holds 3 rounds at most" in update.notices["fd-form-error"]
    assert "situation now" in update.notices["fd-form-error"]
    assert len(page.results) == 3 and page.link() == link
    assert json.loads(page.store.get(FIGHT_DRAFT))["link"] == json.loads(draft)["link"]


def test_the_linker_writes_to_links_links_for_every_golden_fight_as_it_grows():
    # Intent: Linker (fight mode's link after each round) is to_link character for character, for
    # every golden fight cut after each of its rounds, including one whose combatant left.
    from pathlib import Path

    golden = Path(__file__).resolve().parents[2] / "golden"
    for file in sorted(golden.glob("fight*.link")):
        log = read_any(file.read_text(encoding="utf-8").strip())
        linker = Linker()
        for n in range(len(log.rounds) + 1):
            part = msgspec.structs.replace(log, rounds=log.rounds[:n], left=tuple(g for g in log.left if g.after <= n))
            assert linker.link(part) == to_link(part), (file.name, n)
        assert linker.link(log) == to_link(log)


def test_kept_rounds_give_back_every_round_as_it_was_resolved(world):
    # Intent: the rounds kept packed read back equal, in order, reversed, by index and slice; undo
    # takes the last one off and the one before it is the last again.
    tables, locations, _ = world
    from pathlib import Path

    from pyengine.runequest.melee.build import melee_tables

    golden = Path(__file__).resolve().parents[2] / "golden" / "fight-12x30.link"
    rounds = replay(read_any(golden.read_text(encoding="utf-8").strip()), melee_tables(tables, locations)).rounds
    kept = KeptRounds(rounds)
    assert len(kept) == 30 and bool(kept) and not KeptRounds()
    assert list(kept) == list(rounds) and list(reversed(kept)) == list(reversed(rounds))
    assert kept[0] == rounds[0] and kept[-1] is rounds[-1] and kept[3:6] == list(rounds[3:6])
    assert kept.pop() is rounds[-1] and kept[-1] == rounds[-2] and len(kept) == 29
    with pytest.raises(IndexError):
        kept[29]
