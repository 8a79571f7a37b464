"""The command line around the stages: `show`, `--root`, help and version."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from conftest import REPO, run


def test_show_json_is_the_compiled_entity() -> None:
    result = run("show", "oath", "region", "cradle", "--root", str(REPO), "--format", "json")
    assert result.exit_code == 0, result.output
    region = json.loads(result.output)
    assert region["id"] == "cradle" and region["site_slots"] == 2 and region["discard_to"] == "provinces"
    assert region["name"] == {"en": "Cradle", "fr": "Cradle", "uk": "Центр"}


def test_show_one_locale_as_text() -> None:
    result = run("show", "oath", "suit", "hearth", "--root", str(REPO), "--locale", "uk")
    assert result.exit_code == 0, result.output
    assert "suit hearth" in result.output
    assert "name: Вогнище" in result.output


def test_show_falls_back_to_source_locale_for_untranslated_text() -> None:
    result = run("show", "oath", "denizen", "alchemist", "--root", str(REPO), "--locale", "fr", "--format", "json")
    denizen = json.loads(result.output)
    assert denizen["suit"] == "arcane"
    assert denizen["text"].startswith("**Action**")


@pytest.mark.parametrize(("args", "message"), [
    (("oath", "planet", "x"), "oath has no entity kind 'planet'"),
    (("oath", "suit", "water"), "oath has no suit with id 'water'"),
    (("oath", "suit", "hearth", "--locale", "de"), "oath has no locale 'de'"),
    (("chess", "suit", "x"), "no game 'chess'"),
])
def test_show_errors(args: tuple[str, ...], message: str) -> None:
    result = run("show", *args, "--root", str(REPO))
    assert result.exit_code != 0
    assert message in result.output and "Traceback" not in result.output


def test_commands_use_the_current_directory(tmp_path: Path) -> None:
    cwd = os.getcwd()
    os.chdir(REPO)
    try:
        result = run("show", "oath", "region", "cradle", "--format", "json")
    finally:
        os.chdir(cwd)
    assert json.loads(result.output)["id"] == "cradle"


def test_every_command_has_help() -> None:
    for command in ("check", "build", "sheets", "show"):
        result = run(command, "--help")
        assert result.exit_code == 0 and "--root" in result.output


def test_version() -> None:
    assert run("--version").output.startswith("lawforge, version ")


def test_simulate_reports_wins_and_speed() -> None:
    result = run("simulate", "oath", "--players", "3", "--games", "3", "--seed", "5", "--jobs", "1",
                 "--format", "json", "--root", str(REPO))
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["summary"]["games"] == 3 and sum(report["summary"]["wins_by_role"].values()) == 3
    assert all(game["rounds"] <= 8 for game in report["games"])
    assert report["summary"]["games_per_second"] > 0


def test_play_in_the_terminal_in_ukrainian() -> None:
    from click.testing import CliRunner

    from lawforge.compiler.cli import main

    result = CliRunner().invoke(main, ["play", "oath", "--players", "2", "--seed", "3", "--locale", "uk",
                                       "--root", str(REPO)], input="1\n" * 400)
    assert result.exit_code == 0, result.output
    assert "Гру завершено. Переможець: місце " in result.output and "placeholder:" in result.output
    assert "Залишити першим радником карту " in result.output and "Завершити хід (Відпочинок)" in result.output
    assert "раунд 1: місце 0 ходить" in result.output


def test_games_without_a_kernel_say_so() -> None:
    result = run("simulate", "mini", "--root", str(REPO / "tests/fixtures/mini"))
    assert result.exit_code == 2 and "there is no rules kernel for 'mini' yet" in result.output
