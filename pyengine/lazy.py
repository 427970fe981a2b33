"""A package's public API, each name imported from its module when first asked for (PEP 562).

A rule set's ``__init__`` names what a caller uses without importing it, so importing one
module of the package does not import them all (a page's first visit compiles every module
it imports; docs/startup.md)::

    API = {"resolve_exchange": "exchange", "NoRollLeft": "pyengine.dice", "resolve_critical": "resolve:resolve"}
    __getattr__, __dir__ = lazy_api(__name__, API)

A home is a module of the package (``"exchange"``) or a whole module name (``"pyengine.dice"``),
with ``":attribute"`` when the name there differs from the public one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


def lazy_api(package: str, api: Mapping[str, str]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package`` for its public names ``api``."""
    namespace = import_module(package).__dict__

    def __getattr__(name: str) -> Any:
        home = api.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module, _, attribute = home.partition(":")
        full = module if module.startswith("pyengine.") else f"{package}.{module}"
        value = namespace[name] = getattr(import_module(full), attribute or name)
        return value

    def __dir__() -> list[str]:
        return sorted({*namespace, *api})

    return __getattr__, __dir__
