"""The judge packet (`l5r-rules packet`): PDFs on the fixture glossary, read back as a person would use them.

Each PDF is opened with pypdfium2: page sizes, the text layer (every entry's verbatim text,
page numbers, the contents with the pages its sections start on), and the QR codes decoded
from rendered pages with zxing-cpp. Change bars are checked in the HTML the PDF is made from.
The real glossary is built once, for one edition (about 3 s).
"""

from __future__ import annotations

import re
import shutil
import time
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import FIXTURES, ROOT, unavailable

from l5r_rules import siteurl
from l5r_rules.cli import cli
from l5r_rules.filetx import WriteFailed
from l5r_rules.kb import load_kb
from l5r_rules.packet import links
from l5r_rules.packet.changes import pair_view
from l5r_rules.packet.plan import PlanError, change_pairs, plan
from l5r_rules.packet.render import EngineMissing, weasyprint

try:
    weasyprint()
except EngineMissing as exc:  # scripts/install_pdf.sh installs what it needs; under CI=true this fails
    unavailable(f"no PDF engine: {exc}", "scripts/install_pdf.sh installs pango and the DejaVu fonts", module=True)
try:
    import pypdfium2 as pdfium
    import zxingcpp
except ImportError as exc:  # the test extras of pyproject.toml; under CI=true this fails
    unavailable(f"no PDF reader: {exc}", "bash scripts/setup.sh installs the test extras", module=True)

FIXTURE = FIXTURES / "site"
BASE = "https://rules.example.org/l5r/"
SIZES = {"a4": (595.3, 841.9), "letter": (612.0, 792.0)}  # points


