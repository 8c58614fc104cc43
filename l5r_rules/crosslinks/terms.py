"""Match a name as a rulebook writes it ("Triggered Ability", "Duel timing",
"D.2") to the entry whose heading names it ("Triggered Abilities",
"D. Duel Timing", "D.2. Establish challenger and challengee").

Names are compared as keys: lowercase words without punctuation, each word
singular ("abilities" -> "ability"), step numbers kept apart.
"""

from __future__ import annotations

import re

_NUMBER = re.compile(r"^\s*((?:[0-9]+|[IVX]+|[A-Z])(?:\.[0-9]+)*)\.?\s+(?=\S)")
_WORD = re.compile(r"[a-z0-9]+")
BARE_NUMBER = re.compile(r"^(?:[0-9]+|[IVX]+|[A-Z])(?:\.[0-9]+)+\.?$")
STOP = frozenset(
    "a an and the of or to in on for with as by is be it its this that these those his her their your you"
    " he she they can may not are was were which who when if at from into".split()
)


def clean(name: str) -> str:
    """Drop the quotes, emphasis and closing punctuation around a name as printed."""
    return name.strip().strip("*_“”\"'.,:;").strip()


# Battle for Rokugan (German): articles and linking words, and the endings a noun takes
# ("Verteidigungsboni" / "Verteidigungsbonus", "Provinzen" / "Provinz").
STOP_DE = frozenset(
    "der die das den dem des und oder ein eine einer eines einem einen auf in im zu zur zum von vom mit"
    " für ist wird werden sind dies diese dieser weiter nicht".split()
)
_ENDINGS_DE = ("en", "er", "es", "us", "e", "n", "s", "i")


def stem_de(word: str) -> str:
    for ending in _ENDINGS_DE:
        if word.endswith(ending) and len(word) - len(ending) >= 4:
            return word[: -len(ending)]
    return word


def significant_de(text: str) -> frozenset[str]:
    return frozenset(stem_de(w) for w in re.findall(r"\w+", text.lower()) if w not in STOP_DE)


def singular(word: str) -> str:
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "is", "us")):
        return word[:-1]
    return word


def words(text: str) -> list[str]:
    text = text.lower().replace("’", "'").replace("'s", "")
    return [w if w in STOP else singular(w) for w in _WORD.findall(text)]


def key(text: str) -> str:
    return " ".join(words(text))


def significant(text: str, lang: str = "en") -> frozenset[str]:
    if lang == "de":
        return significant_de(text)
    return frozenset(w for w in words(text) if w not in STOP)


def step_number(term: str) -> str | None:
    """'D.2. Establish ...' -> 'd.2'; '4.4. Battle Action Segment' -> '4.4'; None without a number."""
    m = _NUMBER.match(term)
    if not m or "." not in term[: m.end()]:
        return None
    return m.group(1).lower()


def strip_number(term: str) -> str:
    m = _NUMBER.match(term)
    return term[m.end() :] if m and "." in term[: m.end()] else term


def names_of(term: str) -> list[str]:
    """Every key a heading answers to: the whole, its comma/slash parts, parenthesised alternatives."""
    base = strip_number(term).strip().strip('*“”"')
    out = [key(base)]
    inner = re.findall(r"\(([^)]*)\)", base)
    outer = re.sub(r"\([^)]*\)", "", base)
    for chunk in [outer, *inner]:
        for part in re.split(r",|/", chunk):
            k = key(part)
            if k:
                out.append(k)
    number = step_number(term)
    if number:
        out.append(number)
    seen: dict[str, None] = {}
    for k in out:
        if k:
            seen.setdefault(k, None)
    return list(seen)


class TermIndex:
    """The entries of one edition, looked up by name."""

    def __init__(self, entries: list[dict]):
        self.entries = entries
        self.lang = entries[0].get("lang", "en") if entries else "en"
        self.by_key: dict[str, list[str]] = {}
        self.sig: dict[str, frozenset[str]] = {}
        self.order: dict[str, int] = {e["id"]: e["order"] for e in entries}
        self.text: dict[str, str] = {e["id"]: e["text"] for e in entries}
        self.term: dict[str, str] = {e["id"]: e["term"] for e in entries}
        for e in entries:
            for k in names_of(e["term"]):
                self.by_key.setdefault(k, []).append(e["id"])
            self.sig[e["id"]] = significant(strip_number(e["term"]), self.lang)

    def exact(self, name: str, among: set[str] | None = None) -> list[str]:
        name = clean(name)
        if BARE_NUMBER.match(name):
            ids = self.by_key.get(name.rstrip(".").lower(), [])
        else:
            ids = self.by_key.get(key(strip_number(name)), [])
        return [i for i in ids if among is None or i in among]

    def by_words(self, name: str, among: set[str] | None = None) -> list[str]:
        """Entries whose heading words and the name's words contain one another; fewest extra words first."""
        want = significant(strip_number(name), self.lang)
        if not want:
            return []
        scored = []
        for e in self.entries:
            if among is not None and e["id"] not in among:
                continue
            have = self.sig[e["id"]]
            if have and (have <= want or want <= have):
                scored.append((len(have ^ want), e["order"], e["id"]))
        if not scored:
            return []
        best = min(s[0] for s in scored)
        return [i for d, _, i in sorted(scored) if d == best]

    def lookup(self, name: str, among: set[str] | None = None) -> list[str]:
        return self.exact(name, among) or self.by_words(name, among)
