"""The games inside the field's frameworks: OpenSpiel games (runtime/openspiel.py) and PettingZoo AEC environments
(runtime/pettingzoo.py), each checked by that framework's own tests."""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts
from pettingzoo.test import api_test

from lawforge.runtime import load
from lawforge.runtime.games import KERNELS, new_state
from lawforge.runtime.kernel.state import IllegalAction
from lawforge.runtime.openspiel import PlayoutEvaluator
from lawforge.runtime.pettingzoo import env

from conftest import FULL_BATTERY

MCTS_SEEDS = range(16)
MCTS_WINS_NEEDED = 0.75
"""MCTS (8 simulations a move, one compiled playout each) against uniform random play at 2-player Root, seats
alternating: it must win at least three games in four. Over the 16 seeds of the full battery that is 12 wins or more,
which random play would reach once in 26 (binomial, p = 1/2)."""


def test_every_game_with_a_kernel_is_an_openspiel_game() -> None:
    registered = {kind.short_name for kind in pyspiel.registered_games()}
    assert {f"lawforge_{name}" for name in KERNELS} <= registered
    game = pyspiel.load_game("lawforge_root", {"players": 3, "seed": 5})
    root = load("root")
    assert game.num_players() == 3 and game.max_utility() == 1.0
    assert game.num_distinct_actions() == root.layout.STATE_SIZE
    assert game.observation_tensor_size() == root.layout.STATE_SIZE
    state = game.new_initial_state()
    same = new_state(root, 3, 5)
    assert state.current_player() == same.current_player()
    assert state.legal_actions() == sorted(same.legal_actions())


def test_an_openspiel_state_plays_the_kernel_game_and_clones_and_serializes_apart() -> None:
    game = pyspiel.load_game("lawforge_root", {"players": 2, "seed": 3})
    state, rng = game.new_initial_state(), random.Random(3)
    for _ in range(40):
        state.apply_action(rng.choice(state.legal_actions()))
    twin = state.clone()
    restored = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
    assert str(twin) == str(state) == str(restored) and twin.history() == restored.history() == state.history()
    twin.apply_action(twin.legal_actions()[0])
    assert twin.history() != state.history() and state.played.state_hash() == restored.played.state_hash()
    text = state.action_to_string(state.current_player(), state.legal_actions()[0])
    assert text.endswith(f"[{state.legal_actions()[0]}]")
    with pytest.raises(IllegalAction):
        state.played.apply(-5)


@pytest.mark.parametrize("name, players", [("root", 2), ("margraves", 2), ("vindication", 2), ("oath", 2)])
def test_openspiel_own_consistency_checks_pass_on_random_games(name: str, players: int,
                                                              request: pytest.FixtureRequest) -> None:
    if name == "oath" and not request.config.getoption(FULL_BATTERY):
        pytest.skip(f"Oath's random game takes long through OpenSpiel's checks: run with {FULL_BATTERY}")
    pyspiel.random_sim_test(pyspiel.load_game(f"lawforge_{name}", {"players": players, "seed": 1}),
                            num_sims=1, serialize=True, verbose=False)


def test_a_game_played_on_by_playout_refuses_to_pickle() -> None:
    state = new_state("root", 2, 1)
    state.apply(state.legal_actions()[0])
    assert pickle.loads(pickle.dumps(state)).state_hash() == state.state_hash()
    state.playout(1)
    with pytest.raises(pickle.PicklingError, match="playout"):
        pickle.dumps(state)


def test_openspiel_mcts_beats_uniform_random_play_at_root(battery: Callable[[range], range]) -> None:
    """Without --full-battery, two of the seeds (0 and 8): MCTS must win both."""
    seeds = battery(MCTS_SEEDS)
    wins = 0
    for seed in seeds:
        game = pyspiel.load_game("lawforge_root", {"players": 2, "seed": seed})
        searcher = seed % 2
        bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=8, evaluator=PlayoutEvaluator(1, seed * 1000),
                           random_state=np.random.RandomState(seed), solve=False)
        state, rng = game.new_initial_state(), random.Random(seed)
        while not state.is_terminal():
            state.apply_action(bot.step(state) if state.current_player() == searcher
                               else rng.choice(state.legal_actions()))
        wins += int(state.returns()[searcher])
    assert wins >= MCTS_WINS_NEEDED * len(seeds)


@pytest.mark.parametrize("name", sorted(KERNELS))
def test_pettingzoo_api_test_passes(name: str) -> None:
    api_test(env(name, 2), num_cycles=300)


def test_a_pettingzoo_episode_is_the_kernel_game_and_masks_its_legal_actions() -> None:
    game = env("root", 2)
    game.reset(seed=4)
    played, rng, total = new_state("root", 2, 4), random.Random(4), dict.fromkeys(game.possible_agents, 0.0)
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, _ = game.last()
        total[agent] += reward
        if terminated or truncated:
            game.step(None)
            continue
        assert agent == f"seat_{played.current_player()}"
        assert np.flatnonzero(observation["action_mask"]).tolist() == sorted(played.legal_actions())
        action = rng.choice(played.legal_actions())
        played.apply(action)
        game.step(action)
    assert list(total.values()) == played.returns() and sum(total.values()) == 1.0
    game.reset(seed=4)
    with pytest.raises(IllegalAction):
        game.step(10**6)
