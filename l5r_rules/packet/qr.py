"""QR codes of permalinks (segno), as SVG data URIs the PDF engine draws as vectors."""

from __future__ import annotations

import segno


def qr_data_uri(url: str) -> str:
    """A black-on-white QR code of `url` (error correction M, quiet zone left to the page layout)."""
    code = segno.make(url, error="m", micro=False)
    return code.svg_data_uri(scale=1, border=2, dark="#000", light="#fff")
