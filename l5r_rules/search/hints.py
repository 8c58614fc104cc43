"""Search hints (hints/<edition>.yaml): questions a player might type that an entry answers.

Why: a judge types "can a tapped guy still block", the rule says "A bowed Personality cannot be
assigned to defend". Synonyms (synonyms.yaml) bridge single words; a hint bridges a whole way of
asking. Each file maps entry ids to a few such questions, written blind from the rulebooks' entries
(by someone who saw no evaluation question and no search result; hints/README.md says how). They are
our words, never rule text: the indexer puts them in a field of their entry (fields.py: `hints`, and
`hints_de` for German questions), which counts in the entry's whole-text part, and nothing shows them.

The YAML is read when the index is built; editing a hints file changes the index's code
fingerprint (freshness.py) and so triggers a rebuild. tests/test_search_hints.py checks the files.
"""

from __future__ import annotations

from pathlib import Path

HINTS_DIR = Path(__file__).resolve().parent / "hints"


def files(folder: Path = HINTS_DIR) -> list[Path]:
    return sorted(folder.glob("*.yaml")) if folder.is_dir() else []


KEYS = {"hints": "en", "hints_de": "de"}  # a file's mapping -> the language of its questions


def read(folder: Path = HINTS_DIR) -> dict[str, dict[str, list[str]]]:
    """language ("en", "de") -> entry id -> its hints, from every file of `folder`: a file's `hints`
    are English questions, its `hints_de` German ones. A malformed file raises ValueError naming it."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    out: dict[str, dict[str, list[str]]] = {lang: {} for lang in KEYS.values()}
    for path in files(folder):
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=loader) or {}
        if not isinstance(data, dict) or not data or set(data) - set(KEYS):
            raise ValueError(f"{path}: needs `hints:` (and perhaps `hints_de:`), each entry id -> list of questions")
        for key, lang in KEYS.items():
            mapping = data.get(key) or {}
            if not isinstance(mapping, dict):
                raise ValueError(f"{path}: `{key}` must map entry ids to lists of questions")
            for entry_id, questions in mapping.items():
                if not isinstance(questions, list) or not all(isinstance(q, str) and q.strip() for q in questions):
                    raise ValueError(f"{path}: {key} of {entry_id} must be a list of non-empty strings")
                if entry_id in out[lang]:
                    raise ValueError(f"{path}: {entry_id} has {key} in two files")
                out[lang][str(entry_id)] = [" ".join(q.split()) for q in questions]
    return out
