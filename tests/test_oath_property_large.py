"""The random games of test_oath_property.py with five and six players, in a file of their own so that the
test workers share the thousand games."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from test_oath_property import SEEDS_PER_PLAYER_COUNT, random_games_keep_every_invariant_and_end_by_round_8


@pytest.mark.parametrize("players", [5, 6])
def test_random_games_keep_every_invariant_and_end_by_round_8(players: int, battery: Callable[[range], range]) -> None:
    random_games_keep_every_invariant_and_end_by_round_8(players, battery(SEEDS_PER_PLAYER_COUNT))
