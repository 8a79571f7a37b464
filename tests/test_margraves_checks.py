"""Margraves: the pack checks clean, and each game check reports a broken copy of it at its exact place."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import REPO, SHARED, diagnostics_of

GAME = "margraves"
PACK = f"content/{GAME}"


@pytest.fixture
def margraves_ws(tmp_path: Path) -> Path:
    """A copy of the Margraves pack alone (no other game's work in progress), the rulebooks beside it."""
    root = tmp_path / "main"
    shutil.copytree(REPO / PACK, root / PACK)
    (tmp_path / "shared").symlink_to(SHARED)
    return root


def _patch(root: Path, file: str, old: str, new: str, *, after: str = "") -> int:
    """Replaces the first `old` (after the text `after`) and returns the 1-based line where `new` starts."""
    path = root / PACK / file
    text = path.read_text()
    start = text.index(after) if after else 0
    at = text.index(old, start)
    path.write_text(text[:at] + new + text[at + len(old):])
    return text.count("\n", 0, at) + 1


def _line(root: Path, file: str, number: int) -> str:
    return (root / PACK / file).read_text().splitlines()[number - 1]


def _errors(root: Path) -> list[tuple[str, int, int, str]]:
    return [(d.path, d.line, d.col, d.code) for d in diagnostics_of(root, GAME)]


def test_the_pack_checks_clean(margraves_ws: Path) -> None:
    assert _errors(margraves_ws) == []


def test_one_way_road(margraves_ws: Path) -> None:
    line = _patch(margraves_ws, "locations.yaml", "roads: [shilina, inkadeus]", "roads: [shilina, inkadeus, nymar]")
    col = _line(margraves_ws, "locations.yaml", line).index("nymar") + 1
    assert _errors(margraves_ws) == [(f"{PACK}/locations.yaml", line, col, "road")]


def test_location_with_one_guild_twice(margraves_ws: Path) -> None:
    line = _patch(margraves_ws, "locations.yaml", "icons: [worker, soldier]", "icons: [worker, worker]")
    col = _line(margraves_ws, "locations.yaml", line).index("[") + 1
    assert _errors(margraves_ws) == [(f"{PACK}/locations.yaml", line, col, "location-shape")]


def test_no_start_location(margraves_ws: Path) -> None:
    _patch(margraves_ws, "locations.yaml", "  start: true\n", "")
    line = _patch(margraves_ws, "locations.yaml", "- id: hamun", "- id: hamun")
    assert _errors(margraves_ws) == [(f"{PACK}/locations.yaml", line, 7, "location-shape")]


def test_lair_without_its_boss(margraves_ws: Path) -> None:
    _patch(margraves_ws, "monsters.yaml", "  boss: true\n", "  boss: false\n", after="- id: mountain_boss")
    line = _patch(margraves_ws, "monsters.yaml", "  lair: mountain", "  lair: mountain", after="- id: mountain_boss")
    assert _errors(margraves_ws) == [(f"{PACK}/monsters.yaml", line, 9, "lair-pile")]


def test_pennant_of_two_actions(margraves_ws: Path) -> None:
    line = _patch(margraves_ws, "guilds.yaml", "pennant: [move_margrave, deploy_knight, deploy_knight]",
                  "pennant: [move_margrave, deploy_knight]")
    assert _errors(margraves_ws) == [(f"{PACK}/guilds.yaml", line, 12, "pennant")]


def test_starting_citizen_with_a_guild_and_a_pennant(margraves_ws: Path) -> None:
    line = _patch(margraves_ws, "citizens.yaml", "  starting: true\n", "  starting: true\n  guild: holy\n",
                  after="- id: paladin")
    assert _errors(margraves_ws) == [(f"{PACK}/citizens.yaml", line + 1, 10, "pennant"),
                                     (f"{PACK}/citizens.yaml", line + 2, 12, "pennant")]


def test_slays_flag_that_disagrees_with_the_effect(margraves_ws: Path) -> None:
    line = _patch(margraves_ws, "citizens.yaml", "  slays: true", "  slays: false", after="- id: champion")
    assert _errors(margraves_ws) == [(f"{PACK}/citizens.yaml", line, 10, "slays")]


def test_end_game_privilege_with_a_reward(margraves_ws: Path) -> None:
    line = _patch(margraves_ws, "privileges.yaml", "  type: end_game\n", "  type: end_game\n  reward: {gold: 1}\n",
                  after="- id: privilege_i_20")
    assert _errors(margraves_ws) == [(f"{PACK}/privileges.yaml", line, 9, "privilege-tile")]


def test_two_naval_segments_at_one_position(margraves_ws: Path) -> None:
    line = _patch(margraves_ws, "naval.yaml", "  position: 3", "  position: 2")
    assert _errors(margraves_ws) == [(f"{PACK}/naval.yaml", line, 13, "naval-track")]


def test_tomb_slot_outside_the_grid(margraves_ws: Path) -> None:
    line = _patch(margraves_ws, "tomb_slots.yaml", "  column: 2", "  column: 3", after="- id: tomb_2_2")
    assert _errors(margraves_ws) == [(f"{PACK}/tomb_slots.yaml", line, 11, "tomb-grid")]


def test_citizen_copies_that_do_not_total_the_inventory(margraves_ws: Path) -> None:
    line = _patch(margraves_ws, "tables.yaml", "    - [1, 1, 1, 0]", "    - [1, 1, 1, 1]", after="- id: citizen_copies")
    assert _errors(margraves_ws) == [(f"{PACK}/tables.yaml", line, 5, "citizen-copies")]


def test_citizen_copies_count_the_starting_citizens_among_the_cards_as_the_decision_says(margraves_ws: Path) -> None:
    """With the starting citizens not among the 60 (the other reading), the 40 copies no longer total the box."""
    _patch(margraves_ws, "decisions.yaml", "  chosen: among", "  chosen: not_among")
    assert [error[3] for error in _errors(margraves_ws)] == ["citizen-copies"]


def test_decision_choosing_no_option(margraves_ws: Path) -> None:
    line = _patch(margraves_ws, "decisions.yaml", "  chosen: conjuration", "  chosen: conjuraton")
    assert _errors(margraves_ws) == [(f"{PACK}/decisions.yaml", line, 11, "decision")]


def test_a_quote_in_a_field_status_is_checked(margraves_ws: Path) -> None:
    line = _patch(margraves_ws, "citizens.yaml", "    pennant: {status: placeholder, note:",
                  '    pennant: {status: placeholder, source: [{doc: s2, line: 236, quote: "nowhere"}], note:')
    assert [(path, at, code) for path, at, _, code in _errors(margraves_ws)] == [
        (f"{PACK}/citizens.yaml", line, "quote-not-found")]


def test_a_field_status_names_a_field_of_its_entry(margraves_ws: Path) -> None:
    _patch(margraves_ws, "citizens.yaml", "    pennant: {status: placeholder", "    colour: {status: placeholder")
    assert [(path, code) for path, _, _, code in _errors(margraves_ws)] == [(f"{PACK}/citizens.yaml", "invalid-value")]
    assert "field_status names no field of this entry: colour" in str(diagnostics_of(margraves_ws, GAME)[0])
