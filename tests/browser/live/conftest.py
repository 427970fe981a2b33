"""The live table's browser tests run only in the network namespace ``python3 build.py test``
makes for them (``tools/netns.py``): anywhere else they fail, saying what they need, rather than
reach the machine's network or pass having tested nothing."""

from __future__ import annotations

import pytest

from tools import netns


@pytest.fixture(autouse=True)
def own_network_namespace():
    """Fails the test unless it runs in the namespace made for it."""
    if not netns.inside():
        why = netns.unavailable() or "this run did not go through `python3 build.py test`, which makes it"
        pytest.fail(f"{netns.NEEDS} ({why})", pytrace=False)
    return netns.ADDRESS
