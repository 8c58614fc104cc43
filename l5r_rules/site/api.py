"""The site's static JSON API (`api/v1/`): one file per record, for tools that quote a rule by id.

A Discord judge bot or a deck builder fetches `api/v1/entries/<id>.json` (or a
concept, erratum, card or scenario outcome) from the published site instead of
scraping HTML. Each file wraps the glossary record as it is with its permalink
(and, for entries, the citation), so the payload is the checked-in format
documented on the format page; `api/v1/index.json` lists every file with the
build time and a hash of the glossary (`data_version`); `api/v1/schemas/` holds
the JSON Schemas the files follow. The version is in the path so that a
breaking change can ship as `v2` next to it.

The builder calls `write_api()` on the new site folder after mkdocs and before
the swap, so the API appears and changes together with the pages it links to.
"""

from __future__ import annotations

import hashlib
import json
import re
import time
from pathlib import Path

from .. import citation
from .. import urls as U
from ..schemas import SCHEMA_DIR
from ..siteurl import SiteUrl
from .sitedata import SiteData

VERSION = U.API_VERSION
FOLDERS = U.API_FOLDERS
# The schemas the API files follow (an api_record's `record` refers to the glossary ones).
OWN_SCHEMAS = ("api_record", "api_scenario", "api_index")  # documented in the format page's JSON API section
SCHEMAS = (*OWN_SCHEMAS, "entry", "concept", "errata", "card")
SAFE_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


class ApiError(Exception):
    """A scenario cannot be published: its id is no safe file name, or two scenarios share it.

    Glossary ids need no such check here: the schemas make them slugs and a file's id is its name.
    """


def data_version(glossary: Path) -> str:
    """sha256 over the glossary's YAML files (relative path and bytes), in path order."""
    digest = hashlib.sha256()
    for path in sorted(glossary.rglob("*.yaml")) if glossary.is_dir() else []:
        digest.update(path.relative_to(glossary).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def build_stamp(glossary: Path, now: float | None = None) -> dict:
    """What this build shows: the glossary's `data_version` and the build time (UTC, ISO 8601).

    Computed once per build: the API's index.json, every page's footer and the service worker
    all carry the same two values."""
    built = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(now))
    return {"data_version": data_version(glossary), "built": built}


def _entry_citation(data: SiteData, entry: dict) -> str:
    doc = data.document_of(entry)
    return citation.of_entry(entry, doc.title if doc else None).full()


def _card_permalink(data: SiteData, card: dict, link) -> str:
    """A card's errata page where it has errata, else the first entry that names it."""
    if card["name"] in data.errata_by_card:
        return link(U.card_page(card["name"]))
    return link(U.entry_page(card["mentioned_in"][0]))


def _scenario_record(view) -> dict:
    return {
        "id": view.id,
        "ruleset": view.ruleset,
        "procedure": view.procedure,
        "source": view.source,
        "entries": list(view.entries),
        "cited": list(view.cited),
        "outcome": json.loads(view.outcome) if view.outcome is not None else None,
        "error": view.error,
    }


def records(data: SiteData, link=U.permalink) -> list[dict]:
    """Every API record (the envelope of api_record.schema.json), sorted by kind and id.

    `link` turns a page into its site-relative URL: the permalink, or `Urls(False).url` in an
    offline build, whose pages end in .html."""
    out: list[dict] = []

    def add(kind: str, rid: str, permalink: str, record: dict, **extra) -> None:
        out.append(_envelope(kind, rid, permalink, record, **extra))

    for eid, entry in sorted(data.entries.items()):
        add("entry", eid, link(U.entry_page(eid)), entry, citation=_entry_citation(data, entry))
    for cid, concept in sorted(data.concepts.items()):
        add("concept", cid, link(U.concept_page(cid)), concept)
    for rid, rec in sorted(data.errata.items()):
        page = link(U.errata_edition_page(rec.get("edition", "")))
        add("errata", rid, f"{page}#erratum-{rid}", rec)
    for cid, card in sorted(data.kb.cards.items()):
        add("card", cid, _card_permalink(data, card, link), card)
    first_path: dict[str, str] = {}
    for view in sorted(data.scenarios, key=lambda v: (v.id, v.path)):
        if not SAFE_ID.match(view.id):
            raise ApiError(
                f"{view.path}: scenario id {view.id!r} is not a lowercase-hyphen slug, "
                "so it cannot name an API file (make it the file name, e.g. lotus-bow-on-attack)"
            )
        if view.id in first_path:
            raise ApiError(
                f"{view.path}: scenario id {view.id!r} is also the id of {first_path[view.id]} "
                "(scenario ids must be unique: rename one)"
            )
        first_path[view.id] = view.path
        source = (view.source or {}).get("entry") if isinstance(view.source, dict) else None
        page = link(U.entry_page(source)) if isinstance(source, str) and source else (link("index.md") or "./")
        add("scenario", view.id, page, _scenario_record(view))
    return out


