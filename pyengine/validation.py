"""Turning msgspec's validation errors into messages that name the field and the value found.

Shared by every decoder of outside data (share-link states, stored records), so each
says ``state.pieces[0].areas[1]: Invalid enum value 'tail' (found 'tail')`` the same way.
"""

from __future__ import annotations

import re

import msgspec

_AT = re.compile(r" - at `\$(.*)`$")
_STEP = re.compile(r"\.([A-Za-z_]\w*)|\[(\d+)\]")


def value_at(data: object, path: str) -> object:
    """The value a msgspec error path (``.entries[0].item.cover``) points at, or ``"(missing)"``."""
    value = data
    for field, index in _STEP.findall(path):
        try:
            value = value[field] if field else value[int(index)]  # type: ignore[index]
        except (KeyError, IndexError, TypeError):
            return "(missing)"
    return value


def explain(exc: msgspec.ValidationError, data: object, root: str = "state", limit: int | None = 80) -> str:
    """A validation error as ``state.entries[0].item.cover: Expected `int` >= 0 (found -1)``.

    ``limit`` cuts the shown value's repr to that many characters (``None``: whole).
    """
    message = str(exc)

    def shown(value: object) -> str:
        text = repr(value)
        return text if limit is None else text[:limit]

    found = _AT.search(message)
    if not found:
        return f"{message} (found {repr(data)[:80]})"
    path = found.group(1)
    where = root + path
    if "key` in" in message:  # a bad map key: "… - at `key` in `$.special`" has no value to show
        return f"{where}: {message[: found.start()]}"
    return f"{where}: {message[: found.start()]} (found {shown(value_at(data, path))})"
