"""Junk of every JSON shape, drawn fast from a seeded :class:`random.Random`: the 10,000-example
runs of the decoder fuzz tests.

Hypothesis draws the same shapes (``st.recursive`` over the same leaves and words) with
shrinking and its bias to edge cases, but at about 4 ms an example; here an example costs
tens of microseconds, so every decoder meets 10,000 of them in every run and Hypothesis
keeps a smaller run of its own beside. The leaves lean to edges the way Hypothesis's do:
the ends of every range, NaN and the infinities, empty and control-character text.

A run's seed is new each time, as Hypothesis's are; a failure names the seed and the example,
and ``STRIKE_RANK_FUZZ_SEED=<seed>`` runs exactly that again.
"""

from __future__ import annotations

import copy
import math
import os
import random
from collections.abc import Callable, Sequence
from typing import Any

EXAMPLES = 10_000

#: Characters text is made of: mostly printable ASCII, then controls, then any other code
#: point but the surrogates (which Hypothesis's ``st.text()`` leaves out too).
_ASCII = [chr(c) for c in range(32, 127)]
_CONTROLS = [chr(c) for c in [*range(32), 127, 0x85, 0xA0, 0x2028, 0xFEFF]]
_FLOATS = [0.0, -0.0, 1.0, -1.0, 0.5, 1e-308, 5e-324, 1.7976931348623157e308, math.inf, -math.inf, math.nan, 2.0**53, 1e16]


class Junk:
    """One example's worth of random choices, shaped like the tests' Hypothesis strategies."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def integer(self, low: int, high: int) -> int:
        roll = self.rng.random()
        if roll < 0.2:
            return self.rng.choice([low, high, min(max(0, low), high), min(low + 1, high), max(high - 1, low)])
        return self.rng.randint(low, high)

    def floating(self) -> float:
        if self.rng.random() < 0.4:
            return self.rng.choice(_FLOATS)
        return self.rng.uniform(-1e6, 1e6) if self.rng.random() < 0.7 else float(self.rng.randint(-1000, 1000))

    def character(self) -> str:
        roll = self.rng.random()
        if roll < 0.7:
            return self.rng.choice(_ASCII)
        if roll < 0.85:
            return self.rng.choice(_CONTROLS)
        while True:
            point = self.rng.randint(0x80, 0x10FFFF)
            if not 0xD800 <= point <= 0xDFFF:
                return chr(point)

    def text(self, max_size: int) -> str:
        return "".join(self.character() for _ in range(self.integer(0, max_size)))

    def binary(self, max_size: int) -> bytes:
        return self.rng.randbytes(self.integer(0, max_size))

    def leaf(self, words: Sequence[str], low: int = -3, high: int = 1001, floats: bool = True) -> Any:
        kind = self.rng.randrange(6 if floats else 5)
        if kind == 0:
            return None
        if kind == 1:
            return self.rng.random() < 0.5
        if kind == 2:
            return self.integer(low, high)
        if kind == 3:
            return self.text(6)
        if kind == 4:
            return self.rng.choice(words)
        return self.floating()

    def mutated(self, samples: Sequence[Any], words: Sequence[str], max_steps: int) -> Any:
        """A copy of one of ``samples`` (builtins: dicts and lists) with one value, up to ``max_steps`` levels
        down a random path, replaced by :meth:`data`: junk that mostly still looks like the real thing."""
        data = copy.deepcopy(self.rng.choice(samples))
        node = data
        for _ in range(self.integer(0, max_steps)):
            keys = list(node) if isinstance(node, dict) else list(range(len(node))) if isinstance(node, list) else []
            if not keys:
                break
            key = self.rng.choice(keys)
            if self.rng.random() < 0.5 and isinstance(node[key], (dict, list)) and node[key]:
                node = node[key]
                continue
            node[key] = self.data(words)
            break
        return data

    def data(self, words: Sequence[str], max_leaves: int = 14, **leaf: Any) -> Any:
        """A leaf, or lists (up to 4 items) and dicts (up to 5 keys, a word or short text)
        nested around leaves, ``max_leaves`` of them at most (``st.recursive``'s shape)."""
        budget = [self.integer(1, max_leaves)]

        def draw(depth: int) -> Any:
            if budget[0] <= 1 or depth > 6 or self.rng.random() < 0.35:
                budget[0] -= 1
                return self.leaf(words, **leaf)
            if self.rng.random() < 0.5:
                return [draw(depth + 1) for _ in range(self.integer(0, 4)) if budget[0] > 0]
            out: dict[str, Any] = {}
            for _ in range(self.integer(0, 5)):
                if budget[0] <= 0:
                    break
                key = self.rng.choice(words) if self.rng.random() < 0.6 else self.text(4)
                out[key] = draw(depth + 1)
            return out

        return draw(0)


def run(check: Callable[[Any], None], draw: Callable[[Junk], Any], examples: int = EXAMPLES) -> None:
    """Draws ``examples`` inputs and checks each; a failure says which, and how to see it again."""
    seed = int(os.environ.get("STRIKE_RANK_FUZZ_SEED") or random.randrange(2**32))
    rng = random.Random(seed)
    junk = Junk(rng)
    for number in range(1, examples + 1):
        example = draw(junk)
        try:
            check(example)
        except Exception as exc:  # noqa: BLE001 - any failure is reported with its example
            shown = repr(example)
            if len(shown) > 2000:
                shown = shown[:2000] + f"… ({len(shown) - 2000} more characters)"
            raise AssertionError(f"example {number} of seed {seed} (STRIKE_RANK_FUZZ_SEED={seed} draws it again): "
                                 f"{shown}\n{type(exc).__name__}: {exc}") from exc

