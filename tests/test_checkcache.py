"""`lawforge check` reuses a game's diagnostics only while its content, the compiler and the documents its
sources cite are unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawforge.compiler import frontend
from conftest import run


def refuse_to_check(*args: object) -> None:
    raise AssertionError("the game was checked again")


def test_an_unchanged_game_is_not_checked_again(mini: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert run("--root", str(mini), "check").exit_code == 0
    monkeypatch.setattr(frontend, "check_game", refuse_to_check)
    result = run("--root", str(mini), "check")
    assert result.exit_code == 0 and "0 errors" in result.output


def test_a_changed_rulebook_is_checked_again(mini: Path) -> None:
    assert run("--root", str(mini), "check").exit_code == 0
    rules = mini / "rules.txt"
    rules.write_text(rules.read_text(encoding="utf-8").replace("Arcane", "Arkane"), encoding="utf-8")
    result = run("--root", str(mini), "check")
    assert result.exit_code == 1 and "content/mini/suits.yaml:7:" in result.output


def test_changed_content_is_checked_again_and_its_errors_are_kept(mini: Path) -> None:
    suits = mini / "content" / "mini" / "suits.yaml"
    suits.write_text(suits.read_text(encoding="utf-8").replace('quote: "Beast"', 'quote: "Bete"'), encoding="utf-8")
    first = run("--root", str(mini), "check")
    second = run("--root", str(mini), "check")
    assert first.exit_code == second.exit_code == 1
    assert "content/mini/suits.yaml:13:" in first.output and first.output == second.output
