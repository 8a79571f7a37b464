"""What the sheets are made with, each tested on small input: the layout check, the typesetting, the collation,
the rendering in parts and the cache that re-renders only the sheets and parts whose HTML changed, the progress
lines, the pictures of pages."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from pypdf import PdfReader, PdfWriter
from rich.console import Console

from conftest import REPO, run
from lawforge.compiler import sheets as sheets_module
from lawforge.compiler.cli import _SheetProgress
from lawforge.compiler.collation import sort_key
from lawforge.compiler.frontend import check_game
from lawforge.compiler.sheetimage import ImageError, page_png
from lawforge.compiler.sheetcache import SheetCache
from lawforge.compiler.sheetlayout import Overflow, RenderedPart, render_part
from lawforge.compiler.sheetparts import render_in_parts
from lawforge.compiler.sheets import SheetReport, render_sheets
from lawforge.compiler.typography import typeset, typeset_html
from lawforge.compiler.workspace import Workspace

PAGE = "<style>@page { size: A6; margin: 10mm; @bottom-center { content: 'a footer in the margin' } }</style>"


@pytest.fixture(scope="module")
def small_pdf() -> RenderedPart:
    return render_part(PAGE + "<p>One page.</p>", REPO)


def test_a_box_past_the_right_margin_is_reported_with_its_page_and_words() -> None:
    wide = PAGE + "<p>fits</p><div style='break-before: page'><table><tr><td>" + "x" * 120 + "</td></tr></table></div>"
    rendered = render_part(wide, REPO)
    assert rendered.pages == 2
    (overflow,) = rendered.overflows
    assert overflow.page == 2 and overflow.excess_mm > 50 and overflow.text.startswith("xxxx")
    assert overflow.describe("t.pdf").startswith("t.pdf page 2: ")


def test_a_page_that_fits_reports_nothing_though_its_footer_lies_in_the_margin(small_pdf: RenderedPart) -> None:
    assert small_pdf.pages == 1 and small_pdf.overflows == ()


@pytest.mark.parametrize("text, locale, typeset_text", [
    ("l'Exil d'Oath", "fr", "l’Exil d’Oath"),
    ("Annexe : données ; puis ! ou ?", "fr", "Annexe\u00a0: données\u202f; puis\u202f! ou\u202f?"),
    ("« Dernier tour » : tour", "fr", "«\u202fDernier tour\u202f»\u00a0: tour"),
    ("Action: gagnez 2; fin", "fr", "Action\u00a0: gagnez 2\u202f; fin"),
    ("10:30 (?)", "fr", "10:30 (?)"),
    ("the People's Favor: take it; done!", "en", "the People’s Favor: take it; done!"),
    ("Пам'ятка", "uk", "Пам’ятка"),
])
def test_typesetting(text: str, locale: str, typeset_text: str) -> None:
    assert typeset(text, locale) == typeset_text


def test_typesetting_html_spaces_the_templates_punctuation_but_not_css_code_or_entities() -> None:
    page = ("<style>p::after { content: 'a: b' }</style><p><strong>Action</strong>: gagnez 1&amp;2 <b>or</b>; "
            "<code>tables.yaml: id</code></p>")
    assert typeset_html(page, "fr") == (
        "<style>p::after { content: 'a: b' }</style><p><strong>Action</strong>\u00a0: gagnez 1&amp;2 <b>or</b>\u202f; "
        "<code>tables.yaml: id</code></p>")


@pytest.mark.parametrize("locale, unsorted, expected", [
    ("en", ["eagle", "Zebra", "Élan", "abbey", "Oeuvre", "œuf"], ["abbey", "eagle", "Élan", "œuf", "Oeuvre", "Zebra"]),
    ("fr", ["Zèbre", "été", "Étoile", "ete", "Abbé"], ["Abbé", "ete", "été", "Étoile", "Zèbre"]),
    ("uk", ["Яма", "Їжак", "Іван", "Ищи", "Ґава", "Гава", "Єва", "Ера"],
     ["Гава", "Ґава", "Ера", "Єва", "Ищи", "Іван", "Їжак", "Яма"]),
])
def test_alphabetical_order_is_the_languages(locale: str, unsorted: list[str], expected: list[str]) -> None:
    assert sorted(unsorted, key=lambda word: sort_key(word, locale)) == expected


def blank_part(html: str, base: Path) -> RenderedPart:
    """WeasyPrint stood in for: a part of one blank page, the footers' document a blank page per footer."""
    writer = PdfWriter()
    pages = max(1, html.count('<div class="page">'))
    for _ in range(pages):
        writer.add_blank_page(width=298, height=420)
    pdf = io.BytesIO()
    writer.write(pdf)
    return RenderedPart(pdf.getvalue(), pages, (), {}, (), ())


