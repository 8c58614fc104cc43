"""The generators' curated data: glossary/_errata_curated.yaml and glossary/_card_names.yaml (L5R072-L5R079).

These files are the only hand-written input of glossary/errata/ and
glossary/cards/; `l5r-rules refresh` builds those folders from them and the
entries. Each is checked against its schema (L5R072, L5R073) and against the
entries, here and by the generators before they build (the same functions), so
that validate and refresh refuse the same things with the same lines:

- every id cited is an entry or concept (L5R074), every quote is in its entry (L5R075),
- every summary's `evidence` quotes its entries verbatim (L5R053-L5R055, as for concepts),
- every card name (and not-a-card name) of a book occurs in an entry of that book (L5R076), nothing is
  listed twice in one book (L5R077), every book is an edition of the entries (L5R032),
- every erratum entry has its summary and a "What's new" list one summary per item (L5R078),
- and no summary is left for an erratum entry that is gone (L5R079: a stale exception).
"""

from __future__ import annotations

from ..cardtext import card_erratum_entries, card_text, curated_cards, names_card, whats_new_items
from ..layout import Layout
from ..normalize import collapse
from .evidence import entry_texts, quote_problems
from .loaded import Doc, Glossary, _read
from .problems import Problem
from .schema_check import _schema_problems


def _load(layout: Layout, path, schema_name: str, code: str) -> tuple[Doc | None, list[Problem]]:
    """The file with positions and its YAML and schema problems (schema ones under `code`); None if absent."""
    if not path.exists() and not path.is_symlink():
        return None, []
    out: list[Problem] = []
    doc = _read(layout, path, out)
    out += [Problem(p.path, p.line, p.col, code, p.field, p.message) for p in _schema_problems(doc, schema_name)]
    return (None if out else doc), out


def errata_curated_problems(layout: Layout, entries: dict[str, dict], concepts: set[str]) -> list[Problem]:
    """Every problem of glossary/_errata_curated.yaml (none if the checkout has none)."""
    doc, out = _load(layout, layout.errata_curated, "errata_curated", "L5R072")
    if doc is None:
        return out
    data = doc.data
    texts = entry_texts(entries.values())

    def cite_evidence(where: tuple, item: dict) -> None:
        out.extend(quote_problems(doc, where + ("evidence",), item.get("evidence"), texts)[0])

    def cite_concepts(where: tuple, ids) -> None:
        for i, concept in enumerate(ids or []):
            if concept not in concepts:
                out.append(doc.problem("L5R074", where + (i,), f"'{concept}' is not a concept id"))

    def cite_entry(where: tuple, entry_id: str) -> bool:
        if entry_id in entries:
            return True
        out.append(doc.problem("L5R074", where, f"'{entry_id}' is not an entry id"))
        return False

    cards = data.get("card_errata")
    if cards:
        shared = cards.get("lifts_once_per_turn")
        cite_concepts(("card_errata", "lifts_once_per_turn", "concepts"), (shared or {}).get("concepts"))
        if shared:
            cite_evidence(("card_errata", "lifts_once_per_turn"), shared)
        errata = {e["term"]: e for e in card_erratum_entries(entries.values(), cards["edition"])}
        first: dict[str, int] = {}
        for i, item in enumerate(cards["cards"]):
            where = ("card_errata", "cards", i)
            if item["card"] in first:
                out.append(
                    doc.problem(
                        "L5R077",
                        where + ("card",),
                        f"'{item['card']}' is listed twice "
                        f"(first as card_errata.cards[{first[item['card']]}]): keep one",
                    )
                )
                continue
            first[item["card"]] = i
            if item["card"] not in errata:
                out.append(
                    doc.problem(
                        "L5R079",
                        where + ("card",),
                        f"no {cards['edition']} erratum entry is about "
                        f"'{item['card']}' any more: remove the item (or fix the card's name)",
                    )
                )
            if "lifts_once_per_turn_for" in item and not shared:
                out.append(
                    doc.problem(
                        "L5R078",
                        where + ("lifts_once_per_turn_for",),
                        "card_errata.lifts_once_per_turn (the shared summary) is missing",
                    )
                )
            cite_concepts(where + ("concepts",), item.get("concepts"))
            cite_evidence(where, item)
        for card, entry in errata.items():
            if card not in first:
                out.append(
                    doc.problem(
                        "L5R078",
                        ("card_errata", "cards"),
                        f"the erratum entry '{entry['id']}' about '{card}' has no summary: add an item for it",
                    )
                )
    new = data.get("whats_new")
    if new:
        if cite_entry(("whats_new", "entry"), new["entry"]):
            items = whats_new_items(entries[new["entry"]])
            if len(items) != len(new["items"]):
                out.append(
                    doc.problem(
                        "L5R078",
                        ("whats_new", "items"),
                        f"'{new['entry']}' lists {len(items)} items "
                        f"and here are {len(new['items'])} summaries: one per item, in order",
                    )
                )
        for i, item in enumerate(new["items"]):
            cite_concepts(("whats_new", "items", i, "concepts"), item.get("concepts"))
            cite_evidence(("whats_new", "items", i), item)
    seen: dict[str, int] = {}
    for i, change in enumerate(data.get("changes") or []):
        where = ("changes", i)
        if change["id"] in seen:
            out.append(
                doc.problem(
                    "L5R077",
                    where + ("id",),
                    f"the id '{change['id']}' is used twice (first by changes[{seen[change['id']]}])",
                )
            )
        seen.setdefault(change["id"], i)
        if cite_entry(where + ("entry",), change["entry"]) and collapse(change["quote"]) not in collapse(
            entries[change["entry"]]["text"]
        ):
            out.append(
                doc.problem(
                    "L5R075",
                    where + ("quote",),
                    f"the quote does not occur in the text of "
                    f"'{change['entry']}' (re-imported? copy the words as they are now)",
                )
            )
        for j, entry_id in enumerate(change.get("affects") or []):
            cite_entry(where + ("affects", j), entry_id)
        cite_concepts(where + ("concepts",), change.get("concepts"))
        cite_evidence(where, change)
    return out


