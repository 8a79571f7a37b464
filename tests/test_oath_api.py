"""Oath through the shared API (runtime/oath/kernel.py): the same GameState as every game's, on both kernel forms."""

from __future__ import annotations

import importlib
import random

import pytest

from lawforge.runtime import load
from lawforge.runtime.games import KERNELS, new_state, replay
from lawforge.runtime.kernels import oath_state
from lawforge.runtime.kernel.state import GameState, IllegalAction
from lawforge.runtime.oath.game import OathState
from lawforge.runtime.oath.observe import HIDDEN

OATH = load("oath")


def random_game(kernel: str, players: int, seed: int) -> GameState:
    state = new_state(OATH, players, seed, kernel=kernel)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_oath_is_registered_beside_root() -> None:
    assert {"oath", "root"} <= set(KERNELS)


@pytest.mark.parametrize("kernel", ["compiled", "python"])
def test_a_random_game_plays_to_the_end_and_replays_on_the_other_form(kernel: str) -> None:
    state = random_game(kernel, 3, 11)
    record = state.result()
    assert state.legal_actions() == [] and state.current_player() == -1
    assert record["winners"] == [record["winner"]] and state.returns()[record["winner"]] == 1.0
    assert sum(state.returns()) == 1.0
    assert record["victory"] in {"usurper", "visionary", "stable_regime", "war_exhaustion", "successor"}
    assert len(record["roles"]) == 3 and record["roles"][0] == "chancellor"
    other = replay(state, kernel="python" if kernel == "compiled" else "compiled")
    assert other.state_hash() == state.state_hash() and other.result() == record


def test_the_shared_api_plays_the_same_game_as_the_oath_state() -> None:
    """The adapter adds nothing to the rules: the same moves from the same seed, on OathState directly."""
    shared = random_game("python", 4, 5)
    direct = OathState(OATH, 4, 5)
    rng = random.Random(5)
    while not direct.is_terminal():
        direct.apply(rng.choice(direct.legal_actions()))
    assert shared.history == direct.history


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    state = new_state(OATH, 2, 3, kernel="python")
    before, legal = state.state_hash(), state.legal_actions()
    with pytest.raises(IllegalAction, match="is not legal now"):
        state.apply(max(legal) + 1)
    assert state.state_hash() == before and state.history == []


def test_playout_is_the_random_game_of_its_seed_on_both_forms() -> None:
    by_hand = new_state(OATH, 2, 9, kernel="python")
    rng = random.Random(9)
    while not by_hand.is_terminal():
        by_hand.apply(by_hand.engine.state.random_move(rng))
    for kernel in ("compiled", "python"):
        state = new_state(OATH, 2, 9, kernel=kernel)
        assert state.playout(9) == len(by_hand.history)
        assert state.is_terminal() and state.result() == by_hand.result()
    stopped = new_state(OATH, 2, 9, kernel="compiled")
    assert stopped.playout(9, max_actions=10) == 10 and not stopped.is_terminal()


@pytest.mark.parametrize("module", ["lawforge.runtime.oath.moves", "lawforge.runtime._compiled.oath.moves"])
def test_a_playout_draws_the_numbers_random_randrange_draws(module: str) -> None:
    """The playout's draw is randrange's, so that a game of random moves is the same as one played with
    `rng.randrange(len(candidates))` (and as before the draw was compiled)."""
    draw = importlib.import_module(module).draw
    for seed in range(5):
        ours, theirs = random.Random(seed), random.Random(seed)
        for n in (1, 2, 3, 7, 8, 9, 100, 255, 256, 257, 1000):
            assert [draw(ours, n) for _ in range(20)] == [theirs.randrange(n) for _ in range(20)]


def test_a_random_move_is_uniform_over_the_legal_ones_where_modifiers_forbid_candidates() -> None:
    """random_move draws among the Act phase's candidates and drops those the modifiers forbid: it never gives an
    illegal move, and gives every legal one about as often."""
    state = random_game("compiled", 4, 0).engine.state
    position = oath_state("compiled")(OATH, 4, 0)
    rng = random.Random(0)
    for move in state.history:
        candidates, known = position._work_out_moves()
        if known is not None and len(position.legal_actions()) < len(candidates):
            break
        position.apply(move)
    else:
        pytest.fail("no position of this game had a candidate the modifiers forbid")
    legal = position.legal_actions()
    draws = [position.random_move(rng) for _ in range(100 * len(legal))]
    counts = {move: draws.count(move) for move in legal}
    assert set(draws) == set(legal) and position.legal_actions() == legal
    assert min(counts.values()) > 50 and max(counts.values()) < 160


@pytest.mark.parametrize("kernel", ["compiled", "python"])
def test_working_out_the_moves_leaves_the_position_as_it_was(kernel: str) -> None:
    """The modifiers' look-ahead tries moves on the state itself and restores its cells after each try: working the
    moves out again, every candidate tried anew, finds the same moves and leaves the same cells and frame."""
    position = oath_state(kernel)(OATH, 4, 0)
    rng = random.Random(0)
    forbidden = 0
    while not position.is_terminal():
        legal = position.legal_actions()
        seen = position._position()
        position.known_moves = None
        assert position.legal_actions() == legal and position._position() == seen
        forbidden += len(position._work_out_moves()[0]) - len(legal)
        position.carry_out(position.random_move(rng))
    assert forbidden > 0, "no position had a candidate the look-ahead forbade"


def test_the_observation_hides_the_dice_and_unseen_cards_but_not_the_board() -> None:
    state = new_state(OATH, 3, 2, kernel="compiled")
    seat = state.current_player()
    seen = state.observation(seat)
    assert seen.cells[0] == HIDDEN and seen.hidden > 1
    assert seen.options == state.legal_actions()
    assert state.observation((seat + 1) % 3).options == []
    supply = OATH.layout.FIELDS["supply"][0]
    assert seen.cells[supply:supply + 3] == state.engine.arrays()[0][supply:supply + 3]


def test_words_come_from_the_content_in_each_locale() -> None:
    state = random_game("compiled", 2, 4)
    for locale in ("en", "fr", "uk"):
        assert state.verdict(locale) and state.summary(locale)
        assert state.label("your_choice", locale) == OATH.get("label", "your_choice").text.get(locale)
    assert state.verdict("uk") != state.verdict("en")
    assert state.describe(state.history[0], "fr")
