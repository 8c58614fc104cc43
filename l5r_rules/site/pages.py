"""Which pages the site has, and the jinja2 environment that renders them.

`plan_pages(data)` lists every generated page as (docs-relative path, template,
context); `render_pages()` renders them into a docs directory. Templates are
`templates/*.md.j2` (autoescape on: every value is HTML-escaped unless it is
already safe Markup, such as entry text rendered by `textrender`). Only a few
index pages go into the nav; entries, concepts and compare views are reached
through them, which keeps each page small (the nav is repeated on every page).
"""

from __future__ import annotations

import functools
import json
import string
from collections import defaultdict
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import jinja2
from markupsafe import Markup, escape

from .. import citation, walk, worddiff, yamlio
from .. import urls as U
from ..blocks import anchor_of, block_anchors, top_level_blocks
from ..bookorder import book_blocks
from ..codes import CODES
from ..normalize import collapse
from ..related import related_ids
from ..vocab import LANGUAGE_NAMES, slugify
from . import api, coverage_pages
from .diff import diff_html
from .schemadoc import available as available_schemas
from .schemadoc import schema_doc
from .sitedata import ERRATA_TYPES, SiteData
from .textrender import inline_html, md_inline, md_text, prose_html, render_text


@dataclass(frozen=True)
class PageSpec:
    path: str
    template: str
    context: dict


@cache
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("l5r_rules.site", "templates"),
        autoescape=True,  # every template, whatever its extension
        finalize=_markdown_safe,  # and every plain value made inert for Markdown too (textrender.md_text)
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
        extensions=["jinja2.ext.do"],
    )
    env.filters["md"] = md_inline
    env.filters["title"] = safe_title
    env.filters["slug"] = slugify
    env.filters["errata_type"] = lambda t: ERRATA_TYPES.get(t, t)
    env.globals.update(U=U)
    return env


def _markdown_safe(value):
    """Each `{{ value }}`: a plain string becomes md_text (HTML-escaped, Markdown syntax as character
    references); Markup (rendered rule text, links built here) and numbers pass unchanged."""
    if isinstance(value, str) and not isinstance(value, Markup):
        return md_text(value)
    return value


def safe_title(text: str) -> Markup:
    """A page title for YAML front matter. mkdocs themes print titles without
    escaping, so angle brackets are replaced by look-alikes; JSON quoting is valid YAML."""
    clean = str(text).replace("<", "‹").replace(">", "›").replace("\n", " ")
    return Markup(json.dumps(clean, ensure_ascii=False))


