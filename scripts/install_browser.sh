#!/usr/bin/env bash
# Install Debian's chromium and chromium-driver for the real-browser site tests (tests/test_browser_*.py,
# tests/test_site_browser.py). Does nothing when both are already there. L5R_CHROMIUM and L5R_CHROMEDRIVER
# name another browser to test with (the tests read them too): then nothing is installed, only checked.
# Exits 1, saying why, when there is no browser afterwards (scripts/test.sh then stops under CI=true).
set -euo pipefail
CHROMIUM=${L5R_CHROMIUM:-$(command -v chromium || echo /usr/bin/chromium)}
DRIVER=${L5R_CHROMEDRIVER:-$(command -v chromedriver || echo /usr/bin/chromedriver)}
ready() { [ -f "$CHROMIUM" ] && [ -x "$CHROMIUM" ] && [ -f "$DRIVER" ] && [ -x "$DRIVER" ]; }
if ready; then
  exit 0
fi
if [ -n "${L5R_CHROMIUM:-}${L5R_CHROMEDRIVER:-}" ]; then
  echo "install_browser.sh: no browser at L5R_CHROMIUM=$CHROMIUM and L5R_CHROMEDRIVER=$DRIVER" \
       "(unset them to install Debian's chromium)" >&2
  exit 1
fi
SUDO=""
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null; then SUDO="sudo -n"; else
    echo "install_browser.sh: not root and no sudo: install chromium and chromium-driver yourself" >&2; exit 1; fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends chromium chromium-driver fonts-dejavu-core >/dev/null
CHROMIUM=$(command -v chromium || echo /usr/bin/chromium)
DRIVER=$(command -v chromedriver || echo /usr/bin/chromedriver)
if ! ready; then
  echo "install_browser.sh: chromium or chromedriver is still missing after apt-get install" >&2
  exit 1
fi
