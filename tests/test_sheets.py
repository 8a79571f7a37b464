"""Oath's reference sheets: real HTML and PDF from WeasyPrint, read back with pypdf. The player edition in en and
fr, the proof edition in uk, each rendered once (render_editions checks that no page of them overflows)."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest
from markupsafe import escape
from pypdf import PdfReader

from conftest import REPO, pdf_pages, render_editions, run
from lawforge.compiler.collation import sort_key
from lawforge.compiler.frontend import check_game
from lawforge.compiler.link import LinkedGame
from lawforge.compiler.sheets import render_html
from lawforge.compiler.sheettext import Localizer
from lawforge.compiler.typography import typeset
from lawforge.compiler.workspace import Workspace

# Words each sheet's PDF must show: headings, an action, a rule table, a glossary term; the index in the player
# edition, the appendix in the proof.
EXPECTED = {
    "oath.en.pdf": ["Player aid", "Major actions", "Search", "Travel cost", "Glossary", "Warband", "Index"],
    "oath.fr.pdf": ["Aide du joueur", "Actions majeures", "Rechercher", "Coût du Voyage", "Glossaire", "Troupe",
                    "Index"],
    "oath.uk.proof.pdf": ["Пам’ятка гравця", "Основні дії", "Пошук", "Вартість Подорожі", "Глосарій", "Загін",
                          "Покажчик", "Додаток: неповні дані", "Цитовані документи"],
}
CYRILLIC = re.compile(r"[А-Яа-яІіЇїЄєҐґ]")


@pytest.fixture(scope="module")
def oath_sheets(tmp_path_factory: pytest.TempPathFactory, oath_player_sheets: None) -> Path:
    out = tmp_path_factory.mktemp("sheets")
    render_editions("oath", out, player=("en", "fr"), proof="uk")
    return out


@pytest.fixture(scope="module")
def oath() -> LinkedGame:
    linked, _ = check_game(Workspace.open(REPO), "oath")
    assert linked is not None
    return linked


@pytest.fixture(scope="module")
def pages(oath_sheets: Path) -> dict[str, list[str]]:
    """Each PDF's text, page by page: read once, since pypdf takes seconds for a sheet."""
    return {sheet: pdf_pages(oath_sheets / sheet) for sheet in EXPECTED}


@pytest.mark.parametrize("sheet", EXPECTED)
def test_pdf_text_reads_back_in_each_locale(oath_sheets: Path, pages: dict[str, list[str]], sheet: str) -> None:
    assert (oath_sheets / sheet).with_suffix(".html").is_file()
    text = " ".join(" ".join(pages[sheet]).split())
    assert [word for word in EXPECTED[sheet] if word.lower() not in text.lower()] == []


def test_fonts_are_embedded_and_cover_cyrillic(oath_sheets: Path) -> None:
    reader = PdfReader(oath_sheets / "oath.uk.proof.pdf")
    fonts = {}
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descriptor = (font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font)
            descriptor = descriptor["/FontDescriptor"].get_object()
            fonts[str(font["/BaseFont"])] = any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
    assert fonts and all(fonts.values()), fonts
    assert any("DejaVu" in name for name in fonts)


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_the_player_edition_prints_no_provenance(oath_sheets: Path, locale: str) -> None:
    """No appendix, status, note, commit hash, path or source in the player's sheet, and no other language's
    text (the Ukrainian notes once printed in the English sheet)."""
    html = (oath_sheets / f"oath.{locale}.html").read_text()
    assert 'id="appendix"' not in html and 'class="status' not in html
    assert re.search(r"\b[0-9a-f]{8,40}\b", html) is None, "a commit hash"
    for leak in ("commit", "/work/", "src/oath", "lecodex", "ref_cards", "s0:"):
        assert leak not in html, leak
    assert CYRILLIC.search(html) is None


def test_footer_and_running_headers_print_the_game_as_written(pages: dict[str, list[str]]) -> None:
    english = pages["oath.en.pdf"]
    assert all("&amp;" not in page for page in english)
    assert english[0].rstrip().endswith(f"Oath: Chronicles of Empire & Exile · 1 / {len(english)}")
    denizens = [page for page in english if "Awaited Return" in page and "Cost:" in page]
    assert len(denizens) == 1 and "Denizens by suit" in denizens[0], "the chapter heads the page"


