"""Strike Rank's rules engine: pure Python, the same in CPython and in the browser.

Nothing in this package touches the DOM, the network or the disk during a
resolution, and nothing draws random numbers except through the dice a caller
injects (see :mod:`pyengine.dice`).
"""

__version__ = "0.5.0"