class PageHelpers:
    """Functions templates call, bound to the page being rendered (for relative links)."""

    def __init__(self, data: SiteData, urls: U.Urls, page: str):
        self.data, self.urls, self.page = data, urls, page

    def link(self, to_page: str, anchor: str | None = None) -> str:
        return self.urls.rel(self.page, to_page, anchor)

    def entry_link(self, entry_id: str, anchor: str | None = None) -> str:
        return self.link(U.entry_page(entry_id), anchor)

    def entry_a(self, entry_id: str, with_badge: bool = True) -> Markup:
        entry = self.data.entries.get(entry_id)
        if entry is None:  # validate reports dangling ids; the site shows the id unlinked
            return Markup('<span class="l5r-missing" title="not an entry id">{}</span>').format(entry_id)
        label = Markup('<a href="{}">{}</a>').format(self.entry_link(entry_id), md_text(entry["term"]))
        return badge(self.data.registry, entry["edition"]) + Markup(" ") + label if with_badge else label

    def concept_link(self, concept_id: str, edition: str | None = None) -> str:
        """Link to a concept page; with `edition`, the page opens its tabs on that edition (`?edition=`)."""
        return self.link(U.concept_page(concept_id)) + (f"?edition={edition}" if edition else "")

    def concept_a(self, concept_id: str, edition: str | None = None) -> Markup:
        concept = self.data.concepts.get(concept_id)
        if concept is None:
            return Markup('<span class="l5r-missing">{}</span>').format(concept_id)
        return Markup('<a href="{}">{}</a>').format(self.concept_link(concept_id, edition), md_text(concept["title"]))

    def walk_quote(self, rule) -> Markup:
        """A timing step's rule in the cited entry's own words now (walk.quoted), never the sequence
        file's copy, its Markdown emphasis rendered (raw HTML off); validate (L5R082) refuses a glossary
        where they are gone, so the build never has to say so."""
        words = walk.quoted(rule, self.data.entries)
        if words is None:
            return Markup("&#91;not quoted: {} no longer holds these words&#93;").format(rule.entry)
        return inline_html(words)

    def related(self, entry: dict) -> list[str]:
        """The related ids shown: curated `related`, then the book's `related_from_book` (related.py)."""
        return related_ids(entry)

    def text(self, entry: dict) -> Markup:
        doc = self.data.document_of(entry)
        return render_text(entry["text"], entry["id"], block_anchors(entry), doc.source_breaks() if doc else ())

    def plain_text(self, entry: dict) -> Markup:
        """Entry text without paragraph anchors (for views that show one entry more than once)."""
        return render_text(entry["text"])

    def ours(self, text: str) -> Markup:
        """Our own words (a concept's summary) as prose paragraphs (textrender.prose_html)."""
        return prose_html(text)

    def translation(self, entry: dict) -> Markup:
        return render_text(entry["translation"]["text"], entry["id"] + "-en")

    def rule_quote(self, quote) -> Markup:
        """A quoted rule sentence (engine/quotes.py), its Markdown emphasis rendered, linked to its paragraph."""
        inline = inline_html(quote.text)
        more = Markup(" …") if quote.cut else Markup("")
        entry = self.data.entries.get(quote.entry)
        anchor = anchor_of(entry, quote.block) if entry else quote.anchor  # the entry's kept anchors
        return Markup('<a class="l5r-ruling-quote" href="{}">“{}{}”</a>').format(
            self.entry_link(quote.entry, anchor), inline, more
        )

    def evidence_quote(self, item: dict) -> Markup:
        """An evidence quote ({entry, quote}): a blockquote linked to its paragraph, with its citation."""
        entry = self.data.entries.get(item["entry"])
        anchor = None
        if entry:
            quote = collapse(item["quote"])
            for n, block in enumerate(_collapsed_blocks(entry["text"]), 1):
                if quote in block:
                    anchor = anchor_of(entry, n)
                    break
        return Markup(
            '<blockquote class="l5r-evidence-quote" lang="{}"><a href="{}">“{}”</a><br>{}</blockquote>'
        ).format(
            (entry or {}).get("lang", "en"),
            self.entry_link(item["entry"], anchor),
            self.inline(item["quote"]),
            self.cite_id(item["entry"]),
        )

    def inline(self, text: str) -> Markup:
        """Inline Markdown (emphasis) as safe HTML; raw HTML is shown as text."""
        return inline_html(text)

    def cite_id(self, entry_id: str) -> Markup:
        entry = self.data.entries.get(entry_id)
        return self.cite(entry) if entry else Markup("")

    def cite(self, entry: dict) -> Markup:
        doc = self.data.document_of(entry)
        cite = citation.of_entry(entry, doc.title if doc else None, doc.year if doc else None)
        return Markup('<span class="l5r-cite">{}</span>').format(md_text(cite.with_year()))


@cache
def _collapsed_blocks(text: str) -> tuple[str, ...]:
    """An entry text's top-level blocks (the site's paragraph anchors), whitespace collapsed: parsed once per text."""

    return tuple(collapse(block) for block in top_level_blocks(text))


def badge(registry, edition: str) -> Markup:
    """An edition's badge; its colour comes from the registry through the generated editions.css."""
    return Markup('<span class="l5r-badge l5r-ed-{0}" title="{1}">{2}</span>').format(
        edition, md_text(registry.label(edition)), md_text(registry.short(edition))
    )


def _concept_editions(data: SiteData, concept: dict) -> list[tuple[str, list[dict]]]:
    out = []
    for edition in data.registry.order:
        ids = concept.get("entries", {}).get(edition) or []
        rows = [data.entries[i] for i in ids if i in data.entries]
        if rows:
            out.append((edition, rows))
    return out


def _compare_pairs(game_of: dict[str, str], editions: list[tuple[str, list[dict]]]) -> list[dict]:
    """Consecutive editions with the shared word diff (l5r_rules/worddiff.py), rendered as HTML."""
    rows = dict(editions)
    out = []
    for pair in worddiff.pairs(game_of, {ed: "\n\n".join(e["text"] for e in items) for ed, items in editions}):
        old_html, new_html = diff_html(pair.diff) if pair.highlight else (None, None)
        out.append(
            {
                "a": pair.a,
                "b": pair.b,
                "rows_a": rows[pair.a],
                "rows_b": rows[pair.b],
                "same_game": pair.same_game,
                "diff": pair.diff,
                "highlight": pair.highlight,
                "old_html": old_html,
                "new_html": new_html,
            }
        )
    return out


