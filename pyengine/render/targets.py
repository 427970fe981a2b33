"""The shrapnel page's "Target" choices: someone not saved, then each group of targets
(:class:`pyengine.pages.targets.Target`: ``key``, ``name``, ``group``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pyengine.html import el, to_html


def target_choices(targets: Iterable[Any], *, selected: str = "", linked: str = "") -> str:
    """The "Target" choices: someone not saved (the typed armour), then each group; ``linked``:
    a target named by a link opened here (``link``)."""
    parts = [to_html(el("option", {"value": ""}, "Someone else: the armour typed below"))]
    if linked:
        parts.append(to_html(el("option", {"value": "link", **_chosen(selected == "link")}, f"{linked} (from the link)")))
    groups: dict[str, list[Any]] = {}
    for target in targets:
        groups.setdefault(target.group, []).append(target)
    for group, members in groups.items():
        node = el("optgroup", {"label": group})
        for target in members:
            node.append(el("option", {"value": target.key, **_chosen(selected == target.key)}, target.name))
        parts.append(to_html(node))
    return "".join(parts)


def _chosen(yes: bool) -> dict[str, str]:
    return {"selected": "selected"} if yes else {}
