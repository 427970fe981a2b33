"""Movement at the seed's three scales, and falling (seed 003 ch. III, "Movement"; the "Rambling
Runequestions" sidebar on falling damage). Melee movement is the melee round's
(:mod:`pyengine.runequest.melee`); these are the others.

=================  ==========================================================================
``daily``          :func:`day_of_travel` (a day's kilometres through terrain, RQ-94) and
                   :func:`journey` (the days a distance takes, rivers crossed)
``scenario``       :func:`full_turn` (cautious, stroll, run; mounted, RQ-95) and :func:`chase`
                   (flight, chase and unhampered movement)
``falling``        :func:`fall`: a D6 for every 3 m, or a fall from a horse (RQ-96)
=================  ==========================================================================
"""
