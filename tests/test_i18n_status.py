"""Issue 22, `i18n status`: `--locale`, `--incomplete`, and columns that stay aligned whatever the names' widths."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conftest import run

LONG = "a_kingdom_with_a_long_name"


@pytest.fixture
def long_named(mini: Path) -> Path:
    """The mini workspace as a game with a long name and one Ukrainian text missing."""
    (mini / "content/mini").rename(mini / f"content/{LONG}")
    for path in (mini / f"content/{LONG}").rglob("*.yaml"):
        path.write_text(path.read_text(encoding="utf-8").replace("schemas/mini/", f"schemas/{LONG}/"), encoding="utf-8")
    game = mini / f"content/{LONG}/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("id: mini", f"id: {LONG}"), encoding="utf-8")
    relics = mini / f"content/{LONG}/relics.yaml"
    relics.write_text(relics.read_text(encoding="utf-8").replace(
        '    uk: "Отримайте {n} [favor] з будь-якого запасу масті."\n', ""), encoding="utf-8")
    return mini


def _columns(line: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in re.finditer(r"\S+", line)]


def test_columns_align_whatever_the_widths(long_named: Path) -> None:
    result = run("i18n", "status", "--root", str(long_named))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    header = _columns(lines[0])
    assert [lines[0][a:b] for a, b in header] == ["game", "locale", "kind", "translated", "missing", "outdated",
                                                 "fuzzy", "done"]
    rows = [_columns(line) for line in lines[1:]]
    assert len(rows) == 3 * 6 + 3  # a row per locale and kind (game, region, relic, suit, table, term), a total each
    for row in rows:
        assert len(row) == len(header)
        assert [start for start, _ in row[:3]] == [start for start, _ in header[:3]]  # names: left-aligned
        assert [end for _, end in row[3:]] == [end for _, end in header[3:]]  # numbers: right-aligned
    assert f"{LONG}  uk      relic" in result.output and "50.0%" in result.output


def test_locale_and_incomplete_show_only_what_is_left(long_named: Path) -> None:
    result = run("i18n", "status", "--locale", "uk", "--incomplete", "--root", str(long_named))
    assert result.exit_code == 0, result.output
    table, _, texts = result.output.partition("\n\n")
    assert [line.split()[:3] for line in table.splitlines()[1:]] == [[LONG, "uk", "relic"], [LONG, "uk", "all"]]
    assert texts.split() == [LONG, "uk", "missing", "relic/cup/text", f"content/{LONG}/relics.yaml:7"]
    rows = json.loads(run("i18n", "status", "--locale", "uk", "--incomplete", "--format", "json",
                          "--root", str(long_named)).output)
    assert [(row["kind"], row["missing"], row["texts"]) for row in rows] == [
        ("relic", 1, [{"key": "relic/cup/text", "state": "missing", "path": f"content/{LONG}/relics.yaml",
                       "line": 7}])]


def test_incomplete_says_when_nothing_is_left(mini: Path) -> None:
    result = run("i18n", "status", "mini", "--locale", "fr", "--incomplete", "--root", str(mini))
    assert result.exit_code == 0 and result.output.strip() == "every text is translated and up to date"


def test_editors_notes_count_as_texts_not_translated(mini: Path) -> None:
    """A note of an entry not verified is English free text: translated in en, missing in fr, listed where written."""
    suits = mini / "content/mini/suits.yaml"
    text = suits.read_text(encoding="utf-8")
    assert "status: verified" in text
    suits.write_text(text.replace("status: verified", "status: unverified\n  note: \"From the card list.\"", 1),
                     encoding="utf-8")
    rows = json.loads(run("i18n", "status", "mini", "--incomplete", "--format", "json", "--root", str(mini)).output)
    notes = [row for row in rows if row["kind"] == "note"]
    assert [(row["locale"], row["missing"]) for row in notes] == [("fr", 1), ("uk", 1)]
    assert [text["key"].split("/")[0] for text in notes[0]["texts"]] == ["note"]
    assert notes[0]["texts"][0]["path"] == "content/mini/suits.yaml"
