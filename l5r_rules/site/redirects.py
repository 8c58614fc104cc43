"""Pages at the former ids of renamed entries, forwarding to the entry that replaced them.

When a renamed heading changes an entry's id (`import --rename OLD=NEW`), the entry
keeps the old id in `former_ids`, and the site keeps a small page at the old permalink
(`entries/<old id>/`) that forwards to the new one, the paragraph anchor in the link
carried along (`#<old id>-p2` -> `#<new id>-p2`: a renamed entry keeps its paragraph
numbers), so a link a judge shared before the rename still opens the rule. The page works
without JavaScript too (a refresh, and a plain link), and the offline app caches it.
"""

from __future__ import annotations

import html
import json
from pathlib import Path

from .. import urls as U
from .sitedata import SiteData


def redirects(data: SiteData) -> list[tuple[str, dict]]:
    """(former id, the entry that has it now), in id order."""
    return sorted((old, e) for e in data.entries.values() for old in e.get("former_ids") or [])


def page(urls: U.Urls, old: str, entry: dict) -> str:
    """The forwarding page at `old`'s permalink."""
    to = urls.rel(U.entry_page(old), U.entry_page(entry["id"]))
    term = html.escape(entry["term"])
    script = (
        f"var h=location.hash;if(h.indexOf({json.dumps('#' + old + '-')})===0)"
        f"h={json.dumps('#' + entry['id'] + '-')}+h.slice({len(old) + 2});"
        f"location.replace({json.dumps(to)}+h);"
    )
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{term}: moved</title>"
        f'<link rel="canonical" href="{html.escape(to)}">'
        f'<meta http-equiv="refresh" content="0; url={html.escape(to)}">'
        '<meta name="robots" content="noindex">'
        f"<script>{script}</script></head>\n"
        f'<body><p>This entry has a new address: <a href="{html.escape(to)}">{term}</a>.</p></body></html>\n'
    )


def write_redirects(data: SiteData, site_dir: Path, urls: U.Urls) -> int:
    """Write a forwarding page at each former id's permalink; return how many."""
    count = 0
    for old, entry in redirects(data):
        target = site_dir / urls.url(U.entry_page(old))
        if not urls.url(U.entry_page(old)).endswith(".html"):
            target = target / "index.html"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(page(urls, old, entry), encoding="utf-8")
        count += 1
    return count
