"""`serve --lan`: says who can reach it, prints the URL and a QR code; the default stays loopback-only.

Nothing here listens on a network address: the announcement is tested with given addresses.
"""

from __future__ import annotations

from click.testing import CliRunner

from l5r_rules import siteurl
from l5r_rules.site import lan


def test_qr_code_is_a_square_of_block_characters():
    text = lan.qr_text("http://192.168.1.20:8000/")
    lines = text.rstrip("\n").splitlines()
    assert len(lines) >= 15 and len({len(line) for line in lines}) == 1  # two modules per line, quiet zone
    assert set("".join(lines)) <= set("█▀▄ ")
    assert lan.qr_text("http://192.168.1.20:8000/") == text != lan.qr_text("http://192.168.1.21:8000/")


def _announce(monkeypatch, root, under="") -> str:
    import click

    from l5r_rules.commands import serve_cmd

    monkeypatch.setattr(lan, "lan_addresses", lambda: ["192.168.1.20", "10.0.0.7"])

    @click.command()
    def announce():
        serve_cmd._announce_lan(8123, under, root)

    return CliRunner().invoke(announce).output


def test_announcement_warns_and_gives_url_and_qr(monkeypatch, tmp_path):
    monkeypatch.delenv(siteurl.ENV, raising=False)
    out = _announce(monkeypatch, tmp_path)
    assert "anyone on this network can read this site" in out
    assert "http://192.168.1.20:8123/" in out and "http://10.0.0.7:8123/" in out
    assert lan.qr_text("http://192.168.1.20:8123/").splitlines()[0] in out


def test_announcement_says_phones_keep_no_offline_copy_and_where_they_can(monkeypatch, tmp_path):
    """The truth the site shows on a plain-http address (l5r-offline.js), printed where the judge starts it."""
    monkeypatch.delenv(siteurl.ENV, raising=False)
    out = " ".join(_announce(monkeypatch, tmp_path).split())
    assert "they keep no copy for use without signal" in out and "only over https" in out
    assert "publish the site on an https host" in out  # no address configured: say what to do
    (tmp_path / "mkdocs.yml").write_text("site_url: https://rules.example.org/l5r/\n", encoding="utf-8")
    out = " ".join(_announce(monkeypatch, tmp_path).split())
    assert "open https://rules.example.org/l5r/ once over the internet before the event" in out


def test_announcement_under_a_path_prefix(monkeypatch, tmp_path):
    out = _announce(monkeypatch, tmp_path, under="l5r-rules/")
    assert "http://192.168.1.20:8123/l5r-rules/" in out
    assert lan.qr_text("http://192.168.1.20:8123/l5r-rules/").splitlines()[0] in out


def test_lan_addresses_are_never_loopback():
    assert all(not a.startswith("127.") for a in lan.lan_addresses())


def test_lan_is_opt_in(repo_root):
    from l5r_rules.cli import cli

    help_text = CliRunner().invoke(cli, ["serve", "--help"]).output
    assert "--lan" in help_text and "127.0.0.1 only" in help_text
