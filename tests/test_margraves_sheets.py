"""Margraves reference sheets: real PDFs (the player edition in fr and en, the proof in uk), read back with pypdf;
the appendix lists every placeholder and every decision; a table that runs over a page repeats its header; the
pack's powers are all compiled or native, its texts translated."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest
from markupsafe import escape

from conftest import REPO, pdf_pages, render_editions
from lawforge.compiler.frontend import check_game
from lawforge.compiler.coverage import coverage
from lawforge.compiler.typography import typeset
from lawforge.compiler.workspace import Workspace

LOCALES = ("fr", "en", "uk")

# Each sheet's PDF: the player aid, a pennant action, end of turn, scoring, a guild and a citizen, a location, the
# glossary; the proof's appendix.
EXPECTED = {
    "margraves.fr.pdf": ["Aide du joueur", "Déplacer votre Margrave", "Fin de tour", "Décompte final", "Artisans",
                         "Nécromancien", "Shilina", "Glossaire", "Index"],
    "margraves.en.pdf": ["Player aid", "Move your Margrave", "End of turn", "Final scoring", "Workers", "Necromancer",
                         "Shilina", "Glossary", "Index"],
    "margraves.uk.proof.pdf": ["Пам’ятка гравця", "Перемістіть свого Маркграфа", "Кінець ходу", "Фінальний підрахунок",
                              "Ремісники", "Некромант", "Шиліна", "Глосарій", "Додаток: неповні дані", "заповнювач"],
}


@pytest.fixture(scope="module")
def sheets(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("margraves-sheets")
    render_editions("margraves", out, player=("fr", "en"), proof="uk")
    return out


@pytest.fixture(scope="module")
def pages(sheets: Path) -> dict[str, list[str]]:
    """Each PDF's text, page by page, read once."""
    return {sheet: pdf_pages(sheets / sheet) for sheet in EXPECTED}


@pytest.mark.parametrize("sheet", EXPECTED)
def test_pdf_text_reads_back_in_each_locale(pages: dict[str, list[str]], sheet: str) -> None:
    text = " ".join(" ".join(pages[sheet]).split()).lower()
    assert [word for word in EXPECTED[sheet] if word.lower() not in text] == []


def test_the_monster_table_repeats_its_header_on_each_page(pages: dict[str, list[str]]) -> None:
    header = "Monster Strength Magic Influence Reward"
    continued = [page for page in pages["margraves.en.pdf"]
                 if re.search(r"^(Monster \d|Boss)( †)? \d+ \d+ \d+ ", page, re.M)]
    assert len(continued) >= 2, "the table crosses a page"
    assert all(header in " ".join(page.split()) for page in continued)


def test_the_player_edition_names_no_entry_by_its_id(sheets: Path) -> None:
    html = (sheets / "margraves.en.html").read_text()
    assert re.search(r"\b(privilege_i+_\d+|wealth_\d+|\w+_monster_\d)\b", html) is None
    assert "†" in html and "Made-up data" in html, "placeholders are marked, and the mark explained"


def test_appendix_lists_placeholders_and_decisions(sheets: Path) -> None:
    linked, _ = check_game(Workspace.open(REPO), "margraves")
    assert linked is not None
    html = (sheets / "margraves.uk.proof.html").read_text()
    appendix = html[html.index('id="appendix"'):]
    for item in linked.incomplete:
        shown = item.name.uk if item.name is not None and item.name.uk else item.id
        assert escape(typeset(shown, "uk")) in appendix, item.id
    placeholders = {item.id for item in linked.incomplete if item.status == "placeholder"}
    assert {"citizen_line_costs", "warg_pack", "hamun · icons", "privilege_i_01", "segment_0", "row_0"} <= placeholders
    assert "hamun" not in placeholders and "alchemist · pennant" in placeholders
    marked = {unescape(text).replace("\u2019", "'") for text in re.findall(r'lang="en">(.*?)</span>', appendix,
                                                                            flags=re.S)}
    def words(html_text: str) -> str:
        """Text as words, the typesetter's spaces and apostrophes as plain ones."""
        text = unescape(re.sub(r"<[^>]+>", "", html_text)).replace("\u2019", "'")
        return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())

    plain = words(appendix)
    for decision in linked.entities["decision"]:
        question = linked.translations.note(f"decision/{decision.id}/question", "uk")
        assert question and words(str(escape(question))) in plain, "the question in Ukrainian"
        assert decision.question not in marked, "no longer the English question, marked as untranslated"


def test_every_power_compiled_or_native_and_every_text_translated() -> None:
    linked, diagnostics = check_game(Workspace.open(REPO), "margraves")
    assert linked is not None and diagnostics == []
    assert [u.key for u in linked.effects.units if u.status == "missing"] == []
    untranslated = [(c.locale, c.kind) for c in coverage(linked) if c.percent("translated") < 100.0]
    assert untranslated == [], "every text, the editors' notes too, translated and current in every locale"
    assert {c.locale for c in coverage(linked)} == set(LOCALES)


def test_a_verified_entry_marks_only_its_lost_fields(sheets: Path) -> None:
    """The Alchemist's power is the rulebook's, its pennant icons are lost: only the pennant carries the mark (the
    player edition's dagger for made-up data)."""
    html = (sheets / "margraves.en.html").read_text()
    card = html[html.index('<span class="name">Alchemist</span>'):]
    card = card[:card.index("</div>")]
    name, pennant, power = card.split("<br>")
    assert "mark" not in name and "mark" not in power
    assert 'Pennant:' in pennant and '<span class="mark">†</span>' in pennant