@pytest.fixture(scope="module")
def fixture_root(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("packet") / "checkout"
    shutil.copytree(FIXTURE, root)
    return root


@pytest.fixture(scope="module")
def packets(fixture_root) -> Path:
    out = fixture_root.parent / "packets"
    result = CliRunner().invoke(
        cli, ["packet", "--root", str(fixture_root), "--out", str(out), "--paper", "both", "--base-url", BASE]
    )
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def kb(fixture_root):
    return load_kb(fixture_root)


@cache
def pages_text(pdf: Path) -> tuple[str, ...]:
    doc = pdfium.PdfDocument(str(pdf))
    return tuple(_flat(doc[i].get_textpage().get_text_range()) for i in range(len(doc)))


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\ufffe", "").replace("\x02", "")).strip()


def plain_words(markdown: str, n: int = 8) -> str:
    """The first words of an entry's verbatim text as printed (Markdown markers are not printed)."""
    text = re.sub(r"(?m)^\s*(?:[-*]|\d+\.)\s+|^#+\s*|\*|__", "", markdown)
    return " ".join(text.split()[:n])


# --- what is made ---------------------------------------------------------------------------------


def test_one_pdf_per_edition_and_ccg_pair_in_both_papers(packets, kb):
    editions = [e for e in kb.registry.order if kb.entries_of(e)]
    pairs = change_pairs(kb.registry, editions)
    assert editions == ["gold", "lotus", "lcg", "bfr"] and pairs == [("gold", "lotus")]  # the fixture's registry
    expected = {f"{e}-rules-{p}.pdf" for e in editions for p in SIZES} | {
        f"changes-{a}-{b}-{p}.pdf" for a, b in pairs for p in SIZES
    }
    assert {p.name for p in packets.glob("*.pdf")} == expected
    assert (packets / ".l5r-rules-packets").is_file()
    assert not list(packets.glob(".*.tmp-*"))


@pytest.mark.parametrize("paper", sorted(SIZES))
def test_every_page_has_the_paper_size(packets, paper):
    width, height = SIZES[paper]
    for pdf in packets.glob(f"*-{paper}.pdf"):
        doc = pdfium.PdfDocument(str(pdf))
        for i in range(len(doc)):
            w, h = doc[i].get_size()
            assert abs(w - width) < 1 and abs(h - height) < 1, (pdf.name, i, w, h)


def test_pairs_are_every_two_editions_of_one_game_from_the_registry():
    registry = load_kb(ROOT).registry
    ccg = [e.id for e in registry.editions if e.game == "ccg"]
    assert change_pairs(registry, registry.order) == [(ccg[0], ccg[1]), (ccg[0], ccg[2]), (ccg[1], ccg[2])]
    assert change_pairs(registry, [ccg[0], ccg[2]]) == [(ccg[0], ccg[2])]  # only editions that have entries


def test_plan_selects_and_refuses(kb):
    editions = ["gold", "lotus", "lcg", "bfr"]
    only = plan(kb.registry, editions, ["a4"], editions=("lotus",))
    assert [p.filename for p in only] == ["lotus-rules-a4.pdf"]
    assert [p.filename for p in plan(kb.registry, editions, ["letter"], changes=("lotus-gold",))] == [
        "changes-gold-lotus-letter.pdf"
    ]
    with pytest.raises(PlanError, match="--edition 'ivory'"):  # in the registry, but no entries in the fixture
        plan(kb.registry, editions, ["a4"], editions=("ivory",))
    with pytest.raises(PlanError, match="not two editions of one game"):
        plan(kb.registry, editions, ["a4"], changes=("lotus-bfr",))


# --- the edition packets --------------------------------------------------------------------------


@pytest.mark.parametrize("edition", ["gold", "lotus", "lcg", "bfr"])
def test_text_layer_holds_each_entry_verbatim_in_book_order(packets, kb, edition):
    text = " ".join(pages_text(packets / f"{edition}-rules-a4.pdf"))
    body = text[text.index("Page 2 of") :]  # after the contents page
    positions = []
    for entry in kb.entries_of(edition):
        start = plain_words(entry["text"])
        assert start in body, (entry["id"], start)
        positions.append(body.index(start))
        if entry.get("translation"):
            assert "English: unofficial translation (our words, not rule text)".upper() in body.upper()
            assert plain_words(entry["translation"]["text"]) in body
    assert positions == sorted(positions), "entries are not in book order"


def test_every_page_is_numbered(packets):
    for pdf in packets.glob("*.pdf"):
        texts = pages_text(pdf)
        for i, text in enumerate(texts, 1):
            assert f"Page {i} of {len(texts)}" in text, (pdf.name, i)


def test_title_page_names_source_version_date_and_says_verbatim(packets, fixture_root):
    from l5r_rules.site.api import data_version

    first = pages_text(packets / "lotus-rules-a4.pdf")[0]
    assert "Lotus Edition: the rules in book order" in first
    assert "Rule text is verbatim from" in first
    assert f"Data version {data_version(fixture_root / 'glossary')[:12]}" in first
    assert re.search(r"Built \d{4}-\d\d-\d\d \d\d:\d\d UTC", first)
    assert BASE in first and "placeholder" not in first


def test_contents_lists_sections_with_the_pages_they_start_on(packets, kb):
    texts = pages_text(packets / "lotus-rules-a4.pdf")
    contents = texts[1]
    assert contents.startswith("Contents") and "Lotus Edition: the rules in book order" in contents
    tops = list(dict.fromkeys(e["source"]["section"][0] for e in kb.entries_of("lotus")))
    assert tops
    for title in tops:
        match = re.search(re.escape(title) + r" ?\.+ ?(\d+)", contents)
        assert match, (title, contents)
        page = int(match.group(1))
        assert page > 2 and title in texts[page - 1], (title, page)


def decoded(pdf: Path) -> list[str]:
    doc = pdfium.PdfDocument(str(pdf))
    found = []
    for i in range(1, len(doc)):  # the title page has no QR code
        image = doc[i].render(scale=4).to_pil()
        found += [r.text for r in zxingcpp.read_barcodes(image) if r.format == zxingcpp.BarcodeFormat.QRCode]
    return found


@pytest.mark.parametrize("edition", ["lotus", "bfr"])
def test_qr_codes_decode_to_each_entrys_permalink_and_the_short_url_is_printed(packets, kb, edition):
    pdf = packets / f"{edition}-rules-a4.pdf"
    urls = [links.entry_url(BASE, e["id"]) for e in kb.entries_of(edition)]
    assert sorted(decoded(pdf)) == sorted(urls)
    text = " ".join(pages_text(pdf))
    for url in urls:
        assert url.startswith(BASE + "entries/") and url.endswith("/")
        assert links.short(url) in text


def test_placeholder_base_url_is_said_on_the_title_page(fixture_root, tmp_path, monkeypatch):
    monkeypatch.delenv(siteurl.ENV, raising=False)
    out = tmp_path / "p"
    args = ["packet", "--root", str(fixture_root), "--out", str(out), "--edition", "lcg", "--allow-placeholder"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert "placeholder" in result.output
    first = pages_text(out / "lcg-rules-a4.pdf")[0]
    assert links.PLACEHOLDER in first and "placeholder that opens nothing" in first


def test_without_a_site_address_the_packet_is_refused_unless_the_placeholder_is_asked_for(
    fixture_root, tmp_path, monkeypatch
):
    monkeypatch.delenv(siteurl.ENV, raising=False)
    out = tmp_path / "p"
    result = CliRunner().invoke(cli, ["packet", "--root", str(fixture_root), "--out", str(out), "--edition", "lcg"])
    assert result.exit_code == 2, result.output
    assert "no site address" in result.output and "--allow-placeholder" in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert not out.exists()


def test_site_url_of_mkdocs_yml_is_the_default_base(tmp_path, monkeypatch):
    monkeypatch.delenv(siteurl.ENV, raising=False)
    (tmp_path / "mkdocs.yml").write_text("site_name: x\nsite_url: https://l5r.example.net/rules\n", encoding="utf-8")
    assert links.resolve_base(None, tmp_path) == ("https://l5r.example.net/rules/", False)
    assert links.resolve_base(None, tmp_path / "none", allow_placeholder=True) == (links.PLACEHOLDER, True)
    with pytest.raises(links.BadBaseUrl, match="no site address"):
        links.resolve_base(None, tmp_path / "none")
    with pytest.raises(links.BadBaseUrl):
        links.resolve_base("rules.example.org", tmp_path)
    # the environment (the publishing workflow) overrides mkdocs.yml; the option overrides both
    monkeypatch.setenv(siteurl.ENV, "https://example.github.io/l5r-rules")
    assert links.resolve_base(None, tmp_path) == ("https://example.github.io/l5r-rules/", False)
    assert links.resolve_base("https://other.example/", tmp_path) == ("https://other.example/", False)


# --- the "what changed" packets -------------------------------------------------------------------


CASES = [
    # (old, new, changed paragraphs old, changed paragraphs new, words marked)
    ("A bowed card may not attack.\n\nSame here.", "A bowed card may not defend.\n\nSame here.", [1, 0], [1, 0], True),
    ("One.\n\nTwo two.", "One.\n\nTwo two.\n\nThree new words.", [0, 0], [0, 0, 1], True),
    ("Alpha beta gamma delta.", "Entirely other wording here now.", [1], [1], False),
    ("Same words.\n\nSplit here.", "Same words. Split here.", [0, 0], [0], False),  # a moved break marks nothing
    ("- a\n- b\n\nEnd.", "- a\n- c\n\nEnd.", [1, 0], [1, 0], True),
]


@pytest.mark.parametrize(("old", "new", "bars_old", "bars_new", "marked"), CASES)
def test_change_bars_only_beside_changed_paragraphs(old, new, bars_old, bars_new, marked):
    view = pair_view(old, new)
    assert [int(p.changed) for p in view.old.paragraphs] == bars_old
    assert [int(p.changed) for p in view.new.paragraphs] == bars_new
    html = "".join(p.html for p in view.old.paragraphs + view.new.paragraphs)
    assert ("<del>" in html or "<ins>" in html) if marked else ("<del>" not in html and "<ins>" not in html)


def test_list_items_keep_their_lines():
    view = pair_view("- a\n- b", "- a\n- c")
    assert str(view.old.paragraphs[0].html) == "- a<br>- <del>b</del>"
    assert str(view.new.paragraphs[0].html) == "- a<br>- <ins>c</ins>"


def _changes_html(fixture_root) -> str:
    from l5r_rules.packet.plan import Packet
    from l5r_rules.packet.run import html_of
    from l5r_rules.site.sitedata import site_data

    data = site_data(load_kb(fixture_root), with_scenarios=False)
    return html_of(data, Packet("changes", ("gold", "lotus"), "a4"), BASE, False, "v", "now")


def _words(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).replace("&#34;", '"').replace("&#39;", "'").split())


def test_changes_html_bars_exactly_the_paragraphs_not_in_the_other_text(fixture_root):
    html = _changes_html(fixture_root)
    sides = re.findall(r'<div class="side" lang="[^"]+" data-edition="(\w+)">(.*?)</div>', html, re.S)
    assert [ed for ed, _ in sides] == ["gold", "lotus"] * 2  # two concepts both editions state
    bars = 0
    for (_, old), (_, new) in zip(sides[0::2], sides[1::2]):
        for mine, other in ((old, new), (new, old)):
            other_words = _words(other)
            for cls, para in re.findall(r'<p class="para( changed)?">(.*?)</p>', mine, re.S):
                if cls:
                    bars += 1
                    assert "<del>" in para or "<ins>" in para or _words(para) not in other_words
                else:
                    assert "<del>" not in para and "<ins>" not in para
                    assert _words(para) in other_words, para
    assert bars > 0


def test_changes_label_own_words_and_cite_both_books(fixture_root, kb):
    html = _changes_html(fixture_root)
    for concept_id in ("bowing", "limited-actions"):
        section = html[html.index(f'id="c-{concept_id}"') :]
        section = section[: section.index("</section>")]
        ours = section[section.index('<div class="ours">') :]
        assert "Our words, not rule text: summary" in ours
        assert _words(kb.concepts[concept_id]["summary"])[:40] in _words(ours)
    bowing = html[html.index('id="c-bowing"') :]
    assert "Our words, not rule text: what changed" in bowing
    assert "Gold says a bowed Personality" in bowing  # the fixture's difference naming gold and lotus
    for quote in kb.concepts["bowing"]["differences"][0]["evidence"]:  # each difference's verbatim quotes
        assert f"Rule text: “{quote['quote']}” ({quote['entry']})" in bowing
    assert "Legend of the Five Rings" in bowing and "Source:" in bowing


def test_a_summary_is_prose_never_block_markdown(tmp_path):
    """Our words reach the packet as paragraphs of text: a '# ...' or table line after a blank line in a
    concept's summary made a heading and a table (issue 28, hostile round 3, on the site)."""
    root = tmp_path / "checkout"
    shutil.copytree(FIXTURE, root)
    concept = root / "glossary" / "concepts" / "bowing.yaml"
    text = concept.read_text(encoding="utf-8")
    line = next(x for x in text.splitlines() if x.startswith("summary: "))
    planted = '"Kept.\\n\\n# l5rX heading\\n\\n| l5rX | b |\\n|---|---|\\n\\n- l5rX item\\n\\n*emphasis*"'
    concept.write_text(text.replace(line, "summary: " + planted), encoding="utf-8")
    html = _changes_html(root)
    section = html[html.index('id="c-bowing"') :]
    ours = section[section.index('<div class="ours">') : section.index("Our words, not rule text: what changed")]
    assert "<p># l5rX heading</p>" in ours and "<p>- l5rX item</p>" in ours and "<em>emphasis</em>" in ours
    assert not re.search(r"<(h\d|table|ul|li)\b", ours), ours


def test_changes_pdf_text_and_qr(packets, kb):
    pdf = packets / "changes-gold-lotus-a4.pdf"
    text = " ".join(pages_text(pdf))
    assert "What changed from the Gold Edition to the Lotus Edition" in text
    assert "OUR WORDS, NOT RULE TEXT" in text.upper()
    for cid in ("bowing", "limited-actions"):
        assert kb.concepts[cid]["title"] in text
    assert sorted(decoded(pdf)) == sorted(links.concept_url(BASE, c) for c in ("bowing", "limited-actions"))


# --- the output folder and bad input --------------------------------------------------------------


def test_rerun_replaces_own_output_and_removes_leftovers(fixture_root, tmp_path):
    out = tmp_path / "p"
    args = ["packet", "--root", str(fixture_root), "--out", str(out), "--edition", "gold", "--base-url", BASE]
    assert CliRunner().invoke(cli, args).exit_code == 0
    (out / ".gold-rules-a4.pdf.tmp-1-2").write_bytes(b"killed run")
    first = (out / "gold-rules-a4.pdf").stat().st_mtime_ns
    time.sleep(0.01)
    assert CliRunner().invoke(cli, args).exit_code == 0
    assert (out / "gold-rules-a4.pdf").stat().st_mtime_ns > first
    assert sorted(p.name for p in out.iterdir()) == [".l5r-rules-packets", "gold-rules-a4.pdf"]


def test_a_failed_run_leaves_the_earlier_pdfs_and_no_temporary_files(fixture_root, tmp_path, monkeypatch):
    from l5r_rules.packet import run

    out = tmp_path / "p"
    base = ["packet", "--root", str(fixture_root), "--out", str(out), "--base-url", BASE]
    assert CliRunner().invoke(cli, [*base, "--edition", "gold"]).exit_code == 0
    before = (out / "gold-rules-a4.pdf").read_bytes()
    real, calls = run.write_pdf, []

    def fail_second(html, target):
        calls.append(target)
        if len(calls) == 2:
            raise OSError(28, "No space left on device", str(target))
        return real(html, target)

    monkeypatch.setattr(run, "write_pdf", fail_second)
    with pytest.raises(WriteFailed, match="No space left on device; nothing was written: the packets already in"):
        run.make_packets(
            load_kb(fixture_root).layout,
            out,
            papers=["a4"],
            base_url=BASE,
            placeholder=False,
            editions=("gold", "lotus"),
        )
    assert (out / "gold-rules-a4.pdf").read_bytes() == before
    assert sorted(p.name for p in out.iterdir()) == [".l5r-rules-packets", "gold-rules-a4.pdf"]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--paper", "a5"], "'a5' is not one of"),
        (["--edition", "nope"], "--edition 'nope': not an edition with entries"),
        (["--changes", "gold"], "--changes 'gold': not two editions of one game"),
        (["--base-url", "ftp://x.example/"], "not an http:// or https:// address"),
        (["--base-url", "https://x.example/?a=1"], "no ?query or #fragment"),
    ],
)
def test_bad_options_give_one_line_and_exit_2(fixture_root, tmp_path, args, says):
    out = tmp_path / "p"
    result = CliRunner().invoke(cli, ["packet", "--root", str(fixture_root), "--out", str(out), *args])
    assert result.exit_code == 2, result.output
    assert says in result.output
    assert "Traceback" not in result.output
    if not args[0] == "--paper":  # click's own usage errors add a usage line
        assert len(result.output.strip().splitlines()) == 1, result.output
    assert not out.exists()


