#!/usr/bin/env python3
"""Render the app icons (site_overrides/assets/images/icon-<size>.png) from icon.svg with headless chromium.

The PNGs are checked in (the build only copies them); run this after changing icon.svg:

    .venv/bin/python scripts/make_icons.py
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "site_overrides" / "assets" / "images"
SIZES = (180, 192, 512)  # apple-touch-icon, and the two sizes an installable web app needs


def main() -> None:
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    svg = (IMAGES / "icon.svg").read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory(prefix="icons-") as tmp:
        for size in SIZES:
            page = Path(tmp) / f"icon-{size}.html"
            page.write_text(
                "<!doctype html><style>html,body{margin:0;overflow:hidden}svg{display:block;"
                f"width:{size}px;height:{size}px}}</style>{svg}",
                encoding="utf-8",
            )
            out = IMAGES / f"icon-{size}.png"
            subprocess.run(
                [
                    chromium,
                    "--headless=new",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--hide-scrollbars",
                    f"--user-data-dir={tmp}/profile",
                    f"--window-size={size},{size}",
                    f"--screenshot={out}",
                    page.as_uri(),
                ],
                check=True,
                capture_output=True,
                timeout=60,
            )
            print(f"wrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
