"""The fight link's compact form (fight link version 6): the same log in fewer characters.

A version 5 link writes every combatant's every arm in full — the weapon's name, damage, hit
points and ENC, and then the same again under its parry — and every statement of every round.
Version 6 writes, for each combatant, a short map (``n`` name, ``s`` side, ``a`` STR CON SIZ DEX,
``hp``, ``l`` the seven locations' points in ``LOCATION_KEYS`` order, ``x`` DEX SR, ``w`` arms,
``ar`` armour: one number when every location has it, else seven, ``d`` Defense, ``b`` damage
bonus, ``m`` movement, ``h``/``p`` the arms in hand / prepared by their place in ``w``, ``ch`` the
character, ``st`` the start as version 5 writes it); for each arm only what differs from what the arm
implies (a weapon called as the arm, a parry with the weapon's hit points, damage and kind of blade);
for each round ``[statements, rolls]``, where a statement the same as that combatant's last one is
written as his place in the fight (a number). Nothing is written that the reader can work out;
results never are (the rounds are replayed). docs/formats.md, "Share-link kind fight", version 6.

:func:`expand` turns version 6's data back into version 5's, which the log's reader validates field
by field: a damaged compact form fails there or here, as a :class:`~pyengine.errors.ShareLinkError`.
"""

from __future__ import annotations

from typing import Any

import msgspec

from pyengine.errors import ShareLinkError
from pyengine.runequest.combat.model import Parry, Weapon
from pyengine.runequest.melee.catalogue import CATALOGUE
from pyengine.runequest.melee.model import Arm, Combatant
from pyengine.runequest.vocabulary import LOCATION_KEYS
from pyengine.validation import kind_of, shown

#: The seven locations, in the order a compact combatant lists their points and armour.
ORDER = tuple(LOCATION_KEYS.values())
#: Parry fields that, left out, are the arm's weapon's (or, with no weapon, the field's default).
PARRY_FROM_WEAPON = ("hp", "damage", "long_hafted", "short_stabbing")
#: Arm fields by their short key in the compact form.
ARM_KEYS = {"n": "name", "r": "ref", "a": "attack", "s": "sr", "h": "hands", "rt": "rate", "g": "grapple"}
_ARM_DEFAULTS = {"ref": "", "attack": None, "sr": 0, "hands": "right", "rate": None, "grapple": False}


def _defaults(kind: type[msgspec.Struct]) -> dict[str, Any]:
    out = {}
    for f in msgspec.structs.fields(kind):
        if f.default is not msgspec.NODEFAULT:
            out[f.name] = f.default
        elif f.default_factory is not msgspec.NODEFAULT:
            out[f.name] = f.default_factory()
    return out


_WEAPON = _defaults(Weapon)
_PARRY = _defaults(Parry)


def _differs(value: msgspec.Struct, implied: dict[str, Any]) -> dict[str, Any]:
    """``value``'s fields that are not what ``implied`` (then the field's default) says, as builtins."""
    full = msgspec.to_builtins(value)
    defaults = _WEAPON if isinstance(value, Weapon) else _PARRY
    return {k: v for k, v in full.items() if v != implied.get(k, defaults.get(k, msgspec.UNSET))}


def _implied(ref: str, name: str) -> tuple[str, dict[str, Any] | None, dict[str, Any]]:
    """What an arm of table id ``ref`` called ``name`` implies when the link does not say: its name, its weapon
    (from the frozen :data:`~.catalogue.CATALOGUE`), and its parry less the chance (a shield's kind and points,
    a weapon's hit points, damage and kind of blade)."""
    table_name, weapon, absorbs = CATALOGUE.get(ref, ("", None, None))
    return table_name, weapon, _parry_implied(name, weapon, absorbs)


def _parry_implied(arm_name: str, weapon: dict[str, Any] | None, absorbs: int | None = None) -> dict[str, Any]:
    implied: dict[str, Any] = {"name": arm_name, "kind": "weapon" if absorbs is None else "shield", "absorbs": absorbs}
    if weapon is not None:
        implied |= {k: weapon.get(k, _WEAPON.get(k)) for k in PARRY_FROM_WEAPON}
    return implied