def page_context(data: SiteData) -> dict:
    """What the format page's JSON API section shows: the paths and one real entry record."""
    example = next((r for r in records_of_entries(data)), None)
    return {
        "version": VERSION,
        "folders": FOLDERS,
        "example_path": f"{FOLDERS['entry']}/{example['id']}.json" if example else f"{FOLDERS['entry']}/<id>.json",
        "example": json.dumps(example, ensure_ascii=False, indent=1) if example else "{}",
    }


def records_of_entries(data: SiteData):
    """Entry records, those with a page and a sentence or two of text first, shortest first
    (the format page shows the first as its example)."""

    def key(kv):
        entry = kv[1]
        return (not entry["source"].get("page") or len(entry["text"]) < 150, len(entry["text"]), kv[0])

    for eid, entry in sorted(data.entries.items(), key=key):
        yield _envelope("entry", eid, U.permalink(U.entry_page(eid)), entry, citation=_entry_citation(data, entry))


def _envelope(kind: str, rid: str, permalink: str, record: dict, **extra) -> dict:
    return {"api": VERSION, "kind": kind, "id": rid, "permalink": permalink, **extra, "record": record}


def _with_url(rec: dict, public: SiteUrl) -> dict:
    """The record with its absolute address right after its permalink."""
    out: dict = {}
    for key, value in rec.items():
        out[key] = value
        if key == "permalink":
            out["url"] = public.link(value)
    return out


def _dump(path: Path, value) -> int:
    text = json.dumps(value, ensure_ascii=False, indent=1, sort_keys=False) + "\n"
    path.write_text(text, encoding="utf-8")
    return len(text.encode())


def write_api(
    data: SiteData,
    site_dir: Path,
    urls: U.Urls | None = None,
    stamp: dict | None = None,
    public: SiteUrl | None = None,
) -> tuple[int, int]:
    """Write `api/v1/` into a built site folder; return (files, bytes). Raises ApiError before writing anything.

    `stamp`: the build's `build_stamp()` (made here when not given). `public`: the site's published
    address (siteurl.py), when known: each record then also carries its absolute `url`."""
    urls = U.Urls() if urls is None else urls
    stamp = stamp or build_stamp(data.kb.layout.glossary)
    recs = records(data, urls.url)
    if public is not None:
        recs = [_with_url(rec, public) for rec in recs]
    base = site_dir / "api" / VERSION
    files: list[dict] = []
    size = 0
    for folder in [*FOLDERS.values(), "schemas"]:
        (base / folder).mkdir(parents=True, exist_ok=True)
    for rec in recs:
        rel = f"{FOLDERS[rec['kind']]}/{rec['id']}.json"
        size += _dump(base / rel, rec)
        files.append({"kind": rec["kind"], "id": rec["id"], "path": rel})
    for name in SCHEMAS:
        rel = f"schemas/{name}.schema.json"
        raw = (SCHEMA_DIR / f"{name}.schema.json").read_bytes()
        (base / rel).write_bytes(raw)
        size += len(raw)
        files.append({"kind": "schema", "id": name, "path": rel})
    counts: dict[str, int] = {}
    for item in files:
        counts[item["kind"]] = counts.get(item["kind"], 0) + 1
    index = {
        "api": VERSION,
        "built": stamp["built"],
        "data_version": stamp["data_version"],
        **({"site_url": public.url} if public is not None else {}),
        "counts": counts,
        "files": files,
    }
    size += _dump(base / "index.json", index)
    return len(files) + 1, size
