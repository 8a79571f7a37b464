"""The last PDF rendered of each sheet and of each of its parts, so that a build re-renders only the sheets, and
in them the parts, whose HTML changed.

A sheet's HTML holds everything its PDF is made of (the text in its language, the templates, the CSS), so the
PDF is keyed by the HTML's digest and the renderers' versions: one English sentence changed re-renders the
English sheet only, and of it only the part that holds the sentence (sheetparts.py). Entries live in
`.lawforge-cache/sheets/`, one per sheet (`sheets.sheet_name`: `GAME.LOCALE` or `GAME.LOCALE.EDITION`) and one
per part of it (`NAME.N`, and `NAME.footers` for its footers), the newest only, never committed: `ENTRY.json`,
sealed (`cacheseal`), holding the key, the PDF's digest, page count and layout overflows (and for a part, what
the join needs: its anchors, links and bookmarks), beside `ENTRY.pdf`. An entry that is not this machine's, not
for this key or whose PDF does not match its digest is ignored and written again.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import astuple
from pathlib import Path
from typing import Any

from .cacheseal import seal, unseal
from .confine import Refused, read_confined
from .files import digest, write_atomically
from .sheetlayout import Bookmark, Overflow, PartLink, Place, RenderedPart, RenderedPdf

_FORMAT = 3
MAX_PDF_BYTES = 64 * 1024 * 1024
"""A game's sheet is a few hundred kilobytes."""


def sheet_key(html: str) -> str:
    """What a sheet's PDF (or a part's: sheetparts.py) depends on: its HTML and the renderer (WeasyPrint lays the
    parts out, pypdf joins them)."""
    import pypdf
    import weasyprint

    renderer = f"{_FORMAT}/{weasyprint.__version__}/{pypdf.__version__}"
    return hashlib.sha256(f"{renderer}\n{html}".encode()).hexdigest()


class SheetCache:
    def __init__(self, folder: Path, allowed: tuple[str, ...]) -> None:
        """`allowed`: the real folders the cache may be read from (`Workspace.readable_folders`)."""
        self.folder = folder
        self.allowed = allowed

    def get(self, name: str, key: str) -> RenderedPdf | None:
        """The PDF last rendered for sheet `name` (`GAME.LOCALE.EDITION`) if it was rendered from `key`."""
        found = self._read(name, key)
        if found is None:
            return None
        entry, pdf = found
        try:
            return RenderedPdf(pdf, int(entry["pages"]), _overflows(entry))
        except (KeyError, TypeError, ValueError):
            return None

    def put(self, name: str, key: str, rendered: RenderedPdf) -> None:
        """Keeps the sheet's PDF for the next build."""
        self._write(name, key, rendered.pdf,
                    {"pages": rendered.pages, "overflows": [vars(o) for o in rendered.overflows]})

    def get_part(self, name: str, key: str) -> RenderedPart | None:
        """Part `name` (`GAME.LOCALE.EDITION.N`, sheetparts.py) as last rendered, if it was rendered from `key`."""
        found = self._read(name, key)
        if found is None:
            return None
        entry, pdf = found
        try:
            return RenderedPart(pdf, int(entry["pages"]), _overflows(entry),
                                {anchor: Place(*place) for anchor, place in entry["anchors"].items()},
                                tuple(PartLink(page, tuple(rect), anchor) for page, rect, anchor in entry["links"]),
                                tuple(Bookmark(level, label, Place(*place))
                                      for level, label, place in entry["bookmarks"]))
        except (KeyError, TypeError, ValueError):
            return None

    def put_part(self, name: str, key: str, part: RenderedPart) -> None:
        self._write(name, key, part.pdf, {
            "pages": part.pages, "overflows": [vars(o) for o in part.overflows],
            "anchors": {anchor: astuple(place) for anchor, place in part.anchors.items()},
            "links": [[link.page, link.rect, link.anchor] for link in part.links],
            "bookmarks": [[b.level, b.label, astuple(b.place)] for b in part.bookmarks]})

    def _read(self, name: str, key: str) -> tuple[dict[str, Any], bytes] | None:
        try:
            payload = unseal(read_confined(self.folder / f"{name}.json", self.allowed, 1024 * 1024))
            if payload is None:
                return None
            entry = json.loads(payload)
            if entry.get("key") != key:
                return None
            pdf = read_confined(self.folder / f"{name}.pdf", self.allowed, MAX_PDF_BYTES)
        except (Refused, ValueError, AttributeError):
            return None
        if digest(pdf) != entry.get("pdf"):
            return None
        return entry, pdf

    def _write(self, name: str, key: str, pdf: bytes, entry: dict[str, Any]) -> None:
        """A cache that cannot be written only costs time."""
        try:
            write_atomically(self.folder / f"{name}.pdf", pdf)
            write_atomically(self.folder / f"{name}.json",
                             seal(json.dumps({"key": key, "pdf": digest(pdf), **entry}).encode()))
        except OSError:
            pass


def _overflows(entry: dict[str, Any]) -> tuple[Overflow, ...]:
    return tuple(Overflow(**o) for o in entry["overflows"])
