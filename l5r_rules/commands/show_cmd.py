"""`l5r-rules show`: one entry or concept with its citation, related links and errata."""

from __future__ import annotations

import json

import click

from ..search.engine import open_engine
from ..terminal import json_for_terminal
from .clierrors import NotFound, did_you_mean, id_argument, one_line_errors
from .common import root_option, skip_teardown


@click.command("show")
@root_option
@click.argument("id")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
def show_cmd(root, id, as_json):
    """Show an entry (verbatim text and citation) or a concept (each edition's entries).

    \b
    Example:
      l5r-rules show lotus-yu
    """

    skip_teardown()  # read-only: the process may end right after its output

    one_line_errors(_run)(root, id, as_json)


def _run(root, wanted, as_json):

    wanted = id_argument(wanted, "ID", "l5r-rules show lotus-bowing")
    with open_engine(root) as engine:
        found = engine.get(wanted)
        if found is None:
            known = engine.all_ids("entry") + engine.all_ids("concept")
            raise NotFound(f"no entry or concept {wanted!r}{did_you_mean(wanted, known)}")
        doctype, payload = found
        if doctype == "entry":
            related = [_related(engine, rid) for rid in payload["related"]]
            errata = engine.errata_for(payload["id"], *([payload["concept"]] if payload["concept"] else []))
            data = {"type": "entry", "entry": payload, "related": related, "errata": errata}
            shared_id = engine.concept(wanted) is not None  # a concept with the same id as this entry
        else:
            entries = {ed: [e for e in (engine.entry(i) for i in ids) if e] for ed, ids in payload["entries"].items()}
            errata = engine.errata_for(payload["id"], *(i for ids in payload["entries"].values() for i in ids))
            data = {"type": "concept", "concept": payload, "entries": entries, "errata": errata}
    if as_json:
        click.echo(json_for_terminal(json.dumps(data, ensure_ascii=False, indent=2)))
        return
    from ..terminal.render import console, print_concept, print_entry  # rich: for a terminal only, not --json

    if doctype == "entry":
        print_entry(payload, data["related"], data["errata"], console())
        if shared_id:
            click.echo(f"There is also a concept '{wanted}': l5r-rules compare {wanted}")
    else:
        print_concept(payload, data["entries"], data["errata"], console())


def _related(engine, rid: str) -> dict:
    entry = engine.entry(rid)
    if entry is None:
        return {"id": rid, "term": None, "edition": None, "url": None}
    return {"id": rid, "term": entry["term"], "edition": entry["edition"], "url": entry["url"]}
