"""``python -m pyengine``: the command line (see :mod:`pyengine.cli`)."""

import sys

from pyengine.cli import main

if __name__ == "__main__":
    sys.exit(main())
