"""Shared test set-up: property tests without deadlines. (The repository's root, for ``build``,
``tools`` and ``tests.…`` imports, is on ``sys.path`` by pyproject.toml's pytest ``pythonpath``.)"""

# Property tests check what is true, never how fast: no per-example deadline (the suite runs on
# loaded 2-core machines, where a first example can take a quarter of a second; speed is the
# benchmark's business, docs/startup.md).
try:
    from hypothesis import settings
except ImportError:  # the browser half may run without it
    pass
else:
    settings.register_profile("strike-rank", deadline=None)
    settings.load_profile("strike-rank")
