"""Which fields of an entry file import writes, and which it keeps (the curated ones).

Imported fields are rewritten from the source every time; every other field of an
existing file is kept as it is: the curated ones (curated.py), and GENERATED, which
`l5r-rules link` writes. CURATED names the known curated fields in the order files
keep them; fields added later by hand are kept too.
"""

IMPORTED = ("id", "term", "game", "edition", "kind", "lang", "source", "order", "text", "anchors")
# the known curated fields, in the order files keep them; former_ids is written by --rename and kept
CURATED = ("aliases", "related", "translation", "former_ids")
GENERATED = ("related_from_book",)  # written by `l5r-rules link` (crosslinks): kept by import, never curated
