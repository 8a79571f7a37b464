"""A sheet rendered in parts, each part cached, so that an edit re-renders only the part it is in.

WeasyPrint lays a sheet out as a whole, and balancing the two columns of the card lists makes that slow (about
14 s for Oath's English sheet on its own). Each section that starts a page (`<h2 class="section">`, which breaks
the page before it) starts a part, rendered as its own document: its pages are those the whole sheet would have,
since nothing flows across a page break. A part is cached by its HTML (sheetcache.py): one sentence changed in a
denizen re-renders the denizens' part and nothing else, and the index too if a card moved to another page.

What a part cannot know by itself is given to it from around it:
- the running header's game comes from the body (`data-game`), not from the title, which is in the first part;
- the title page's style (no running header) is kept in the first part only;
- the index's page numbers are written into it (`data-page`) from the anchors of the parts laid out before it;
- the footer, "page N / total", is laid out for every page at once, in a document of as many empty pages
  (`footers_html`), which the join (sheetjoin.py) draws over the parts' pages.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from .sheetcache import SheetCache, sheet_key
from .sheetjoin import join_parts
from .sheetlayout import Overflow, RenderedPart, RenderedPdf

SHEET = re.compile(r"(?s)(.*)</head>\s*(<body[^>]*>)(.*)(</body>.*)")
SECTION = re.compile(r'(?=<h2 class="section")')
TITLE_PAGE_STYLE = re.compile(r'(?s)<style id="title-page">.*?</style>\n?')
PAGE_REF = re.compile(r'href="#([^"]+)" data-page=""')
PART_STYLE = "<style>@page { @bottom-center { content: none; } }</style>\n"
"""A part draws no footer: the footers' document does."""
FOOTERS_STYLE = ("<style>@page { @top-left { content: none; } @top-right { content: none; } }\n"
                 ".page + .page { break-before: page; }</style>\n")
"""The footers' document draws the footer only, on each of its empty pages (of the sheet's one page size)."""
PASSES = 3
"""At most this many layouts of the parts: the index, laid out after the parts it refers to, is right after one; a
second would correct an entry whose anchor comes after the index (none does today), a third one whose page the
second moved."""

RenderPart = Callable[[str, Path], RenderedPart]


@dataclass(frozen=True)
class SplitSheet:
    """A sheet's HTML cut where its sections start a page."""

    head: str
    """Up to `</head>`, excluded."""
    body: str
    """The `<body …>` tag."""
    parts: tuple[str, ...]
    end: str
    """From `</body>` on."""


@dataclass(frozen=True)
class PartedPdf:
    """A sheet's PDF joined from its parts, and how many of them had to be rendered."""

    pdf: RenderedPdf
    rendered: int
    """How many parts were rendered (the others came from the cache)."""
    parts: int
    """The sheet's parts, the footers' document counted."""


def split_sheet(html: str) -> SplitSheet:
    """The sheet's HTML (sheets.render_html) in parts: the first up to the first section that starts a page."""
    match = SHEET.fullmatch(html)
    if match is None:
        raise ValueError("a sheet's HTML has a <head> and a <body>")
    head, body, content, end = match.groups()
    return SplitSheet(head, body, tuple(part for part in SECTION.split(content) if part.strip()), end)


def part_html(sheet: SplitSheet, index: int, pages_of: Mapping[str, int]) -> str:
    """The HTML of part `index`, as its own document; `pages_of`: the page of each anchor known so far."""
    head = sheet.head if index == 0 else TITLE_PAGE_STYLE.sub("", sheet.head)
    content = PAGE_REF.sub(lambda ref: f'href="#{ref[1]}" data-page="{pages_of.get(ref[1], "")}"',
                           sheet.parts[index])
    return f"{head}{PART_STYLE}</head>\n{sheet.body}{content}{sheet.end}"


def footers_html(sheet: SplitSheet, pages: int) -> str:
    """A document of `pages` empty pages that shows the sheet's footer on each."""
    return f"{sheet.head}{FOOTERS_STYLE}</head>\n{sheet.body}" + '<div class="page"></div>' * pages + sheet.end


def render_in_parts(html: str, base: Path, cache: SheetCache, name: str, render: RenderPart, *,
                    force: bool = False) -> PartedPdf:
    """The PDF of the sheet `name` (`GAME.LOCALE.EDITION`) made of its parts (`render`: sheetlayout.render_part),
    each taken from the cache when its HTML is the one it was last rendered from, unless `force`."""
    sheet = split_sheet(html)
    fresh: dict[str, RenderedPart] = {}
    """The parts rendered by this call, by key: `force` renders each once."""

    def part(source: str, entry: str) -> RenderedPart:
        key = sheet_key(source)
        done = fresh.get(key) or (None if force else cache.get_part(entry, key))
        if done is None:
            done = fresh[key] = render(source, base)
            cache.put_part(entry, key, done)
        return done

    known: dict[str, int] = {}
    """The page of each anchor, as the previous pass found it."""
    for _ in range(PASSES):
        parts: list[RenderedPart] = []
        sources: list[str] = []
        pages_of: dict[str, int] = {}
        first_page = 1
        for index in range(len(sheet.parts)):
            sources.append(part_html(sheet, index, {**known, **pages_of}))
            parts.append(part(sources[-1], f"{name}.{index}"))
            for anchor, place in parts[-1].anchors.items():
                pages_of.setdefault(anchor, first_page + place.page)
            first_page += parts[-1].pages
        if all(part_html(sheet, index, pages_of) == source for index, source in enumerate(sources)):
            break
        known = pages_of
    pages = first_page - 1
    footers = part(footers_html(sheet, pages), f"{name}.footers")
    overflows: list[Overflow] = []
    first_page = 1
    for each in parts:
        overflows += [replace(overflow, page=overflow.page + first_page - 1) for overflow in each.overflows]
        first_page += each.pages
    pdf = RenderedPdf(join_parts(parts, footers.pdf), pages, tuple(overflows))
    return PartedPdf(pdf, len(fresh), len(parts) + 1)
