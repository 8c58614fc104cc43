"""The importer: entries per document, examples and appendix entries, idempotence, curated fields kept,
and all or nothing: a refused import (bad input, curated fields that would be lost) changes no file."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from l5r_rules import yamlio
from l5r_rules.importers.outline import Outline
from l5r_rules.importers.run import run_import
from l5r_rules.kb import load_kb
from l5r_rules.layout import Layout


@pytest.fixture(scope="module")
def kb(repo_root):
    return load_kb(repo_root)


def kinds(kb, edition):
    out: dict[str, int] = {}
    for e in kb.entries_of(edition):
        out[e["kind"]] = out.get(e["kind"], 0) + 1
    return out


def test_every_document_yields_entries(kb):
    for edition in ("gold", "lotus", "ivory", "lcg", "bfr"):
        assert len(kb.entries_of(edition)) >= 40, edition


def test_rules_reference_has_one_entry_per_glossary_term_and_appendices(kb):
    k = kinds(kb, "lcg")
    assert 115 <= k["glossary-term"] <= 160
    assert k["timing-step"] >= 40
    assert k["card-anatomy"] >= 1
    assert "lcg-the-jade-rule" in kb.entries


def test_lotus_glossary_and_errata_one_entry_each(kb):
    k = kinds(kb, "lotus")
    assert k["glossary-term"] >= 100
    cards = [e for e in kb.entries_of("lotus") if e["kind"] == "errata" and len(e["source"]["section"]) == 3]
    assert len(cards) == 14  # Dawn of the Empire 7, Web of Lies 1, Enemy of My Enemy 2, Code of Bushido 4
    daizu = [e for e in kb.entries_of("lotus") if e["term"] == "Hiruma"]
    assert daizu and daizu[0]["source"]["section"] == ["Errata and Clarifications", "DAWN OF THE EMPIRE", "Hiruma"]


@pytest.mark.parametrize(
    "edition,term",
    [
        ("lotus", "Sample Attack: Mary and Todd Go to War"),
        ("bfr", "Beispiel für einen Kampf"),
        ("ivory", "Example: A Crab army destroys a defending Lion army"),
    ],
)
def test_worked_examples_are_example_entries(kb, edition, term):
    matches = [e for e in kb.entries_of(edition) if e["term"] == term]
    assert matches and matches[0]["kind"] == "example"


def test_ivory_walkthrough_honor_and_dueling_sections(kb):
    terms = {e["term"] for e in kb.entries_of("ivory")}
    assert {"Honor Rules", "Losing & Winning By Honor", "Dueling Rules", "Duels", "Battle Resolution"} <= terms
    # Pages rise in reading order, except at a sidebar the outline moves after the text it interrupted.
    moved = {m["first"] for m in Outline.load("ivory-rulebook").moves}
    pages = [e["source"]["page"] for e in kb.entries_of("ivory") if e["source"]["page"] and e["term"] not in moved]
    assert pages == sorted(pages) and pages[0] == 14


def test_order_is_source_order(kb):
    for edition in ("gold", "lotus", "ivory", "lcg", "bfr"):
        orders = [e["order"] for e in kb.entries_of(edition)]
        assert orders == list(range(1, len(orders) + 1))


def test_reimport_of_unchanged_sources_changes_nothing(repo_copy):
    before = {p: p.read_bytes() for p in (repo_copy / "glossary").rglob("*.yaml")}
    report = run_import(Layout(repo_copy))
    assert sum(report.written.values()) == 0 and report.removed == []
    after = {p: p.read_bytes() for p in (repo_copy / "glossary").rglob("*.yaml")}
    assert before == after


def test_reimport_keeps_curated_fields(repo_copy):
    path = repo_copy / "glossary/entries/lotus/lotus-yu.yaml"
    data = yamlio.load_plain(path)
    data["aliases"] = ["duel of honor"]
    data["related"] = ["lotus-fear"]
    data["text"] = "tampered text"
    path.write_text(yamlio.dumps(data))
    run_import(Layout(repo_copy))
    again = yamlio.load_plain(path)
    assert again["aliases"] == ["duel of honor"] and again["related"] == ["lotus-fear"]
    assert again["text"] != "tampered text"


def test_import_command_reports_every_document(repo_copy):
    import os
    import sys

    env = dict(os.environ, L5R_ROOT=str(repo_copy))
    result = subprocess.run(
        [sys.executable, "-c", "from l5r_rules.cli import main; main()", "import"],
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    for doc in ("gold-rulebook", "lotus-rulebook", "ivory-rulebook", "lcg-rules-reference", "bfr-rulebook"):
        assert f"{doc}: " in result.stdout and "0 written" in result.stdout


# --- Import never loses curated work (on the tiny fixture checkout) --------------------------------

BOWING = "glossary/entries/lotus/lotus-bowing.yaml"
STRAIGHTENING = "glossary/entries/lotus/lotus-straightening.yaml"
# A German document, its source and one translated entry without a fingerprint (validate's L5R042 fixture).
GERMAN = yamlio.load_plain(Path(__file__).parent / "fixtures/invalid/L5R042.yaml")["write"]


def snapshot(root) -> dict[str, bytes]:
    """Every file of the checkout but build/ (the commands' scratch space: their lock lives there)."""
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and p.relative_to(root).parts[0] != "build"
    }


