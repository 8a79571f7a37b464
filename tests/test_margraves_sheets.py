"""Margraves reference sheets: real PDFs in fr, en and uk, read back with pypdf; the appendix lists
every placeholder and every decision; the pack's powers are all compiled or native, its texts translated."""

from __future__ import annotations

from pathlib import Path

import pytest
from markupsafe import escape
from pypdf import PdfReader

from conftest import REPO, run
from lawforge.compiler.frontend import check_game
from lawforge.compiler.coverage import coverage
from lawforge.compiler.workspace import Workspace

LOCALES = ("fr", "en", "uk")

# Each locale's PDF: the player aid, a pennant action, end of turn, scoring, a guild and a citizen,
# a location, the glossary and the appendix.
EXPECTED = {
    "fr": ["Aide du joueur", "Déplacer votre Margrave", "Fin de tour", "Décompte final", "Artisans", "Nécromancien",
           "Shilina", "Glossaire", "Annexe : données incomplètes", "provisoire"],
    "en": ["Player aid", "Move your Margrave", "End of turn", "Final scoring", "Workers", "Necromancer",
           "Shilina", "Glossary", "Appendix: incomplete data", "placeholder"],
    "uk": ["Пам’ятка гравця", "Перемістіть свого Маркграфа", "Кінець ходу", "Фінальний підрахунок", "Ремісники",
           "Некромант", "Шиліна", "Глосарій", "Додаток: неповні дані", "заповнювач"],
}


@pytest.fixture(scope="module")
def sheets(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("margraves-sheets")
    result = run("sheets", "margraves", "--root", str(REPO), "--out", str(out))
    assert result.exit_code == 0, result.output
    return out


def _pdf_text(path: Path) -> str:
    return " ".join(" ".join(page.extract_text() or "" for page in PdfReader(path).pages).split())


@pytest.mark.parametrize("locale", LOCALES)
def test_pdf_text_reads_back_in_each_locale(sheets: Path, locale: str) -> None:
    text = _pdf_text(sheets / f"margraves.{locale}.pdf").lower()
    assert [word for word in EXPECTED[locale] if word.lower() not in text] == []


def test_appendix_lists_placeholders_and_decisions(sheets: Path) -> None:
    linked, _ = check_game(Workspace.open(REPO), "margraves")
    assert linked is not None
    html = (sheets / "margraves.en.html").read_text()
    appendix = html[html.index('id="appendix"'):]
    for item in linked.incomplete:
        shown = item.name.en if item.name is not None and item.name.en else item.id
        assert escape(shown) in appendix, item.id
    placeholders = {item.id for item in linked.incomplete if item.status == "placeholder"}
    assert {"citizen_line_costs", "warg_pack", "hamun · icons", "privilege_i_01", "segment_0", "row_0"} <= placeholders
    assert "hamun" not in placeholders and "alchemist · pennant" in placeholders
    for decision in linked.entities["decision"]:
        assert escape(decision.question) in appendix


def test_every_power_compiled_or_native_and_every_text_translated() -> None:
    linked, diagnostics = check_game(Workspace.open(REPO), "margraves")
    assert linked is not None and diagnostics == []
    assert [u.key for u in linked.effects.units if u.status == "missing"] == []
    untranslated = [(c.locale, c.kind) for c in coverage(linked) if c.percent("translated") < 100.0]
    assert untranslated == []
    assert {c.locale for c in coverage(linked)} == set(LOCALES)


def test_a_verified_entry_marks_only_its_lost_fields(sheets: Path) -> None:
    """The Alchemist's power is the rulebook's, its pennant icons are lost: only the pennant carries the badge."""
    html = (sheets / "margraves.en.html").read_text()
    card = html[html.index('<span class="name">Alchemist</span>'):]
    card = card[:card.index("</div>")]
    name, pennant, power = card.split("<br>")
    assert "status" not in name and "status" not in power
    assert 'Pennant:' in pennant and '<span class="status placeholder">' in pennant
