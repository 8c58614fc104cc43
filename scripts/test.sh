#!/usr/bin/env bash
# Set up and run the whole test suite (it includes `l5r-rules refresh --check` on the repository:
# tests/test_refresh.py, so that plain `pytest` catches stale generated files too). Ends by printing
# how long it took. Under CI=true (.ci/run sets it) a browser or PDF engine that cannot be installed
# stops the run here, and a test that would skip for want of one fails (tests/helpers.py).
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
case "${CI:-}" in 1 | [Tt]rue | TRUE | yes) ci=1 ;; *) ci=0 ;; esac
bash scripts/setup.sh
need() {  # need SCRIPT WHAT: run an install script; without what it installs, CI stops, elsewhere tests skip
  if ! bash "$1"; then
    if [ "$ci" = 1 ]; then
      echo "test.sh: CI=true and $2 could not be installed ($1 says why above): its tests cannot run, so CI fails" >&2
      exit 1
    fi
    echo "test.sh: $2 could not be installed: its tests will be skipped (under CI=true they fail)" >&2
  fi
}
need scripts/install_browser.sh "the browser (chromium and chromedriver)"
need scripts/install_pdf.sh "the PDF engine's libraries"
tests_started=$SECONDS
status=0
# One worker per core (pytest-xdist), each taking whole test files (--dist loadfile): a file's module
# fixtures (a payload site, a built packet) are built once, by the worker that runs it; each worker has
# its own session fixtures (browser, built sites). `bash scripts/test.sh -n 0` runs in one process.
.venv/bin/python -m pytest -n auto --dist loadfile "$@" || status=$?
echo "test.sh: $((SECONDS - started)) s in all ($((tests_started - started)) s of set-up, $((SECONDS - tests_started)) s" \
     "of tests), load average $(cut -d' ' -f1-3 /proc/loadavg), exit $status"
exit $status