def edit(root, rel: str, old: str, new: str) -> None:
    path = root / rel
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {rel}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def rename_heading(root):
    edit(root, "sources/mini.txt", "Bowing\n", "Bowing cards\n")


def rename_and_reword(root):
    edit(
        root,
        "sources/mini.txt",
        "Bowing\n\nTo **bow** a card, turn it sideways.",
        "Tapping\n\nA tapped card is turned by ninety degrees; it may not attack.",
    )


# (name, set-up, import options, exit, words in the output)
REFUSED = [
    (
        "renamed heading with curated fields",
        rename_heading,
        [],
        1,
        [
            f"{BOWING}:15:1:",
            "'lotus-bowing' is no longer produced",
            "related would be lost",
            "'lotus-bowing-cards' (text similarity 1.00, same position 1)",
            "--rename lotus-bowing=lotus-bowing-cards",
            "or --accept-renames",
            "nothing written",
        ],
    ),
    (
        "renamed and reworded: below the --accept-renames threshold",
        rename_and_reword,
        ["--accept-renames"],
        1,
        ["'lotus-tapping' (text similarity 0.", "--rename lotus-bowing=lotus-tapping, park"],
    ),
    (
        "bad YAML in an existing entry stops a changed source from being imported",
        lambda r: (rename_heading(r), edit(r, STRAIGHTENING, "order: 2", "order: [2")),
        ["--accept-renames"],
        1,
        [f"{STRAIGHTENING}:13:5: L5R001 invalid YAML"],
    ),  # where the parser notices: the next line
    (
        "an entry file that is not a mapping",
        lambda r: (r / "glossary/entries/lotus/lotus-list.yaml").write_text("- a\n"),
        [],
        1,
        ["glossary/entries/lotus/lotus-list.yaml:1:1: is not a YAML mapping"],
    ),
    (
        "missing source file",
        lambda r: (r / "sources/mini.txt").unlink(),
        [],
        1,
        ["glossary/_sources.yaml:50:9: L5R070 documents[0].file source file 'sources/mini.txt' does not exist"],
    ),
    (
        "source that is not UTF-8",
        lambda r: (r / "sources/mini.txt").write_bytes(b"Bowing\n\nTo bow \xff a card.\n"),
        [],
        1,
        ["sources/mini.txt:3:8: L5R008 source is not UTF-8 text (byte 0xff"],
    ),
    (
        "unknown --only",
        lambda r: None,
        ["--only", "nope"],
        1,
        ["import: --only 'nope' is neither a document id nor an edition id", "documents: mini-rulebook"],
    ),
    ("--rename without '='", lambda r: None, ["--rename", "lotus-bowing"], 2, ["is not OLD=NEW"]),
    (
        "--rename to an id the sources do not produce",
        rename_heading,
        ["--rename", "lotus-bowing=lotus-bowing-card"],
        1,
        ["'lotus-bowing-card' is not an id that 'mini-rulebook' produces (did you mean 'lotus-bowing-cards'?)"],
    ),
    (
        "--rename of an id that is still produced",
        lambda r: None,
        ["--rename", "lotus-bowing=lotus-straightening"],
        1,
        ["'lotus-bowing' is still produced by the sources: nothing to rename"],
    ),
    (
        "--rename onto an entry that was there before (with curated fields of its own, or none)",
        lambda r: (rename_heading(r), edit(r, STRAIGHTENING, "order: 2\n", "order: 2\naliases:\n- unbow\n")),
        ["--rename", "lotus-bowing=lotus-straightening"],
        1,
        ["'lotus-straightening' is not new: it was an entry before this import and still is"],
    ),
]


