"""The rules engine's coverage on the site: a page per book, an index, and each entry page's engine status.

The statuses come from `engine/coverage.py` (proven: computed from the passing scenarios of tests/rulings;
the rest: curated in glossary/_engine_status.yaml), the same as `l5r-rules coverage`. A proven entry
links the scenarios that cite it: to the concept page that narrates each as a worked example, or to its
record in the JSON API when no concept page shows it.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import urls as U
from .. import yamlio
from ..engine import coverage

PAGE_INDEX = "coverage/index.md"


def book_page(edition: str) -> str:
    return f"coverage/{edition}.md"


@dataclass(frozen=True)
class ScenarioLink:
    id: str
    title: str
    page: str  # docs-relative page
    anchor: str | None = None


def engine_status(data) -> tuple[dict, dict]:
    """(entry id -> coverage.Status, edition or 'all' -> coverage.Summary) for the site's knowledge base."""
    layout = data.kb.layout
    curated = yamlio.load_plain(layout.engine_status) if layout.engine_status.is_file() else {}
    cited = coverage.cited_by_passing(layout.rulings)
    statuses = coverage.statuses(data.entries, cited, curated or {})
    return statuses, coverage.summaries(data.entries, statuses)


def scenario_links(data) -> dict[str, ScenarioLink]:
    """Scenario id -> where a reader sees it: the first concept page narrating it, else its API record."""
    home: dict[str, ScenarioLink] = {}
    for cid, concept in sorted(data.concepts.items()):
        for view in data.concept_scenarios(concept):
            if view.id not in home:
                home[view.id] = ScenarioLink(view.id, _title(view), U.concept_page(cid), f"scenario-{view.id}")
    for view in data.scenarios:
        if view.id not in home:
            home[view.id] = ScenarioLink(view.id, _title(view), U.api_record("scenario", view.id))
    return home


def _title(view) -> str:
    return getattr(view.narration, "situation", "") or view.id


def pages(data, PageSpec) -> list:
    """The coverage index and one page per book (edition)."""
    if data._engine is None:
        data.engine_of("")  # computes statuses, summaries and links once for the entry pages and these
    statuses, sums, links = data._engine
    out = [
        PageSpec(
            PAGE_INDEX,
            "coverage_index.md.j2",
            {
                "summaries": [sums[e] for e in data.editions if e in sums],
                "total": sums["all"],
                "reasons": coverage.reasons(),
                "testable": sorted(coverage.TESTABLE),
            },
        )
    ]
    for edition in data.editions:
        rows = [(e, statuses[e["id"]]) for e in data.by_edition[edition]]
        out.append(
            PageSpec(
                book_page(edition),
                "coverage_book.md.j2",
                {
                    "edition": edition,
                    "rows": rows,
                    "summary": sums[edition],
                    "links": links,
                    "reasons": coverage.reasons(),
                },
            )
        )
    return out
