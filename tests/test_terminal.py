"""`lawforge play` at the terminal (compiler/terminal.py): seats from 1, the opponents' moves told in the player's
language, the player's own view, the prompt's commands and bad answers; and `simulate`'s table."""

from __future__ import annotations

import os
import pty
import random
import re
import select
import subprocess
import sys
from collections.abc import Iterable
from itertools import takewhile

import pytest
from click.testing import CliRunner

from conftest import REPO, run
from lawforge.compiler import cli
from lawforge.compiler.cli import main
from lawforge.compiler.terminal import Console, LeftTheGame, Session
from lawforge.runtime import load
from lawforge.runtime.games import new_state


class Scripted:
    """A console whose player types `answers` in turn, then ends their input (EOFError) or presses Ctrl-C."""

    def __init__(self, answers: Iterable[str], then: type[BaseException] = EOFError) -> None:
        self.answers = list(answers)
        self.then = then
        self.lines: list[str] = []
        self.prompts = 0

    def console(self) -> Console:
        return Console(write=lambda text: self.lines.extend(text.split("\n")), read=self.read)

    def read(self, prompt: str) -> str:
        self.prompts += 1
        if not self.answers:
            raise self.then()
        return self.answers.pop(0)


def session(game: str, locale: str, answers: Iterable[str], seat: int = 0, seed: int = 3, players: int = 2,
            then: type[BaseException] = EOFError, **setup: object) -> tuple[Session, Scripted]:
    script = Scripted(answers, then)
    return Session(new_state(load(game, root=str(REPO)), players, seed, **setup), seat, locale, script.console(),
                   seed), script


def told_moves(played: Session) -> list[tuple[int, int]]:
    """(seat, action) of each move of the game `played`, found by replaying its history."""
    state = new_state(played.state.game, played.state.players, played.state.seed, **played.state.options)
    moves = []
    for action in played.state.history:
        moves.append((state.current_player(), action))
        state.apply(action)
    return moves


@pytest.mark.parametrize(("game", "locale", "setup", "name"), [
    ("margraves", "fr", {}, "Joueur 2 : "),
    ("root", "uk", {"factions": ["marquise", "eyrie"]}, "Династії Гнізда: "),
])
def test_each_opponent_move_is_told_in_the_players_language(game: str, locale: str, setup: dict[str, object],
                                                            name: str) -> None:
    played, script = session(game, locale, ["1"] * 40, **setup)
    with pytest.raises(LeftTheGame):
        played.play()
    theirs = [action for seat, action in told_moves(played) if seat != 0]
    told = [line for line in script.lines if line.startswith(name)]
    assert theirs and len(told) == len(theirs), "one line per opponent move, in the order played"
    replay = new_state(played.state.game, 2, 3, **played.state.options)
    expected = []
    for action in played.state.history:
        if replay.current_player() != 0:
            hidden = len(replay.legal_actions()) > 1 and replay.hidden_alternatives(action, 0)
            expected.append(name + (unseen[locale] if hidden else replay.describe(action, locale)))
        replay.apply(action)
    assert told == expected, "the description of the move, made before it was applied"


unseen = {"fr": "un choix caché aux autres joueurs", "uk": "вибір, прихований від інших гравців"}


def test_a_move_the_player_cannot_see_is_told_as_hidden() -> None:
    """Oath's setup (1.7): each player keeps one of the cards they drew as a facedown adviser; the others cannot
    tell which, so the narration does not name it. A Travel is seen by all."""
    played, script = session("oath", "fr", ["1"])
    with pytest.raises(LeftTheGame):
        played.play()
    state = new_state(played.state.game, 2, 3)
    state.apply(played.state.history[0])
    kept = played.state.history[1]
    others = [option for option in state.legal_actions() if option != kept]
    assert others and state.hidden_alternatives(kept, 0) == others
    assert state.hidden_alternatives(kept, 1) == [], "the owner tells their cards apart"
    told = [line for line in script.lines if line.startswith("place 2 (Exilé) : ")]
    assert told == ["place 2 (Exilé) : " + unseen["fr"]]
    assert not any(state.describe(kept, "fr") in line for line in script.lines)
    public = new_state(played.state.game, 2, 3)
    while not any("Voyager" in public.describe(action, "fr") for action in public.legal_actions()):
        public.apply(public.legal_actions()[0])
    travel = next(action for action in public.legal_actions() if "Voyager" in public.describe(action, "fr"))
    assert public.hidden_alternatives(travel, 1) == []