@pytest.mark.parametrize("name,setup,options,exit_code,words", REFUSED, ids=[c[0] for c in REFUSED])
def test_refused_import_writes_nothing(cli, mini_root, name, setup, options, exit_code, words):
    setup(mini_root)
    before = snapshot(mini_root)
    result = cli("import", "--root", str(mini_root), *options)
    assert result.exit_code == exit_code, result.output
    for word in words:
        assert word in result.output, result.output
    assert snapshot(mini_root) == before


def test_rename_carries_curated_fields_and_names_remaining_references(cli, mini_root):
    rename_heading(mini_root)
    result = cli("import", "--root", str(mini_root), "--rename", "lotus-bowing=lotus-bowing-cards")
    assert result.exit_code == 0, result.output
    assert not (mini_root / BOWING).exists()
    new = yamlio.load_plain(mini_root / "glossary/entries/lotus/lotus-bowing-cards.yaml")
    assert new["related"] == ["lotus-straightening"] and new["term"] == "Bowing cards"
    assert "renamed lotus-bowing -> lotus-bowing-cards: carried related" in result.output
    assert "still named in glossary/concepts/bowing.yaml, glossary/errata/bow-note.yaml" in result.output


def test_accept_renames_takes_a_similar_suggestion(cli, mini_root):
    rename_heading(mini_root)
    result = cli("import", "--root", str(mini_root), "--accept-renames")
    assert result.exit_code == 0, result.output
    assert yamlio.load_plain(mini_root / "glossary/entries/lotus/lotus-bowing-cards.yaml")["related"]


def test_keep_orphans_parks_the_file_and_validate_lists_it(cli, mini_root):
    rename_and_reword(mini_root)
    old = (mini_root / BOWING).read_bytes()
    result = cli("import", "--root", str(mini_root), "--keep-orphans")
    assert result.exit_code == 0, result.output
    parked = mini_root / "glossary/orphans/lotus/lotus-bowing.yaml"
    assert parked.read_bytes() == old and not (mini_root / BOWING).exists()
    result = cli("validate", "--root", str(mini_root))
    assert "glossary/orphans/lotus/lotus-bowing.yaml:15:1: L5R043 related orphaned entry" in result.output


def test_entries_without_curated_fields_are_removed_by_name(cli, mini_root):
    edit(mini_root, "sources/mini.txt", "Straightening\n", "Readying\n")
    result = cli("import", "--root", str(mini_root))
    assert result.exit_code == 0, result.output
    assert f"removed {STRAIGHTENING} (no longer produced" in result.output
    assert (mini_root / "glossary/entries/lotus/lotus-readying.yaml").exists()


def test_any_field_import_does_not_produce_is_curated(cli, mini_root):
    """A field added later (not in CURATED) is kept on re-import and protects its entry from deletion."""
    edit(mini_root, STRAIGHTENING, "order: 2\n", "order: 2\njudge_note: ask the head judge\n")
    assert cli("import", "--root", str(mini_root)).exit_code == 0
    assert yamlio.load_plain(mini_root / STRAIGHTENING)["judge_note"] == "ask the head judge"
    edit(mini_root, "sources/mini.txt", "Straightening\n", "Readying\n")
    result = cli("import", "--root", str(mini_root))
    assert result.exit_code == 1 and "curated field(s) judge_note would be lost" in result.output


