"""The parts of a sheet joined into one PDF (pypdf): their pages in order, each with its footer, one outline of
every part's headings, and the links from one part to another.

The parts are laid out without the footer, whose "page 7 / 25" depends on the pages before and after them; the
footers of all the pages are laid out at once as their own document (`footers_html`), a page of it per page of
the sheet, and drawn over the parts' pages. So a part's PDF depends on its own HTML only, and a part that grows
by a page re-renders nothing but itself and the index.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from pypdf import PdfReader, PdfWriter
from pypdf.annotations import Link
from pypdf.generic import Fit, IndirectObject

from .sheetlayout import Place, RenderedPart


def join_parts(parts: Sequence[RenderedPart], footers: bytes) -> bytes:
    """One PDF of `parts`, in order, with page N of `footers` (a PDF of as many pages) drawn over page N."""
    writer = PdfWriter()
    starts = []
    readers = [PdfReader(io.BytesIO(part.pdf)) for part in parts]
    for reader in readers:
        starts.append(len(writer.pages))
        writer.append(reader, import_outline=False)
    footer_pages = PdfReader(io.BytesIO(footers)).pages
    if len(footer_pages) != len(writer.pages):
        raise ValueError(f"{len(footer_pages)} footers for {len(writer.pages)} pages")
    for page, footer in zip(writer.pages, footer_pages):
        page.merge_page(footer)
        page.compress_content_streams()  # merge_page writes the page's content again, uncompressed
    metadata = readers[0].metadata
    if metadata:
        writer.add_metadata(dict(metadata))
    _link(writer, parts, starts)
    _outline(writer, parts, starts)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _link(writer: PdfWriter, parts: Sequence[RenderedPart], starts: list[int]) -> None:
    """Each link to another part's anchor points at the anchor's page and place (the first part that has it); a
    link to an anchor no part has stays a plain text, as WeasyPrint leaves it."""
    anchors: dict[str, tuple[int, Place]] = {}
    for start, part in zip(starts, parts):
        for name, place in part.anchors.items():
            anchors.setdefault(name, (start + place.page, place))
    for start, part in zip(starts, parts):
        for link in part.links:
            if link.anchor in anchors:
                page, place = anchors[link.anchor]
                annotation = Link(rect=link.rect, border=[0, 0, 0], target_page_index=page,
                                  fit=Fit.xyz(left=place.x, top=place.y, zoom=0))
                writer.add_annotation(start + link.page, annotation)


def _outline(writer: PdfWriter, parts: Sequence[RenderedPart], starts: list[int]) -> None:
    """The headings of every part as one tree: a heading is under the last one of a lower level before it, as
    WeasyPrint nests a single document's."""
    open_items: list[tuple[int, IndirectObject]] = []
    for start, part in zip(starts, parts):
        for bookmark in part.bookmarks:
            while open_items and open_items[-1][0] >= bookmark.level:
                open_items.pop()
            item = writer.add_outline_item(title=bookmark.label, page_number=start + bookmark.place.page,
                                           parent=open_items[-1][1] if open_items else None,
                                           fit=Fit.xyz(left=bookmark.place.x, top=bookmark.place.y, zoom=0))
            open_items.append((bookmark.level, item))
