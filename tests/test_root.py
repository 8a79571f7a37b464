"""Root's own checks (compiler/checks/root.py): each has a broken copy of the real pack and reports its
exact file, line, column and code; and the sheets read back in every locale."""

from __future__ import annotations

import shutil
from array import array
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import REPO, SHARED, diagnostics_of, pdf_pages, render_editions, run
from lawforge.runtime import load
from lawforge.runtime.bytecode import PendingChoice
from lawforge.runtime.effects import bind_natives, run_to_end
from lawforge.runtime.state import FlatState

BIRD_VICTORY = ("  victory:\n    effect:\n      - if:\n          cond: {gt: [{count: {where: {in: {every: clearing}, as: c, "
                "test: {all: [{eq: [{field: {name: corner, at: [c]}}, 1]}, {native: {name: rules_clearing, args: [you, c]}}, "
                "{native: {name: rules_clearing, args: [you, {field: {name: opposite_corner, at: [c]}}]}}]}}}}, 0]}\n"
                "          then: [{native: {name: win, args: [you]}}]\n")
"""The Bird Dominance card's victory condition (3.3.1.II), which the dominance_victory case removes."""

STRAY_FOREST = ("- id: stray\n  map: {map}\n  clearings: [hill, creek, beach]\n"
                "  source: [{{doc: ref_root, at: \"autumn_map/forests_hrf/AutumnN\"}}]\n  status: unverified\n  note: \"x\"\n")
"""A forest the Autumn map does not have (an eighth), or a Winter forest round Autumn clearings."""

# (file, text to find, replacement, text marking the reported spot, code)
CASES = {
    "ruins_over_slots": ("clearings.yaml", "  slots: 1\n  ruins: 0\n  corner: true\n  opposite: weald",
                         "  slots: 1\n  ruins: 2\n  corner: true\n  opposite: weald", ("ruins: 2", 7), "clearing-slots"),
    "asymmetric_path": ("clearings.yaml", "  paths: [hill, quarry]", "  paths: [hill, quarry, meadow]",
                        "meadow]", "asymmetric-path"),
    "asymmetric_river": ("clearings.yaml", "  rivers: [creek, waterfall]", "  rivers: [creek, waterfall, hill]",
                         "hill]", "asymmetric-river"),
    "opposite_not_corner": ("clearings.yaml", "  opposite: haven", "  opposite: meadow", ("opposite: meadow", 10), "opposite-corner"),
    "piece_count": ("factions/lizard_cult.yaml", "count: 25, inventory: lizard_warriors", "count: 24, inventory: lizard_warriors",
                    "24, inventory", "piece-count"),
    "piece_inventory": ("factions/corvids.yaml", "inventory: plot_tokens", "inventory: plot_tokenz",
                        "plot_tokenz", "piece-inventory"),
    "craft_suit": ("cards.yaml", "  craft_cost: [fox, fox]\n  item: sword", "  craft_cost: [fox, bird]\n  item: sword",
                   "bird]", "craft-suit"),
    "deck_count": ("cards.yaml", "  copies: 3\n", "  copies: 4\n", None, "deck-count"),
    "card_effect": ("cards.yaml", "  kind: item\n  craft_cost: [fox, fox]\n  item: sword",
                    "  kind: persistent\n  craft_cost: [fox, fox]\n  item: sword", ("kind: persistent", 6), "card-effect"),
    "ambush_timing": ("cards.yaml", "  suit: fox\n  copies: 1\n  kind: ambush\n  rule: \"4.3.1\"\n  timing: battle",
                      "  suit: fox\n  copies: 1\n  kind: ambush\n  rule: \"4.3.1\"\n  timing: daylight",
                      ("kind: ambush\n  rule: \"4.3.1\"\n  timing: daylight", len("kind: ambush\n  rule: \"4.3.1\"\n  timing: ")),
                      "card-timing"),
    "dominance_victory": ("cards.yaml", BIRD_VICTORY, "", ("kind: dominance", 6), "card-effect"),
    "map_clearings": ("maps.yaml", "  clearing_count: 12\n", "  clearing_count: 11\n", ("clearing_count: 11", 16), "map-clearings"),
    "forest_count": ("forests.yaml", "- id: autumn_n\n", STRAY_FOREST.format(map="autumn") + "- id: autumn_n\n",
                     ("map: autumn", 5), "forest-count"),
    "forest_map": ("forests.yaml", "- id: autumn_n\n", STRAY_FOREST.format(map="winter") + "- id: autumn_n\n",
                   ("[hill, creek, beach]", 1), "forest-map"),
    "track_spaces": ("tracks.yaml", "  spaces: [{vp: 0}, {vp: 1}, {vp: 2, draw: 1}, {vp: 3}, {vp: 4}]",
                     "  spaces: [{vp: 0}, {vp: 1}, {vp: 2, draw: 1}, {vp: 3}]",
                     ("spaces: [{vp: 0}, {vp: 1}, {vp: 2, draw: 1}, {vp: 3}]", 8), "track-spaces"),
    "track_piece": ("tracks.yaml", "  piece: citadel\n", "  piece: citadels\n", ("piece: citadels", 7), "track-piece"),
    "card_timing": ("cards.yaml", "  timing: evening_start", "  timing: crafted  # Cobbler",
                    ("timing: crafted  #", 8), "card-timing"),
}


