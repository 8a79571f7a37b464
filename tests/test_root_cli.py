"""`lawforge simulate root` and `lawforge play root`: the shared kernel from the command line."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from conftest import REPO, run
from lawforge.compiler.cli import main

SIMULATE = ("simulate", "root", "--players", "4", "--games", "12", "--seed", "1", "--format", "json",
            "--root", str(REPO))


def test_simulate_prints_wins_by_faction_and_victory_the_same_each_time() -> None:
    first, second = run(*SIMULATE, "--jobs", "2"), run(*SIMULATE, "--jobs", "1")
    assert first.exit_code == 0, first.output
    assert first.stdout == second.stdout
    report = json.loads(first.stdout)
    summary = report["summary"]
    assert summary["games"] == 12 and summary["unfinished"] == 0
    assert sum(summary["wins_by_victory"].values()) == 12
    assert set(summary["wins_by_victory"]) <= {"points", "dominance"}
    winners = sum(len(game["winners"]) for game in report["games"])
    assert sum(summary["wins_by_faction"].values()) == winners >= 12
    assert all(len(game["factions"]) == 4 for game in report["games"])
    assert "12 games in " in first.stderr


def test_simulate_seats_the_factions_asked_for() -> None:
    done = run("simulate", "root", "--players", "2", "--games", "2", "--jobs", "1", "--format", "json",
               "--factions", "marquise, eyrie", "--root", str(REPO))
    assert done.exit_code == 0, done.output
    assert all(game["factions"] == ["marquise", "eyrie"] for game in json.loads(done.stdout)["games"])


@pytest.mark.parametrize(("args", "said"), [
    (("--players", "7"), "--players 7: root is played by 2 to 6 players"),
    (("--players", "2", "--factions", "marquise,badgers"), "the kernel cannot seat badgers yet"),
    (("--players", "3", "--factions", "marquise,eyrie"), "give 3 different factions, one per player"),
    (("--players", "2", "--chronicle", "x.json"), "--chronicle: only Oath keeps a Chronicle between games, not root"),
])
def test_a_setup_the_rules_refuse_is_one_line(args: tuple[str, ...], said: str) -> None:
    done = run("simulate", "root", "--games", "1", *args, "--root", str(REPO))
    assert done.exit_code == 2 and said in done.stderr, done.output
    assert "Traceback" not in done.output and len(done.stderr.strip().splitlines()) == 1


def test_play_in_the_terminal_in_ukrainian() -> None:
    done = CliRunner().invoke(main, ["play", "root", "--players", "2", "--seed", "3", "--locale", "uk", "--factions",
                                     "marquise,eyrie", "--root", str(REPO)], input="1\n" * 20_000)
    assert done.exit_code == 0, done.output[-2000:]
    assert "Приготування — вирішує: Маркіза де Кет" in done.stdout
    assert re.search(r"^Хід \d+ — вирішує: Маркіза де Кет$", done.stdout, re.MULTILINE)
    assert "переможні очки: 0; карт у руці: " in done.stdout
    assert "Гру завершено. Перемога: " in done.stdout
    assert "Ця гра використовує вигадані дані (примітки редакторів):" in done.stdout
    assert re.search(r"\n  setup order of the factions .+ \(англійською\)\n", done.stdout), "English, marked"
    assert "Vagabond" not in done.stdout