def test_terms_copy_as_they_are_written(pages: dict[str, list[str]]) -> None:
    """Terms are bold real text, not synthesised small capitals that copy as "bUrned seCret"."""
    text = " ".join(" ".join(pages["oath.en.pdf"]).split())
    assert "Cost: 1 burned secret" in text
    assert re.search(r"\b[a-z]+[A-Z]+[a-z]*\b", text.replace("LeCodex", "")) is None


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_denizens_are_alphabetical_in_each_suit(oath_sheets: Path, oath: LinkedGame, locale: str) -> None:
    html = (oath_sheets / f"oath.{locale}.html").read_text()
    by_id = oath.by_id("denizen")
    for suit in oath.entities["suit"]:
        shown = [by_id[i] for i in re.findall(r'id="denizen-([a-z0-9_]+)"', html) if by_id[i].suit == suit.id]
        names = [d.name.get(locale) for d in shown]  # type: ignore[attr-defined]
        assert len(shown) == sum(1 for d in by_id.values() if d.suit == suit.id)  # type: ignore[attr-defined]
        assert names == sorted(names, key=lambda n: sort_key(n.replace("'", "’"), locale)), suit.id


def test_the_index_gives_the_page_of_each_card(pages: dict[str, list[str]]) -> None:
    english = pages["oath.en.pdf"]
    index = "\n".join(page for page in english if page.startswith("Index") or "\nIndex\n" in page)
    entries = dict(re.findall(r"^(.+?)[. ]+ (\d+)$", index, re.M))
    assert len(entries) > 200
    for name in ("Alchemist", "Salt Flats", "Taming Charm", "Oracle"):
        page = int(entries[name])
        assert name in english[page - 1], f"{name} is not on page {page}"
    names = list(entries)
    assert names == sorted(names, key=lambda n: sort_key(n, "en"))


def _plain(html_text: str) -> str:
    """HTML text as words: entities decoded, the sheet's typographic spaces and apostrophes as plain ones."""
    text = unescape(re.sub(r"<[^>]+>", "", html_text))
    return " ".join(text.replace("\u2019", "'").replace("\u00a0", " ").replace("\u202f", " ").split())


def test_proof_appendix_is_in_the_sheets_language(oath_sheets: Path, oath: LinkedGame) -> None:
    """Every entry not verified, with its kind and status in Ukrainian, its editor's note and each discrepancy's
    summary in their Ukrainian translation (issue 22; `test_i18n_notes.py` tests the English fallback); nothing else
    in the appendix is English but the names of the documents' repositories (and what the notes quote: ids, code, the
    seeds' English)."""
    html = (oath_sheets / "oath.uk.proof.html").read_text()
    appendix = html[html.index('<h2 class="section" id="appendix"'):]
    labels = Localizer(oath, "uk", preview=False)
    notes = []
    for item in oath.incomplete:
        assert escape(typeset(labels.plain(item.name), "uk") if item.name else item.id) in appendix, item.id
        assert labels.label(f"kind_{item.kind}") in appendix
        if item.note:
            translated = oath.translations.note(item.note_key, "uk")
            assert translated, f"{item.note_key}: no Ukrainian translation"
            notes.append(_plain(str(escape(labels.note(translated)))))
            assert notes[-1] in _plain(appendix) and item.note not in appendix, item.note_key
    assert 'class="status unverified"' in html, "unverified entries are flagged where they are listed"
    assert "(0)" not in appendix, "no empty table for a status no entry has"
    assert f"{labels.label('discrepancies')} ({len(oath.entities['discrepancy'])})" in appendix
    for discrepancy in oath.entities["discrepancy"]:
        key = f"discrepancy/{discrepancy.id}/summary"
        translated = oath.translations.note(key, "uk")
        assert translated, f"{key}: no Ukrainian translation"
        notes.append(_plain(str(escape(labels.note(translated)))))
        assert notes[-1] in _plain(appendix) and _plain(discrepancy.summary) not in _plain(appendix), key
    marked = r'<code>.*?</code>|<span class="untranslated" lang="en">.*?</span>|<[^>]+>'
    rest = _plain(re.sub(marked, " ", appendix, flags=re.S))
    for note in notes:
        rest = rest.replace(note, " ")
    words = set(re.findall(r"[A-Za-z]{3,}", rest))
    assert words <= {"Oath", "LeCodex", "OathUltimateCollection", "jhoffmann"}, words


def test_the_english_proof_prints_the_notes_without_long_hashes_or_machine_paths(oath: LinkedGame) -> None:
    html = render_html(oath, "en", edition="proof")
    appendix = html[html.index('<h2 class="section" id="appendix"'):]
    assert "Check them against a printed Chancellor board." in appendix
    assert "ChancellorBoard.restAmount, commit 210ef926)" in appendix, "a commit is named by 8 digits"
    assert re.search(r"[0-9a-f]{9,}", appendix) is None
    assert "/work/" not in appendix and "shared/reference/README.md" in appendix


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
    from lawforge.compiler.models.common import Text

    linked, _ = check_game(Workspace.open(mini), "mini")
    assert linked is not None
    html = Localizer(linked, "en", preview=False).render(Text(en="<script>x</script> **bold** [favor]"))
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