def test_alternatives_that_lead_to_the_same_state_are_no_secret() -> None:
    """Vindication's conversion (L561): which of the two common cubes moves to the heroic sphere and which goes back
    to influence leaves the same counts either way, so the narration names the move."""
    state, moves = new_state(load("vindication", root=str(REPO)), 3, 3), random.Random(3)
    while not (len(state.legal_actions()) == 2
               and all("sphère héroïque" in state.describe(action, "fr") for action in state.legal_actions())):
        state.apply(moves.choice(state.legal_actions()))
    assert state.current_player() == 1
    first, second = state.legal_actions()
    assert state.describe(first, "fr") != state.describe(second, "fr")
    assert state.hidden_alternatives(first, 0) == []


def test_the_player_sees_their_seat_hand_and_the_clearings() -> None:
    played, script = session("root", "fr", ["1"] * 30, factions=["marquise", "eyrie"])
    with pytest.raises(LeftTheGame):
        played.play()
    assert "Vous jouez : Marquise de Chat" in script.lines
    hand = script.lines.index("Votre main :")
    assert script.lines[hand + 1].startswith("  ") and script.lines[hand + 1] != "  aucune carte"
    start = len(script.lines) - script.lines[::-1].index("Guerriers dans les clairières :")  # the last view shown
    shown = list(takewhile(lambda line: not re.match(r"\s+\d+\. ", line), script.lines[start:]))
    clearings = {clearing.name.get("fr") for clearing in played.state.game.entities("clearing")}
    assert shown and all(line.strip().split(" : ")[0] in clearings for line in shown), shown
    warriors = r"(Marquise de Chat|Dynasties de la Canopée) \d+"
    assert all(re.fullmatch(rf"  .+ : {warriors}(, {warriors})?", line) for line in shown), shown


def test_seats_shown_count_from_one_and_a_margraves_hand_is_listed() -> None:
    played, script = session("margraves", "uk", ["1"] * 5, seat=1)
    with pytest.raises(LeftTheGame):
        played.play()
    assert "Ви граєте за: Гравець 2" in script.lines and "Ваші карти в руці:" in script.lines
    assert not any("Гравець 0" in line for line in script.lines)


def test_an_oath_player_sees_their_advisers_with_their_card_text() -> None:
    state = new_state(load("oath", root=str(REPO)), 2, 1)
    oath = state.engine.state
    while not oath.advisers(0):
        state.apply(state.legal_actions()[0])
    view = state.player_view(0, "uk")
    assert view[0] == "Ваші радники:"
    card = oath.advisers(0)[0]
    entity = state.game.entities(oath.cards.kind_of(card))[oath.index_in_kind(card)]
    text = state.game.plain_text(entity, "uk")
    assert f"  {oath.card_name(card, 'uk')}: {text}" in view
    assert "{" not in text and "[" not in text and "**" not in text, "numbers and terms filled in, no markup"
    assert state.seat_name(0, "fr") == "place 1 (Chancelier)"
    on_map = view[view.index("На ігровому полі:") + 1:]
    sites = [line for line in on_map if not line.startswith("    ")]
    assert [line.split(" (")[0].strip() for line in sites] == [oath.entity_name("site", site, "uk")
                                                             for site in oath.sites_on_map()]
    assert any(re.fullmatch(r"    загони — місце \d \((Канцлер|Вигнанець)\): \d+", line) for line in on_map)


def test_bad_answers_are_said_in_the_players_language_and_asked_again() -> None:
    played, script = session("vindication", "fr", ["deux", "", "0", "99", "?", "state", "1"], seed=4)
    with pytest.raises(LeftTheGame) as left:
        played.play()
    options = sum(1 for line in script.lines if re.fullmatch(r"\s+\d+\. .+", line))
    said = "\n".join(script.lines)
    assert "« deux » n’est pas une option : tapez un nombre de 1 à" in said
    assert "Il n’y a pas d’option 0 : choisissez de 1 à" in said and "Il n’y a pas d’option 99 :" in said
    assert "help ou ? affiche cette aide" in said and said.count("Vous jouez : Joueur 1") >= 2, "state shows again"
    assert options and script.prompts == 8, "each bad answer asked again; the empty one too, silently"
    assert left.value.message == "Vous avez quitté la partie." and not left.value.interrupted