def test_only_the_sheet_whose_html_changed_is_rendered_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """One English sentence changed: of the English sheet only the part that holds it is rendered, the French
    sheet comes from the cache."""
    rendered: list[tuple[str, str]] = []

    def counted(html: str, base: Path) -> RenderedPart:
        heading = re.search(r"<h[12][^>]*>([^<]*)", html[html.index("<body"):])
        rendered.append((html[html.index('lang="') + 6:][:2], heading[1] if heading else "footers"))
        return blank_part(html, base)

    monkeypatch.setattr(sheets_module, "render_part", counted)
    (tmp_path / "ws" / "content").mkdir(parents=True)
    ws = Workspace.open(tmp_path / "ws")  # where the cache is kept
    linked, _ = check_game(Workspace.open(REPO), "oath")
    assert linked is not None
    out = tmp_path / "out"
    first = render_sheets(ws, linked, ("en", "fr"), out)
    parts = len(rendered) // 2
    assert [locale for locale, _ in rendered] == ["en"] * parts + ["fr"] * parts
    assert [r.cached for r in first] == [False, False] and first[0].parts_rendered == first[0].parts == parts
    again = render_sheets(ws, linked, ("en", "fr"), out)
    assert len(rendered) == 2 * parts and [r.cached for r in again] == [True, True]

    relic = linked.entities["relic"][0]
    relic.text.root["en"] = "A rewritten sentence."  # type: ignore[attr-defined]
    changed = render_sheets(ws, linked, ("en", "fr"), out)
    assert rendered[2 * parts:] == [("en", "Relics")] and [r.cached for r in changed] == [False, True]
    assert (changed[0].parts_rendered, changed[0].parts) == (1, parts)
    assert "A rewritten sentence." in (out / "oath.en.html").read_text()
    forced = render_sheets(ws, linked, ("fr",), out, force=True)
    assert rendered[-parts:] == rendered[parts:2 * parts] and not forced[0].cached


MINI_SHEET = """<html lang="en"><head>
<style id="title-page">@page :first { @top-left { content: none; } }</style>
<style>@page { size: A7; margin: 10mm; @top-left { content: string(game); font-size: 6pt; }
               @bottom-center { content: string(game) " · " counter(page) " / " counter(pages); font-size: 6pt; } }
body { string-set: game attr(data-game); font-size: 7pt; }
h2.section { break-before: page; }
ul.index a::after { content: " p. " attr(data-page); }</style>
</head>
<body data-game="Mini">
<h1>Mini</h1><p>Reference sheets</p>
<h2 class="section">Cards</h2><p id="card-a">Alpha</p>MORE_CARDS<p id="card-b" style="break-before: page">Beta</p>
<h2 class="section">Relics</h2><p id="relic-c">GAMMA</p><table><tr><td>WIDE</td></tr></table>
<h2 class="section" id="index">Index</h2>
<ul class="index"><li><a href="#card-a" data-page="">Alpha</a></li><li><a href="#card-b" data-page="">Beta</a></li>
<li><a href="#relic-c" data-page="">Gamma</a></li></ul>
</body></html>"""


FOOTER_PAGE = '<div class="page">'


def test_a_sheet_in_parts_reads_as_one_and_renders_again_only_what_changed(tmp_path: Path) -> None:
    """Real WeasyPrint on a small sheet of four parts: footers count the whole sheet, the index gives the page of
    each entry and links to it, the outline nests every part's headings; an edit renders its part again, and a
    part that grows by a page the index and the footers too, not the part after it."""
    cache = SheetCache(tmp_path / "cache", (str(tmp_path),))
    rendered: list[str] = []

    def counted(html: str, base: Path) -> RenderedPart:
        words = re.sub(r"<[^>]+>", " ", html[html.index("<body"):]).split()
        rendered.append(words[0] if words else f"{html.count(FOOTER_PAGE)} footers")
        return render_part(html, base)

    def render(more_cards: str = "", gamma: str = "Gamma") -> tuple[list[str], PdfReader]:
        html = MINI_SHEET.replace("MORE_CARDS", more_cards).replace("GAMMA", gamma).replace("WIDE", "x" * 90)
        parted = render_in_parts(html, REPO, cache, "mini.en.player", counted)
        reader = PdfReader(io.BytesIO(parted.pdf.pdf))
        pages = [" ".join((page.extract_text() or "").split()) for page in reader.pages]
        assert parted.pdf.pages == len(pages) and all(page.endswith(f"/ {len(pages)}") for page in pages)
        (overflow,) = parted.pdf.overflows
        assert overflow.page == len(pages) - 1, "the page of the sheet, not of the part: the relics' page"
        return pages, reader

    pages, reader = render()
    assert rendered == ["Mini", "Cards", "Relics", "Index", "5 footers"]
    assert pages[0] == "Mini Reference sheets Mini · 1 / 5", "no running header on the title page"
    assert pages[2] == "Beta Mini Mini · 3 / 5", "a running header on the other pages"
    assert pages[3].startswith("Relics Gamma xxx")
    assert "Alpha p. 2 Beta p. 3 Gamma p. 4" in pages[4]
    links = [annotation.get_object() for annotation in reader.pages[4]["/Annots"]]
    targets = {reader.get_page_number(link["/Dest"][0].get_object()) for link in links}
    assert targets == {1, 2, 3}
    assert [item.title if not isinstance(item, list) else [i.title for i in item] for item in reader.outline] == [
        "Mini", ["Cards", "Relics", "Index"]]

    rendered.clear()
    render(gamma="Gamma, renamed")
    assert rendered == ["Relics"]
    rendered.clear()
    pages, _ = render(more_cards='<p style="break-before: page">Alpha, continued</p>', gamma="Gamma, renamed")
    assert rendered == ["Cards", "Index", "6 footers"] and len(pages) == 6
    assert "Alpha p. 2 Beta p. 4 Gamma p. 5" in pages[5]


