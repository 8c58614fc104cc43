"""The site's search script is put together from modules named after their Python twins (issue 27).

l5r_rules/search/js/<name>.js ports l5r_rules/search/<name>.py; the build concatenates them in
webscript.MODULES order into assets/javascripts/l5r-search.js (webscript.py says why). The browser's
ranking is held to the CLI's by the golden file (tests/test_browser_search.py); here, the modules'
names, their twins, and that the script reads every knob from the exported policy.
"""

from __future__ import annotations

import re
from pathlib import Path

from l5r_rules.search import policy, webscript

SEARCH = Path(webscript.__file__).resolve().parent
# modules with no twin in this package: what they follow instead
OTHER_TWINS = {"snowball": "whoosh/lang/snowball", "page": "l5r_rules/terminal/listing.py"}


def test_every_module_is_shipped_once_in_order():
    files = {p.stem for p in webscript.JS_DIR.glob("*.js")}
    assert files == set(webscript.MODULES) and len(webscript.MODULES) == len(files)
    script = webscript.source()
    starts = [script.index(f"// ===== js/{name}.js =====") for name in webscript.MODULES]
    assert starts == sorted(starts) and script.rstrip().endswith("})();")


def test_every_module_names_its_python_twin():
    for name in webscript.MODULES:
        first = (webscript.JS_DIR / f"{name}.js").read_text(encoding="utf-8").splitlines()[0]
        twin = OTHER_TWINS.get(name, f"l5r_rules/search/{name}.py")
        assert first.startswith(f"// {name}.js: ") and twin in first, first
        if name not in OTHER_TWINS:
            assert (SEARCH / f"{name}.py").is_file()


def test_the_script_reads_every_knob_it_uses_from_the_policy():
    """The script's knobs are `this.P.NAME` (or `P.NAME`, `w.NAME` in the engine's constructor): each a
    knob of policy.yaml, and no number of the ranking written in the script."""
    script = webscript.source()
    used = set(re.findall(r"\b(?:P|w)\.([A-Z][A-Z0-9_]+)\b", script))
    assert used and used <= set(policy.values()), used - set(policy.values())
    for name, value in policy.values().items():
        if isinstance(value, float) and value not in (0.0, 1.0, 2.0):
            assert not re.search(rf"(?<![\w.]){re.escape(repr(value))}(?![\w.])", script), (
                f"{name}'s {value} in the script"
            )
