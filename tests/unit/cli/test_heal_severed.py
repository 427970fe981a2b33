"""``python -m pyengine heal`` with a limb severed for good: weeks after the 2 full turns closed, the
command still says the limb is useless and that he is not unhurt (RQ-132). The seed: "Only a 6-point
Healing spell or potion, applied within 2 full turns, will reknit the limb"; "Arm — the limb is useless"."""

from __future__ import annotations

import json

from pyengine import cli


def test_heal_over_weeks_after_the_window_keeps_the_arm_useless_in_words_and_json(capsys):
    """Intent: the tried input of the issue: a blow that severs, the 2 full turns past, weeks of rest."""
    argv = ["heal", "--hit-points", "14", "--blow", "left_arm=10", "--turns", "3", "--weeks", "12"]
    assert cli.main([*argv, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["wounds"]["severed"] == {"left_arm": 0}
    assert out["hit_points_left"] == 14, "the wound itself heals"
    assert out["condition"] == "fighting" and out["wounds"]["condition"] == "fighting"
    assert any("left arm useless: severed for good" in s["text"] for s in out["working"])
    assert cli.main(argv) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last == "fighting; left arm useless: severed for good; hit points 14 of 14"
