"""Heal after a kill: every multi-file writer (import, link, refresh's generators, the packet) finishes or
undoes an interrupted write on the next run, by itself (l5r_rules/filetx.py).

Each writer is killed (L5R_WRITE_FAULT, like the build swap's L5R_BUILD_FAULT in test_build_output.py) at
every point of its write: temporary files written, journal committed, after the first rename, after the
last; then the next run must leave exactly what an uninterrupted run leaves, with no leftover file, and
validate must pass. A full disk (a failing write) changes nothing and names the file.
"""

from __future__ import annotations

import errno
import hashlib
import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from l5r_rules import filetx

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
CLI = [sys.executable, "-c", "from l5r_rules.cli import main; main()"]
POINTS = ["staged", "journal", "renamed-1", "renamed"]


def _run(root: Path, *args: str, fault: str | None = None, fsize: int | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("L5R_ROOT", filetx.FAULT_ENV)}
    if fault:
        env[filetx.FAULT_ENV] = fault

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize))

    return subprocess.run(
        CLI + [*args, "--root", str(root)],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        cwd=root,
        preexec_fn=limit if fsize else None,
    )


def _tree(root: Path) -> dict[str, str]:
    """Every file under glossary/ -> hash of its bytes."""
    return {
        p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted((root / "glossary").rglob("*"))
        if p.is_file()
    }


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new), encoding="utf-8")


def _mini_with_changes(dest: Path) -> Path:
    """The mini checkout with a source change that rewrites both entries and adds a third."""
    shutil.copytree(FIXTURES / "valid", dest)
    source = dest / "sources" / "mini.txt"
    _edit(source, "turn it sideways.", "turn it sideways. A bowed card stays bowed.")
    _edit(source, "turn it upright again.", "turn it upright again. It can act again.")
    source.write_text(source.read_text(encoding="utf-8") + "\nKneeling\n\nTo kneel, bow your head.\n", encoding="utf-8")
    return dest


@pytest.mark.parametrize("point", POINTS)
def test_an_import_killed_anywhere_is_finished_by_the_next_run(tmp_path, point):
    twin = _mini_with_changes(tmp_path / "twin")
    assert _run(twin, "import").returncode == 0
    root = _mini_with_changes(tmp_path / "root")
    killed = _run(root, "import", fault=point)
    assert killed.returncode == 137, killed.stdout + killed.stderr
    left = filetx.leftovers(root / "glossary")
    assert left, "the kill left its temporary files (else this test kills nothing)"
    check = _run(root, "validate")
    assert check.returncode == 1 and "L5R105" in check.stdout, check.stdout  # named until a writer runs
    again = _run(root, "import")
    assert again.returncode == 0, again.stdout + again.stderr
    said = "finished an interrupted write" if point != "staged" else "removed"
    assert said in again.stdout, again.stdout
    assert _tree(root) == _tree(twin)
    assert filetx.leftovers(root / "glossary") == []
    assert _run(root, "validate").returncode == 0


def test_a_rename_killed_between_its_write_and_its_deletion_is_finished_by_a_plain_import(tmp_path):
    """`import --rename` writes the new file (with the curated fields) and deletes the old one; killed in
    between, the next import (without --rename) finishes it instead of refusing the orphaned fields."""
    root = tmp_path / "root"
    shutil.copytree(FIXTURES / "valid", root)
    _edit(root / "sources" / "mini.txt", "Bowing\n", "Bowing cards\n")
    killed = _run(root, "import", "--rename", "lotus-bowing=lotus-bowing-cards", fault="renamed-1")
    assert killed.returncode == 137
    again = _run(root, "import")
    assert again.returncode == 0, again.stdout + again.stderr
    entries = root / "glossary" / "entries" / "lotus"
    assert not (entries / "lotus-bowing.yaml").exists()
    assert "related:\n- lotus-straightening" in (entries / "lotus-bowing-cards.yaml").read_text(encoding="utf-8")
    assert filetx.leftovers(root / "glossary") == []


@pytest.fixture(scope="module")
def unlinked(tmp_path_factory) -> Path:
    """The real glossary with the book's links of six entries removed (link writes six files)."""
    root = tmp_path_factory.mktemp("unlinked") / "repo"
    for name in ("glossary", "sources"):
        shutil.copytree(ROOT / name, root / name)
    linked = [
        p for p in sorted((root / "glossary/entries/lcg").glob("*.yaml")) if "related_from_book:" in p.read_text()
    ]
    for path in linked[:6]:
        text = path.read_text(encoding="utf-8")
        path.write_text(text[: text.index("related_from_book:")], encoding="utf-8")
    return root


@pytest.mark.parametrize("point", POINTS)
def test_a_link_killed_anywhere_is_finished_by_the_next_run(unlinked, tmp_path, point):
    root = tmp_path / "repo"
    shutil.copytree(unlinked, root)
    killed = _run(root, "link", fault=point)
    assert killed.returncode == 137, killed.stdout + killed.stderr
    again = _run(root, "link")
    assert again.returncode == 0, again.stdout + again.stderr
    assert _tree(root) == _tree(ROOT)  # every link written, as an uninterrupted run writes them
    assert filetx.leftovers(root / "glossary") == []


