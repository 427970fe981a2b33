"""Healing over time (seed 003 ch. III, "Notes on Damage Results" and "Healing Damage to a Hit
Location"; ch. IV, "Optional Consequences of Impaling"): an adventurer's wounds as a small frozen
state, and pure functions from (that state, what is done or how long passes, the dice) to a new
state and its working.

=================  ==========================================================================
``model``          the state (:class:`Wounds`), the body it is measured against (:class:`Frame`),
                   what heals (:class:`Healing`), how long passes (:class:`Elapsed`), the
                   result (:class:`Healed`); the clocks' lengths
``standing``       what the wounds leave him able to do: his condition, the maimed limbs still
                   keeping him from fighting, the total once points are healed
``injury``         :func:`take_wound`: a blow's damage to one location, as the state records it
``treatment``      :func:`heal`: a Healing spell, a salve, a potion taken internally
``elapse``         :func:`pass_time`: the 2-full-turn clocks (bleeding, the head, reknitting) and
                   natural healing, 1 point a game week in each wounded location
``bodies``         a melee combatant's body as wounds and back (the round's Heal and bookkeeping)
=================  ==========================================================================

The melee round's Heal action (:mod:`pyengine.runequest.melee.actions.spell`) uses :func:`heal`
on its combatant's body, so no healing rule is written twice. Rulings: RQ-53, RQ-90 to RQ-93.
"""
