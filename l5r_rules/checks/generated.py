"""Generated folders as their generators would write them now (L5R106).

`glossary/errata/` and `glossary/cards/` are written by `l5r-rules refresh` from the curated
files (`_errata_curated.yaml`, `_card_names.yaml`) and the entries. A generated file edited by
hand, or left behind by a curated change nobody refreshed, would be published as it is: validate
names it, as `refresh --check` does. Files without the generated header are hand-written and
not compared. A curated file with problems of its own is reported by its own checks (L5R072-L5R079),
so nothing is generated from it here.
"""

from __future__ import annotations

from ..generate import GENERATED_MARK, GenerateError, cards, errata
from ..kb import load_kb
from ..yamlio import GlossaryFileError, HandWritten, sync_generated
from .loaded import Glossary
from .problems import Problem

# each generator, the curated file it reads and the folder it writes (Layout attributes)
GENERATORS = ((errata.build, "errata_curated", "errata"), (cards.build, "card_names", "cards"))


def _rel(g: Glossary, path) -> str:
    return str(path.relative_to(g.layout.root)) if path.is_relative_to(g.layout.root) else str(path)


def check(g: Glossary) -> list[Problem]:
    if g.invalid:  # a file with YAML or schema problems: the knowledge base cannot be read whole
        return []
    try:
        kb = load_kb(g.layout.root)
    except GlossaryFileError:
        return []  # said by the checks of that file
    out: list[Problem] = []
    for build, curated_name, folder_name in GENERATORS:
        curated, folder = getattr(g.layout, curated_name), getattr(g.layout, folder_name)
        try:
            gen = build(kb)
            stale, _ = sync_generated(gen.folder, gen.wanted, GENERATED_MARK, check=True)
        except HandWritten:
            continue  # a hand-written file where a generated one goes: refresh names it
        except GenerateError:
            if curated.exists() or curated.is_symlink():
                continue  # the curated file's own problems, reported by its checks (L5R072-L5R079)
            for path in sorted(folder.glob("*.yaml")):
                if path.read_text(encoding="utf-8", errors="replace").startswith(GENERATED_MARK):
                    out.append(
                        Problem(
                            _rel(g, path),
                            1,
                            1,
                            "L5R106",
                            "(file)",
                            f"was generated from {_rel(g, curated)}, which is missing: restore it "
                            f"(git checkout -- {_rel(g, curated)})",
                        )
                    )
            continue
        for name in stale:
            why = (
                "differs from what `l5r-rules refresh` generates (edited by hand, or its curated file or entry "
                "changed since)"
                if name in gen.wanted
                else "is no longer generated (its curated record or entry is gone)"
            )
            out.append(Problem(_rel(g, gen.folder / name), 1, 1, "L5R106", "(file)", f"{why}: run `l5r-rules refresh`"))
    return out
