"""The search index the site's browser scores: exported from the CLI's own index and constants.

Why: the site must rank as `l5r-rules search` ranks (issue 12 item 4), offline and on a phone.
Rather than a second analysis in the browser, the build exports what the CLI's scorer reads
(scoring.py: BM25F over whoosh's reader statistics) and the ranking policy whole (policy.yaml:
every knob, word list and post-scoring rule), and the search script (webscript.py, from js/, each
module named after its Python twin) folds the same query tree over it. Nothing is written twice: a
knob tuned in the policy, a synonym added, an edition word in the registry reaches the site at the
next build.

What is exported (JavaScript files, so that they load from a file:// offline build too):

* `index.js`: the ranking policy; what analysis.py reads a word with (stop words, accent folding);
  the registry's edition words and each edition's properties the rules test; the synonym table;
  both indexes' postings (field -> term -> [docnum delta, term frequency, ...]) with each
  field's boost, average length and each document's field length as whoosh's reader gives
  them; the unstemmed vocabulary with each word's document count (vocabulary.py: typo
  tolerance, compound splitting); whoosh's whole accent_map; the analysis of every word the
  corpus and the synonym table use (`stems`: word -> English and German index term, exactly
  what analysis.py makes of it), and what results show of each document.
* `passages.js`: the verbatim text of every passage, which a result shows (its anchor and
  block number are in index.js, so a result links to its paragraph before the texts arrive).

Postings store whoosh's weight as a term frequency: whoosh keeps frequency x field boost as
a 32-bit float, which the script recomputes as Math.fround(tf * boost); `export` checks that
this gives back every stored weight, else it stops.
"""

from __future__ import annotations

import json
import re
import struct
from pathlib import Path

from ..citation import brief, passage_pages
from ..urls import Urls, compare_page, concept_page, entry_page
from . import analysis, policy, querying, webscript, whooshlib
from .analysis import WORD_PATTERN, analyze, english, german, normalize
from .fields import SEARCH_FIELDS

FOLDER = "assets/search"  # in the built site
INDEX_FILE = "index.js"
PASSAGES_FILE = "passages.js"
GLOBAL = "L5R_SEARCH"  # window.L5R_SEARCH = {index: ..., passages: ...}
_WORD = re.compile(WORD_PATTERN)


class ExportError(Exception):
    """The index cannot be exported faithfully (one line)."""


def _f32(x: float) -> float:
    return struct.unpack("f", struct.pack("f", x))[0]


def _postings(reader, fields, boosts: dict[str, float]) -> dict:
    """field -> term -> flat [docnum delta, tf, ...]."""
    out: dict[str, dict[str, list[int]]] = {}
    for name in fields:
        if name not in reader.schema or not reader.schema[name].scorable:
            continue
        terms: dict[str, list[int]] = {}
        for raw in reader.lexicon(name):
            text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
            flat: list[int] = []
            last = 0
            m = reader.postings(name, raw)
            while m.is_active():
                weight = m.weight()
                tf = round(weight / boosts[name])
                if _f32(tf * boosts[name]) != weight:
                    raise ExportError(f"field {name}, term {text!r}: weight {weight} is no whole frequency x boost")
                flat += [m.id() - last, tf]
                last = m.id()
                m.next()
            terms[text] = flat
        out[name] = terms
    return out


def _lengths(reader, stats, fields) -> tuple[dict, dict]:
    """(field -> each document's length, field -> average length as the scorer takes it)."""
    n = reader.doc_count_all()
    lengths, averages = {}, {}
    for name in fields:
        if name not in reader.schema:
            continue
        lengths[name] = [reader.doc_field_length(d, name, 0) for d in range(n)]
        averages[name] = stats.avg_field_length(name) or 1
    return lengths, averages


def _tokens(texts) -> set[str]:
    return {w.lower() for text in texts for w in _WORD.findall(normalize(text or "").lower())}


def _stems(tokens: set[str]) -> dict[str, str]:
    """word -> "english|german" index terms ("=" the word itself, "" none: a stop word)."""
    en, de = english(), german()
    out = {}
    for token in sorted(tokens):
        pair = []
        for analyzer in (en, de):
            terms = analyze(analyzer, token)
            term = terms[0] if len(terms) == 1 else (" ".join(terms) if terms else "")
            pair.append("=" if term == token else term)
        if pair != ["=", "="]:
            out[token] = "|".join(pair)
        else:
            out[token] = ""
    return out


