"""Reading a QR code back with a real decoder: Debian's zbarimg (zbar-tools, installed by
``build.py``'s set-up), for the unit and the browser tests."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path


def zbarimg(image: Path) -> str:
    """What Debian's zbarimg reads in an image (the test fails when it reads nothing)."""
    tool = shutil.which("zbarimg")
    assert tool, "zbarimg is missing: python3 build.py test installs it (apt-get install zbar-tools)"
    done = subprocess.run([tool, "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", str(image)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, f"zbarimg read no code in {image.name}: {done.stderr}"
    return done.stdout.removesuffix("\n")
