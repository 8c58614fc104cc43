#!/usr/bin/env bash
# Install Debian's chromium and chromium-driver for the real-browser site test
# (tests/test_site_browser.py). Does nothing when both are already there.
set -euo pipefail
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
  exit 0
fi
SUDO=""
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null; then SUDO="sudo -n"; else
    echo "install_browser.sh: not root and no sudo; the browser test will be skipped" >&2; exit 0; fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends chromium chromium-driver fonts-dejavu-core >/dev/null