def _texts(eng) -> list[str]:
    """Every text a query word or a shown word may come from: entries, concepts, passages."""
    texts = []
    for n, doc in enumerate(eng.docs):
        if doc["doctype"] == "errata":
            continue
        p = eng.payload(n)
        if doc["doctype"] == "entry":
            texts += [p["term"], p["text"], *(p.get("aliases") or []), *p["source"]["section"]]
            texts.append((p.get("translation") or {}).get("text") or "")
        else:
            texts += [p["title"], p.get("summary") or "", *(p.get("aliases") or [])]
            texts += [d.get("text") or "" for d in p.get("differences") or []]
    if eng.passages is not None:
        texts += [eng.passages.payload(i)["text"] for i in range(len(eng.passages.entry_of))]
    return texts


# What the browser needs of each document (engine.docs) to filter, rank and group
DOC_FIELDS = (
    "id",
    "doctype",
    "edition",
    "game",
    "kind",
    "concept",
    "concepts",
    "central",
    "length",
    "milestone",
    "card_erratum",
    "order",
)


def _edition_words(names: querying.EditionWords) -> dict:
    return {
        "phrases": [[list(k), sorted(eds), sorted(games)] for k, (eds, games) in sorted(names.phrases.items())],
        "soft": {w: sorted(eds) for w, eds in sorted(names.soft.items())},
        "games": {g: sorted(eds) for g, eds in sorted(names.games.items())},
    }


def _doc_rows(eng, urls: Urls) -> list[dict]:
    """What ranking, grouping and the result list need of each document (errata: only a place)."""
    rows = []
    for n, doc in enumerate(eng.docs):
        row = {k: doc[k] for k in DOC_FIELDS}
        if doc["doctype"] == "entry":
            p = eng.payload(n)
            row.update(term=p["term"], lang=p["lang"], url=urls.url(entry_page(doc["id"])))
            row["cite"] = brief(p, eng.registry.short(doc["edition"]))  # the full one is on the entry's page
        elif doc["doctype"] == "concept":
            p = eng.payload(n)
            row["compare"] = urls.url(compare_page(doc["id"]))
            row.update(
                term=p["title"],
                url=urls.url(concept_page(doc["id"])),
                summary=" ".join((p.get("summary") or "").split()),
            )
            row["differences"] = [
                {"text": " ".join((d.get("text") or "").split()), "editions": list(d.get("editions") or [])}
                for d in p.get("differences") or []
            ]
        rows.append({k: v for k, v in row.items() if v not in (None, "", [], {})})
    return rows


def index_data(eng, urls: Urls | None = None) -> dict:
    """The browser's index (index.js) of an open engine.Engine (page URLs: `urls`, default directory URLs)."""
    urls = urls or Urls()
    boosts = {name: boost for name, (_, boost) in SEARCH_FIELDS.items()}
    fields = list(SEARCH_FIELDS)
    tokens = _tokens(_texts(eng))
    synonym_words = [" ".join(k) for k in eng.synonyms] + [v for vs in eng.synonyms.values() for v in vs]
    tokens |= _tokens(synonym_words)
    tokens |= {w for words in eng.names.phrases for w in words} | set(eng.names.soft)
    main_lengths, main_avg = _lengths(eng.reader, eng.stats, fields)
    pix = eng.passages
    pass_fields = [f for f in fields if f in pix.reader.schema]
    pass_lengths, pass_avg = _lengths(pix.reader, pix.stats, pass_fields)
    return {
        "format": 2,
        # the ranking policy whole: every knob's value and the post-scoring rules (policy.yaml)
        "policy": {"knobs": policy.values(), "rules": policy.document()["rules"]},
        "analysis": analysis.browser_tables(),
        "bm25": {
            "B": eng.stats.weighting.B,
            "K1": eng.stats.weighting.K1,
            "field_B": whooshlib.field_bs(eng.stats.weighting),
        },
        "fields": {name: [lang, boost] for name, (lang, boost) in SEARCH_FIELDS.items()},
        "editions": _edition_words(eng.names),
        "edition_facts": eng.edition_facts,
        "order": list(eng.registry.order),
        "edition_labels": {e.id: [e.label, e.short] for e in eng.registry.editions},
        "game_short": {g: eng.registry.game_short(g) for g in eng.registry.game_ids},
        "synonyms": {" ".join(k): list(v) for k, v in eng.synonyms.items()},
        # the words that tell a question's game (gamewords.py): index term -> [game, weight]
        "game_words": eng.game_words(),
        "stems": _stems(tokens),
        "vocabulary": list(eng.stats.vocabulary),
        # each word's document frequency: the compound splitter's vocabulary is decompound.index_vocabulary
        # itself (the word's count, if a German field holds the stem of the piece as typed), run in the browser
        "vocabulary_counts": [eng.stats.vocabulary.frequency(w) for w in eng.stats.vocabulary],
        "main": {
            "count": eng.reader.doc_count_all(),
            "postings": _postings(eng.reader, fields, boosts),
            "lengths": main_lengths,
            "average": main_avg,
        },
        "passages": {
            "count": pix.reader.doc_count_all(),
            "postings": _postings(pix.reader, pass_fields, boosts),
            "lengths": pass_lengths,
            "average": pass_avg,
            "entry": list(pix.entry_of),
            **_passage_places(eng),
        },
        "docs": _doc_rows(eng, urls),
    }


