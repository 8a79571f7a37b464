"""The command line around the stages: `show`, `--root` (for `play` and `simulate` too), help and version."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO, SHARED, run, unoptimised_compiler


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
    assert "3 games in " in result.stderr and "games_per_second" in result.stderr


def test_play_in_the_terminal_in_ukrainian() -> None:
    from click.testing import CliRunner

    from lawforge.compiler.cli import main

    result = CliRunner().invoke(main, ["play", "oath", "--players", "2", "--seed", "3", "--locale", "uk",
                                       "--root", str(REPO)], input="1\n" * 400)
    assert result.exit_code == 0, result.output
    assert "Гру завершено. Переможець: гравець на місці " in result.output and "Ця гра використовує вигадані дані (примітки редакторів):" in result.output
    assert "Залишити карту «" in result.output and "» першим радником" in result.output
    assert "Завершити хід (Відпочинок)" in result.output and "Раунд 1: ходить місце 1" in result.output
    assert "Ваші радники:" in result.output


def test_games_without_a_kernel_say_so() -> None:
    result = run("simulate", "mini", "--root", str(REPO / "tests/fixtures/mini"))
    assert result.exit_code == 2 and "there is no rules kernel for 'mini' yet" in result.output


def lawforge(*args: str, stdin: str = "", env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """lawforge in a child process: a workspace's compiled content is imported once per process."""
    return subprocess.run([sys.executable, "-m", "lawforge.compiler", *args], capture_output=True, text=True,
                          input=stdin, env=(env or dict(os.environ)) | {"NO_COLOR": "1", "COLUMNS": "200"},
                          timeout=300)


@pytest.fixture(scope="module")
def oath_for_three(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of this repository's workspace (its compiled tables too) whose Oath is for 2 or 3 players, rebuilt."""
    root = tmp_path_factory.mktemp("three") / "main"
    for part in ("content", "schemas", "generated"):
        shutil.copytree(REPO / part, root / part, ignore=shutil.ignore_patterns("__pycache__", "*.c"))
    (root.parent / "shared").symlink_to(SHARED)
    game = root / "content/oath/game.yaml"
    game.write_text(game.read_text().replace("players: {min: 2, max: 6}", "players: {min: 2, max: 3}"))
    built = lawforge("build", "oath", "--no-sheets", "--root", str(root), env=unoptimised_compiler(root.parent))
    assert built.returncode == 0, built.stderr
    return root


@pytest.mark.parametrize("command", [["simulate", "oath", "--games", "1", "--jobs", "1"], ["play", "oath"]])
def test_play_and_simulate_use_the_content_of_the_workspace_named_by_root(oath_for_three: Path,
                                                                          command: list[str]) -> None:
    refused = lawforge(*command, "--players", "4", "--root", str(oath_for_three))
    assert refused.returncode == 2 and "--players 4: oath is played by 2 to 3 players" in refused.stderr, refused.stderr
    played = lawforge(*command, "--players", "3", "--kernel", "python", "--root", str(oath_for_three),
                      stdin="1\n" * 3000)
    assert played.returncode == 0, played.stderr


def test_simulate_on_a_workspace_never_built_says_to_build_it(tmp_path: Path) -> None:
    shutil.copytree(REPO / "content", tmp_path / "content")
    done = lawforge("simulate", "oath", "--games", "1", "--players", "2", "--root", str(tmp_path))
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert f"no compiled content for 'oath' in {tmp_path}/generated/oath: run `lawforge build oath`" in done.stderr