def _settle_name(doc: Doc, edition: str, texts: list[str], first: dict, name: str, where: tuple, what: str) -> list:
    """One name of a book: listed once in the book (L5R077) and printed by one of its entries (L5R076).
    A card (or a spelling of one) is printed as a whole name; a candidate that is not a card is the
    string the candidate reader found."""
    if name in first:
        return [
            doc.problem(
                "L5R077",
                where,
                f"'{name}' is listed twice in {edition} (first as {'.'.join(map(str, first[name]))}): keep one",
            )
        ]
    first[name] = where
    if any(names_card(t, [name]) if what != "candidate" else name in t for t in texts):
        return []
    return [
        doc.problem(
            "L5R076", where, f"no {edition} entry's text names the {what} '{name}' (spelled as the rulebook prints it?)"
        )
    ]


def card_names_problems(layout: Layout, entries: dict[str, dict]) -> list[Problem]:
    """Every problem of glossary/_card_names.yaml (none if the checkout has none): a book whose edition no
    entry has (L5R032), a card or not-a-card name that no entry of its book prints (L5R076), a name
    listed twice in one book, as a card or not, or a book listed twice (L5R077)."""
    doc, out = _load(layout, layout.card_names, "card_names", "L5R073")
    if doc is None:
        return out
    texts: dict[str, list[str]] = {}
    for e in entries.values():
        texts.setdefault(e["edition"], []).append(card_text(e))
    seen_books: dict[str, int] = {}
    for i, book in enumerate(doc.data["books"]):
        edition = book["edition"]
        if edition in seen_books:
            where = ("books", i, "edition")
            out.append(
                doc.problem("L5R077", where, f"'{edition}' is listed twice (first as books[{seen_books[edition]}])")
            )
            continue
        seen_books[edition] = i
        if edition not in texts:
            known = ", ".join(sorted(texts))
            out.append(
                doc.problem(
                    "L5R032", ("books", i, "edition"), f"'{edition}' is not the edition of any entry (known: {known})"
                )
            )
            continue
        first: dict[str, tuple] = {}
        for j, card in enumerate(curated_cards(book)):
            where = ("books", i, "cards", j) + (() if isinstance(book["cards"][j], str) else ("name",))
            out += _settle_name(doc, edition, texts[edition], first, card["name"], where, "card")
            for k, other in enumerate(card["also_spelled"]):
                where = ("books", i, "cards", j, "also_spelled", k)
                out += _settle_name(doc, edition, texts[edition], first, other, where, "spelling")
        for j, group in enumerate(book["not_a_card"]):
            for k, name in enumerate(group["names"]):
                where = ("books", i, "not_a_card", j, "names", k)
                out += _settle_name(doc, edition, texts[edition], first, name, where, "candidate")
    return out


def check(g: Glossary) -> list[Problem]:
    entries = {d.data["id"]: d.data for d in g.checked(g.entries)}
    concepts = {d.data["id"] for d in g.checked(g.concepts)}
    return errata_curated_problems(g.layout, entries, concepts) + card_names_problems(g.layout, entries)
