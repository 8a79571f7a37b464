"""`lawforge simulate vindication` and `lawforge play vindication`: the shared kernel from the command line."""

from __future__ import annotations

import json
import re

from click.testing import CliRunner

from conftest import REPO, run
from lawforge.compiler.cli import main

SIMULATE = ("simulate", "vindication", "--players", "3", "--games", "50", "--seed", "1", "--format", "json",
            "--root", str(REPO))


def test_simulate_runs_to_the_end_and_prints_the_same_each_time() -> None:
    first, second = run(*SIMULATE, "--jobs", "2"), run(*SIMULATE, "--jobs", "1")
    assert first.exit_code == 0, first.output
    assert first.stdout == second.stdout
    report = json.loads(first.stdout)
    summary = report["summary"]
    assert summary["games"] == 50 and summary["unfinished"] == sum(not g["winners"] for g in report["games"])
    assert set(summary["wins_by_victory"]) <= {"honour", "None"}
    assert any(note.startswith("island:") for note in report["placeholders"])
    assert all(len(game["factions"]) == 3 for game in report["games"])


def test_a_player_count_the_game_does_not_allow_is_one_line() -> None:
    done = run("simulate", "vindication", "--players", "6", "--games", "1", "--root", str(REPO))
    assert done.exit_code == 2 and "--players 6: vindication is played by 2 to 5 players" in done.stderr
    assert "Traceback" not in done.output


def test_play_in_the_terminal_in_french() -> None:
    done = CliRunner().invoke(main, ["play", "vindication", "--players", "2", "--seed", "3", "--locale", "fr",
                                     "--root", str(REPO)], input="1\n" * 20_000)
    assert done.exit_code == 0, done.output[-2000:]
    assert re.search(r"Tour 1 : Joueur \d décide", done.stdout) and "Garder la quête secrète" in done.stdout
    assert "Se déplacer" in done.stdout or "Déplacement" in done.stdout
    assert "l'emporte avec" in done.stdout or "égalité" in done.stdout
    assert done.stdout.count("\n  island:") == 1
    assert done.stdout.count("Cette partie utilise des données inventées (notes des éditeurs, en anglais) :") == 1
