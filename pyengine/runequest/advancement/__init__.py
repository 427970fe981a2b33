"""Advancement (seed ch. II and IV): making an adventurer, then what changes him — money
spent on training, experience after an adventure, a fighting guild's credit, CHA.

* :mod:`.background` -- the D100 background roll: class, money, a barbarian's riding animal.
* :mod:`.creation` -- a new adventurer, rolled or typed; the background's kit and pack.
* :mod:`.training` -- what a course costs and takes, or why not; paying for it; the weeks it runs.
* :mod:`.experience` -- the checks after an adventure, one per weapon use, and Defense.
* :mod:`.guild_credit` -- 100 L x STR of credit for a beginner, drawing and repaying it.
* :mod:`.charisma` -- CHA's definite changes.

Each function takes the saved record (:class:`pyengine.runequest.sheet.Adventurer`) and
the tables, and returns the changed record with its working; rolls come from injected
dice. The sheet page shows all of it (:mod:`pyengine.pages.sheet`).

The package exports nothing: a caller imports each name from its module
(``from pyengine.runequest.advancement.experience import after_adventure``), so importing
one module does not import them all.
"""
