#!/usr/bin/env bash
# The main job: set up, check the knowledge base, build the static site into site/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# refresh --check: validate, and every generated file (entries, links, errata, cards) is what its
# generator makes from the books and the curated files; writes nothing, names what is stale (a deleted
# erratum was published missing after validate alone said ok: hostile round 9, #22)
.venv/bin/l5r-rules refresh --check
.venv/bin/l5r-rules build "$@"