def _contents(entries: list[dict]) -> list[dict]:
    """Section index of one edition: top-level sections with their entries (nested by depth)."""
    groups: list[dict] = []
    for entry in entries:
        path = entry["source"]["section"]
        top = path[0]
        if not groups or groups[-1]["title"] != top:
            groups.append({"title": top, "anchor": U.section_anchor(path[:1]), "entries": []})
        groups[-1]["entries"].append({"entry": entry, "depth": len(path) - 1})
    return groups


def _az(data: SiteData) -> list[tuple[str, list[dict]]]:
    items: list[dict] = []
    for entry in data.entries.values():
        items.append({"label": entry["term"], "kind": "entry", "id": entry["id"], "edition": entry["edition"]})
        for alias in entry.get("aliases", []):
            items.append(
                {
                    "label": alias,
                    "kind": "entry",
                    "id": entry["id"],
                    "edition": entry["edition"],
                    "alias_of": entry["term"],
                }
            )
    for cid, concept in data.concepts.items():
        items.append({"label": concept["title"], "kind": "concept", "id": cid})
        for alias in concept.get("aliases", []):
            items.append({"label": alias, "kind": "concept", "id": cid, "alias_of": concept["title"]})
    letters: dict[str, list[dict]] = defaultdict(list)
    for item in items:
        first = (slugify(item["label"])[:1] or "#").upper()
        letters[first if first in string.ascii_uppercase else "#"].append(item)
    order = sorted(letters, key=lambda k: (k == "#", k))
    return [
        (k, sorted(letters[k], key=lambda i: (slugify(i["label"]), i.get("edition", ""), i["kind"]))) for k in order
    ]


def plan_pages(data: SiteData) -> list[PageSpec]:
    pages: list[PageSpec] = [PageSpec("index.md", "home.md.j2", {})]
    pages.append(PageSpec(U.SEARCH_PAGE, "search.md.j2", {"editions": data.editions}))
    for edition in data.editions:
        rows = data.by_edition[edition]
        doc = data.document_for_edition(edition)
        ctx = {"edition": edition, "doc": doc, "entries": rows}
        pages.append(PageSpec(U.edition_index_page(edition), "edition_index.md.j2", {**ctx, "groups": _contents(rows)}))
        pages.append(PageSpec(U.edition_book_page(edition), "edition_book.md.j2", {**ctx, "blocks": book_blocks(rows)}))
        for i, entry in enumerate(rows):
            prev_e = rows[i - 1] if i else None
            next_e = rows[i + 1] if i + 1 < len(rows) else None
            pages.append(
                PageSpec(U.entry_page(entry["id"]), "entry.md.j2", {"entry": entry, "prev": prev_e, "next": next_e})
            )
    concepts = sorted(data.concepts.values(), key=lambda c: c["title"].lower())
    pages.append(PageSpec("concepts/index.md", "concepts_index.md.j2", {"concepts": concepts}))
    for concept in concepts:
        editions = _concept_editions(data, concept)
        ctx = {"concept": concept, "editions": editions, "scenarios": data.concept_scenarios(concept)}
        pages.append(PageSpec(U.concept_page(concept["id"]), "concept.md.j2", ctx))
        pages.append(
            PageSpec(
                U.compare_page(concept["id"]),
                "compare.md.j2",
                {**ctx, "pairs": _compare_pairs(data.registry.game_of, editions)},
            )
        )
    pages.append(PageSpec("glossary.md", "glossary_az.md.j2", {"letters": _az(data)}))
    pages.append(PageSpec("errata/index.md", "errata_index.md.j2", {}))
    for edition, records in data.errata_by_edition.items():
        pages.append(
            PageSpec(
                U.errata_edition_page(edition),
                "errata_list.md.j2",
                {
                    "heading": f"Errata and changes: {data.registry.label(edition)}",
                    "records": records,
                    "edition": edition,
                },
            )
        )
    for card, records in data.errata_by_card.items():
        pages.append(
            PageSpec(U.card_page(card), "errata_list.md.j2", {"heading": card, "records": records, "card": card})
        )
    if data.authority is not None:
        pages.append(PageSpec("authority.md", "authority.md.j2", {"authority": data.authority}))
    if data.foreign_editions():
        pages.append(
            PageSpec(
                TRANSLATIONS_PAGE,
                "translations.md.j2",
                {"title": translations_title(data), "books": _foreign_books(data), "entries": data.translated()},
            )
        )
    pages += _timing_pages(data)
    pages += coverage_pages.pages(data, PageSpec)

    bounds = {
        "file_kib": yamlio.MAX_FILE_BYTES // 1024,
        "alias_values": f"{yamlio.MAX_ALIAS_VALUES:,}",
        "depth": yamlio.MAX_DEPTH,
        "int_digits": yamlio.MAX_INT_DIGITS,
    }

    names = available_schemas()
    pages.append(
        PageSpec(
            "format.md",
            "format.md.j2",
            {
                "docs": [schema_doc(n) for n in names if n not in api.OWN_SCHEMAS],
                "api_docs": [schema_doc(n) for n in api.OWN_SCHEMAS if n in names],
                "api": api.page_context(data),
                "codes": list(CODES.values()),
                "bounds": bounds,
            },
        )
    )
    return pages


