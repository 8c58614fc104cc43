"""Shared set-up for the search tests: a private copy of the fixture checkout, a knob set for one test, and
questions nobody wrote."""

from __future__ import annotations

import random
import re
import shutil
from pathlib import Path

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "search"
REPO = Path(__file__).resolve().parent.parent


def fixture_checkout(tmp: Path) -> Path:
    """Copy tests/fixtures/search to `tmp` (the index is written into its build/)."""
    root = tmp / "checkout"
    shutil.copytree(FIXTURE, root)
    return root


def override_knob(monkeypatch, name: str, value) -> None:
    """Set a ranking-policy knob (l5r_rules/search/policy.yaml) to `value` for one test: in the policy's
    values, in its rules, and in every module attribute its `used_by` names (in that attribute's own type:
    a word list becomes the frozenset or tuple the module keeps)."""
    import importlib

    from l5r_rules.search import policy

    monkeypatch.setitem(policy._all(), name, value)
    monkeypatch.setattr(policy, "_rules", None)
    for use in policy.document()["knobs"][name]["used_by"]:
        module_name, attribute = use.split(".", 1)
        if module_name == "rules":
            continue
        module = importlib.import_module(f"l5r_rules.search.{module_name}")
        old = getattr(module, attribute)
        monkeypatch.setattr(module, attribute, _like(old, value))


def _like(old, value):
    """`value` (as policy.yaml writes it) in the type of the module attribute it replaces."""
    import re

    if isinstance(old, re.Pattern):
        return re.compile(value)
    if isinstance(old, frozenset):
        return frozenset(tuple(v) if isinstance(v, list) else v for v in value)
    if isinstance(old, tuple):
        return tuple(tuple(v) if isinstance(v, list) else v for v in value)
    if isinstance(old, dict) and isinstance(value, dict):
        return {
            k: frozenset(v) if isinstance(next(iter(old.values()), None), frozenset) else v for k, v in value.items()
        }
    return value


# Odd ways a typed question can come: a phone's autocorrect, a copied PDF line, a hostile paste.
_TWISTS = (
    lambda t: t.upper(),
    lambda t: t.replace("s", "ß"),
    lambda t: t.upper().replace("SS", "ẞ"),
    lambda t: t.replace("o", "ō").replace("u", "ū"),
    lambda t: t.replace("e", "e\u0301"),  # a combining accent
    lambda t: "".join(ch + "\u200b" for ch in t),  # zero-width spaces
    lambda t: "\u202e" + t,  # a right-to-left override
    lambda t: t.replace(" ", "\u00a0"),
    lambda t: t.replace("'", "’"),
    lambda t: "".join(chr(ord(ch) + 0xFEE0) if "!" <= ch <= "~" else ch for ch in t),  # full-width letters
    lambda t: t.replace("fi", "ﬁ").replace("fl", "ﬂ"),  # a PDF's ligatures
    lambda t: t + " 🏯",
    lambda t: (t + " ") * 40,  # longer than a question may be
    lambda t: f'"{t}" -{t}*',  # search syntax, typed
    lambda t: t + " 3F/2C +1F",
    lambda t: "\t" + t.lower().replace("i", "İ") + "\n",
)
_OPENINGS = ("can I", "what happens when", "how does", "wann darf ich", "who wins if", "does a")


def made_up_questions(entries: list[dict], editions: list[str], n: int, seed: int) -> list[tuple[str, str | None]]:
    """`n` questions nobody wrote, each with an edition filter or none: runs of an entry's words, entry
    titles, words with a letter dropped, swapped or added, openings of a question, and titles twisted as
    _TWISTS does. The same seed gives the same questions."""
    rnd = random.Random(seed)
    texts = [words for e in entries if len(words := re.findall(r"[^\W\d_][\w'’-]*", e["text"])) > 8]
    titles = [e["term"] for e in entries]

    def typo(word: str) -> str:
        if len(word) < 4:
            return word
        i = rnd.randrange(1, len(word) - 1)
        return rnd.choice(
            (word[:i] + word[i + 1 :], word[:i] + word[i + 1] + word[i] + word[i + 2 :], word[:i] + "e" + word[i:])
        )

    out = []
    for _ in range(n):
        words, kind = rnd.choice(texts), rnd.randrange(5)
        if kind == 0:
            start = rnd.randrange(len(words) - 6)
            question = " ".join(words[start : start + rnd.randint(1, 6)])
        elif kind == 1:
            question = rnd.choice(titles)
        elif kind == 2:
            question = " ".join(typo(w) for w in rnd.sample(words, 3))
        elif kind == 3:
            question = f"{rnd.choice(_OPENINGS)} {' '.join(rnd.sample(words, 3))}?"
        else:
            question = rnd.choice(_TWISTS)(rnd.choice(titles))
        out.append((question, rnd.choice([None, None, *editions])))
    return out
