"""Build the site atomically: render pages, run the site generator, swap the output in.

Steps: check the glossary as `l5r-rules validate` does (a glossary it rejects is
never published), load the knowledge base, render every page with jinja2 into a fresh
temporary docs directory (plus the hand-written pages of `content/`), run the
site generator (mkdocs-material, driven only from `generator.py`) into a temporary
site directory next to the output, write the static JSON API (`api.py`, `api/v1/`),
the forwarding pages at renamed entries' former ids (`redirects.py`) and the offline app (`offline_app.py`: web
app manifest and service worker, precaching the finished site) into it, and only
when all of that succeeded replace the output directory with it (two renames).
Any failure raises `SiteBuildError` with a one-line reason; the previous site is
left untouched and the temporary directories are removed.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import jinja2

from .. import outputs, siteurl
from ..checks.validate import InvalidGlossary, refuse_invalid
from ..editions import badge_css
from ..kb import KnowledgeBase, load_kb
from ..layout import PROJECT_DIR, Layout, find_root
from ..registry import load_registry_data
from ..search import webindex
from ..search.engine import open_engine
from ..search.errors import IndexDamaged, IndexUnwritable
from ..urls import Urls
from . import api, generator, offline_app, outdir, redirects
from .pages import nav, plan_pages, render_pages
from .scenarios import BadScenario
from .sitedata import site_data

Progress = Callable[[str], None]


class SiteBuildError(Exception):
    """A build failed; str(error) is the one-line reason shown to the user."""


class OutputRefused(SiteBuildError):
    """The output directory is not the site's to replace; nothing was touched."""


@dataclass
class BuildResult:
    out: Path
    pages: int
    warnings: list[str] = field(default_factory=list)


def dir_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def hand_written_pages(content_dir: Path) -> list[Path]:
    return sorted(p for p in content_dir.rglob("*") if p.is_file()) if content_dir.is_dir() else []


def site_config_root(root: Path) -> Path:
    """Where the site configuration (mkdocs.yml), site_overrides/ and content/ come from: the checkout,
    else this project.

    A `--root` that only holds a glossary (a test fixture, a data-only fork) is
    built with the project's own site configuration and hand-written pages.
    """
    return root if generator.has_config(root) else PROJECT_DIR


def _copy_content(content_dir: Path, docs_dir: Path) -> list[str]:
    """Copy content/ into the docs directory; return the Markdown pages for the nav."""
    pages = []
    for src in hand_written_pages(content_dir):
        rel = src.relative_to(content_dir)
        dst = docs_dir / rel
        if dst.exists():
            raise SiteBuildError(f"{src}: hand-written page clashes with a generated page {rel.as_posix()}")
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dst)
        if src.suffix == ".md":
            pages.append(rel.as_posix())
    return pages


def build_site(
    root: Path | None = None,
    out: Path | None = None,
    *,
    offline: bool = False,
    strict: bool = False,
    kb: KnowledgeBase | None = None,
    progress: Progress | None = None,
    with_scenarios: bool = True,
    site_url: str | None = None,
) -> BuildResult:
    """Build the site; `site_url` overrides the public address ($L5R_SITE_URL, site_url of mkdocs.yml)."""
    say = progress or (lambda _msg: None)
    layout = Layout((root or find_root()).resolve())
    out = Path(os.path.abspath(out or layout.root / "site"))  # not resolved: a link there is refused, never followed
    try:
        public = siteurl.resolve(site_config_root(layout.root), site_url)
    except siteurl.BadSiteUrl as exc:
        raise OutputRefused(str(exc)) from None
    try:
        _check_out(out, layout)
        outputs.check_build(layout)  # build/ may be a link, but not into a checkout's glossary/ or sources/
    except outputs.OutputRefused as exc:
        raise OutputRefused(str(exc)) from None

    load_registry_data(layout)  # not a checkout: say so before anything (build/, its lock) is created
    try:
        refuse_invalid(layout, "built")
    except InvalidGlossary as exc:
        raise SiteBuildError(str(exc)) from None
    layout.build.mkdir(parents=True, exist_ok=True)
    with outdir.build_lock(layout.build, say):
        try:
            _check_out(out, layout)  # again: the build we waited for may have changed it
        except outputs.OutputRefused as exc:
            raise OutputRefused(str(exc)) from None
        removed = outdir.clean_leftovers(out, layout.build, WORK_PREFIX)
        if removed:
            say(f"removed {len(removed)} leftovers of interrupted builds: {', '.join(removed[:5])}")
        return _build_locked(
            layout, out, offline=offline, strict=strict, kb=kb, say=say, with_scenarios=with_scenarios, public=public
        )


WORK_PREFIX = "docs-"


def _check_out(out: Path, layout: Layout) -> None:
    """The one writer rule (outputs.py) with the site's marker and words; and a built site holds nothing a
    person put there since (the build replaces it whole)."""
    out = outputs.check_folder(
        out, layout, marker=outdir.MARKER, what="build the site", made_by="a site built by l5r-rules"
    )
    if outdir.is_site(out):
        newer = outdir.changed_since_built(out)
        if newer:
            shown = ", ".join(newer[:5]) + (f" and {len(newer) - 5} more" if len(newer) > 5 else "")
            raise outputs.OutputRefused(
                f"{out}: {len(newer)} file(s) were added or changed since it was built ({shown}); a build replaces "
                "the folder whole, so they would be lost: move them out first (a file the site should publish, "
                "such as CNAME, goes in content/), or remove them"
            )