@pytest.fixture
def root_ws(tmp_path: Path) -> Path:
    """A copy of the Root pack in a workspace of its own, the rulebooks beside it."""
    root = tmp_path / "main"
    shutil.copytree(REPO / "content" / "root", root / "content" / "root")
    (tmp_path / "shared").symlink_to(SHARED)
    return root


def _position(text: str, marker: str | tuple[str, int]) -> tuple[int, int]:
    """Line and column (1-based) of the marker's first occurrence, or of the given offset into it."""
    marker, offset = marker if isinstance(marker, tuple) else (marker, 0)
    index = text.index(marker) + offset
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def test_real_pack_is_clean(root_ws: Path) -> None:
    assert [d for d in diagnostics_of(root_ws, "root")] == []


@pytest.mark.parametrize("case", sorted(CASES))
def test_check_reports_exact_position(root_ws: Path, case: str) -> None:
    file, old, new, marker, code = CASES[case]
    path = root_ws / "content" / "root" / file
    text = path.read_text()
    assert old in text, f"fixture anchor missing in {file}"
    broken = text.replace(old, new, 1)
    path.write_text(broken)
    found = [(d.path, d.line, d.col, d.code) for d in diagnostics_of(root_ws, "root")]
    if marker is None:  # reported on the inventory line of game.yaml
        game = (root_ws / "content/root/game.yaml").read_text()
        line, col = _position(game, ("count: 54", 7))
        expected = ("content/root/game.yaml", line, col, code)
    else:
        line, col = _position(broken, marker)
        expected = (f"content/root/{file}", line, col, code)
    found = [(str(p), li, co, c) for p, li, co, c in found]
    assert expected in found, found
    assert {c for *_, c in found} == {code}, "the broken input reports nothing else"


EXPECTED = {
    "root.fr.pdf": ["Aides des factions", "Marquise de Chat", "Surmenage", "Paquet commun", "Glossaire", "clairière", "Variantes de mise en place", "Jardins Renard", "Index"],
    "root.en.pdf": ["Faction player aids", "Marquise de Cat", "Overwork", "Shared deck", "Glossary", "clearing", "Setup variants", "Fox gardens", "Index", "Royal Claim", "4 × any suit"],
    "root.uk.proof.pdf": ["Пам’ятки фракцій", "Маркіза де Кет", "Понаднормова праця", "Спільна колода", "Глосарій", "галявина", "неперевірено", "Варіанти підготовки", "Сади лисиці", "Дані, яких не дає жодне джерело", "Карти, яких немає в Законі", "4 × будь-яка масть"],
}


@pytest.fixture(scope="module")
def root_sheets(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("root-sheets")
    render_editions("root", out, player=("fr", "en"), proof="uk")
    return out


@pytest.mark.parametrize("sheet", EXPECTED)
def test_root_pdf_reads_back_in_each_locale(root_sheets: Path, sheet: str) -> None:
    text = " ".join(" ".join(pdf_pages(root_sheets / sheet)).split())
    missing = [word for word in EXPECTED[sheet] if word.lower() not in text.lower()]
    assert missing == []
    assert "?, ?" not in text, "a craft cost of any suit reads as words"


@pytest.mark.parametrize("card", ["codebreakers", "tax_collector"])
def test_once_in_daylight_is_part_of_the_effect(card: str) -> None:
    """Tax Collector and Codebreakers work once in Daylight: a second use in the same turn does nothing."""
    game = load("root", root=REPO)
    flat = FlatState.empty(game, seed=1)
    for seat in (0, 1):
        flat.set("seated", seat, 1)
    flat.set("warriors", 0, 0, 2)
    flat.set("warrior_supply", 0, 5)
    calls: list[str] = []

    def native(name: str) -> Callable[[array[int], list[int]], int]:
        def call(state: array[int], args: list[int]) -> int:
            calls.append(name)
            return 0
        return call

    natives = bind_natives(game, {name: native(name) for name in ("look_at_hand", "draw_cards")})
    this = int(game.enums["card"][card.upper()])

    def choose(pending: PendingChoice) -> int:
        return max(pending.options)  # take the optional effect; any target

    for _ in range(2):
        run_to_end(game, f"card/{card}/power", flat.cells, actor=0, this=this, choose=choose, natives=natives)
    assert len(calls) == 1, calls
    assert flat.get("used_this_daylight", this, 0) == 1
