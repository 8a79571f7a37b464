"""HTML → PDF with WeasyPrint, and a check of the layout it computed: no box may run past the page's margin.

A word too long for its column (a path, a hash, a table too wide) does not fail WeasyPrint: it runs off the
printed page, where nobody sees it until the sheet is printed. The render therefore walks every box of every
page it laid out (the same layout the PDF is written from, so the check costs no second render) and reports
each page where something crosses the right edge of the page's content area.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

TOLERANCE_PX = 0.5
"""Half a CSS pixel (0.13 mm): rounding in the layout, never a visible overflow."""
MM_PER_PX = 25.4 / 96


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


def render_pdf(html: str, base: Path) -> RenderedPdf:
    """The PDF of `html` (resources relative to `base`), with the pages whose layout overflows."""
    from weasyprint import HTML

    document = HTML(string=html, base_url=str(base)).render()
    overflows = tuple(find_overflows(document))
    return RenderedPdf(document.write_pdf(), len(document.pages), overflows)


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
