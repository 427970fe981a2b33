"""Melee rounds: several combatants, statements of intent, strike-rank order (seed 003 ch. III-IV).

A :class:`Fight` holds the combatants; a :class:`FightState` their state between rounds.
Each round is everyone's statement of intent, timed in strike ranks and resolved in that
order, one exchange of :mod:`pyengine.runequest.combat.exchange` per blow. A whole fight
is its combatants and each round's intents and rolls: replaying it gives the same state.

Module map:

* :mod:`.model` — :class:`Combatant`, :class:`Arm`, :class:`Body`, :class:`Fight`, :class:`FightState`,
  :class:`MeleeRules` (the fight's optional rules), :class:`Start` (a fighter coming in wounded);
* :mod:`.hands` — what can be in his hands together (a shield and a projectile weapon, RQ-71);
* :mod:`.build` — combatants from a saved sheet or a quick stat block;
* :mod:`.statement` — :class:`Intent` and the actions (:class:`Strike`, :class:`Shoot`, …) as data;
* :mod:`.intent` — :func:`check_intents`, what the rules forbid in a statement;
* :mod:`.clock`, :mod:`.timing` — each action's strike rank (:func:`schedule`, :class:`Timed`);
* :mod:`.actions` — one handler per kind of action (strike, ready, move, spell, grapple, impale);
* :mod:`.context` — :class:`RoundContext`, what the handlers work on; :class:`Event`, a line of the log;
* :mod:`.harm` — wounds and weapon damage as new values of a body;
* :mod:`.usable` — whether an arm can be used, a parry made, a foe struck, a missile loosed now, and why not;
* :mod:`.foresee` — :func:`foreseen`, what the round will make of a statement, told before it (RQ-139);
* :mod:`.round` — :func:`resolve_round`: strike-rank order, simultaneous blows, bookkeeping;
* :mod:`.defaults` — :func:`next_intents`, last round's statements carried on; :func:`engaged_after`;
* :mod:`.resistance`, :mod:`.experience` — the Resistance Table, marks;
* :mod:`.log` — a fight as a share link and a JSON export, :func:`replay`;
* :mod:`.kept` — :class:`KeptRounds`, the rounds as resolved, the earlier ones kept packed (a long evening);
* :mod:`.inputs`, :mod:`.render` — the fight page's form reading and HTML.

The package exports nothing: a caller imports each name from its module
(``from pyengine.runequest.melee.round import resolve_round``), so importing one melee
module does not import them all.
"""
