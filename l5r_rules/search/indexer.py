"""Build the whoosh index from the knowledge base (the only place search reads YAML).

The index is written into a fresh temporary folder and swapped in whole, so a
reader never sees a half-built index and a crash leaves the previous one intact.
Every indexed text is normalized as a query is (analysis.normalize), so the two meet
whatever Unicode spelling either uses; the stored payloads keep the verbatim text.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
from pathlib import Path

from .. import yamlio
from ..editions import load_registry
from ..hints import read as read_hints
from ..kb import load_kb
from ..layout import Layout
from ..sourcecheck import Misquotes
from . import policy
from .analysis import WORD_PATTERN, normalize
from .decompound import Splitter, vocabulary_of
from .errors import IndexUnwritable
from .fields import AVERAGED_OVER_FILLED, PASSAGE_FIELDS, build_passage_schema, build_schema
from .freshness import current_stamp, write_stamp
from .gamewords import build_table as game_table
from .passages import passages
from .payloads import concept_payload, concepts_of_entries, entry_payload, errata_payload
from .store import (
    INDEX_NAME,
    PASSAGE_INDEX,
    TABLE_FIELDS,
    index_dir,
    write_doc_table,
    write_field_docs,
    write_games,
    write_passage_table,
    write_registry,
    write_words,
)
from .synonyms import JSON_NAME as SYNONYMS_JSON
from .synonyms import read_yaml as read_synonyms
from .vocabulary import count as count_words
from .whooshlib import create_in
from .whooshlib import writer as whoosh_writer


def _lang_fields(lang: str, **values: str) -> dict[str, str]:
    suffix = "_de" if lang == "de" else ""
    return {f"{name}{suffix}": value for name, value in values.items() if value}


_WORD = re.compile(WORD_PATTERN)


def _distinct_words(*texts: str) -> str:
    """Each word of `texts` once: the vocabulary (vocabulary.py) records only whether a document
    has a word, so repeating it would only cost time."""
    return " ".join(dict.fromkeys(w.lower() for text in texts for w in _WORD.findall(text)))


def _normalized(entry: dict) -> dict:
    """The entry with every text the index reads normalized (analysis.normalize)."""
    source = entry.get("source") or {}
    translation = entry.get("translation") or {}
    return {
        **entry,
        "term": normalize(entry["term"]),
        "text": normalize(entry["text"]),
        "aliases": [normalize(a) for a in entry.get("aliases") or []],
        "source": {**source, "section": [normalize(s) for s in source.get("section") or []]},
        "translation": {**translation, "text": normalize(translation.get("text") or "")},
    }


def _normalized_concept(concept: dict) -> dict:
    return {
        **concept,
        "title": normalize(concept["title"]),
        "summary": normalize(concept.get("summary", "")),
        "aliases": [normalize(a) for a in concept.get("aliases") or []],
    }


def _german_splitter(entries) -> Splitter:
    """A compound splitter whose vocabulary is the words of the German entries themselves."""
    vocabulary = vocabulary_of(
        text
        for e in entries
        if e.get("lang") == "de"
        for text in (e["term"], " ".join((e.get("source") or {}).get("section") or []), e["text"])
    )
    return Splitter(lambda word: vocabulary.get(word, 0))


def _documents(layout: Layout, kb, with_hints: bool = True):
    entries = {entry_id: _normalized(entry) for entry_id, entry in kb.entries.items()}
    splitter = _german_splitter(entries.values())
    titles = {doc_id: doc.title for doc_id, doc in kb.documents.items()}
    concepts_by_entry = concepts_of_entries(kb.concepts)
    card_names = {normalize(card["name"]).casefold() for card in kb.cards.values()}
    hints = {
        lang: {e: [normalize(q) for q in qs] for e, qs in by_entry.items()}
        for lang, by_entry in (read_hints(layout, kb.registry) if with_hints else {"en": {}, "de": {}}).items()
    }
    for entry_id, original in kb.entries.items():
        entry = entries[entry_id]
        cids = concepts_by_entry.get(entry["id"]) or []
        cid = cids[0] if cids else None
        concept = _normalized_concept(kb.concepts[cid]) if cid and cid in kb.concepts else None
        alias_text = "\n".join(entry.get("aliases") or [])
        concept_text = "\n".join([concept["title"], *(concept.get("aliases") or [])]) if concept else ""
        payload = entry_payload(original, cid, titles.get((entry.get("source") or {}).get("document")))
        lang = entry.get("lang", "en")
        section = " / ".join(entry["source"]["section"][:-1])
        parts = " ".join(
            splitter.compound_parts("\n".join([entry["term"], section, entry["text"]])) if lang == "de" else []
        )
        yield {
            "id": entry["id"],
            "doctype": "entry",
            "passages": _passage_docs(original, lang, splitter),
            "length": len(_WORD.findall(entry["text"])),  # words of rule text: a short glossary entry defines
            "order": entry.get("order"),  # its place in its book: a question naming only a book opens it (engine)
            "milestone": bool(MILESTONE.match(entry["text"])),  # a framework step that only marks a moment
            # an erratum to one card (its heading is the card's name), not the errata section's rules
            "card_erratum": entry["kind"] == "errata" and entry["term"].casefold() in card_names,
            "game": entry["game"],
            "edition": entry["edition"],
            "kind": entry["kind"],
            "lang": lang,
            "concept": cid or "",
            "concepts": cids[1:],  # the other concepts that list it: it joins one that matched (engine._concept_key)
            "aliases": alias_text,
            "aliases_de": alias_text,
            "translation": (entry.get("translation") or {}).get("text", ""),
            "hints": "\n".join(hints["en"].get(entry["id"], ())),
            "hints_de": "\n".join(hints["de"].get(entry["id"], ())),
            "payload": json.dumps(payload, ensure_ascii=False),
            "words": _distinct_words(
                entry["term"],
                section,
                entry["text"],
                alias_text,
                concept_text,
                (entry.get("translation") or {}).get("text", ""),
            ),
            # a German heading also holds its compounds' parts: "Spielende" is a heading about "Spiel" and "Ende"
            **_lang_fields(
                lang,
                term=" ".join([entry["term"], *splitter.compound_parts(entry["term"])])
                if lang == "de"
                else entry["term"],
                section=section,
                text=entry["text"],
            ),
            **({"parts_de": parts} if parts else {}),
        }
    for original in kb.concepts.values():
        concept = _normalized_concept(original)
        alias_text = "\n".join(concept.get("aliases") or [])
        payload = concept_payload(original)
        # the most central entry of each edition: results show it when the concept matched
        central = {edition: ids[0] for edition, ids in payload["entries"].items() if ids and ids[0] in kb.entries}
        games = {kb.entries[eid]["game"] for eid in central.values()}
        yield {
            "id": concept["id"],
            "doctype": "concept",
            "game": games.pop() if len(games) == 1 else None,  # a concept lines up one game's editions
            "kind": "concept",
            "concept": concept["id"],
            "central": central,
            "term": concept["title"],
            "aliases": alias_text,
            "aliases_de": alias_text,
            "text": concept.get("summary", ""),
            "words": _distinct_words(concept["title"], alias_text, concept.get("summary", "")),
            "payload": json.dumps(payload, ensure_ascii=False),
        }
    for record in kb.errata.values():
        refers = [record.get("entry", ""), *(record.get("affects") or []), *(record.get("concepts") or [])]
        yield {
            "id": f"errata:{record['id']}",
            "doctype": "errata",
            "edition": record.get("edition", ""),
            "refers": ",".join(r for r in refers if r),
            "payload": json.dumps(errata_payload(record), ensure_ascii=False),
        }


# What a document carries for the document table, the passage index or the vocabulary, not for whoosh.
TABLE_ONLY = frozenset({"central", "concepts", "passages", "length", "milestone", "card_erratum", "order", "words"})
# An LCG framework step whose text only marks a moment of the game ("This step formalizes the
# beginning of the draw phase."): it states no rule, yet its heading repeats the phase's name.
MILESTONE = re.compile(policy.value("MILESTONE_PATTERN"))  # (policy.yaml)


def _passage_docs(entry: dict, lang: str, splitter: Splitter) -> list[dict]:
    """The passage index's documents for one entry (as the glossary holds it: the payload keeps
    each passage verbatim, the fields are normalized like the entry's): see fields.PASSAGE_FIELDS."""
    out = []
    translation = (entry.get("translation") or {}).get("text", "")
    for p in passages(entry["id"], entry["text"], translation, entry.get("anchors")):
        text = normalize(p.text)
        if p.translation:
            fields = {"translation": text}
        elif lang == "de":
            fields = {"text_de": text, "parts_de": " ".join(splitter.compound_parts(text))}
        else:
            fields = {"text": text}
        payload = {
            "entry": entry["id"],
            "block": p.block,
            "anchor": p.anchor,
            "translation": p.translation,
            "text": p.text,
            "whole": list(p.whole),
        }
        out.append({**{k: v for k, v in fields.items() if v}, "payload": json.dumps(payload, ensure_ascii=False)})
    return out


