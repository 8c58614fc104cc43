"""yamlio.sync_generated: the one mechanism behind the errata and card generators."""

from __future__ import annotations

from l5r_rules.yamlio import sync_generated

HEADER = "# generated\n"


def test_check_reports_changes_and_writes_nothing(tmp_path):
    (tmp_path / "old.yaml").write_text(HEADER + "id: old\n")
    (tmp_path / "hand.yaml").write_text("id: hand\n")
    wanted = {"new.yaml": HEADER + "id: new\n"}
    out_of_date, written = sync_generated(tmp_path, wanted, HEADER, check=True)
    assert sorted(out_of_date) == ["new.yaml", "old.yaml"] and written == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hand.yaml", "old.yaml"]


def test_sync_removes_stale_generated_files_and_keeps_hand_written_ones(tmp_path):
    (tmp_path / "old.yaml").write_text(HEADER + "id: old\n")
    (tmp_path / "hand.yaml").write_text("id: hand\n")
    wanted = {"new.yaml": HEADER + "id: new\n"}
    _, written = sync_generated(tmp_path, wanted, HEADER, check=False)
    assert written == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hand.yaml", "new.yaml"]
    assert sync_generated(tmp_path, wanted, HEADER, check=True) == ([], 0)
