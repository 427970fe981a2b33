"""The device's storage, below the library and the pages: the store protocol
(:class:`~pyengine.storage.store.Store`, text by key as Web Storage keeps it), the
:class:`~pyengine.storage.store.MemoryStore` tests use, and every storage key
(:mod:`pyengine.storage.keys`). It imports nothing of the library or the pages.

- ``store``  the protocol, :class:`MemoryStore`, :class:`Crashed`
- ``keys``   where everything is kept: the one place a storage key is spelled
"""
