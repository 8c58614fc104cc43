#!/usr/bin/env bash
# Install the system libraries WeasyPrint (the PDF engine of `l5r-rules packet`) needs: pango (with
# harfbuzz, fontconfig and cairo-free text layout) and the DejaVu fonts the packet's stylesheet names.
# Does nothing when they are already there. Exits 1, saying why, when they are missing afterwards
# (scripts/test.sh then stops under CI=true).
set -euo pipefail
have() { ldconfig -p 2>/dev/null | grep -q "$1"; }
ready() {
  have libpango-1.0.so.0 && have libpangoft2-1.0.so.0 && have libharfbuzz-subset.so.0 \
    && fc-list 2>/dev/null | grep -q "DejaVu Serif"
}
if ready; then
  exit 0
fi
SUDO=""
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null; then SUDO="sudo -n"; else
    echo "install_pdf.sh: not root and no sudo; install libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0" \
         "fonts-dejavu-core yourself, or \`l5r-rules packet\` and its tests cannot run" >&2; exit 1; fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 \
  fontconfig fonts-dejavu-core fonts-dejavu-extra >/dev/null
if ! ready; then
  echo "install_pdf.sh: pango, harfbuzz or the DejaVu fonts are still missing after apt-get install" >&2
  exit 1
fi
