#!/usr/bin/env bash
# Set up and run the whole test suite (it includes `l5r-rules refresh --check` on the repository:
# tests/test_refresh.py, so that plain `pytest` catches stale generated files too).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/install_browser.sh || echo "browser install failed: the browser test will be skipped" >&2
bash scripts/install_pdf.sh || echo "PDF engine libraries install failed: the packet tests will be skipped" >&2
exec .venv/bin/python -m pytest "$@"