def _build_locked(
    layout: Layout,
    out: Path,
    *,
    offline: bool,
    strict: bool,
    kb: KnowledgeBase | None,
    say: Progress,
    with_scenarios: bool,
    public: siteurl.SiteUrl | None = None,
) -> BuildResult:
    timings: dict[str, float] = {}
    t0 = time.perf_counter()

    kb = kb or load_kb(layout.root)
    try:
        data = site_data(kb, with_scenarios=with_scenarios)
    except BadScenario as exc:
        raise SiteBuildError(str(exc)) from None
    stamp = api.build_stamp(layout.glossary)
    timings["load"] = time.perf_counter() - t0
    say(
        f"loaded {len(kb.entries)} entries, {len(kb.concepts)} concepts, {len(kb.errata)} errata, "
        f"{len(data.scenarios)} scenarios ({timings['load']:.1f} s)"
    )

    out.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=WORK_PREFIX, dir=layout.build))
    new_site = Path(tempfile.mkdtemp(prefix=outdir.tmp_prefix(out), dir=out.parent))
    # mkdtemp makes 0700: the site's folder gets the mode any new folder gets (umask), so that a web server
    # running as another user can read it once it is uploaded with its modes (rsync -a)
    umask = os.umask(0)
    os.umask(umask)
    new_site.chmod(0o777 & ~umask)
    try:
        t1 = time.perf_counter()
        pages = plan_pages(data)
        count = render_pages(data, pages, work, Urls(directory_urls=not offline))
        config_root = site_config_root(layout.root)
        extra = _copy_content(config_root / "content", work)
        css = work / "assets" / "stylesheets" / "editions.css"
        css.parent.mkdir(parents=True, exist_ok=True)
        css.write_text(badge_css(kb.registry), encoding="utf-8")
        timings["render"] = time.perf_counter() - t1
        say(f"rendered {count} pages and {len(extra)} hand-written pages ({timings['render']:.1f} s)")

        t2 = time.perf_counter()
        say(f"running {generator.NAME}" + (" with the offline plugin" if offline else ""))
        try:
            generated = generator.generate(
                config_root,
                work,
                new_site,
                nav(data, extra),
                offline=offline,
                strict=strict,
                stamp=stamp,
                public=public,
            )
        except generator.GeneratorError as exc:
            raise SiteBuildError(str(exc)) from None
        timings["generate"] = time.perf_counter() - t2
        t4 = time.perf_counter()
        sizes = _search_index(layout, new_site, offline, say)
        timings["search"] = time.perf_counter() - t4
        say(
            f"exported the search index: {', '.join(f'{n} {b / 1e3:.0f} kB' for n, b in sizes.items())} "
            f"({timings['search']:.1f} s)"
        )
        t3 = time.perf_counter()
        try:
            api_files, api_bytes = api.write_api(data, new_site, Urls(directory_urls=not offline), stamp, public)
        except api.ApiError as exc:
            raise SiteBuildError(f"JSON API: {exc}") from None
        timings["api"] = time.perf_counter() - t3
        say(
            f"wrote the JSON API: {api_files} files, {api_bytes / 1e6:.1f} MB under api/{api.VERSION}/ "
            f"({timings['api']:.1f} s)"
        )
        moved = redirects.write_redirects(data, new_site, Urls(directory_urls=not offline))
        if moved:
            say(f"wrote {moved} forwarding page(s) at the former ids of renamed entries")
        t4 = time.perf_counter()
        app = offline_app.write_offline_app(new_site, generated.site_name, not offline, stamp)
        timings["offline"] = time.perf_counter() - t4
        say(
            f"wrote the offline app: {offline_app.SERVICE_WORKER} precaches {len(app.files)} files, "
            f"{app.raw_bytes / 1e6:.1f} MB, cache {app.version} "
            f"({timings['offline']:.1f} s)"
        )
        outdir.write_marker(new_site)
        # build/docs is the build's own name: whatever is there (a planted link, a file) goes before the site is
        # swapped in, so nothing can fail after it (a link there failed the build once the site was replaced,
        # saying it was unchanged: hostile round 7, #63-64)
        docs_keep = layout.build / "docs"
        if docs_keep.is_symlink() or (os.path.lexists(docs_keep) and not docs_keep.is_dir()):
            docs_keep.unlink()
        shutil.rmtree(docs_keep, ignore_errors=True)
        outdir.swap_in(new_site, out)
        work.rename(docs_keep)
    except SiteBuildError:
        raise
    except jinja_errors() as exc:
        raise SiteBuildError(f"template error: {type(exc).__name__}: {exc}".splitlines()[0]) from None
    except OSError as exc:
        # a write that failed names no file (a full disk): say which folders the build was writing
        where = getattr(exc, "filename", None) or f"writing {work} and {new_site}"
        raise SiteBuildError(f"{where}: {exc.strerror or exc}") from None
    finally:
        shutil.rmtree(work, ignore_errors=True)
        shutil.rmtree(new_site, ignore_errors=True)
    seconds = time.perf_counter() - t0
    size = dir_size(out)
    say(
        f"built {out} in {seconds:.1f} s ({size / 1e6:.1f} MB, {count + len(extra)} pages, "
        f"{len(generated.warnings)} warnings)"
    )
    return BuildResult(out=out, pages=count + len(extra), warnings=generated.warnings)


def _search_index(layout: Layout, site: Path, offline: bool, say: Progress) -> dict[str, int]:
    """The CLI's search index and ranking policy, exported for the search page (search/webindex.py) into
    assets/search/, and its script (search/webscript.py)."""
    try:
        with open_engine(layout.root, report=say) as engine:
            return webindex.export(engine, site, Urls(directory_urls=not offline))
    except (IndexDamaged, IndexUnwritable, webindex.ExportError) as exc:
        raise SiteBuildError(f"search index: {exc}") from None


def jinja_errors() -> tuple[type[Exception], ...]:

    return (jinja2.TemplateError,)
