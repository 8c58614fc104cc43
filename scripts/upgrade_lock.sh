#!/usr/bin/env bash
# Re-resolve requirements.lock (exact versions and hashes of the runtime and test dependencies
# that scripts/setup.sh installs) from pyproject.toml. With no argument the newest allowed versions
# are taken (--upgrade); pass --keep to re-lock after editing pyproject.toml without upgrading others.
# Then run `bash scripts/test.sh` and commit requirements.lock with the figures it passed with.
set -euo pipefail
cd "$(dirname "$0")/.."
tools=$(mktemp -d)
trap 'rm -rf "$tools"' EXIT
python3 -m venv "$tools"
"$tools/bin/pip" install -q --disable-pip-version-check pip-tools==7.6.2
upgrade=--upgrade
[ "${1:-}" = "--keep" ] && upgrade=
"$tools/bin/pip-compile" -q $upgrade --generate-hashes --allow-unsafe --strip-extras --extra test \
  --no-emit-index-url --no-emit-find-links --no-annotate --no-header -o requirements.lock pyproject.toml
echo "requirements.lock: $(grep -c '==' requirements.lock) pinned packages"
