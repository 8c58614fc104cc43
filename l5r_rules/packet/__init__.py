"""The judge packet (`l5r-rules packet`): print-ready PDFs for the judges' table.

One PDF per edition (its rules in book order, each entry with its citation, its
verbatim text and its permalink as a small QR code and a short URL) and one
"what changed" PDF per pair of editions of one game (concept by concept, the two
texts with change bars beside the paragraphs that differ, and the project's
own-words differences, labelled as such). HTML is rendered with jinja2 and
turned into PDF by WeasyPrint.

Modules: `plan.py` (which packets exist: editions and pairs from the registry),
`links.py` (permalink base URL and short URLs), `qr.py` (QR codes, segno),
`changes.py` (the word diff as paragraphs with change bars), `content.py` (the
data each template gets), `render.py` (jinja2 HTML, WeasyPrint PDF),
`output.py` (the output folder: only its own, written atomically), `run.py`
(everything in order, for the command).
"""
