"""Melee rounds: several combatants, statements of intent, strike-rank order (seed 003 ch. III-IV).

A :class:`~pyengine.runequest.melee.model.Fight` holds the combatants; a
:class:`~pyengine.runequest.melee.model.FightState` their state between rounds. Each
round is the statements of intent (:mod:`.intent`), timed in strike ranks
(:mod:`.timing`) and resolved in that order (:mod:`.round`), one exchange of
:mod:`pyengine.runequest.combat.exchange` per blow. A whole fight is its combatants, and each
round's intents and rolls (:mod:`.log`): replaying it gives the same state.
"""
