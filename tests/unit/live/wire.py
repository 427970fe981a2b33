"""An in-memory transport for the live table's tests: the game master's side and the players' phones
joined by a pair of queues per channel, in order, as a data channel delivers; a channel can be dropped
(a phone asleep) and a new one opened (the phone back, or reloaded). It counts the bytes each way."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pyengine.live.guest import Guest, Heard
from pyengine.live.host import Event, Out


class Clock:
    """Seconds, moved by hand."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Secrets:
    """An injected random source that counts what it gave (each call new bytes)."""

    def __init__(self, seed: int) -> None:
        self.seed, self.calls = seed, 0

    def __call__(self, n: int) -> bytes:
        self.calls += 1
        return bytes((self.seed * 31 + self.calls * 7 + i) % 256 for i in range(n))


@dataclass
class Phone:
    """A player's phone: its guest, what it heard, its channel (``None``: not connected)."""

    guest: Guest
    peer: int | None = None
    heard: list[Heard] = field(default_factory=list)
    inbox: deque[bytes] = field(default_factory=deque)
    page: Any = None
    """A player's page over the guest (``received(data) -> (Update, sends)``): frames go through it."""

    def kinds(self) -> list[str]:
        return [h.kind for h in self.heard]


class Wire:
    """``received(peer, data) -> Out`` and ``dropped(peer) -> Out``: the game master's side (a bare
    :class:`~pyengine.live.host.Host`, or fight mode's live table, whose ``received`` also gives an Update)."""

    def __init__(self, received: Callable[[int, bytes], object], dropped: Callable[[int], Out]) -> None:
        self._received = received
        self._dropped = dropped
        self.to_host: deque[tuple[int, bytes]] = deque()
        self.phones: dict[int, Phone] = {}
        self.events: list[Event] = []
        self.updates: list[object] = []
        self._peers = 0
        self.bytes_to_phones = 0
        self.bytes_to_host = 0

    def connect(self, phone: Phone, wants: tuple[str, ...] = ()) -> int:
        """A new channel for the phone; it says hello."""
        self._peers += 1
        phone.peer = self._peers
        self.phones[phone.peer] = phone
        self.send(phone, phone.guest.hello(wants))
        return phone.peer

    def send(self, phone: Phone, data: bytes) -> None:
        assert phone.peer is not None
        self.to_host.append((phone.peer, data))

    def drop(self, phone: Phone) -> None:
        """The phone's channel closed (asleep, out of range): what was on the way is lost."""
        assert phone.peer is not None
        peer, phone.peer = phone.peer, None
        self.phones.pop(peer, None)
        phone.inbox.clear()
        self.to_host = deque((p, d) for p, d in self.to_host if p != peer)
        self.deliver(self._dropped(peer))

    def deliver(self, out: Out) -> None:
        self.events += out.events
        for send in out.sends:
            phone = self.phones.get(send.peer)
            if phone is not None:
                self.bytes_to_phones += len(send.data)
                phone.inbox.append(send.data)
        for peer in out.closed:
            phone = self.phones.pop(peer, None)
            if phone is not None:
                self._drain(phone)
                phone.peer = None

    def _drain(self, phone: Phone) -> None:
        while phone.inbox:
            data = phone.inbox.popleft()
            if phone.page is not None:
                sends = phone.page.received(data)[1]
            else:
                got = phone.guest.received(data)
                phone.heard += got.heard
                sends = got.sends
            for data in sends:
                if phone.peer is not None:
                    self.send(phone, data)

    def pump(self) -> None:
        """Everything on the way delivered, both ways, until nothing moves."""
        for _ in range(10_000):
            moved = False
            for phone in list(self.phones.values()):
                if phone.inbox:
                    moved = True
                    self._drain(phone)
            if self.to_host:
                moved = True
                peer, data = self.to_host.popleft()
                self.bytes_to_host += len(data)
                got = self._received(peer, data)
                if isinstance(got, tuple):
                    update, got = got
                    self.updates.append(update)
                self.deliver(got)
            if not moved:
                return
        raise AssertionError("the wire never went quiet")
