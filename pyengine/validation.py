"""Messages about outside data (links, files, stored records) in a player's words.

Shared by every decoder of outside data, so each says what is wrong the same way:

* :func:`shown` quotes a value found in the input, cut to a readable size, saying how much
  more there was (``'Rurik the…' (3,120 more characters)``, ``[{'areas': ['head']}, … 998 more]``):
  a message never repeats a whole link or file.
* :func:`explain` turns msgspec's validation error (``Expected `int` >= 1 - at `$.pieces[0].roll```)
  into ``piece 1, roll: should be a whole number of at least 1 (found 0)``: the place in the
  fields' own words (:func:`place`), the rule in plain words (:func:`plain`).
* :func:`not_json` says why a file's text is not JSON without the decoder's own words.

A message names a place as words (``fighter 2 ('Rurik'), weapon 1, name``), never as a code path
(``$.fight.combatants[1].arms[0].name``); a value from the input is always quoted (``repr``).
"""

from __future__ import annotations

import json
import re

import msgspec

_AT = re.compile(r" - at `\$(.*)`$")
_KEY_AT = re.compile(r" - at `key` in `\$(.*)`$")
_STEP = re.compile(r"\.([A-Za-z_]\w*)|\[(\d+)\]|(\[\.\.\.\])")

#: How many characters of a value a message shows.
SHOWN = 60

#: Fields whose items a message names with another word than the field's own, one item each.
_ITEM_WORDS = {
    "combatants": "fighter", "arms": "weapon", "entries": "item", "pieces": "piece", "intents": "statement",
    "rounds": "round", "parries": "parry", "actions": "action", "areas": "area", "limbs": "limb", "covered": "covered area",
    "rolls": "roll", "terms": "dice term", "gear": "gear line", "weapons": "weapon line", "armour": "armour line",
    "c": "fighter", "w": "weapon", "r": "round", "l": "location", "left": "fighter who left",
}
#: Fields that only group others: a place leaves them out.
_SILENT = {"fight", "item", "data", "state"}
#: Field names as the pages say them.
_FIELD_WORDS = {"entries": "items", "hp": "hit points", "dex_sr": "DEX strike rank", "sr": "strike rank", "v": "version", "n": "name"}

_TYPE_WORDS = {
    "int": "a whole number", "float": "a decimal number", "str": "text", "bool": "true or false", "null": "null",
    "array": "a list", "object": "a set of named fields", "bytes": "binary data", "Any": "a value",
}
_KIND_WORDS = {bool: "true or false", int: "a whole number", float: "a decimal number", str: "text", bytes: "binary data",
               list: "a list", tuple: "a list", dict: "a set of named fields"}


def cut(text: str, most: int = SHOWN) -> str:
    """``text`` as a message shows it: at most ``most`` characters, then ``…`` and how many more there were."""
    if len(text) <= most:
        return text
    return f"{text[:most]}\u2026 ({_more(len(text) - most)})"


def _more(count: int) -> str:
    return f"{count:,} more character" + ("" if count == 1 else "s")


def shown(value: object, most: int = SHOWN, *, as_json: bool = False) -> str:
    """A value from the input as a message quotes it (``repr``, or JSON's way: ``as_json``), cut to
    about ``most`` characters.

    Text is cut inside its quotes (``'abc…' (120 more characters)``); a list or map too long to show
    whole shows its first item and how many more there are; nothing else is long enough to cut.
    """
    quote = _json_text if as_json else repr
    if isinstance(value, str):
        if len(value) <= most:
            return quote(value)
        return f"{quote(value[:most])}\u2026 ({_more(len(value) - most)})"
    if isinstance(value, (list, tuple, dict)):
        text = quote(value)
        if len(text) <= most:
            return text
        if not value:  # pragma: no cover - an empty list or map is short
            return text
        more = f", \u2026 {len(value) - 1:,} more" if len(value) > 1 else ""
        if isinstance(value, dict):
            key, item = next(iter(value.items()))
            return f"{{{shown(key, most // 3, as_json=as_json)}: {shown(item, most // 2, as_json=as_json)}{more}}}"
        return f"[{shown(value[0], most // 2, as_json=as_json)}{more}]"
    return cut(quote(value), most)


def _json_text(value: object) -> str:
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):  # pragma: no cover - what a JSON file held always writes back
        return repr(value)


def kind_of(value: object) -> str:
    """What a value is, in words: ``a list``, ``text``, ``null`` …"""
    if value is None:
        return "null"
    return _KIND_WORDS.get(type(value), "a value of another kind")


def value_at(data: object, path: str) -> object:
    """The value a msgspec error path (``.entries[0].item.cover``) points at, or ``"(missing)"``."""
    value = data
    for field, index, _ in _STEP.findall(path):
        try:
            value = value[field] if field else value[int(index)]  # type: ignore[index]
        except (KeyError, IndexError, TypeError, ValueError):
            return "(missing)"
    return value


def field_words(name: str) -> str:
    """A field's name as the pages say it: ``hit_points`` as ``hit points``."""
    return _FIELD_WORDS.get(name, name.replace("_", " "))