def _check_doc_table(ix, table: list[dict]) -> None:
    """One fresh segment numbers documents in the order they were added; make sure."""
    with ix.reader() as reader:
        stored = [fields["id"] for _, fields in reader.iter_docs()]
    if stored != [row["id"] for row in table]:
        raise RuntimeError("index document numbers are not in the order documents were added")


def build_index(layout: Layout, with_hints: bool = True) -> Path:
    """(Re)build build/index/ from the glossary; returns the index folder.

    Reading the glossary comes first, so its errors stay the glossary's; a file-system
    error while writing or swapping in the index raises IndexUnwritable. Callers that
    may race another process take repair.index_lock around this. `with_hints=False` leaves the
    search hints out (scripts/bench_search.py's hints-off figures, in a checkout of its own)."""
    target = index_dir(layout)
    stamp = current_stamp(layout)  # taken first: an edit made during the build makes the index stale
    kb = load_kb(layout.root)
    _refuse_misquotes(layout, kb)
    docs = list(_documents(layout, kb, with_hints))
    registry = load_registry(layout.root).to_json()
    synonyms = read_synonyms(layout)
    games = game_table(kb.entries.values())
    try:
        return _write(target, docs, stamp, registry, synonyms, games)
    except OSError as exc:
        raise IndexUnwritable(target, exc) from exc


