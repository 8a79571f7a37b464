"""Vindication: the game's own checks with broken copies of the real pack, module combinations, sheets."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from conftest import REPO, diagnostics_of, pdf_pages, render_editions, run
from lawforge.compiler.checks.vindication import module_combinations
from lawforge.compiler.frontend import check_game
from lawforge.compiler.workspace import Workspace

PACK = Path("content") / "vindication"


def _patch(root: Path, file: str, old: str, new: str) -> tuple[str, int, int]:
    """Replace `old` (once) in a pack file; the position (1-based) of `new`'s first character."""
    path = root / PACK / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    start = text.index(old)
    path.write_text(text.replace(old, new), encoding="utf-8")
    line = text.count("\n", 0, start) + 1
    col = start - (text.rfind("\n", 0, start) + 1) + 1
    return f"{PACK.as_posix()}/{file}", line, col


def _errors(root: Path) -> list[tuple[str, int, int, str]]:
    return [(d.path, d.line, d.col, d.code) for d in diagnostics_of(root, "vindication") if d.severity.name == "ERROR"]


def test_real_pack_is_clean() -> None:
    assert [d for d in diagnostics_of(REPO, "vindication")] == []


def test_duplicate_initiative(oath_ws: Path) -> None:
    path, line, col = _patch(oath_ws, "companions.yaml", "initiative: 30\n", "initiative: 15\n")
    assert _errors(oath_ws) == [(path, line, col + len("initiative: "), "initiative")]


def test_initiative_out_of_range(oath_ws: Path) -> None:
    path, line, col = _patch(oath_ws, "companions.yaml", "initiative: 69\n", "initiative: 70\n")
    assert _errors(oath_ws) == [(path, line, col + len("initiative: "), "initiative")]


def test_module_region_tiles_disagree(oath_ws: Path) -> None:
    path, line, col = _patch(oath_ws, "modules.yaml", "region_tiles: 19\n", "region_tiles: 18\n")
    assert _errors(oath_ws) == [(path, line, col + len("region_tiles: "), "region-count")]


def test_region_count_disagrees_with_inventory(oath_ws: Path) -> None:
    path, line, col = _patch(oath_ws, "regions.yaml", "count: 3\n", "count: 4\n")
    errors = _errors(oath_ws)
    game = (oath_ws / PACK / "game.yaml").read_text(encoding="utf-8").splitlines()
    tiles = next(i for i, text in enumerate(game) if "island_region_tiles" in text) + 3  # its `count:` line
    assert errors == [("content/vindication/game.yaml", tiles, 12, "region-count"),
                      ("content/vindication/modules.yaml", 5, 17, "region-count")]


def test_card_names_a_region_of_a_module_that_may_be_off(oath_ws: Path) -> None:
    path, line, col = _patch(oath_ws, "companions.yaml", "regions: [\"bibliotheque\"]", "regions: [\"mine_de_cristaux\"]")
    assert _errors(oath_ws) == [(path, line, col + len("regions: ["), "region-module")]


def test_region_in_an_effect_of_a_module_that_may_be_off(oath_ws: Path) -> None:
    old = 'args: ["you", {region: "fort"}]'
    path, line, col = _patch(oath_ws, "companions.yaml", old, 'args: ["you", {region: "joaillier"}]')
    assert _errors(oath_ws) == [(path, line, col + len('args: ["you", {region: '), "region-module")]


def test_digits_in_a_card_text(oath_ws: Path) -> None:
    """Ursula's number of decks written as digits again, in every locale, with its params gone."""
    text = ('  text: {en: "Look at the top face-down card of one of the central board\'s 6 decks. Put it back face down '
            'or turn it face up.", fr: "Regardez la carte face cachée du dessus d\'un des 6 paquets du plateau central. '
            'Reposez-la face cachée ou retournez-la face visible.", uk: "Подивіться верхню закриту карту однієї з 6 колод '
            'центрального поля. Поверніть її закритою або відкрийте."}')
    old = text.replace(" 6 ", " {n} ") + "\n  params: {n: 6}\n"
    path, line, col = _patch(oath_ws, "companions.yaml", old, text + "\n")
    digits = [col + i for i, char in enumerate(text) if char == "6"]
    assert _errors(oath_ws) == [(path, line, c, "text-digit") for c in digits]


def test_digit_after_a_placeholder_in_a_power_cost(oath_ws: Path) -> None:
    """A digit behind a {placeholder}, in one locale of a power's cost text, is found where it is written."""
    old = 'cost: {en: "Lose {n} honour", fr: "Perdez {n} honneur", uk: "Утратьте {n} честь"}'
    new = old.replace("{n} честь", "{n} честь (з 2)")
    path, line, col = _patch(oath_ws, "companions.yaml", old, new)
    assert _errors(oath_ws) == [(path, line, col + new.index("2"), "text-digit")]


class _Modules:
    """What module_combinations reads of a check context: the module entities."""

    def __init__(self, modules: tuple[object, ...]) -> None:
        self.modules = [SimpleNamespace(entity=m) for m in modules]

    def items(self, kind: str) -> list[SimpleNamespace]:
        return self.modules if kind == "module" else []


def test_every_module_combination_is_checked() -> None:
    linked, diagnostics = check_game(Workspace.open(REPO), "vindication")
    assert diagnostics == []
    combos = list(module_combinations(_Modules(linked.entities["module"])))  # type: ignore[arg-type]
    modules = {m.id for m in linked.entities["module"]}
    assert len(combos) == 2 ** (len(modules) - 1)
    assert frozenset({"base"}) in combos and frozenset(modules) in combos
    assert all(frozenset({"base", m}) in combos for m in modules - {"base"})


EXPECTED = {
    "vindication.en.pdf": ["Player aid", "Main actions", "Bonus actions", "Companions", "Adena, the Living Journal",
                           "Drogas, the Living Darkness", "Glossary", "Index"],
    "vindication.fr.pdf": ["Aide de jeu", "Actions principales", "Actions bonus", "Compagnons", "Adena, le Journal vivant",
                           "Oya, la Fleur carnivore", "Glossaire", "Index"],
    "vindication.uk.proof.pdf": ["Пам’ятка гравця", "Основні дії", "Бонусні дії", "Супутники", "Адена, Живий Літопис",
                                 "Дрогас, Жива Темрява", "Глосарій", "Неповні дані"],
}


@pytest.fixture(scope="module")
def sheets(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("vindication-sheets")
    render_editions("vindication", out, player=("en", "fr"), proof="uk")
    return out


@pytest.mark.parametrize("sheet", EXPECTED)
def test_sheets_read_back_in_each_locale(sheets: Path, sheet: str) -> None:
    text = " ".join(" ".join(pdf_pages(sheets / sheet)).split())
    assert [word for word in EXPECTED[sheet] if word.lower() not in text.lower()] == []


def test_french_is_typeset_like_oaths(sheets: Path) -> None:
    """Vindication's French content has straight apostrophes and plain spaces before high punctuation; its
    sheet prints them as Oath's: typographic apostrophes, no-break spaces (typography.py)."""
    html = (sheets / "vindication.fr.html").read_text()
    body = re.sub(r"<style\b.*?</style>|<code>.*?</code>|<[^>]+>", "", html, flags=re.S)
    assert re.search(r"\w'\w", body) is None and re.search(r"\w’\w", body)
    assert re.search(r" [;!?]| :", body) is None
    assert "\u202f;" in body and "\u00a0:" in body