def test_failing_reader_writes_nothing(cli, mini_root, monkeypatch):
    from l5r_rules.importers import run

    def broken(text):
        raise ValueError("cannot split this")

    rename_heading(mini_root)
    monkeypatch.setitem(run.READERS, "blocks", broken)
    before = snapshot(mini_root)
    result = cli("import", "--root", str(mini_root), "--accept-renames")
    assert result.exit_code == 1
    assert (
        "sources/mini.txt:1:1: the blocks reader or the outline of 'mini-rulebook' failed: ValueError" in result.output
    )
    assert snapshot(mini_root) == before


def test_a_failed_write_leaves_every_file_as_it_was(tmp_path):
    from l5r_rules.importers.apply import WriteFailed, apply

    good = tmp_path / "entries" / "a.yaml"
    good.parent.mkdir()
    good.write_text("old\n")
    (tmp_path / "blocker").write_text("a file where a folder should be\n")
    doomed = tmp_path / "blocker" / "sub" / "b.yaml"
    gone = tmp_path / "entries" / "c.yaml"
    gone.write_text("keep me\n")
    before = snapshot(tmp_path)
    with pytest.raises(WriteFailed):
        apply({good: "new\n", tmp_path / "new" / "d.yaml": "d\n", doomed: "b\n"}, [gone])
    assert snapshot(tmp_path) == before
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["a.yaml", "blocker", "c.yaml", "entries"]


def test_unchanged_data_keeps_comments_and_a_rewrite_says_they_are_dropped(cli, mini_root):
    edit(mini_root, STRAIGHTENING, "order: 2\n", "# checked against the book\norder: 2\n")
    result = cli("import", "--root", str(mini_root))
    assert "0 written" in result.output and "# checked" in (mini_root / STRAIGHTENING).read_text()
    edit(mini_root, "sources/mini.txt", "turn it upright again.", "turn it upright.")
    result = cli("import", "--root", str(mini_root))
    assert f"comments dropped: {STRAIGHTENING}" in result.output
    assert "#" not in (mini_root / STRAIGHTENING).read_text()


def german_checkout(root, fingerprint: bool = True):
    for rel, text in GERMAN.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    if fingerprint:
        from l5r_rules.importers.fingerprint import text_fingerprint

        path = root / "glossary/entries/bfr/bfr-bluff.yaml"
        data = yamlio.load_plain(path)
        data["translation"]["source_sha256"] = text_fingerprint(data["text"])
        path.write_text(yamlio.dumps(data), encoding="utf-8")


def test_changed_german_sentence_makes_the_translation_stale_until_reviewed(cli, mini_root):
    german_checkout(mini_root)
    assert cli("validate", "--root", str(mini_root)).exit_code == 0
    edit(mini_root, "sources/mini-de.txt", "verdeckt", "offen")
    result = cli("import", "--root", str(mini_root))
    assert result.exit_code == 0, result.output
    from l5r_rules.importers.fingerprint import text_fingerprint

    path = mini_root / "glossary/entries/bfr/bfr-bluff.yaml"
    data = yamlio.load_plain(path)
    now = text_fingerprint(data["text"])
    assert data["text"].endswith("offen.") and data["translation"]["text"].endswith("face down.")
    assert (
        f"stale translation: bfr-bluff (its text changed; review the translation, then set "
        f"translation.source_sha256: {now})" in result.output
    )
    result = cli("validate", "--root", str(mini_root))
    assert result.exit_code == 1
    assert (
        "glossary/entries/bfr/bfr-bluff.yaml:18:18: L5R041 translation.source_sha256 stale translation" in result.output
    )
    assert f"(the new fingerprint is {now})" in result.output
    edit(mini_root, "glossary/entries/bfr/bfr-bluff.yaml", "face down.", "face up.")  # the review
    data = yamlio.load_plain(path)
    data["translation"]["source_sha256"] = now
    path.write_text(yamlio.dumps(data), encoding="utf-8")
    assert cli("validate", "--root", str(mini_root)).exit_code == 0
    assert "stale" not in cli("import", "--root", str(mini_root)).output


