#!/usr/bin/env bash
# Set up and run the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/install_browser.sh || echo "browser install failed: the browser test will be skipped" >&2
exec .venv/bin/python -m pytest "$@"