def test_ctrl_c_leaves_the_game_as_interrupted_at_the_prompt_or_between() -> None:
    played, _ = session("margraves", "en", [], then=KeyboardInterrupt)
    with pytest.raises(LeftTheGame) as left:
        played.play()
    assert left.value.interrupted and left.value.message == "You left the game."

    def pressed(text: str) -> None:
        if re.match(r"Player \d: ", text):
            raise KeyboardInterrupt

    def never(prompt: str) -> str:
        raise AssertionError("the player is not asked before the opponent's move")

    between, _ = session("margraves", "en", [])
    between.seat = 1 - between.state.current_player()
    between.console = Console(write=pressed, read=never)
    with pytest.raises(LeftTheGame) as left:
        between.play()
    assert left.value.interrupted and between.state.history == [], "stopped while telling the first move"


def test_play_from_the_command_line_with_help_bad_answers_and_quit() -> None:
    done = CliRunner().invoke(main, ["play", "margraves", "--players", "3", "--seat", "2", "--seed", "2",
                                     "--root", str(REPO)], input="help\nfirst\n1\nq\n")
    assert done.exit_code == 0 and "Traceback" not in done.output
    assert "You play: Player 2" in done.stdout and "Player 1: " in done.stdout and "Your hand:" in done.stdout
    assert "quit or q leaves the game" in done.stdout and "“first” is not an option" in done.stdout
    assert done.stderr.strip().endswith("You left the game.") and "Aborted" not in done.output


def test_ctrl_c_at_the_prompt_is_one_line_and_status_130(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "_read_line", interrupted)
    done = CliRunner().invoke(main, ["play", "margraves", "--players", "2", "--root", str(REPO)])
    assert done.exit_code == 130 and done.stderr.strip().splitlines()[-1] == "You left the game."
    assert "Traceback" not in done.output and "Aborted" not in done.output


def test_the_end_of_input_leaves_the_game_with_status_zero() -> None:
    done = CliRunner().invoke(main, ["play", "margraves", "--players", "2", "--root", str(REPO)], input="")
    assert done.exit_code == 0 and done.stderr.strip().endswith("You left the game.")
    assert "Traceback" not in done.output and "Aborted" not in done.output


def test_simulate_prints_its_summary_as_a_table() -> None:
    done = run("simulate", "margraves", "--players", "3", "--games", "4", "--seed", "1", "--jobs", "1",
               "--root", str(REPO))
    assert done.exit_code == 0, done.output
    lines = done.stdout.splitlines()
    header = next(line for line in lines if re.search(r"seat\s+┃\s+wins\s+┃\s+share", line))
    rows = [line for line in lines if re.match(r"│ seat \d", line)]
    seats = [row.split("│")[1].strip() for row in rows]
    assert seats == sorted(seats) and all(re.fullmatch(r"seat [1-3]", seat) for seat in seats)
    assert all(row.index("│", 2) == header.index("┃", 2) for row in rows), "columns aligned"
    wins = sum(int(row.split("│")[2]) for row in rows)
    assert wins >= 4 and "seat 0" not in done.stdout, "seats from 1"
    assert re.search(r"^\s*mean turns\s+\d", done.stdout, re.MULTILINE) and "{" not in done.stdout
    assert re.search(r"^placeholder: tables: Citizen line slot costs, ", done.stdout, re.MULTILINE)


def on_a_terminal(*args: str) -> str:
    """What `lawforge ARGS` writes to standard error when that is a terminal (a pseudo-terminal here)."""
    leader, follower = pty.openpty()
    child = subprocess.Popen([sys.executable, "-m", "lawforge.compiler", *args, "--root", str(REPO)],
                             stdout=subprocess.DEVNULL, stderr=follower, env=os.environ | {"COLUMNS": "100"})
    os.close(follower)
    said = b""
    while select.select([leader], [], [], 60)[0]:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        said += chunk
    os.close(leader)
    assert child.wait(timeout=60) == 0
    return said.decode()


def test_simulate_shows_a_progress_bar_on_a_terminal_but_not_with_json() -> None:
    shown = on_a_terminal("simulate", "margraves", "--players", "2", "--games", "40", "--jobs", "1")
    assert "margraves: 40 games" in shown and "━" in shown and "100%" in shown
    quiet = on_a_terminal("simulate", "margraves", "--players", "2", "--games", "40", "--jobs", "1", "--format", "json")
    assert "━" not in quiet and "40 games in " in quiet
