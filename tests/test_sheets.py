"""Reference sheets: real HTML and PDF from WeasyPrint, read back with pypdf, in every locale."""

from __future__ import annotations

from pathlib import Path

import pytest
from markupsafe import escape
from pypdf import PdfReader

from conftest import REPO, run
from lawforge.compiler.frontend import check_game
from lawforge.compiler.sheets import render_html
from lawforge.compiler.workspace import Workspace

LOCALES = ("en", "fr", "uk")

# Words each locale's PDF must show: headings, an action, a rule table, a glossary term, the appendix.
EXPECTED = {
    "en": ["Player aid", "Major actions", "Search", "Travel cost", "Glossary", "Warband", "Placeholder"],
    "fr": ["Aide du joueur", "Actions majeures", "Rechercher", "Coût du Voyage", "Glossaire", "Troupe"],
    "uk": ["Пам’ятка гравця", "Основні дії", "Пошук", "Вартість Подорожі", "Глосарій", "Загін"],
}


@pytest.fixture(scope="module")
def oath_sheets(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("sheets")
    result = run("sheets", "oath", "--root", str(REPO), "--out", str(out))
    assert result.exit_code == 0, result.output
    return out


def _pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() or "" for page in PdfReader(path).pages)


@pytest.mark.parametrize("locale", LOCALES)
def test_pdf_text_reads_back_in_each_locale(oath_sheets: Path, locale: str) -> None:
    assert (oath_sheets / f"oath.{locale}.html").is_file()
    text = " ".join(_pdf_text(oath_sheets / f"oath.{locale}.pdf").split())
    missing = [word for word in EXPECTED[locale] if word.lower() not in text.lower()]
    assert missing == []


def test_fonts_are_embedded_and_cover_cyrillic(oath_sheets: Path) -> None:
    reader = PdfReader(oath_sheets / "oath.uk.pdf")
    fonts = {}
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descriptor = (font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font)
            descriptor = descriptor["/FontDescriptor"].get_object()
            fonts[str(font["/BaseFont"])] = any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
    assert fonts and all(fonts.values()), fonts
    assert any("DejaVu" in name for name in fonts)


def test_appendix_lists_every_entry_not_verified(oath_sheets: Path) -> None:
    linked, _ = check_game(Workspace.open(REPO), "oath")
    assert linked is not None and linked.incomplete
    html = (oath_sheets / "oath.en.html").read_text()
    appendix = html[html.index('id="appendix"'):]
    for item in linked.incomplete:
        shown = item.name.en if item.name is not None and item.name.en else item.id
        assert escape(shown) in appendix, item.id
    assert 'class="status unverified"' in html, "unverified entries are flagged where they are listed"
    discrepancies = linked.entities["discrepancy"]
    assert f"Where the rulebooks disagree ({len(discrepancies)})" in appendix


def test_preview_marks_untranslated_text(oath_ws: Path) -> None:
    relics = oath_ws / "content/oath/relics.yaml"
    text = relics.read_text()
    line = next(line for line in text.splitlines() if line.strip().startswith("fr:") and "{" not in line)
    relics.write_text(text.replace(line + "\n", "", 1))
    linked, _ = check_game(Workspace.open(oath_ws), "oath")
    assert linked is not None
    plain = render_html(linked, "fr")
    preview = render_html(linked, "fr", preview=True)
    assert 'class="untranslated preview"' not in plain
    assert 'class="untranslated preview" lang="en"' in preview


def test_markup_in_content_is_escaped(mini: Path) -> None:
    from lawforge.compiler.sheets import _Localizer
    from lawforge.compiler.models.common import Text

    linked, _ = check_game(Workspace.open(mini), "mini")
    assert linked is not None
    html = _Localizer(linked, "en", preview=False).render(Text(en="<script>x</script> **bold** [favor]"))
    assert str(html) == '&lt;script&gt;x&lt;/script&gt; <strong>bold</strong> <span class="term">favor</span>'


def test_template_label_missing_is_a_clear_error(mini: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = run("sheets", "mini", "--root", str(mini), "--out", str(out))
    assert result.exit_code == 1
    assert "which content/mini/labels.yaml lacks" in result.output
    assert "Traceback" not in result.output
    assert not out.exists() or not any(out.iterdir()), "nothing half-written"


def test_unknown_locale(tmp_path: Path) -> None:
    result = run("sheets", "oath", "--root", str(REPO), "--locale", "de", "--out", str(tmp_path))
    assert result.exit_code == 2
    assert "oath has no locale 'de' (locales: en, fr, uk)" in result.output
