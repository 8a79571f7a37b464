"""A thousand random Oath games: no crash, never stuck, invariants at every step, an end by round 8,
and every game's action log replays to the identical state. Split in two files (this one and
test_oath_property_large.py) so that the test workers share them. A default run plays a fixed
sample of the seeds (the `battery` fixture); `pytest --full-battery` plays them all."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from lawforge.runtime.oath.game import OathState
from test_oath_play import OATH, random_game

SEEDS_PER_PLAYER_COUNT = range(10_000, 10_200)
REPLAY_SEEDS = range(200)


def random_games_keep_every_invariant_and_end_by_round_8(players: int, seeds: range) -> None:
    for seed in seeds:
        state = random_game(players, seed, check=True)
        assert state.is_terminal() and state.flat.get("round") <= 8
        assert sum(state.returns()) == 1.0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant_and_end_by_round_8(players: int, battery: Callable[[range], range]) -> None:
    random_games_keep_every_invariant_and_end_by_round_8(players, battery(SEEDS_PER_PLAYER_COUNT))


def test_hundreds_of_games_replay_from_their_action_logs(battery: Callable[[range], range]) -> None:
    for seed in battery(REPLAY_SEEDS):
        players = 2 + seed % 5
        played = random_game(players, seed)
        again = OathState(OATH, players, seed)
        for chosen in played.history:
            again.apply(chosen)
        assert again.flat.cells == played.flat.cells and again.is_terminal()
