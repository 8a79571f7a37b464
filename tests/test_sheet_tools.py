"""What the sheets are made with, each tested on small input: the layout check, the typesetting, the collation,
the cache that re-renders only the sheets whose HTML changed, the progress lines, the pictures of pages."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from conftest import REPO, run
from lawforge.compiler import sheets as sheets_module
from lawforge.compiler.cli import _SheetProgress
from lawforge.compiler.collation import sort_key
from lawforge.compiler.frontend import check_game
from lawforge.compiler.sheetimage import ImageError, page_png
from lawforge.compiler.sheetlayout import Overflow, RenderedPdf, render_pdf
from lawforge.compiler.sheets import SheetReport, render_sheets
from lawforge.compiler.typography import typeset, typeset_html
from lawforge.compiler.workspace import Workspace

PAGE = "<style>@page { size: A6; margin: 10mm; @bottom-center { content: 'a footer in the margin' } }</style>"


@pytest.fixture(scope="module")
def small_pdf() -> RenderedPdf:
    return render_pdf(PAGE + "<p>One page.</p>", REPO)


def test_a_box_past_the_right_margin_is_reported_with_its_page_and_words() -> None:
    wide = PAGE + "<p>fits</p><div style='break-before: page'><table><tr><td>" + "x" * 120 + "</td></tr></table></div>"
    rendered = render_pdf(wide, REPO)
    assert rendered.pages == 2
    (overflow,) = rendered.overflows
    assert overflow.page == 2 and overflow.excess_mm > 50 and overflow.text.startswith("xxxx")
    assert overflow.describe("t.pdf").startswith("t.pdf page 2: ")


def test_a_page_that_fits_reports_nothing_though_its_footer_lies_in_the_margin(small_pdf: RenderedPdf) -> None:
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


def test_only_the_sheet_whose_html_changed_is_rendered_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """One English sentence changed: the English sheet is rendered, the French one comes from the cache."""
    rendered: list[str] = []

    def fake_pdf(html: str, base: Path) -> RenderedPdf:
        rendered.append(html[html.index('lang="') + 6:][:2])
        return RenderedPdf(b"%PDF " + html.encode()[-64:], 1)

    monkeypatch.setattr(sheets_module, "render_pdf", fake_pdf)
    (tmp_path / "ws" / "content").mkdir(parents=True)
    ws = Workspace.open(tmp_path / "ws")  # where the cache is kept
    linked, _ = check_game(Workspace.open(REPO), "oath")
    assert linked is not None
    out = tmp_path / "out"
    first = render_sheets(ws, linked, ("en", "fr"), out)
    assert rendered == ["en", "fr"] and [r.cached for r in first] == [False, False]
    again = render_sheets(ws, linked, ("en", "fr"), out)
    assert rendered == ["en", "fr"] and [r.cached for r in again] == [True, True]
    assert (out / "oath.en.pdf").read_bytes() == b"%PDF " + (out / "oath.en.html").read_bytes()[-64:]

    relic = linked.entities["relic"][0]
    relic.name.root["en"] = "A Renamed Relic"  # type: ignore[attr-defined]
    changed = render_sheets(ws, linked, ("en", "fr"), out)
    assert rendered == ["en", "fr", "en"] and [r.cached for r in changed] == [False, True]
    assert "A Renamed Relic" in (out / "oath.en.html").read_text()
    forced = render_sheets(ws, linked, ("fr",), out, force=True)
    assert rendered[-1] == "fr" and not forced[0].cached


def _report(name: str, cached: bool, overflows: tuple[Overflow, ...] = ()) -> SheetReport:
    return SheetReport(name, Path(f"{name}.html"), Path(f"{name}.pdf"), 2.5, cached, 12, overflows)


@pytest.mark.parametrize("terminal", [True, False])
def test_progress_is_a_line_per_sheet_on_a_terminal_and_a_summary_when_piped(terminal: bool) -> None:
    stream = io.StringIO()
    progress = _SheetProgress(Console(file=stream, force_terminal=terminal, width=200, color_system=None))
    progress(_report("oath.en", cached=False))
    progress(_report("oath.fr", cached=True, overflows=(Overflow(3, 2, 4.25, "a long word"),)))
    lines = stream.getvalue().splitlines()
    warning = "warning: oath.fr.pdf page 3: 2 box(es) run past the right margin by up to 4.2 mm (“a long word”)"
    if terminal:
        assert lines == ["• oath.en: 12 pages, rendered in 2.5 s", "• oath.fr: 12 pages, unchanged since the last render",
                         warning]
    else:
        assert lines == [warning]
    assert progress.summary() == "2 sheets (1 rendered in 2.5 s, 1 unchanged)"


def test_a_page_as_png(small_pdf: RenderedPdf) -> None:
    png = page_png(small_pdf.pdf, 1, dpi=40)
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) < 20_000
    with pytest.raises(ImageError, match="the sheet has 1 pages; there is no page 2"):
        page_png(small_pdf.pdf, 2)


def test_the_sheets_command_writes_the_edition_asked_for_and_a_page_as_png(
        oath_ws: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, small_pdf: RenderedPdf) -> None:
    """The command's wiring, with WeasyPrint's part stood in for by a one-page PDF (in a copy of the workspace,
    whose cache the stand-in may fill)."""
    monkeypatch.setattr(sheets_module, "render_pdf", lambda html, base: small_pdf)
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
    too_far = run("sheets", "oath", "--root", str(oath_ws), "--locale", "uk", "--png-page", "9", "--out", str(out))
    assert too_far.exit_code == 1 and "error: the sheet has 1 pages; there is no page 9" in too_far.output


@pytest.mark.parametrize("picture", ["oath.en.p12.png", "oath.uk.proof.p30.png"])
def test_the_pictures_docs_sheets_md_shows_are_committed(picture: str) -> None:
    path = REPO / "docs" / "images" / picture
    assert path.read_bytes().startswith(b"\x89PNG\r\n\x1a\n") and 20_000 < path.stat().st_size < 300_000
    assert f"(images/{picture})" in (REPO / "docs" / "sheets.md").read_text()


def test_png_page_needs_one_locale(tmp_path: Path) -> None:
    result = run("sheets", "oath", "--root", str(REPO), "--png-page", "2", "--out", str(tmp_path))
    assert result.exit_code == 2
    assert "--png-page draws a page of one sheet: give exactly one --locale" in result.output
    assert not any(tmp_path.iterdir())
