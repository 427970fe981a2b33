"""A fight's rounds as resolved, kept for a long evening: the last one as it is (what the page works
from), the ones before it as msgpack bytes, compressed, decoded again when asked for (drawing the whole log, an
export, undo, writing the results to the sheets).

A resolved round of six is ~16 KB of Python objects (its events with their exchanges and working,
everyone's state after it), ~11 KB as msgpack and ~2 KB compressed: 300 rounds in one page without a
reload grew Pyodide's memory by 15 % kept as objects (docs/architecture.md, "A long evening").
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Iterator, Sequence
from typing import overload

import msgspec

from pyengine.runequest.melee.round import RoundResult

_ENCODER = msgspec.msgpack.Encoder()
_DECODER = msgspec.msgpack.Decoder(RoundResult)


def _unpack(blob: bytes) -> RoundResult:
    return _DECODER.decode(zlib.decompress(blob))


class KeptRounds(Sequence[RoundResult]):
    """The rounds resolved so far, oldest first, as a sequence of :class:`RoundResult`."""

    def __init__(self, rounds: Iterable[RoundResult] = ()) -> None:
        self._packed: list[bytes] = []
        self._last: RoundResult | None = None
        for result in rounds:
            self.append(result)

    def __len__(self) -> int:
        return len(self._packed) + (self._last is not None)

    @overload
    def __getitem__(self, k: int) -> RoundResult: ...

    @overload
    def __getitem__(self, k: slice) -> list[RoundResult]: ...

    def __getitem__(self, k: int | slice) -> RoundResult | list[RoundResult]:
        if isinstance(k, slice):
            return [self[i] for i in range(*k.indices(len(self)))]
        n = len(self)
        i = k + n if k < 0 else k
        if not 0 <= i < n:
            raise IndexError(f"round index {k} out of range ({n} rounds)")
        if i == n - 1:
            assert self._last is not None
            return self._last
        return _unpack(self._packed[i])

    def __iter__(self) -> Iterator[RoundResult]:
        for blob in list(self._packed):
            yield _unpack(blob)
        if self._last is not None:
            yield self._last

    def append(self, result: RoundResult) -> None:
        """A round more (the one before it is packed)."""
        if self._last is not None:
            self._packed.append(zlib.compress(_ENCODER.encode(self._last), 6))
        self._last = result

    def pop(self) -> RoundResult:
        """The last round taken off (undo). :raises IndexError: no round."""
        if self._last is None:
            raise IndexError("no round to take back")
        last = self._last
        self._last = _unpack(self._packed.pop()) if self._packed else None
        return last