def _report(name: str, cached: bool, overflows: tuple[Overflow, ...] = ()) -> SheetReport:
    return SheetReport(name, Path(f"{name}.html"), Path(f"{name}.pdf"), 2.5, cached, 12, overflows,
                       *((0, 0) if cached else (1, 8)))


@pytest.mark.parametrize("terminal", [True, False])
def test_progress_is_a_line_per_sheet_on_a_terminal_and_a_summary_when_piped(terminal: bool) -> None:
    stream = io.StringIO()
    progress = _SheetProgress(Console(file=stream, force_terminal=terminal, width=200, color_system=None))
    progress(_report("oath.en", cached=False))
    progress(_report("oath.fr", cached=True, overflows=(Overflow(3, 2, 4.25, "a long word"),)))
    lines = stream.getvalue().splitlines()
    warning = "warning: oath.fr.pdf page 3: 2 box(es) run past the right margin by up to 4.2 mm (“a long word”)"
    if terminal:
        assert lines == ["• oath.en: 12 pages, rendered in 2.5 s (1 of 8 parts)",
                         "• oath.fr: 12 pages, unchanged since the last render",
                         warning]
    else:
        assert lines == [warning]
    assert progress.summary() == "2 sheets (1 rendered in 2.5 s, 1 unchanged)"


def test_a_page_as_png(small_pdf: RenderedPart) -> None:
    png = page_png(small_pdf.pdf, 1, dpi=40)
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) < 20_000
    with pytest.raises(ImageError, match="the sheet has 1 pages; there is no page 2"):
        page_png(small_pdf.pdf, 2)


def test_the_sheets_command_writes_the_edition_asked_for_and_a_page_as_png(
        oath_ws: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The command's wiring, with WeasyPrint's part stood in for by blank pages (in a copy of the workspace, whose
    cache the stand-in may fill)."""
    monkeypatch.setattr(sheets_module, "render_part", blank_part)
    out = tmp_path / "out"
    done = run("sheets", "oath", "--root", str(oath_ws), "--locale", "uk", "--edition", "proof", "--out", str(out))
    assert done.exit_code == 0, done.output
    assert sorted(p.name for p in out.iterdir()) == ["oath.uk.proof.html", "oath.uk.proof.pdf"]
    assert 'id="appendix"' in (out / "oath.uk.proof.html").read_text()
    assert "oath: 1 sheet (1 rendered in " in done.output
    picture = run("sheets", "oath", "--root", str(oath_ws), "--locale", "uk", "--edition", "proof", "--png-page", "1",
                  "--out", str(out))
    assert picture.exit_code == 0, picture.output
    assert "oath: 1 sheet (1 unchanged)" in picture.output
    assert (out / "oath.uk.proof.p1.png").read_bytes().startswith(b"\x89PNG")
    too_far = run("sheets", "oath", "--root", str(oath_ws), "--locale", "uk", "--png-page", "99", "--out", str(out))
    assert too_far.exit_code == 1 and re.search(r"error: the sheet has \d+ pages; there is no page 99", too_far.output)


@pytest.mark.parametrize("picture", ["oath.en.p12.png", "oath.uk.p12.png", "oath.uk.proof.p30.png"])
def test_the_pictures_docs_sheets_md_shows_are_committed(picture: str) -> None:
    path = REPO / "docs" / "images" / picture
    assert path.read_bytes().startswith(b"\x89PNG\r\n\x1a\n") and 20_000 < path.stat().st_size < 300_000
    assert f"(images/{picture})" in (REPO / "docs" / "sheets.md").read_text()


def test_png_page_needs_one_locale(tmp_path: Path) -> None:
    result = run("sheets", "oath", "--root", str(REPO), "--png-page", "2", "--out", str(tmp_path))
    assert result.exit_code == 2
    assert "--png-page draws a page of one sheet: give exactly one --locale" in result.output
    assert not any(tmp_path.iterdir())
