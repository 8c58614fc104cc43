"""Make the packets: plan them, render each to a temporary PDF, then rename them all into place."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from ..checks.validate import refuse_invalid
from ..filetx import WriteFailed
from ..kb import load_kb
from ..layout import Layout
from ..site.api import data_version
from ..site.sitedata import site_data
from . import links, output
from .content import Common, changes_context, edition_context
from .plan import PAPERS, Packet, PlanError, plan
from .render import render_html, weasyprint, write_pdf


@dataclass(frozen=True)
class Made:
    packet: Packet
    path: Path
    pages: int
    seconds: float  # wall clock
    cpu: float  # this process's CPU seconds (steadier than the wall clock on a shared machine)
    size: int  # bytes


def build_time() -> str:
    """Now in UTC, or SOURCE_DATE_EPOCH when set (reproducible builds)."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    when = datetime.fromtimestamp(int(epoch), UTC) if epoch.isdigit() else datetime.now(UTC)
    return when.strftime("%Y-%m-%d %H:%M UTC")


def html_of(data, packet: Packet, base_url: str, placeholder: bool, version: str, built: str) -> str:
    common = Common(version, built, base_url, placeholder, PAPERS[packet.paper])
    if packet.kind == "edition":
        return render_html(edition_context(data, packet.editions[0], common))
    return render_html(changes_context(data, packet.editions, common))


def make_packets(
    layout: Layout,
    out: Path,
    *,
    papers: list[str],
    base_url: str,
    placeholder: bool,
    editions: tuple[str, ...] = (),
    changes: tuple[str, ...] = (),
    say: Callable[[str], None] = lambda _m: None,
    placeholder_allowed: bool = True,
) -> list[Made]:
    """Write the planned packets into `out`; PlanError / OutputRefused / EngineMissing before anything is written.

    A placeholder base URL is refused (PlanError, after the folder and the plan are checked, so that a
    wrong option is named first) unless `placeholder_allowed`.
    """
    output.check(out, layout)
    refuse_invalid(layout, "written")  # InvalidGlossary: a glossary validate rejects is never printed
    kb = load_kb(layout.root)
    data = site_data(kb, with_scenarios=False)
    packets = plan(kb.registry, data.editions, papers, editions, changes)
    if placeholder and not placeholder_allowed:
        raise PlanError(links.NO_ADDRESS)
    weasyprint()  # the engine is there, before the folder is made
    version, built = data_version(layout.glossary)[:12], build_time()
    for line in output.prepare(out):
        say(line)
    done: list[tuple[Path, Path]] = []
    made: list[Made] = []
    try:
        for packet in packets:
            t0, c0 = time.perf_counter(), time.process_time()
            final = out / packet.filename
            tmp = output.temp_for(out, packet.filename)
            done.append((tmp, final))
            try:
                pages = write_pdf(html_of(data, packet, base_url, placeholder, version, built), tmp)
            except OSError as exc:  # a full disk (EFBIG, ENOSPC): name the file and what is kept
                raise WriteFailed(
                    final, f"{exc.strerror or exc}; nothing was written: the packets already in {out} are unchanged"
                ) from exc
            made.append(
                Made(packet, final, pages, time.perf_counter() - t0, time.process_time() - c0, tmp.stat().st_size)
            )
            say(
                f"made {packet.filename}: {pages} pages, {tmp.stat().st_size // 1024} KiB, "
                f"{time.perf_counter() - t0:.1f} s"
            )
        output.commit(out, done)
    except BaseException:
        output.discard(done)
        raise
    return made
