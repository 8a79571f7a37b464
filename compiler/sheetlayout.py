"""HTML → PDF with WeasyPrint, and a check of the layout it computed: no box may run past the page's margin.

A word too long for its column (a path, a hash, a table too wide) does not fail WeasyPrint: it runs off the
printed page, where nobody sees it until the sheet is printed. The render therefore walks every box of every
page it laid out (the same layout the PDF is written from, so the check costs no second render) and reports
each page where something crosses the right edge of the page's content area.

A sheet is rendered in parts (sheetparts.py), each its own WeasyPrint document: `render_part` also returns what
joining the parts into one PDF needs (sheetjoin.py), the anchors, the bookmarks and the links to other parts, in
PDF coordinates.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

TOLERANCE_PX = 0.5
"""Half a CSS pixel (0.13 mm): rounding in the layout, never a visible overflow."""
MM_PER_PX = 25.4 / 96
PT_PER_PX = 0.75
"""WeasyPrint lays out in CSS pixels (1/96 in) from the page's top left; a PDF counts points (1/72 in) from its
bottom left."""


@dataclass(frozen=True)
class Overflow:
    """A page where boxes cross the right margin: how many, by how much at most, and the words of the worst."""

    page: int
    """1-based, as printed in the footer."""
    boxes: int
    excess_mm: float
    text: str

    def describe(self, sheet: str) -> str:
        shown = f" (“{self.text}”)" if self.text else ""
        return (f"{sheet} page {self.page}: {self.boxes} box(es) run past the right margin by up to "
                f"{self.excess_mm:.1f} mm{shown}")


@dataclass(frozen=True)
class RenderedPdf:
    pdf: bytes
    pages: int
    overflows: tuple[Overflow, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class Place:
    """A point of a part's page: the page (0-based in the part) and the point in PDF coordinates."""

    page: int
    x: float
    y: float


@dataclass(frozen=True)
class Bookmark:
    """A heading as an entry of the PDF's outline (WeasyPrint's bookmark-level and bookmark-label)."""

    level: int
    label: str
    place: Place


@dataclass(frozen=True)
class PartLink:
    """A link (the index's, to a card) whose anchor another part of the sheet holds: WeasyPrint cannot link it,
    the join does."""

    page: int
    rect: tuple[float, float, float, float]
    """In PDF coordinates: left, bottom, right, top."""
    anchor: str


@dataclass(frozen=True)
class RenderedPart:
    """One part of a sheet: its PDF and what the join needs of its layout. Page numbers are the part's own
    (overflows 1-based as in `RenderedPdf`, places 0-based)."""

    pdf: bytes
    pages: int
    overflows: tuple[Overflow, ...]
    anchors: dict[str, Place]
    links: tuple[PartLink, ...]
    bookmarks: tuple[Bookmark, ...]


def render_part(html: str, base: Path) -> RenderedPart:
    """The PDF of one part of a sheet (resources relative to `base`) and its layout's anchors, links and bookmarks.
    A link to an anchor that is not in the part is taken out of WeasyPrint's hands (which would drop it with an
    error) and returned for the join."""
    from weasyprint import HTML

    document = HTML(string=html, base_url=str(base)).render()
    anchors: dict[str, Place] = {}
    bookmarks: list[Bookmark] = []
    for number, page in enumerate(document.pages):
        for name, (x, y, *_) in page.anchors.items():
            anchors.setdefault(name, Place(number, *_to_pdf(page, x, y)))
        bookmarks += [Bookmark(level, label, Place(number, *_to_pdf(page, x, y)))
                      for level, label, (x, y), _ in page.bookmarks]
    links: list[PartLink] = []
    for number, page in enumerate(document.pages):
        elsewhere = [link for link in page.links if link[0] == "internal" and link[1] not in anchors]
        for _, anchor, (x1, y1, x2, y2), _ in elsewhere:
            (left, top), (right, bottom) = _to_pdf(page, x1, y1), _to_pdf(page, x2, y2)
            links.append(PartLink(number, (left, bottom, right, top), anchor))
        page.links[:] = [link for link in page.links if link not in elsewhere]
    return RenderedPart(document.write_pdf(), len(document.pages), tuple(find_overflows(document)), anchors,
                        tuple(links), tuple(bookmarks))


def _to_pdf(page: Any, x: float, y: float) -> tuple[float, float]:
    return round(x * PT_PER_PX, 3), round((page.height - y) * PT_PER_PX, 3)


def find_overflows(document: Any) -> Iterator[Overflow]:
    """For each page of a rendered WeasyPrint document, the boxes whose right border edge lies past the right
    edge of the page's content area; the page's margin boxes (running headers, footer) are allowed there."""
    from weasyprint.formatting_structure.boxes import MarginBox

    for number, page in enumerate(document.pages, 1):
        page_box = page._page_box
        right = page_box.content_box_x() + page_box.width + TOLERANCE_PX
        worst: tuple[float, Any] | None = None
        count = 0
        for child in page_box.children:
            if isinstance(child, MarginBox):
                continue
            for box in _boxes(child):
                excess = box.border_box_x() + box.border_width() - right
                if excess > 0:
                    count += 1
                    if worst is None or excess > worst[0]:
                        worst = (excess, box)
        if worst is not None:
            yield Overflow(number, count, round((worst[0] + TOLERANCE_PX) * MM_PER_PX, 1), _words(worst[1]))


def _boxes(box: Any) -> Iterator[Any]:
    yield box
    for child in getattr(box, "children", ()):
        yield from _boxes(child)


def _words(box: Any, limit: int = 40) -> str:
    """The first words a box shows, to find it in the sheet."""
    text = " ".join(getattr(b, "text", "") for b in _boxes(box) if getattr(b, "text", None))
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 1] + "…"
