"""`build --out`: never someone else's data; a killed build leaves a whole site; builds are serialized."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import FIXTURES

from l5r_rules.site import outdir

CLI = [sys.executable, "-c", "from l5r_rules.cli import main; main()"]


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    root = tmp_path / "co"
    shutil.copytree(FIXTURES / "site", root)
    return root


def build(root: Path, out: Path, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        CLI + ["build", "--root", str(root), "--out", str(out)],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        timeout=300,
    )


def as_built(site: Path, name: str, text: str) -> Path:
    """A file of the site as if its build had written it: no newer than the marker (a newer one is a person's,
    which a build refuses to replace)."""
    path = site / name
    path.write_text(text)
    built = (site / outdir.MARKER).stat().st_mtime_ns
    os.utime(path, ns=(built, built))
    return path


def whole_site(out: Path) -> bool:
    return (out / "index.html").is_file() and outdir.is_site(out)


def test_marker_left_by_a_build_lets_the_next_one_replace_it(checkout):
    out = checkout.parent / "out"
    assert build(checkout, out).returncode == 0
    stale = as_built(out, "stale.html", "from the first build")  # a page the next build no longer makes
    r = build(checkout, out)
    assert r.returncode == 0, r.stderr
    assert whole_site(out) and not stale.exists()


def test_the_marker_is_no_older_than_any_file_the_build_wrote(tmp_path):
    """A file copied with a later time of its own (mkdocs copies assets with theirs) is not taken for one a
    person added since the build; a file written after the marker is."""
    site = tmp_path / "site"
    (site / "assets").mkdir(parents=True)
    later = site / "assets" / "copied.js"
    later.write_text("x")
    future = later.stat().st_mtime_ns + 3_600 * 10**9
    os.utime(later, ns=(future, future))
    outdir.write_marker(site)
    assert (site / outdir.MARKER).stat().st_mtime_ns >= future
    assert outdir.changed_since_built(site) == []
    added = site / "CNAME"
    added.write_text("rules.example.org")
    os.utime(added, ns=(future + 10**9, future + 10**9))
    assert outdir.changed_since_built(site) == ["CNAME"]


def test_the_site_folder_gets_the_mode_of_a_new_folder(checkout):
    """Not 0700 (its temporary folder's): uploaded with its modes, a web server of another user could not
    read it (hostile round after, 91)."""
    out = checkout.parent / "out"
    r = subprocess.run(
        ["sh", "-c", 'umask 022 && exec "$@"', "sh", *CLI, "build", "--root", str(checkout), "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stderr
    assert out.stat().st_mode & 0o777 == 0o755


@pytest.mark.parametrize(
    "point,env",
    [
        ("before-swap", {}),
        ("after-swap", {}),
        ("before-swap", {outdir.NO_EXCHANGE_ENV: "1"}),
        ("between-renames", {outdir.NO_EXCHANGE_ENV: "1"}),
        ("after-swap", {outdir.NO_EXCHANGE_ENV: "1"}),
    ],
)
def test_a_build_killed_at_the_swap_leaves_a_whole_site_and_the_next_build_cleans_up(checkout, point, env):
    out = checkout.parent / "out"
    assert build(checkout, out).returncode == 0
    as_built(out, "first.txt", "old site")
    killed = build(checkout, out, **{outdir.FAULT_ENV: point}, **env)
    assert killed.returncode == 137, killed.stderr
    leftovers = [p.name for p in out.parent.iterdir() if p.name.startswith((".out.tmp-", ".out.old-"))]
    if point == "between-renames":  # the fallback's one window: the next build restores the old site
        assert not out.exists() and leftovers
    else:  # with the atomic exchange, the output name always holds a whole site
        assert whole_site(out)
    again = build(checkout, out)
    assert again.returncode == 0, again.stderr
    assert whole_site(out) and not (out / "first.txt").exists()
    assert [p.name for p in out.parent.iterdir() if p.name.startswith((".out.tmp-", ".out.old-"))] == []
    assert list((checkout / "build").glob("docs-*")) == []


def test_leftovers_are_ignored_by_git(repo_root):
    names = [".site.tmp-abc/x", ".site.old-123/x", "build/docs-abc/x"]
    r = subprocess.run(["git", "check-ignore", "--no-index", *names], cwd=repo_root, capture_output=True, text=True)
    assert r.stdout.split() == names


def test_two_builds_at_once_are_serialized(checkout):
    out = checkout.parent / "out"
    procs = [
        subprocess.Popen(
            CLI + ["build", "--root", str(checkout), "--out", str(out)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    results = [(p.wait(timeout=300), p.stdout.read() + p.stderr.read()) for p in procs]
    assert [code for code, _ in results] == [0, 0], results
    assert whole_site(out)
    assert not any(p.name.startswith(".out.") for p in out.parent.iterdir())
    assert all("unchanged" not in text for _, text in results)
