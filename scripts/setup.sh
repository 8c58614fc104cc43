#!/usr/bin/env bash
# Set-up for a fresh machine: a virtual environment in .venv with the project and its
# test dependencies, at the exact versions and hashes of requirements.lock (the versions the
# tests passed with; `bash scripts/upgrade_lock.sh` re-resolves it). Idempotent and quick when
# nothing changed.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
stamp=.venv/.installed-$(cat pyproject.toml requirements.lock scripts/setup.sh | sha256sum | cut -c1-16)
if [ ! -f "$stamp" ]; then
  .venv/bin/pip install -q --disable-pip-version-check --require-hashes -r requirements.lock
  # "compat" editable mode puts the checkout on sys.path with a plain .pth line; the default
  # mode installs an import hook that every start of Python (every `l5r-rules search`) pays for.
  .venv/bin/pip install -q --disable-pip-version-check --no-deps --config-settings editable_mode=compat -e .
  rm -f .venv/.installed-*
  touch "$stamp"
fi
# The package's bytecode, written now: where PYTHONDONTWRITEBYTECODE is set (CI, some shells) Python
# would otherwise compile every module of l5r_rules from source on every start, ~45 ms of each cold
# `l5r-rules search`. Only changed files are compiled again; a stale .pyc is never used (its source's
# mtime is checked), so an edit is never hidden, only slower to start until the next set-up.
.venv/bin/python -m compileall -q l5r_rules >/dev/null
