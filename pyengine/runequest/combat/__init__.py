"""One attack against one defender (seed 003 ch. III-IV), a stage a module, as d20 rolls
text → tree → rolled → printed: inputs → chance → the d100s → fumbles → damage →
protection → wounds → result.

=================  ==========================================================================
``model``          the inputs (:class:`Weapon`, :class:`Attack`, :class:`Parry`, :class:`Defence`,
                   :class:`Rules`) and the result (:class:`ExchangeResult`, :class:`WeaponHarm`)
``d100``           one d100 read against its thresholds: success, critical, impale, fumble
``chance``         the effective chance: situation, range, moving targets, helplessness, Defense
``parry``          the attack d100 met by the parry d100; only a shield parries a missile
``fumbles``        the fumble table's rolls; a fumbled parry left wide open
``damage``         the blow's damage: rolled, impaling or full; the damage bonus and its halving
``protection``     a weapon parry, a shield's absorption, armour, a critical ignoring armour
``barrier``        cover: a blow on a hidden location strikes it, a critical is moved (RQ-61, RQ-62)
``helpless``       a totally helpless opponent, killed outright unless the attacker fumbles (RQ-60)
``weapon_harm``    damage to the parrying weapon and to the attacking weapon (RQ-39)
``wounds``         what the damage to one location does
``exchange``       :func:`resolve_exchange` (the stages in order) and :func:`next_roll`
``odds``           :func:`exchange_odds`: the exact chances, from the same stage functions
``next_blow``      :func:`after_blow`: the next blow of the same fight, harm carried
``from_sheet``     a derived sheet's attack and defence; a weapon of the tables
``inputs``         the page's form text → inputs (a face of the page, not a rule)
``state``          share links and JSON exports (a face of the page)
``render``         the page's HTML (a face of the page)
=================  ==========================================================================

The package exports nothing: a caller imports each name from its module
(``from pyengine.runequest.combat.exchange import resolve_exchange``), so importing one
combat module does not import them all.
"""