def _refuse_misquotes(layout: Layout, kb) -> None:
    """No index (so no show, search or compare) of a glossary that quotes a rulebook otherwise than it prints
    it: the first such entry, as validate names it (GlossaryFileError: one line, exit 1)."""
    misquotes = Misquotes(layout, kb.documents)
    for entry in kb.entries.values():
        why = misquotes.why(entry)
        if why is not None:
            path = layout.entry_path(entry["edition"], entry["id"])
            line, col = yamlio.load_file(path).where(("text",))
            raise yamlio.GlossaryFileError(
                path.relative_to(layout.root),
                yamlio.YamlProblem(why[0], line, col, "text", f"{why[1]}, so no reader quotes it"),
            )


def _write(
    target: Path, docs: list[dict], stamp: dict, registry: dict, synonyms: dict[str, list[str]], games: dict
) -> Path:
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".index-", dir=target.parent))
    try:
        ix = create_in(str(tmp), build_schema(), indexname=INDEX_NAME)
        writer = whoosh_writer(ix)
        table = []
        filled = dict.fromkeys(sorted(AVERAGED_OVER_FILLED), 0)
        for doc in docs:
            for name in filled:
                filled[name] += bool(doc.get(name))
            row = {name: doc.get(name) or None for name in TABLE_FIELDS}
            row["refers"] = doc["refers"].split(",") if doc.get("refers") else None
            table.append(row)
            writer.add_document(**{k: v for k, v in doc.items() if k not in TABLE_ONLY})
        writer.commit()
        _check_doc_table(ix, table)
        _write_passages(tmp, docs)
        write_doc_table(tmp, table)
        write_field_docs(tmp, filled)
        write_words(tmp, count_words(doc["words"] for doc in docs if doc.get("words")))
        write_registry(tmp, registry)
        write_games(tmp, games)
        (tmp / SYNONYMS_JSON).write_text(json.dumps(synonyms, ensure_ascii=False), encoding="utf-8")
        write_stamp(tmp, stamp)
        _swap(tmp, target)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return target


def _write_passages(tmp: Path, docs: list[dict]) -> None:
    """The passage index, and the table of each passage's entry (document number in the main index)."""
    pix = create_in(str(tmp), build_passage_schema(), indexname=PASSAGE_INDEX)
    writer = whoosh_writer(pix)
    entry_of: list[int] = []
    translated: list[int] = []
    filled = dict.fromkeys(PASSAGE_FIELDS, 0)
    for docnum, doc in enumerate(docs):
        for passage in doc.get("passages") or ():
            if json.loads(passage["payload"])["translation"]:
                translated.append(len(entry_of))
            entry_of.append(docnum)
            for name in filled:
                filled[name] += bool(passage.get(name))
            writer.add_document(**passage)
    writer.commit()
    write_passage_table(tmp, entry_of, filled, translated)


def _swap(new: Path, target: Path) -> None:
    """Put the folder `new` where `target` is; whatever was there (a folder, a file, a
    link) is moved aside first and then removed, or put back if the swap fails."""
    old = target.with_name(".index-old-" + new.name.removeprefix(".index-"))
    moved = os.path.lexists(target)
    if moved:
        os.replace(target, old)
    try:
        os.replace(new, target)
    except OSError:
        if moved:
            os.replace(old, target)
        raise
    if moved:
        _remove(old)


def _remove(path: Path) -> None:
    """Best effort: a reader may still hold files of an old index open."""
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path, ignore_errors=True)
    else:
        try:
            path.unlink()
        except OSError:
            pass