def test_foreign_folder_is_refused_untouched(fixture_root, tmp_path):
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("mine", encoding="utf-8")
    args = ["packet", "--root", str(fixture_root), "--out", str(out), "--base-url", BASE]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2 and "no .l5r-rules-packets file" in result.output
    assert [p.name for p in out.iterdir()] == ["notes.txt"]


# --- the real glossary, once ----------------------------------------------------------------------


def test_real_glossary_edition_packet(tmp_path):
    kb = load_kb(ROOT)
    edition = min((e for e in kb.registry.order if kb.entries_of(e)), key=lambda e: len(kb.entries_of(e)))
    out = tmp_path / "real"
    result = CliRunner().invoke(
        cli, ["packet", "--root", str(ROOT), "--out", str(out), "--edition", edition, "--base-url", BASE]
    )
    assert result.exit_code == 0, result.output
    text = " ".join(pages_text(out / f"{edition}-rules-a4.pdf"))
    missing = [e["id"] for e in kb.entries_of(edition) if plain_words(e["text"], 6) not in text]
    assert missing == []


def test_nothing_outside_the_packet_is_fetched(tmp_path):
    """An image named in rule text (Markdown) is never loaded from a file or the network; data: URIs (QR codes) are."""
    import base64
    import io

    from PIL import Image

    from l5r_rules.packet.render import write_pdf

    png = io.BytesIO()
    Image.new("L", (4, 4)).save(png, "PNG")
    (tmp_path / "local.png").write_bytes(png.getvalue())
    data_uri = "data:image/png;base64," + base64.b64encode(png.getvalue()).decode()

    def images(src: str) -> int:
        pdf = tmp_path / "x.pdf"
        assert write_pdf(f'<p>text <img src="{src}" style="width:10mm"></p>', pdf) == 1
        page = pdfium.PdfDocument(str(pdf))[0]
        return sum(1 for obj in page.get_objects() if obj.type == pdfium.raw.FPDF_PAGEOBJ_IMAGE)

    assert images(data_uri) == 1  # the check can fail: an image that is loaded shows up
    assert images((tmp_path / "local.png").as_uri()) == 0
    assert images("http://127.0.0.1:9/x.png") == 0
