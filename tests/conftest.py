"""Shared test set-up: the repo root on sys.path (for build.py and tools/), property tests without deadlines."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

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