@pytest.mark.parametrize("step,nth", [("import", 1), ("link", 2), ("errata", 3), ("cards", 4)])
def test_a_refresh_killed_in_any_step_is_finished_by_the_next_refresh(tmp_path, step, nth):
    root = tmp_path / "repo"
    for name in ("glossary", "sources"):
        shutil.copytree(ROOT / name, root / name)
    glossary = root / "glossary"
    for path in sorted((glossary / "entries/lotus").glob("*.yaml"))[:2]:  # import rewrites their order
        _edit(path, "\norder: ", "\norder: 9")
    linked = [p for p in sorted((glossary / "entries/gold").glob("*.yaml")) if "related_from_book:" in p.read_text()]
    for path in linked[:2]:  # link writes their links again
        text = path.read_text(encoding="utf-8")
        path.write_text(text[: text.index("related_from_book:")], encoding="utf-8")
    for folder in ("errata", "cards"):  # the generators write them again
        for path in sorted((glossary / folder).glob("*.yaml"))[:2]:
            path.unlink()
    killed = _run(root, "refresh", fault=f"renamed-1@{nth}")
    assert killed.returncode == 137, killed.stdout + killed.stderr
    assert f"\n{step}" not in "\n" + killed.stdout  # killed inside that step, before it reported
    again = _run(root, "refresh")
    assert again.returncode == 0, again.stdout + again.stderr
    assert "finished an interrupted write" in again.stdout
    assert _tree(root) == _tree(ROOT)
    assert filetx.leftovers(glossary) == []


def test_link_on_a_full_disk_names_the_file_and_changes_nothing(unlinked, tmp_path):
    """A write past 1,500 bytes fails (RLIMIT_FSIZE: EFBIG, as a full disk fails it with ENOSPC)."""
    root = tmp_path / "repo"
    shutil.copytree(unlinked, root)
    before = _tree(root)
    done = _run(root, "link", fsize=1500)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "cannot be written: File too large; nothing was changed" in done.stderr, done.stderr
    assert "glossary/entries/lcg/" in done.stderr  # the file it could not write
    assert _tree(root) == before and filetx.leftovers(root / "glossary") == []


def test_a_planted_temporary_name_is_replaced_never_followed(tmp_path):
    """A leftover or a symlink at a temporary file's name (planted to make the write land elsewhere) is
    replaced by the new temporary file; the file the symlink pointed to is untouched."""
    folder = tmp_path / "glossary"
    folder.mkdir()
    outside = tmp_path / "outside.txt"
    outside.write_text("keep me\n")
    target, other = folder / "a.yaml", folder / "b.yaml"
    filetx.temp_name(target).symlink_to(outside)
    filetx.temp_name(other).write_text("a leftover of a killed write\n")
    filetx.apply({target: "id: a\n", other: "id: b\n"}, [])
    assert outside.read_text() == "keep me\n"
    assert target.read_text() == "id: a\n" and not target.is_symlink()
    assert other.read_text() == "id: b\n"
    assert filetx.leftovers(folder) == []


def test_a_packet_folder_is_never_left_unmarked(tmp_path, monkeypatch):
    from l5r_rules.layout import Layout
    from l5r_rules.packet import output

    out = tmp_path / "packets"
    real_write = os.write

    def full(fd, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(output.os, "write", full)
    output.prepare(out)  # the marker's note cannot be written: the empty marker still marks the folder
    monkeypatch.setattr(output.os, "write", real_write)
    assert (out / output.MARKER).is_file() and (out / output.MARKER).stat().st_size == 0
    output.check(out, Layout(tmp_path))  # the next run accepts it
    fresh = tmp_path / "fresh"

    def no_inode(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(output.os, "open", no_inode)
    with pytest.raises(OSError):
        output.prepare(fresh)
    assert not fresh.exists()  # the folder it made is gone, not left without its marker


@pytest.mark.parametrize("point", ["journal", "renamed-1"])
def test_packets_killed_while_renamed_into_place_are_finished_by_the_next_run(tmp_path, point):
    out = tmp_path / "packets"
    script = (
        "import sys; from pathlib import Path; from l5r_rules.packet import output\n"
        "out = Path(sys.argv[1]); output.prepare(out); done = []\n"
        "for name in ('a.pdf', 'b.pdf', 'c.pdf'):\n"
        "    tmp = output.temp_for(out, name)\n"
        "    tmp.write_bytes(b'%PDF new ' + name.encode())\n"
        "    done.append((tmp, out / name))\n"
        "output.commit(out, done)\n"
    )
    out.mkdir()
    (out / ".l5r-rules-packets").write_text("{}\n")
    for name in ("a.pdf", "b.pdf", "c.pdf"):
        (out / name).write_bytes(b"%PDF old")
    env = {**os.environ, filetx.FAULT_ENV: point}
    killed = subprocess.run([sys.executable, "-c", script, str(out)], env=env, capture_output=True, timeout=60)
    assert killed.returncode == 137, killed.stderr
    from l5r_rules.packet import output

    said = output.prepare(out)
    assert any("finished an interrupted write" in line for line in said), said
    assert sorted(p.name for p in out.iterdir()) == [".l5r-rules-packets", "a.pdf", "b.pdf", "c.pdf"]
    assert all((out / n).read_bytes() == b"%PDF new " + n.encode() for n in ("a.pdf", "b.pdf", "c.pdf"))