TRANSLATIONS_PAGE = "translations.md"


def translations_title(data: SiteData) -> str:
    """'Battle for Rokugan in English': the page of the translated entries of every book not in English."""
    return " and ".join(data.registry.label(e) for e in data.foreign_editions()) + " in English"


def _foreign_books(data: SiteData) -> list[dict]:
    out = []
    for edition in data.foreign_editions():
        doc = data.document_for_edition(edition)
        language = LANGUAGE_NAMES.get(doc.language, doc.language)
        out.append({"edition": edition, "label": data.registry.label(edition), "language": language, "doc": doc})
    return out


def _timing_books(data: SiteData) -> list:
    """The timing walker's books (l5r_rules/walk) whose edition the site has, in the site's edition order."""

    books = walk.books()
    return [books[e] for e in data.editions if e in books]


def _timing_pages(data: SiteData) -> list[PageSpec]:
    """A page per phase of each book's timing sequence (the same data as `l5r-rules walk`), and an index."""
    books = _timing_books(data)
    phases = [(b, p) for b in books for p in b.phases]
    pages = [PageSpec(U.timing_index_page(), "timing_index.md.j2", {"books": books})]
    for i, (book, phase) in enumerate(phases):
        prev_p = phases[i - 1] if i and phases[i - 1][0] is book else None
        next_p = phases[i + 1] if i + 1 < len(phases) and phases[i + 1][0] is book else None
        ctx = {"book": book, "phase": phase, "prev": prev_p, "next": next_p, "kinds": _KIND_TITLES}
        pages.append(PageSpec(U.timing_page(book.edition, phase.id), "timing_phase.md.j2", ctx))
    return pages


_KIND_TITLES = {
    "actions": "Actions",
    "interrupts": "Interrupts",
    "reactions": "Reactions",
    "forced": "Forced abilities",
}


def nav_title(text: str) -> str:
    """A navigation title: the theme prints nav titles into every page unescaped (an edition's label with
    <script> reached all 1,004 pages), so every one is HTML-escaped here, once (nav())."""
    return str(escape(" ".join(str(text).split())))


def _escaped(items: list) -> list:
    """The navigation with every title HTML-escaped (nav_title), whichever item it comes from."""
    return [
        {nav_title(k): _escaped(v) if isinstance(v, list) else v for k, v in item.items()}
        if isinstance(item, dict)
        else item
        for item in items
    ]


def nav(data: SiteData, extra_pages: list[str]) -> list:
    """The navigation: index pages only (entries, concepts and compare views are linked from them)."""
    items: list = [{"Home": "index.md"}, {"Search": U.SEARCH_PAGE}]
    editions = []
    for edition in data.editions:
        editions.append(
            {
                data.registry.label(edition): [
                    {"Contents": U.edition_index_page(edition)},
                    {"Read front to back": U.edition_book_page(edition)},
                ]
            }
        )
    items.append({"Editions": editions})
    items.append({"Concepts": "concepts/index.md"})
    items.append({"A–Z": "glossary.md"})
    items.append({"Errata": "errata/index.md"})
    if _timing_books(data):
        items.append({"Timing": U.timing_index_page()})
    if data.authority is not None:
        items.append({"Authority": "authority.md"})
    if data.foreign_editions():
        items.append({translations_title(data): TRANSLATIONS_PAGE})
    about = [{"Entry format": "format.md"}, {"Rules engine coverage": "coverage/index.md"}] + list(extra_pages)
    items.append({"About": about})
    return _escaped(items)


def render_pages(data: SiteData, pages: list[PageSpec], docs_dir: Path, urls: U.Urls) -> int:
    env = environment()
    count = 0
    for spec in pages:
        helpers = PageHelpers(data, urls, spec.path)
        text = env.get_template(spec.template).render(
            site=data, h=helpers, badge=functools.partial(badge, data.registry), page=spec.path, **spec.context
        )
        target = docs_dir / spec.path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        count += 1
    return count
