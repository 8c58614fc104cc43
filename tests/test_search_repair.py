"""A damaged build/index repairs itself (repair.py): once, said in one line, safe when
processes race, and without any extra work on a normal search.

The probes in tests/probes/search/ damage each file of the index in a real process;
these tests cover what a probe cannot: two processes at once, a rebuild that fails,
a failure that is not damage, and that the fast path takes no lock.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from search_helpers import fixture_checkout

from l5r_rules.cli import cli
from l5r_rules.search import engine as engine_module
from l5r_rules.search import indexer, repair
from l5r_rules.search.engine import open_engine, search_once

CLI = [sys.executable, "-c", "from l5r_rules.cli import main; main()"]
DAMAGED = "was damaged"


def _seg(index: Path) -> Path:
    return next(index.glob("*.seg"))


def _file_instead_of_folder(index: Path) -> None:
    for path in index.iterdir():
        path.unlink()
    index.rmdir()
    index.write_text("not a folder", encoding="utf-8")


# name -> how to damage build/index (each also has a probe; here they race)
DAMAGE = {
    "doc-table-corrupt": lambda ix: (ix / "docs.json").write_text("[{", encoding="utf-8"),
    "segment-removed": lambda ix: _seg(ix).unlink(),
    "segment-truncated": lambda ix: _seg(ix).write_bytes(_seg(ix).read_bytes()[:2000]),
    "toc-removed": lambda ix: next(ix.glob("_l5r_*.toc")).unlink(),
    "fingerprint-corrupt": lambda ix: (ix / "fingerprint.json").write_bytes(b"{\xff"),
    "file-instead-of-folder": _file_instead_of_folder,
}


@pytest.fixture
def root(tmp_path) -> Path:
    root = fixture_checkout(tmp_path)
    with open_engine(root):
        pass  # builds build/index
    return root


def _start(root: Path, query: str = "bowing") -> subprocess.Popen:
    return subprocess.Popen(
        CLI + ["search", query, "--json", "--root", str(root)],
        cwd=root,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _finish(proc: subprocess.Popen) -> tuple[int, str, str]:
    out, err = proc.communicate(timeout=120)
    return proc.returncode, out, err


@pytest.mark.parametrize("damage", DAMAGE, ids=list(DAMAGE))
def test_two_concurrent_searches_on_a_damaged_index_both_answer(root, damage):
    DAMAGE[damage](root / "build" / "index")
    procs = [_start(root), _start(root)]
    results = [_finish(p) for p in procs]
    for code, out, err in results:
        assert code == 0 and "Traceback" not in err, err
        assert "gold-bowing" in [hit["id"] for hit in json.loads(out)]
    # one rebuild between them: the second waited for the first's lock and found the index whole
    assert sum(DAMAGED in err for _, _, err in results) == 1, [err for _, _, err in results]
    assert not list((root / "build").glob(".index-*")), "a temporary or old index folder was left behind"


def test_searches_while_another_process_keeps_rebuilding(root):
    """A search that opens the index while another process swaps in a new one never fails."""
    rebuilder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            (
                "import sys; from pathlib import Path; from l5r_rules.layout import Layout\n"
                "from l5r_rules.search.repair import index_lock\nfrom l5r_rules.search.indexer import build_index\n"
                "layout = Layout(Path(sys.argv[1]))\n"
                "for _ in range(12):\n    with index_lock(layout):\n        build_index(layout)\n"
            ),
            str(root),
        ]
    )
    try:
        searched = 0
        while rebuilder.poll() is None or searched < 4:
            code, out, err = _finish(_start(root))
            assert code == 0 and "Traceback" not in err, err
            assert "gold-bowing" in out
            assert DAMAGED not in err  # a swap in progress is not damage
            searched += 1
    finally:
        rebuilder.wait(timeout=120)
    assert rebuilder.returncode == 0


def test_repaired_once_then_quiet(root):
    (root / "build" / "index" / "docs.json").write_text("", encoding="utf-8")
    said = []
    assert search_once(root, "bowing", report=said.append).hits
    assert len(said) == 1 and said[0].startswith("search index in ") and "docs.json is unreadable" in said[0]
    assert said[0].endswith("; rebuilt it")
    assert search_once(root, "bowing", report=said.append).hits and len(said) == 1


def test_a_fresh_index_takes_no_lock_and_builds_nothing(root, monkeypatch):
    """The fast path: damage detection costs nothing until something fails."""

    def boom(*args, **kwargs):
        raise AssertionError("a normal search took the rebuild path")

    monkeypatch.setattr(repair, "index_lock", boom)
    monkeypatch.setattr(repair, "_rebuild", boom)
    assert search_once(root, "bowing").hits
    with open_engine(root) as e:
        assert e.search("bowing").hits


def test_a_failure_a_rebuild_does_not_cure_is_not_called_damage(root, monkeypatch):
    rebuilds = []
    real = repair._rebuild
    monkeypatch.setattr(repair, "_rebuild", lambda layout: (rebuilds.append(1), real(layout)))

    def broken(self, *args, **kwargs):
        raise RuntimeError("a bug in ranking")

    monkeypatch.setattr(engine_module.Engine, "search", broken)
    said = []
    with pytest.raises(RuntimeError, match="a bug in ranking"):
        search_once(root, "bowing", report=said.append)
    assert said == [] and len(rebuilds) == 1


def test_a_usage_error_is_never_taken_for_damage(root, monkeypatch):
    monkeypatch.setattr(repair, "_rebuild", lambda layout: pytest.fail("rebuilt for a usage error"))
    with pytest.raises(engine_module.SearchUsageError):
        search_once(root, "bowing", edition="diamond")


@pytest.mark.parametrize("fails", ["swap", "mkdir"])
def test_a_rebuild_that_cannot_write_is_one_line_naming_build_index(root, monkeypatch, fails):
    (root / "build" / "index" / "docs.json").write_text("", encoding="utf-8")

    def denied(*args, **kwargs):
        raise PermissionError(13, "Permission denied", str(root / "build" / "index"))

    if fails == "swap":  # build/index cannot be moved aside
        monkeypatch.setattr(indexer, "_swap", denied)
    else:  # build/ is read-only
        monkeypatch.setattr(indexer.tempfile, "mkdtemp", denied)
    result = CliRunner().invoke(cli, ["search", "bowing", "--root", str(root)])
    assert result.exit_code == 2, result.output
    line = result.output.strip()
    assert line.count("\n") == 0 and "Traceback" not in line
    assert line.startswith("Error: cannot rebuild the search index in ") and "build/index" in line
    assert "Permission denied" in line and "delete " in line and "and retry" in line
    assert "validate" not in line  # the glossary is not to blame
    assert not list((root / "build").glob(".index-*"))


def test_a_broken_glossary_is_still_blamed_on_the_glossary(root):
    (root / "build" / "index" / "docs.json").write_text("", encoding="utf-8")
    (root / "glossary" / "entries" / "gold" / "gold-bowing.yaml").write_text("id: [unclosed\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["search", "bowing", "--root", str(root)])
    assert result.exit_code == 1 and result.output.strip().count("\n") == 0
    assert "l5r-rules validate" in result.output


def test_a_leftover_old_index_file_is_removed_after_the_swap(root):
    _file_instead_of_folder(root / "build" / "index")
    said = []
    assert search_once(root, "bowing", report=said.append).hits and len(said) == 1
    assert (root / "build" / "index").is_dir()
    assert sorted(p.name for p in (root / "build").iterdir()) == [".index.lock", "index"]


def test_lock_is_released_when_its_holder_dies(root):
    """A process killed while rebuilding leaves build/.index.lock behind, but not the lock."""
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            (
                "import sys, time; from pathlib import Path; from l5r_rules.layout import Layout\n"
                "from l5r_rules.search.repair import index_lock\n"
                "with index_lock(Layout(Path(sys.argv[1]))):\n    print('held', flush=True); time.sleep(60)\n"
            ),
            str(root),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout.readline().strip() == "held"
    holder.kill()
    holder.wait()
    (root / "build" / "index" / "docs.json").write_text("", encoding="utf-8")
    started = time.monotonic()
    assert search_once(root, "bowing", report=lambda m: None).hits
    assert time.monotonic() - started < 30
