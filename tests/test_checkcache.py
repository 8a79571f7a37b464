"""`lawforge check` reuses a game's diagnostics only while its content, the compiler and the documents its
sources cite are unchanged."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from lawforge.compiler import checkcache, frontend
from lawforge.compiler.checkcache import check_games_cached
from lawforge.compiler.workspace import Workspace
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


def second_game(mini: Path) -> Workspace:
    """The mini workspace with a copy of its game, `mini2`, whose Beast quote is wrong."""
    copy = mini / "content" / "mini2"
    shutil.copytree(mini / "content" / "mini", copy)
    edits = (("game.yaml", "id: mini\n", "id: mini2\n"), ("suits.yaml", 'quote: "Beast"', 'quote: "Bete"'))
    for name, old, new in edits:
        (copy / name).write_text((copy / name).read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    return Workspace.open(mini)


def test_games_checked_side_by_side_report_what_each_check_reports(mini: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    ws = second_game(mini)
    expected = frontend.check_game(ws, "mini")[1] + frontend.check_game(ws, "mini2")[1]
    assert any(d.code == "quote-not-found" and d.path == "content/mini2/suits.yaml" for d in expected)
    check_game = frontend.check_game

    def check_elsewhere(ws: Workspace, game: str) -> object:
        (mini / f"checked-{game}").write_text(str(os.getpid()))
        return check_game(ws, game)

    monkeypatch.setattr(checkcache.os, "cpu_count", lambda: 2)
    monkeypatch.setattr(frontend, "check_game", check_elsewhere)
    assert check_games_cached(ws, ["mini", "mini2"]) == expected
    assert str(os.getpid()) not in {(mini / f"checked-{game}").read_text() for game in ("mini", "mini2")}
    monkeypatch.setattr(frontend, "check_game", refuse_to_check)
    assert check_games_cached(ws, ["mini", "mini2"]) == expected


def test_an_error_in_a_worker_is_raised_with_its_own_message(mini: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(ws: Workspace, game: str) -> None:
        raise ValueError(f"no way to check {game}")

    ws = second_game(mini)
    monkeypatch.setattr(checkcache.os, "cpu_count", lambda: 2)
    monkeypatch.setattr(frontend, "check_game", fail)
    with pytest.raises(ValueError, match="no way to check mini"):
        check_games_cached(ws, ["mini", "mini2"])


def test_a_forged_result_with_the_right_key_is_not_believed(mini: Path) -> None:
    """Someone who can write the workspace can compute a result's key; without this machine's seal, the result
    is checked again and the broken content reported."""
    ws = Workspace.open(mini)
    suits = mini / "content" / "mini" / "suits.yaml"
    suits.write_text(suits.read_text(encoding="utf-8").replace("bank_order: 1", "bank_order: one"), encoding="utf-8")
    key = checkcache._key(ws, "mini", checkcache.compiler_fingerprint())
    forged = {"key": key, "folders": [str(mini)], "documents": {}, "diagnostics": []}
    (mini / ".lawforge-cache").mkdir()
    (mini / ".lawforge-cache" / "check-mini.json").write_text("0" * 64 + "\n" + json.dumps(forged))
    result = run("--root", str(mini), "check")
    assert result.exit_code == 1 and "content/mini/suits.yaml:11:15: error[wrong-type]" in result.output


def test_a_rulebook_swapped_for_a_fifo_after_a_check_is_not_read(mini: Path) -> None:
    """A cached result rereads the documents it depends on as loading does: a FIFO is refused, not waited on."""
    assert run("--root", str(mini), "check").exit_code == 0
    rules = mini / "rules.txt"
    rules.unlink()
    os.mkfifo(rules)
    result = run("--root", str(mini), "check")
    assert result.exit_code == 1 and "content/mini/game.yaml:9:45: error[special-file]" in result.output
