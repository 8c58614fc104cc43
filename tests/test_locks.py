"""Commands that write glossary/ (import, link, refresh) take turns: run at once, neither loses the other's work."""

from __future__ import annotations

import re
import subprocess
import sys

CLI = [sys.executable, "-c", "from l5r_rules.cli import main; main()"]


def test_import_and_link_at_once_lose_nothing(repo_copy):
    # Work for both, in two editions: link must restore lotus's `related_from_book`, import must restore lcg's `order`.
    # Links are computed per edition and resolve page references by `order`, so damaging lotus's own
    # `order` would make link's lotus output depend on which of the two ran first; lcg's does not.
    linked = sorted((repo_copy / "glossary/entries/lotus").glob("*.yaml"))[:40]
    ordered = sorted((repo_copy / "glossary/entries/lcg").glob("*.yaml"))[:40]
    linked = [p for p in linked if "\nrelated_from_book:\n" in p.read_text(encoding="utf-8")]
    assert linked, "the sample must hold entries with links"
    for path in linked:
        path.write_text(
            re.sub(r"\nrelated_from_book:\n(- .*\n)+", "\n", path.read_text(encoding="utf-8")), encoding="utf-8"
        )
    for path in ordered:
        path.write_text(
            re.sub(r"\norder: (\d+)\n", "\norder: 9999\n", path.read_text(encoding="utf-8")), encoding="utf-8"
        )
    root = ["--root", str(repo_copy)]
    procs = [
        subprocess.Popen(CLI + [cmd, *root], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        for cmd in ("import", "link")
    ]
    outputs = [p.communicate(timeout=120)[0] for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outputs
    # Nothing lost: link's `related_from_book` survived import's rewrite, and import's `order` survived link's.
    lost = [p.name for p in linked if "\nrelated_from_book:\n" not in p.read_text(encoding="utf-8")]
    assert not lost, f"link's writes lost in {lost}"
    assert "order: 9999" not in "".join(p.read_text(encoding="utf-8") for p in ordered)  # and import's link's
    again = subprocess.run(CLI + ["link", "--check", *root], capture_output=True, text=True, timeout=120)
    assert again.returncode == 0, again.stdout + again.stderr  # lotus's links are what a later link writes


def test_a_writer_waits_while_another_holds_the_glossary(repo_copy):
    """Deterministic: while this test holds the lock, `link` says it waits and writes nothing; then it runs."""
    import time

    from l5r_rules.layout import Layout
    from l5r_rules.locks import glossary_lock

    entry = repo_copy / "glossary/entries/lcg/lcg-ability.yaml"
    entry.write_text(
        re.sub(r"\nrelated_from_book:\n(- .*\n)+", "\n", entry.read_text(encoding="utf-8")), encoding="utf-8"
    )
    before = entry.read_bytes()
    with glossary_lock(Layout(repo_copy), lambda _msg: None):
        proc = subprocess.Popen(
            CLI + ["link", "--root", str(repo_copy)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
        time.sleep(2)
        assert proc.poll() is None and entry.read_bytes() == before  # still waiting, nothing written
    out = proc.communicate(timeout=120)[0]
    assert proc.returncode == 0 and "waiting for it" in out, out
    assert entry.read_bytes() != before  # it ran once the lock was free
