"""Reference sheets: linked content → HTML (Jinja2) → PDF (WeasyPrint), one pair per locale and edition.

Two editions of the same sheets: the player edition (the default, what `build` renders) is what a player
prints: card lists in alphabetical order, an index, nothing about where the data comes from, only a short mark
where the data is made up. The proof edition is for the content's editors: every entry that is not verified
flagged where it is printed, the notes, and an appendix of the incomplete data in the sheet's own language.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from .files import check_all_writable, write_atomically
from .link import LinkedGame
from .editor_texts import NOTES_LOCALE
from .sheetcache import SheetCache, sheet_key
from .sheetlayout import Overflow, RenderedPdf, render_part
from .sheetparts import render_in_parts
from .sheettext import Localizer, SheetError
from .typography import typeset, typeset_html
from .workspace import Workspace

__all__ = ["Edition", "RenderedSheet", "SheetError", "SheetReport", "render_html", "render_sheet",
           "render_sheets", "sheet_name"]

TEMPLATES = Path(__file__).parent / "templates"
Edition = Literal["player", "proof"]


def sheet_name(game: str, locale: str, edition: Edition) -> str:
    """The file name of a sheet without its suffix: `oath.en` (player) or `oath.en.proof`."""
    return f"{game}.{locale}" + ("" if edition == "player" else f".{edition}")


def render_html(linked: LinkedGame, locale: str, *, edition: Edition = "player", preview: bool = False) -> str:
    """The HTML of one sheet: the game's template (`templates/<ruleset>.html.j2`) in `locale`, typeset for it."""
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(["html", "j2"], default_for_string=True, default=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    loc = Localizer(linked, locale, preview)
    env.filters["t"] = loc.render
    env.filters["plain"] = loc.plain
    env.filters["by_name"] = loc.by_name
    env.filters["sources"] = loc.sources
    env.filters["note"] = loc.note
    env.filters["typeset"] = lambda text: typeset(text, locale)
    env.globals["label"] = loc.label
    env.globals["count"] = loc.count
    env.globals["term"] = loc.term_name
    env.globals["anchor"] = loc.anchor
    env.globals["index"] = loc.index
    env.globals["appendix_groups"] = loc.appendix
    env.globals["written_in"] = loc.written_in
    env.globals["translated_note"] = loc.translated_note
    env.globals["editors_text"] = loc.editors_text
    template = env.get_template(f"{linked.game.ruleset}.html.j2")
    context: dict[str, Any] = {
        "game": linked.game,
        "locale": locale,
        "preview": preview,
        "proof": edition == "proof",
        "notes_readable": locale == NOTES_LOCALE,
        "notes_locale": NOTES_LOCALE,
        "e": {kind: entities for kind, entities in linked.entities.items()},
        "by_id": {kind: linked.by_id(kind) for kind in linked.entities},
        "has_placeholders": any(item.status == "placeholder" for item in linked.incomplete),
        "missing": linked.missing_translations,
    }
    return typeset_html(template.render(**context), locale)


@dataclass(frozen=True)
class SheetReport:
    """One sheet rendered (or found unchanged in the cache): what a progress line and the summary print."""

    name: str
    """`GAME.LOCALE` or `GAME.LOCALE.EDITION` (`sheet_name`)."""
    html: Path
    pdf: Path
    seconds: float
    cached: bool
    pages: int
    overflows: tuple[Overflow, ...]
    parts_rendered: int = 0
    """Of a sheet rendered, how many of its `parts` were (the others came from the cache)."""
    parts: int = 0


@dataclass(frozen=True)
class RenderedSheet:
    html: str
    pdf: RenderedPdf
    report: SheetReport


def render_sheet(ws: Workspace, linked: LinkedGame, locale: str, out_dir: Path, *, edition: Edition = "player",
                 preview: bool = False, force: bool = False) -> RenderedSheet:
    """One sheet's HTML and PDF, to be written as OUT/NAME.html and OUT/NAME.pdf. The PDF comes from the cache
    (sheetcache.py) when the HTML is the same as at the sheet's last render, unless `force`; else it is joined from
    its parts, of which only those whose HTML changed are rendered again (sheetparts.py)."""
    started = time.perf_counter()
    cache = SheetCache(ws.cache / "sheets", ws.readable_folders())
    name = sheet_name(linked.name, locale, edition)
    html = render_html(linked, locale, edition=edition, preview=preview)
    key = sheet_key(html)
    pdf = None if force else cache.get(name, key)
    cached = pdf is not None
    parts = (0, 0)
    if pdf is None:
        parted = render_in_parts(html, TEMPLATES, cache, name, render_part, force=force)
        pdf, parts = parted.pdf, (parted.rendered, parted.parts)
        cache.put(name, key, pdf)
    report = SheetReport(name, out_dir / f"{name}.html", out_dir / f"{name}.pdf", time.perf_counter() - started,
                         cached, pdf.pages, pdf.overflows, *parts)
    return RenderedSheet(html, pdf, report)


def render_sheets(ws: Workspace, linked: LinkedGame, locales: Iterable[str], out_dir: Path, *,
                  edition: Edition = "player", preview: bool = False, force: bool = False,
                  on_sheet: Callable[[SheetReport], None] = lambda _: None) -> list[SheetReport]:
    """Writes OUT/NAME.html and OUT/NAME.pdf for each locale (`render_sheet`), reporting each sheet to `on_sheet`
    as it is rendered.

    Every locale is rendered before anything is written, so a failure leaves no partial set."""
    files: dict[Path, str | bytes] = {}
    reports = []
    for locale in locales:
        sheet = render_sheet(ws, linked, locale, out_dir, edition=edition, preview=preview, force=force)
        files[sheet.report.html] = sheet.html
        files[sheet.report.pdf] = sheet.pdf.pdf
        reports.append(sheet.report)
        on_sheet(sheet.report)
    check_all_writable(list(files))
    for path, data in files.items():
        write_atomically(path, data)
    return reports