def pack_arm(arm: Arm) -> dict[str, Any]:
    """An arm as the compact form writes it: what differs from what its table id implies."""
    table_name, table_weapon, _ = _implied(arm.ref, arm.name)
    out: dict[str, Any] = {} if arm.name == table_name else {"n": arm.name}
    for short, name in ARM_KEYS.items():
        value = getattr(arm, name)
        if short != "n" and value != _ARM_DEFAULTS[name]:
            out[short] = value
    weapon = msgspec.to_builtins(arm.weapon) if arm.weapon is not None else None
    if weapon is None:
        if table_weapon is not None:
            out["w"] = None
    else:
        differs = _differs(arm.weapon, table_weapon or {"name": arm.name})
        if differs or table_weapon is None:
            out["w"] = differs
    if arm.parry is not None:
        _, _, implied = _implied(arm.ref, arm.name)
        if weapon is not None:
            implied |= {k: weapon.get(k, _WEAPON.get(k)) for k in PARRY_FROM_WEAPON}
        out["p"] = _differs(arm.parry, implied)
    return out


def unpack_arm(data: dict[str, Any]) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise _Damaged(f"is {kind_of(data)}, not a weapon's fields")
    out = {name: data[short] for short, name in ARM_KEYS.items() if short in data}
    ref = data.get("r", "")
    table_name, table_weapon, _ = _implied(ref, "")
    if "name" not in out and not table_name:
        if isinstance(ref, str) and ref:
            raise _Damaged(f"{shown(ref, 30)} is not a weapon this app knows: the link may be from a newer version "
                           "of Strike Rank (open it there)")
        raise _Damaged("has no name and no weapon of the tables")
    name = out.setdefault("name", table_name)
    _, _, implied = _implied(ref, name)
    weapon = table_weapon
    if "w" in data:
        weapon = None if data["w"] is None else {**(table_weapon or {"name": name}), **_fields(data["w"], "its weapon")}
    if weapon is not None:
        out["weapon"] = weapon
        implied |= {k: weapon.get(k, _WEAPON.get(k)) for k in PARRY_FROM_WEAPON}
    if "p" in data:
        out["parry"] = {**implied, **_fields(data["p"], "its parry")}
    return out


class _Damaged(Exception):
    """A part of the compact form that does not fit; the message says what, in the fight's words."""