def passage_data(eng) -> list[str]:
    """Each passage's verbatim text, in passage-number order (what a result shows)."""
    pix = eng.passages
    return [pix.payload(i)["text"] for i in range(len(pix.entry_of))]


def _passage_places(eng) -> dict:
    """Each passage's block number, anchor on its entry's page, whether it is cut from the translation, its
    short citation where its own page differs, and the lead-ins to lists."""
    pix = eng.passages
    rows = [pix.payload(i) for i in range(len(pix.entry_of))]
    return {
        "block": [p["block"] for p in rows],
        "anchor": [p["anchor"] for p in rows],
        "translation": [int(bool(p["translation"])) for p in rows],
        "cite": _passage_cites(eng, rows),
        # the passages a hit shows with the list they lead into, the next passage (engine.Engine.list_after)
        "lead_in": [num for num in range(len(rows)) if eng.list_after(num) is not None],
    }


def _passage_cites(eng, rows: list[dict]) -> dict[str, str]:
    """passage number -> the result list's short citation with the passage's own pages, for the passages
    whose entry's page markers place them (citation.passage_pages: "Ivory p. 73 · Dueling Rules" of an
    entry over pp. 71-73); any other passage's hit shows its entry's (the docs' `cite`)."""
    out = {}
    for num, (entry, row) in enumerate(zip(eng.passages.entry_of, rows)):
        payload = eng.payload(entry)
        if row["translation"] or not (payload.get("source") or {}).get("page_breaks"):
            continue
        pages = passage_pages(payload["source"], payload["text"], row["text"])
        if pages:
            out[str(num)] = brief(payload, eng.registry.short(payload["edition"]), pages)
    return out


def _script(key: str, data) -> str:
    """A script that sets window.L5R_SEARCH[key] to `data`: JSON in a string for JSON.parse, which a
    browser parses several times faster than the same data written as a JavaScript literal."""
    body = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return f"(window.{GLOBAL}=window.{GLOBAL}||{{}}).{key}=JSON.parse({json.dumps(body, ensure_ascii=False)});\n"


def read_script(path: Path):
    """The data a script written by `export` holds (for tests and tools)."""
    text = path.read_text(encoding="utf-8")
    start = text.index("JSON.parse(") + len("JSON.parse(")
    return json.loads(json.loads(text[start : text.rindex(")")]))


def export(eng, site: Path, urls: Urls | None = None) -> dict[str, int]:
    """Write what the site's search needs into a built site: index.js and passages.js into
    assets/search/ (page URLs as `urls` makes them: an offline build's end in .html), and the search
    script put together from js/ (webscript.py); file name -> bytes written."""
    folder = site / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    sizes = {}
    for name, key, data in (
        (INDEX_FILE, "index", index_data(eng, urls)),
        (PASSAGES_FILE, "passages", passage_data(eng)),
    ):
        text = _script(key, data)
        (folder / name).write_text(text, encoding="utf-8")
        sizes[name] = len(text.encode("utf-8"))
    sizes[Path(webscript.SCRIPT).name] = webscript.write(site)
    return sizes
