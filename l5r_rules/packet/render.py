"""Packets to HTML (jinja2, autoescaped) and HTML to PDF (WeasyPrint)."""

from __future__ import annotations

from functools import cache
from importlib import resources

import jinja2
from markupsafe import Markup


class EngineMissing(RuntimeError):
    """The PDF engine or a system library it needs is not installed; str() says what to run."""


@cache
def environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.PackageLoader("l5r_rules.packet", "templates"),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )


@cache
def stylesheet() -> Markup:
    """The print stylesheet: our own file, inserted unescaped (quotes in a <style> element must stay quotes)."""
    return Markup(resources.files("l5r_rules.packet").joinpath("templates/packet.css").read_text(encoding="utf-8"))


def title_of(context: dict) -> str:
    if context["kind"] == "edition":
        return f"{context['label']}: the rules in book order"
    a, b = context["pair"]
    return f"What changed from the {context['labels'][a]} to the {context['labels'][b]}"


def render_html(context: dict) -> str:
    template = "edition.html.j2" if context["kind"] == "edition" else "changes.html.j2"
    return environment().get_template(template).render(css=stylesheet(), title=title_of(context), **context)


def weasyprint():
    """The WeasyPrint module, or EngineMissing with the install step when it or pango is missing."""
    try:  # imported here: without pango this is one line (EngineMissing), and planning runs without it
        import weasyprint as wp
    except ImportError as exc:
        raise EngineMissing(f"the PDF engine is not installed ({exc}): run `bash scripts/setup.sh`") from None
    except OSError as exc:  # pango or its friends missing: cffi cannot open the shared library
        raise EngineMissing(
            f"the PDF engine needs system libraries that are missing ({str(exc).splitlines()[0]}): "
            "run `bash scripts/install_pdf.sh`"
        ) from None
    return wp


def local_only():
    """The engine's URL fetcher: data: URIs (our QR codes) only. Rule text is Markdown and could name an image
    on the web or a local file; a packet never fetches anything."""
    return weasyprint().urls.URLFetcher(allowed_protocols={"data"}, allow_redirects=False, timeout=1)


def write_pdf(html: str, target) -> int:
    """Lay out `html`, write the PDF to `target` (a path or a binary file); returns the number of pages."""
    wp = weasyprint()
    document = wp.HTML(string=html, base_url=None, url_fetcher=local_only()).render()
    document.write_pdf(target)
    return len(document.pages)