def _fields(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _Damaged(f"{what} is {kind_of(value)}, not a set of named fields")
    return value


def _numbers(data: dict[str, Any], key: str, count: int, what: str) -> list[Any]:
    value = data[key]
    if not isinstance(value, list) or len(value) != count:
        found = f"{len(value)}" if isinstance(value, list) else kind_of(value)
        raise _Damaged(f"{what} should list {count} numbers, not {found}")
    return value


def _places(names: tuple[str, ...], arms: tuple[Arm, ...]) -> list[int]:
    at = {a.name: k for k, a in enumerate(arms)}
    return [at[n] for n in names]


def pack_combatant(c: Combatant) -> dict[str, Any]:
    out: dict[str, Any] = {"n": c.name, "s": c.side, "a": [c.STR, c.CON, c.SIZ, c.DEX], "hp": c.hit_points,
                           "l": [c.locations[k] for k in ORDER], "x": c.dex_sr, "w": [pack_arm(a) for a in c.arms]}
    armour = [c.armour.get(k, 0) for k in ORDER]
    if any(armour):
        out["ar"] = armour[0] if len(set(armour)) == 1 else armour
    optional = {"d": (c.defense, 0), "b": (c.damage_bonus, ""), "m": (c.move, 8), "ch": (c.character, "")}
    out |= {k: v for k, (v, default) in optional.items() if v != default}
    if c.in_hand:
        out["h"] = _places(c.in_hand, c.arms)
    if c.prepared:
        out["p"] = _places(c.prepared, c.arms)
    if c.start is not None:
        out["st"] = msgspec.to_builtins(c.start)
    return out


#: A compact combatant's keys that must be there, in words.
_NEEDED = {"n": "name", "s": "side", "a": "STR, CON, SIZ and DEX", "hp": "hit points",
           "l": "hit points by location", "x": "DEX strike rank", "w": "weapons"}


def unpack_combatant(data: dict[str, Any]) -> dict[str, Any]:
    data = _fields(data, "he")
    for key, words in _NEEDED.items():
        if key not in data:
            raise _Damaged(f"has no {words}")
    if not isinstance(data["w"], list):
        raise _Damaged(f"weapons should be a list, not {kind_of(data['w'])}")
    arms = []
    for k, arm in enumerate(data["w"]):
        try:
            arms.append(unpack_arm(arm))
        except _Damaged as exc:
            raise _Damaged(f"weapon {k + 1}: {exc}") from None
    STR, CON, SIZ, DEX = _numbers(data, "a", 4, "STR, CON, SIZ and DEX")
    locations = _numbers(data, "l", len(ORDER), f"hit points by location ({', '.join(ORDER).replace('_', ' ')})")
    armour = data.get("ar", 0)
    if isinstance(armour, int) and not isinstance(armour, bool):
        armour = [armour] * len(ORDER)
    else:
        armour = _numbers(data, "ar", len(ORDER), "armour by location (or one number for all)")
    out: dict[str, Any] = {
        "name": data["n"], "side": data["s"], "STR": STR, "CON": CON, "SIZ": SIZ, "DEX": DEX,
        "hit_points": data["hp"], "locations": dict(zip(ORDER, locations, strict=True)), "dex_sr": data["x"],
        "arms": arms, "armour": {k: v for k, v in zip(ORDER, armour, strict=True) if v},
    }
    for short, name in {"d": "defense", "b": "damage_bonus", "m": "move", "ch": "character", "st": "start"}.items():
        if short in data:
            out[name] = data[short]
    for short, name, words in (("h", "in_hand", "weapons in hand"), ("p", "prepared", "missiles prepared")):
        places = data.get(short, ())
        if not isinstance(places, list | tuple):
            raise _Damaged(f"{words} should be a list, not {kind_of(places)}")
        out[name] = [arms[_index(k, len(arms), f"{words}: weapon")]["name"] for k in places]
    return out


def _index(k: Any, n: int, what: str = "fighter") -> int:
    if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < n:
        raise _Damaged(f"{what} {shown(k + 1 if isinstance(k, int) and not isinstance(k, bool) else k, 24)} is not one of "
                       f"the {n} there are")
    return k


#: In a statement, the keys that name one of his own arms, and those that name a combatant.
OWN_ARM = ("arm", "on")
COMBATANT = ("target", "against", "owner")


def _named(value: Any, names: list[str]) -> Any:
    """A name as its place in ``names`` when it is there; any other text as it is."""
    return names.index(value) if isinstance(value, str) and value in names else value


def _naming(value: Any, names: list[str]) -> Any:
    """:func:`_named` undone: a place (a number) as the name it stands for."""
    return value if isinstance(value, str) else names[_index(value, len(names))]


def _rename(intent: dict[str, Any], fight: list[str], arms: dict[str, list[str]], name: Any) -> dict[str, Any]:
    """``intent`` with every name of a combatant or of his own arm turned by ``name`` (:func:`_named` or
    :func:`_naming`) over the fight's combatants or his arms."""
    who = intent["who"]
    me = who if isinstance(who, str) else fight[_index(who, len(fight))]
    own = arms[me] if me in arms else []

    def one(item: dict[str, Any]) -> dict[str, Any]:
        out = dict(item)
        for key in OWN_ARM:
            if key in out and out[key] != "":
                out[key] = name(out[key], own)
        for key in COMBATANT:
            if key in out and out[key] != "":
                out[key] = name(out[key], fight)
        return out

    out = dict(intent, who=name(who, fight))
    for key in ("actions", "parries"):
        if key in out:
            out[key] = [one(item) for item in out[key]]
    if "engaged" in out:
        out["engaged"] = [name(foe, fight) for foe in out["engaged"]]
    return out


def pack_rounds(rounds: list[dict[str, Any]], combatants: tuple[Combatant, ...]) -> list[list[Any]]:
    """Each round as ``[statements, rolls]``: a statement the same as the last one its combatant made is
    written as his place in the fight; in the others, a combatant and one of his own arms are named by
    their places."""
    packer = RoundPacker(combatants)
    return [packer.pack(record) for record in rounds]


class RoundPacker:
    """Packs a fight's rounds one after another, in order (each round's statements written against the
    last ones each combatant made: :func:`pack_rounds`), so a fight that grows by a round packs that
    round alone."""

    def __init__(self, combatants: tuple[Combatant, ...]) -> None:
        self.fight = [c.name for c in combatants]
        self.arms = {c.name: [a.name for a in c.arms] for c in combatants}
        self.last: dict[str, Any] = {}

    def pack(self, record: dict[str, Any]) -> list[Any]:
        """The next round (a round record's data, as ``log.to_state`` writes it) as ``[statements, rolls]``."""
        stated = []
        for intent in record.get("intents", ()):
            who = intent["who"]
            stated.append(self.fight.index(who) if self.last.get(who) == intent
                          else _rename(intent, self.fight, self.arms, _named))
            self.last[who] = intent
        return [stated, record.get("rolls", [])]


def unpack_rounds(rounds: list[Any], combatants: list[dict[str, Any]]) -> list[dict[str, Any]]:
    fight = [c["name"] for c in combatants]
    arms = {c["name"]: [a["name"] for a in c["arms"]] for c in combatants}
    last: dict[str, Any] = {}
    out = []
    for n, packed in enumerate(rounds):
        try:
            stated, rolls = packed
            intents = []
            for intent in stated:
                if isinstance(intent, dict):
                    intent = _rename(intent, fight, arms, _naming)
                else:
                    who = fight[_index(intent, len(fight))]
                    if who not in last:
                        raise _Damaged(f"{shown(who, 24)} has no earlier statement to repeat")
                    intent = last[who]
                intents.append(intent)
                last[intent["who"]] = intent
        except _Damaged as exc:
            raise _Damaged(f"round {n + 1}: {exc}") from None
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            raise _Damaged(f"round {n + 1} is not written as this app writes it") from None
        out.append({"intents": intents, "rolls": rolls})
    return out


def pack(state: dict[str, Any], combatants: tuple[Combatant, ...], rounds: list[list[Any]] | None = None) -> dict[str, Any]:
    """Version 5's data (``log.to_state``) in version 6's compact form (``rounds``: its rounds packed
    already, by a :class:`RoundPacker`; ``state`` then need not hold them)."""
    names = [c.name for c in combatants]
    out: dict[str, Any] = {"c": [pack_combatant(c) for c in combatants]}
    if rounds is None and state.get("rounds"):
        rounds = pack_rounds(state["rounds"], combatants)
    if rounds:
        out["r"] = rounds
    out |= {k: state[k] for k in ("rules", "melee_rules") if state.get(k)}
    if state.get("left"):
        out["left"] = [[names.index(g["who"]), g["after"]] for g in state["left"]]
    return out


def expand(data: dict[str, Any]) -> dict[str, Any]:
    """Version 6's compact data as version 5's.

    :raises ShareLinkError: a compact form that does not fit (damaged, or not made by this app); the
        message names the fighter, his weapon or the round, in the fight's words.
    """
    part = "the fight"
    try:
        if not isinstance(data, dict) or not isinstance(data.get("c"), list):
            raise _Damaged("it has no list of fighters")
        fight = []
        for k, c in enumerate(data["c"]):
            named = c.get("n") if isinstance(c, dict) else None
            part = f"fighter {k + 1}" + (f" ({shown(named, 24)})" if isinstance(named, str) and named else "")
            fight.append(unpack_combatant(c))
        names = [c["name"] for c in fight]
        part = "its rounds"
        rounds = data.get("r", [])
        if not isinstance(rounds, list):
            raise _Damaged(f"they should be a list, not {kind_of(rounds)}")
        out: dict[str, Any] = {"fight": {"combatants": fight}, "rounds": unpack_rounds(rounds, fight)}
        out |= {k: data[k] for k in ("rules", "melee_rules") if k in data}
        part = "who left the fight"
        out["left"] = [{"who": names[_index(k, len(names))], "after": after} for k, after in data.get("left", [])]
    except _Damaged as exc:
        raise ShareLinkError(f"share link: this fight's link is damaged: {part}: {exc}; {AGAIN}") from None
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        raise ShareLinkError(f"share link: this fight's link is damaged: {part}: not written as this app writes it; "
                             f"{AGAIN}") from None
    return out


#: What to do with a damaged fight link.
AGAIN = "copy the whole link again, or ask the game master for a new one"
