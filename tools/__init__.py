"""What the build, the measurement and the tests share: the static server (serve) and how
Chromium is launched (chromium), both standard library only, since the build's set-up imports
them before .venv exists; and screenshots of the built site, to look at."""