def place(path: str, data: object = None) -> str:
    """A msgspec error path (``.fight.combatants[1].arms[0].name``) in words: ``fighter 2 ('Rurik'),
    weapon 1, name``; ``""`` for the whole. An item that has a name says it (found in ``data``)."""
    words: list[str] = []
    value = data
    field = ""
    for name, index, any_key in _STEP.findall(path):
        if name:
            if field and field not in _SILENT:
                words.append(field_words(field))
            field = name
            value = value.get(name) if isinstance(value, dict) else None
        elif index:
            k = int(index)
            item = _ITEM_WORDS.get(field) or (field[:-1] if field.endswith("s") else f"{field}, item" if field else "item")
            value = value[k] if isinstance(value, (list, tuple)) and k < len(value) else None
            named = next((value[key] for key in ("name", "n", "who") if key in value), None) if isinstance(value, dict) else None
            words.append(f"{field_words(item)} {k + 1}" + (f" ({shown(named, 24)})" if isinstance(named, str) and named else ""))
            field = ""
        elif any_key:
            if field and field not in _SILENT:
                words.append(field_words(field))
            words.append("an entry")
            field, value = "", None
    if field and field not in _SILENT:
        words.append(field_words(field))
    return ", ".join(words)


def _types(spec: str) -> str:
    parts = [_TYPE_WORDS.get(p.strip(), "a value of another kind") for p in spec.split("|")]
    return " or ".join(dict.fromkeys(parts))


_BOUND = {">=": "of at least", "<=": "of at most", ">": "greater than", "<": "less than"}
_RULES = (
    (re.compile(r"Expected `(.+?)`, got `(.+?)`$"), lambda m: f"should be {_types(m[1])}, not {_types(m[2])}"),
    (re.compile(r"Expected `str` of length >= 1$"), lambda m: "is empty; it should be text"),
    (re.compile(r"Expected `(?:array|object)` of length >= 1$"), lambda m: "is empty; it should list at least one"),
    (re.compile(r"Expected `str` of length ([<>]=?) (\d+)$"),
     lambda m: f"should be {'at most' if m[1].startswith('<') else 'at least'} {m[2]} characters long"),
    (re.compile(r"Expected `(?:array|object)` of length ([<>]=?) (\d+)$"),
     lambda m: f"should list {'at most' if m[1].startswith('<') else 'at least'} {m[2]}"),
    (re.compile(r"Expected `(?:array|object)` of length (\d+), got (\d+)$"), lambda m: f"should list {m[1]}, not {m[2]}"),
    (re.compile(r"Expected `(.+?)` (>=|<=|>|<) (-?[\d.e+]+)$"),
     lambda m: f"should be {_types(m[1])} {_BOUND[m[2]]} {m[3]}"),
    (re.compile(r"Expected `str` matching regex .*$"), lambda m: "is not in the right form"),
    (re.compile(r"Expected `(.+?)` that's a multiple of (.+)$"), lambda m: f"should be a multiple of {m[2]}"),
    (re.compile(r"Expected `(.+?)`$"), lambda m: f"should be {_types(m[1])}"),
    (re.compile(r"Object missing required field `(.+)`$"), lambda m: f"has no {field_words(m[1])}; it needs one"),
    (re.compile(r"Object contains unknown field `(.*)`$", re.S),
     lambda m: f"has a field this app does not know: {shown(m[1], 24)}"),
    (re.compile(r"Invalid enum value (.*)$", re.S), lambda m: "is not one this app knows"),
    (re.compile(r"Invalid value (.*)$", re.S), lambda m: "is not one this app knows"),
)


def plain(message: str) -> str:
    """msgspec's words for a rule (``Expected `int` >= 1``) as plain words (``should be a whole
    number of at least 1``); a message of the project's own (a check in a Struct) as it is."""
    for rule, words in _RULES:
        m = rule.match(message)
        if m:
            return words(m)
    return message


def explain(exc: msgspec.ValidationError, data: object, root: str = "state", limit: int = SHOWN, *, within: str = "") -> str:
    """A validation error as ``item 1, cover: should be a whole number of at least 0 (found -1)``: the
    place in words (``root`` when it is the whole: ``state: should be a set of named fields, not a
    list``), what is wrong, and the value found there, cut to ``limit`` characters. ``within``: the
    words of the part ``data`` is, put before the place."""
    message = str(exc)
    key = _KEY_AT.search(message)
    if key:  # a bad map key: "… - at `key` in `$.special`" has no value to show
        where = ", ".join(w for w in (within, place(key.group(1), data)) if w) or f"the {root}"
        rule = message[: key.start()]
        named = re.match(r"Invalid (?:enum )?value (.*)$", rule, re.S)
        if named:  # msgspec quotes the key it does not know
            return f"{where}: the key {cut(named.group(1), 40)} is not one this app knows"
        return f"{where}: a key {plain(rule)}"
    found = _AT.search(message)
    path = found.group(1) if found else ""
    rule = message[: found.start()] if found else message
    where = ", ".join(w for w in (within, place(path, data)) if w) or f"the {root}"
    value = value_at(data, path)
    words = plain(rule)
    if words == rule or rule.startswith(("Object missing", "Object contains")) or value in ("(missing)", "", [], {}):
        return f"{where}: {words}"  # a check of the project's own names the value itself
    return f"{where}: {words} (found {shown(value, limit)})"


def said(exc: msgspec.ValidationError) -> str:
    """A validation error in words when the data it was about is not at hand (``weapon 1, name: is empty; …``)."""
    message = str(exc)
    found = _AT.search(message) or _KEY_AT.search(message)
    if not found:
        return plain(message)
    where = place(found.group(1))
    rule = plain(message[: found.start()])
    return f"{where}: {rule}" if where else rule


def not_json(exc: msgspec.DecodeError) -> str:
    """Why a text is not JSON, without the decoder's words: ``not JSON (it goes wrong at byte 12)``."""
    message = str(exc)
    at = re.search(r"\(byte (\d+)\)", message)
    if at:
        return f"not JSON (it goes wrong at byte {int(at.group(1)) + 1})"
    if "truncated" in message:
        return "not JSON (it stops short)"
    return "not JSON"
