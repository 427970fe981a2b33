"""The campaign: a saved adventurer's state carried from fight to fight and through the days
between (seed 003 ch. III, "Notes on Damage Results", "Healing Damage to a Hit
Location", "Time"; ch. IV, "Weapon Damage Absorption", "Learning by Experience").

=================  ==========================================================================
``current``        what a saved adventurer carries beside his sheet (:class:`Current`): healing's
                   wounds, each wound as an :class:`Injury`, missiles left, damaged and broken
                   weapons, money spent, the fights written back
``injuries``       the injuries kept in step with the wounds: healing comes off the oldest first
``health``         current against maximum, total and by location (:func:`vitals`), his hit
                   points as the sheet derives them (:func:`frame_of`)
``typed``          what the game master gives a change, checked, refused in a player's words
``changes``        changes by hand, each with its working (:class:`Changed`): damage, healing,
                   a weapon pulled out, missiles, weapon damage and repair, money spent
``time``           time passes for one adventurer or a party: the clocks, natural healing
``entering``       a saved adventurer coming into a fight as he is now (the melee ``Start``)
``writeback``      a fight's results for each saved adventurer in it: the plan in words, then
                   the new records; his experience marks kept for the scenario, nothing rolled
``scenario``       the scenario ends for one adventurer or a party: one experience check per
                   mark, the marks cleared (RQ-134 to RQ-136)
=================  ==========================================================================

Nothing here keeps anything anywhere: every function takes records and returns new ones, never
changing the old (the device library keeps the versions). Rulings: RQ-100 to RQ-105; the healing
rules themselves are :mod:`pyengine.runequest.healing`'s (RQ-53, RQ-90 to RQ-93).
"""