@pytest.mark.parametrize(
    "old,new,similarity,describe",
    [
        (
            {"text": "To bow a card, turn it.", "order": 3},
            {"a": ("To bow a card, turn it.", 3)},
            1.0,
            "'a' (text similarity 1.00, same position 3)",
        ),
        (
            {"text": "To bow a card, turn it.", "order": 3},
            {"a": ("Something else entirely here.", 3), "b": ("To bow a card, turn it sideways.", 5)},
            None,
            "'b' (text similarity 0.84, position 3 -> 5)",
        ),
        (
            {"text": "Same text.", "order": 3},
            {"far": ("Same text.", 9), "near": ("Same text.", 4)},
            1.0,
            "'near' (text similarity 1.00, position 3 -> 4)",
        ),
    ],
)
def test_suggested_replacement_is_the_most_similar_text_then_the_nearest(old, new, similarity, describe):
    from l5r_rules.importers.curated import suggest_replacements

    appeared = {k: {"text": t, "order": o} for k, (t, o) in new.items()}
    suggestion = suggest_replacements({"old": old}, appeared)["old"]
    assert suggestion.describe() == describe
    if similarity is not None:
        assert suggestion.similarity == similarity


def test_each_new_id_is_suggested_once():
    from l5r_rules.importers.curated import suggest_replacements

    got = suggest_replacements(
        {"x": {"text": "alpha beta", "order": 1}, "y": {"text": "alpha beta gamma", "order": 2}},
        {"n": {"text": "alpha beta gamma", "order": 2}},
    )
    assert {k: s.new for k, s in got.items()} == {"y": "n"}


@pytest.mark.parametrize(
    "data,curated",
    [
        ({"id": "a", "text": "t", "aliases": ["x"], "related": [], "translation": None}, ["aliases"]),
        ({"id": "a", "order": 1, "judge_note": "n"}, ["judge_note"]),
        ({"id": "a", "term": "A", "source": {}}, []),
    ],
)
def test_curated_fields_are_the_non_empty_fields_import_does_not_produce(data, curated):
    from l5r_rules.importers.curated import curated_fields

    assert curated_fields(data) == curated


def test_every_translation_records_the_fingerprint_of_its_text(kb):
    from l5r_rules.importers.fingerprint import text_fingerprint

    translated = [e for e in kb.entries.values() if e.get("translation")]
    assert len(translated) >= 47
    stale = [e["id"] for e in translated if e["translation"].get("source_sha256") != text_fingerprint(e["text"])]
    assert stale == []


@pytest.mark.parametrize(
    "text,has",
    [
        ("id: a\n# reviewed by the head judge\ntext: x\n", True),
        ("id: a  # a trailing note\ntext: x\n", True),
        ("id: a\ntext: |-\n  # Heading in the rule text\n  body #2\n", False),
        ("id: a\ntext: x\n", False),
    ],
)
def test_comments_are_told_from_text_that_contains_a_hash(text, has):
    from l5r_rules.importers.inputs import Existing
    from l5r_rules.importers.plan import _has_comments

    assert _has_comments(Existing(None, text, yamlio.loads(text))) is has


def test_a_rename_that_fails_midway_puts_every_file_back(tmp_path, monkeypatch):
    """The last step of an import (renames and deletions) fails on the third file: the first two are restored."""
    import os

    from l5r_rules.importers import apply as apply_mod

    paths = [tmp_path / f"e{i}.yaml" for i in range(4)]
    for p in paths:
        p.write_text(f"old {p.name}\n", encoding="utf-8")
    real_replace = os.replace
    calls = []

    def failing_replace(src, dst):
        calls.append(dst)
        if len(calls) == 3:
            raise PermissionError(1, "Operation not permitted", str(dst))
        return real_replace(src, dst)

    monkeypatch.setattr(apply_mod.os, "replace", failing_replace)
    with pytest.raises(apply_mod.WriteFailed) as failed:
        apply_mod.apply({p: f"new {p.name}\n" for p in paths[:3]}, [paths[3]])
    monkeypatch.setattr(apply_mod.os, "replace", real_replace)
    assert "put back" in str(failed.value)
    assert [p.read_text(encoding="utf-8") for p in paths] == [f"old {p.name}\n" for p in paths]
    assert sorted(p.name for p in tmp_path.iterdir()) == [p.name for p in paths]  # no temporary or backup left
