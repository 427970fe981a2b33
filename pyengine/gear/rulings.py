"""The rulings this rule set rests on, one line each, for the page and for citing.

The full text (the seed's words, the decision, why) is in docs/rulings.md under
"Equipment and armour (seed 000)"; a test keeps the two lists the same.
"""

from __future__ import annotations

#: Ruling id -> what was decided, in one line.
RULINGS: dict[str, str] = {
    "GEAR-1": "Cmb's \"encumbrance\" is Hft: the lower of the character's encumbrance and the weapon's heft "
    "(so Atk, Grp and Par are Cmb plus the weapon's own bonus).",
    "GEAR-2": "A column the item has no bonus for is left blank on the sheet (null); Cmb only for hand to hand "
    "(melee) items, Atk for missile weapons and items with an attack bonus, Grp and Par for items with those "
    "bonuses; with no heft listed, the character's encumbrance stands in for Hft in the sums.",
    "GEAR-3": "The ability in Atk and Grp is marksmanship for missile weapons and hand to hand for the rest; "
    "the skill is the bonus of the skill that applies to that item (0 when none does).",
    "GEAR-4": "A success level is a whole number from 0; the defence is failed, half-successful or successful; "
    "the blocking rules apply after a failed or half-successful defence, and a successful one stops the attack.",
    "GEAR-5": "The line: the actively defending item first (any kind), then the armour worn (kind armour, cover "
    "above 0) by absorb, highest first, ties in list order; weapons not defending are not in it. With no armour, "
    "the Blocking rule is this walk with the defending item alone.",
    "GEAR-6": "\"Damage based on the amount of attack power it absorbed\": the toughness rule with the power "
    "absorbed in place of the attack power, so damage = absorbed - toughness (none when toughness is higher).",
    "GEAR-7": "A half block subtracts half the absorption, rounded down; the first half-blocking item meets the "
    "attack first and the next meets what is left; with no next item, only the one half block.",
    "GEAR-8": "An item breaks when the damage is greater than its absorption before the blow; absorption never "
    "goes below 0; an item breaks once; breaking halves reach, Shp (lasting damage), a special Stun column, "
    "parry and cover when above 0, rounded down, and leaves 0 and penalties as they are (so what breaking "
    "halved lists only the bonuses that changed).",
    "GEAR-9": "An item with no toughness, absorb or cover listed counts 0 for it in the damage and blocking rules.",
    "GEAR-10": "Hitting too hard: the target is each item that blocks or half blocks, with its absorption as it "
    "is; the weapon takes attack power - its toughness once per attack; the spared item takes no damage and the "
    "block still subtracts.",
    "GEAR-11": "Organizing: split parts keep every other bonus; a combined piece is armour with the absorbs "
    "added, the lowest toughness, and broken only when every part is; a piece's areas must add up to its cover.",
    "GEAR-12": "A toughness below 0 is allowed and read as written: a blow does its power minus the toughness, "
    "more than its power; an item that absorbed nothing was not damaged by absorbing, whatever its toughness.",
    "GEAR-13": "A weapon with no toughness listed (a fist) counts 0, so any blow with power hits too hard against "
    "anything that blocks it: the weapon takes the whole power, and with no absorb listed it breaks.",
}
