"""The last PDF rendered of each sheet, so that a build re-renders only the sheets whose HTML changed.

A sheet's HTML holds everything its PDF is made of (the text in its language, the templates, the CSS), so the
PDF is keyed by the HTML's digest and WeasyPrint's version: one English sentence changed re-renders the English
sheet only, in a fraction of the time all of them take. Entries live in `.lawforge-cache/sheets/`, one per
game, locale and edition (the newest only), never committed: `GAME.LOCALE.EDITION.json`, sealed (`cacheseal`),
holding the key, the PDF's digest, page count and layout overflows, beside the PDF itself. An entry that is
not this machine's, not for this key or whose PDF does not match its digest is ignored and written again.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from .cacheseal import seal, unseal
from .confine import Refused, read_confined
from .files import digest, write_atomically
from .sheetlayout import Overflow, RenderedPdf

_FORMAT = 1
MAX_PDF_BYTES = 64 * 1024 * 1024
"""A game's sheet is a few hundred kilobytes."""


def sheet_key(html: str) -> str:
    """What a sheet's PDF depends on: its HTML and the renderer."""
    import weasyprint

    return hashlib.sha256(f"{_FORMAT}/{weasyprint.__version__}\n{html}".encode()).hexdigest()


class SheetCache:
    def __init__(self, folder: Path, allowed: tuple[str, ...]) -> None:
        """`allowed`: the real folders the cache may be read from (`Workspace.readable_folders`)."""
        self.folder = folder
        self.allowed = allowed

    def get(self, name: str, key: str) -> RenderedPdf | None:
        """The PDF last rendered for sheet `name` (`GAME.LOCALE.EDITION`) if it was rendered from `key`."""
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
        try:
            overflows = tuple(Overflow(**o) for o in entry["overflows"])
            return RenderedPdf(pdf, int(entry["pages"]), overflows)
        except (KeyError, TypeError, ValueError):
            return None

    def put(self, name: str, key: str, rendered: RenderedPdf) -> None:
        """Keeps the sheet's PDF for the next build; a cache that cannot be written only costs time."""
        entry = {"key": key, "pdf": digest(rendered.pdf), "pages": rendered.pages,
                 "overflows": [vars(o) for o in rendered.overflows]}
        try:
            write_atomically(self.folder / f"{name}.pdf", rendered.pdf)
            write_atomically(self.folder / f"{name}.json", seal(json.dumps(entry).encode()))
        except OSError:
            pass
