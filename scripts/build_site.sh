#!/usr/bin/env bash
# The main job: set up, validate the knowledge base, build the static site into site/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
.venv/bin/l5r-rules validate
.venv/bin/l5r-rules build "$@"
