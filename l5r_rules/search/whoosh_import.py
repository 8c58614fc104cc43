"""Import whoosh without its two slowest and unused start-up imports.

A cold `l5r-rules search` must start in well under 250 ms, and about 90 ms of that
went to modules whoosh imports but a search never uses: `urllib.request` (whoosh.compat
imports `urlretrieve` for a downloader) and `asyncio` (pulled in by the
`cached_property` package, used by whoosh.reading for one plain method). While
whoosh is first imported, stand-ins answer for those two names: `urlretrieve`
forwards to the real function on first use, and `cached_property` is the standard
library's `functools.cached_property`. The stand-ins are removed from `sys.modules`
right after, so any later `import urllib.request` gets the real module.

Called from the package's __init__, so it runs before any module here imports whoosh.
When whoosh is already imported (say, by another reader) it does nothing.
"""

from __future__ import annotations

import functools
import sys
import types


def _urlretrieve(*args, **kwargs):  # pragma: no cover - whoosh never calls it while searching
    import urllib.request

    return urllib.request.urlretrieve(*args, **kwargs)


def import_whoosh() -> None:
    if "whoosh.reading" in sys.modules:
        return
    stand_ins: dict[str, types.ModuleType] = {}
    if "urllib.request" not in sys.modules:
        stand_ins["urllib.request"] = types.ModuleType("urllib.request")
        stand_ins["urllib.request"].urlretrieve = _urlretrieve
    if "cached_property" not in sys.modules:
        stand_ins["cached_property"] = types.ModuleType("cached_property")
        stand_ins["cached_property"].cached_property = functools.cached_property
    sys.modules.update(stand_ins)
    try:
        import whoosh.compat  # noqa: F401
        import whoosh.reading  # noqa: F401
    finally:
        for name, module in stand_ins.items():
            if sys.modules.get(name) is module:
                del sys.modules[name]
