"""`lawforge simulate vindication` and `lawforge play vindication`: the shared kernel from the command line."""

from __future__ import annotations

import json
import re

import pytest

from click.testing import CliRunner

from conftest import REPO, run
from lawforge.compiler.cli import main
from lawforge.compiler.translations import TranslationRecord

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
    assert any(note.startswith("Island spaces: ") for note in report["placeholders"])
    assert all(len(game["factions"]) == 3 for game in report["games"])
    assert summary["modules"] == ["base"]


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
    assert done.stdout.count("Cette partie utilise des données inventées (notes des éditeurs) :") == 1
    record = TranslationRecord.load(REPO / "content/vindication/translations.json")
    island = record.note("note/table/island", "fr")
    assert island and done.stdout.count(f"\n  Cases de l'île : {island}\n") == 1, \
        "the editors' note in French, its subject by its French name, unmarked"
    assert "(en anglais)" not in done.stdout, "every note the placeholders quote is translated"


def test_simulate_plays_the_modules_asked_and_records_them() -> None:
    """--module by name (base always on) and --setup by id: the JSON records the modules played."""
    by_module = run("simulate", "vindication", "--players", "2", "--games", "2", "--module", "Traîtrise",
                    "--module", "pierres_sacrees", "--module", "Ménagerie d’animaux exotiques", "--format", "json",
                    "--jobs", "1", "--root", str(REPO))
    assert by_module.exit_code == 0, by_module.output
    assert json.loads(by_module.stdout)["summary"]["modules"] == ["base", "traitrise", "menagerie", "pierres_sacrees"]
    by_setup = run("simulate", "vindication", "--players", "2", "--games", "2", "--setup", "treachery",
                   "--format", "json", "--jobs", "1", "--root", str(REPO))
    assert json.loads(by_setup.stdout)["summary"]["modules"] == ["base", "traitrise"]


def test_simulate_plays_myths_and_wonders_by_its_french_name() -> None:
    """--module "Mythes et Merveilles" (the module id mythes): played, recorded, its made-up board said."""
    done = run("simulate", "vindication", "--players", "4", "--games", "2", "--module", "Mythes et Merveilles",
               "--format", "json", "--jobs", "1", "--root", str(REPO))
    assert done.exit_code == 0, done.output
    report = json.loads(done.stdout)
    assert report["summary"]["modules"] == ["base", "mythes"]
    assert any(note.startswith("Myths and Wonders board: ") for note in report["placeholders"])


@pytest.mark.parametrize(("args", "message"), [
    (("--module", "dragons"), "unknown module 'dragons': the modules are base, traitrise, joaillier"),
    (("--module", "Atlantide"), "unknown module 'Atlantide': the modules are base,"),
    (("--setup", "dragons"), "unknown setup 'dragons': choose one of first_game, treachery, jeweller"),
    (("--setup", "Avec l'Atlantide"), "unknown setup \"Avec l'Atlantide\": choose one of first_game,"),
    (("--setup", "treachery", "--module", "traitrise"), "--module and --setup: a named setup says its modules"),
])
@pytest.mark.parametrize("command", ["simulate", "play"])
def test_a_module_or_setup_unknown_or_refused_is_one_line(command: str, args: tuple[str, ...], message: str) -> None:
    done = run(command, "vindication", "--players", "2", *args, "--root", str(REPO))
    assert done.exit_code == 2 and message in done.stderr, done.output
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.output


def test_a_game_without_modules_refuses_the_options() -> None:
    done = run("simulate", "margraves", "--players", "2", "--games", "1", "--module", "traitrise",
               "--root", str(REPO))
    assert done.exit_code == 2 and "--module: margraves has no modules or named setups to choose" in done.stderr


def test_play_with_a_named_setup() -> None:
    done = CliRunner().invoke(main, ["play", "vindication", "--players", "2", "--seed", "4", "--setup", "treachery",
                                     "--root", str(REPO)], input="1\n" * 20_000)
    assert done.exit_code == 0, done.output[-2000:]
    assert "wins with" in done.stdout or "tie" in done.stdout
