"""Every game with a kernel as an OpenSpiel Python game (the `openspiel` extra: `pip install 'lawforge[openspiel]'`).

```python
import pyspiel  # type: ignore[import-not-found]
import lawforge.runtime.openspiel  # registers lawforge_oath, lawforge_root, …

game = pyspiel.load_game("lawforge_root", {"players": 4, "seed": 7})
state = game.new_initial_state()
```

A game's `seed` parameter is its deal: every `new_initial_state()` of it starts the same game (load the game with other
seeds for other deals). Chance (dice, shuffles) runs inside the kernel from that seed, so for OpenSpiel a game of given
parameters is deterministic: the same actions always lead to the same state, though players see only their share of it. The players' view is the kernel's observation
(`GameState.observation`): the state's cells with what the content hides from that seat as -1. Actions are the
kernel's own action numbers (each meaningful within its decision) counted from the start of the kernel's
`action_range`: OpenSpiel's action i is the kernel's `action_range[i]`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from .content import load
from .games import KERNELS, kernel_of, new_state
from .kernel.state import GameState

KERNEL_FORM = "compiled"
"""The kernel form the games play on ("compiled", or "python" for the pure-Python twin): a game parameter."""
MAX_GAME_LENGTH = 100_000
"""Moves a game may take, as OpenSpiel asks to know: far beyond any random game of the kernels' batteries."""


def game_type(name: str) -> pyspiel.GameType:
    compiled = load(name)
    fewest, most = compiled.players or (2, 2)
    return pyspiel.GameType(
        short_name=f"lawforge_{name}",
        long_name=f"lawforge {compiled.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=most,
        min_num_players=fewest,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": fewest, "seed": 0, "kernel": KERNEL_FORM},
    )


class LawforgeGame(pyspiel.Game):  # type: ignore[misc]
    """One lawforge game for OpenSpiel: its parameters, and the states it deals. Each game registers a subclass
    naming it (`register`)."""

    name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        name = self.name
        kind = game_type(name)
        settings = {**kind.parameter_specification, **(params or {})}
        self.players, self.seed, self.form = int(settings["players"]), int(settings["seed"]), str(settings["kernel"])
        self.compiled = load(name)
        self.actions = kernel_of(self.compiled, self.form).action_range
        self.cells = len(new_state(self.compiled, self.players, self.seed, kernel=self.form).engine.arrays()[0])
        """The observation's size: the state's cells, the content's and any the game's kernel lays out after them."""
        info = pyspiel.GameInfo(num_distinct_actions=len(self.actions), max_chance_outcomes=0, num_players=self.players,
                                min_utility=0.0, max_utility=1.0, utility_sum=None, max_game_length=MAX_GAME_LENGTH)
        super().__init__(kind, info, settings)

    def new_initial_state(self) -> LawforgeState:
        return LawforgeState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> CellsObserver:
        if params:
            raise ValueError(f"lawforge games take no observation parameters; passed {params}")
        return CellsObserver(self.cells)


class LawforgeState(pyspiel.State):  # type: ignore[misc]
    """A game in play: the shared API's GameState behind OpenSpiel's State. The game is dealt when first used:
    OpenSpiel clones a Python state by making a new initial state and deep-copying the attributes into it
    (`dealt`'s copy is the kernel's, GameState.__deepcopy__), so a clone never deals a game it would throw away."""

    def __init__(self, game: LawforgeGame) -> None:
        super().__init__(game)
        self.dealt: GameState | None = None

    @property
    def played(self) -> GameState:
        if self.dealt is None:
            game: LawforgeGame = self.get_game()
            self.dealt = new_state(game.compiled, game.players, game.seed, kernel=game.form)
        return self.dealt

    def current_player(self) -> int:
        return int(pyspiel.PlayerId.TERMINAL) if self.played.is_terminal() else self.played.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.played.current_player():
            return []
        kernel_actions: range = self.get_game().actions
        legal = self.played.legal_actions()
        outside = [action for action in legal if action not in kernel_actions]
        if outside:
            raise ValueError(f"{self.played.game.name}: action {outside[0]} is outside its kernel's action range "
                             f"{kernel_actions}; the kernel must widen `action_range`")
        return sorted(action - kernel_actions.start for action in legal)

    def _apply_action(self, action: int) -> None:
        self.played.apply(self._kernel_action(action))

    def _action_to_string(self, player: int, action: int) -> str:
        """The move in words, with its number: two copies of a card are two moves that read alike."""
        return f"{self.played.describe(self._kernel_action(action))} [{action}]"

    def _kernel_action(self, action: int) -> int:
        return int(action + self.get_game().actions.start)

    def is_terminal(self) -> bool:
        return self.played.is_terminal()

    def returns(self) -> list[float]:
        return self.played.returns()

    def __str__(self) -> str:
        return self.played.summary() if not self.played.is_terminal() else self.played.verdict()


class CellsObserver:
    """What a seat sees (GameState.observation): the cells, hidden ones as -1, as OpenSpiel's observation tensor."""

    def __init__(self, cells: int) -> None:
        self.tensor = np.zeros(cells, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: LawforgeState, player: int) -> None:
        self.tensor[:] = np.frombuffer(state.played.observation(player).cells, dtype=np.int32)

    def string_from(self, state: LawforgeState, player: int) -> str:
        seen = state.played.observation(player)
        return f"seat {player}: " + " ".join(map(str, seen.cells))


class PlayoutEvaluator:
    """An evaluator for OpenSpiel's MCTS (`open_spiel.python.algorithms.mcts.Evaluator`'s two methods): the mean
    returns of random playouts from the state, each played to the end inside the kernel (`GameState.playout`), with
    a uniform prior over the legal actions."""

    def __init__(self, playouts: int = 1, seed: int = 0) -> None:
        self.playouts = playouts
        self.seed = seed

    def evaluate(self, state: LawforgeState) -> np.ndarray:
        total = np.zeros(state.get_game().num_players())
        for _ in range(self.playouts):
            self.seed += 1
            ahead = state.played.clone()
            ahead.playout(self.seed)
            total += ahead.returns()
        return total / self.playouts

    def prior(self, state: LawforgeState) -> list[tuple[int, float]]:
        actions = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(actions)) for action in actions]


GAMES: dict[str, type[LawforgeGame]] = {}
"""Game → the class OpenSpiel makes it with. A class, not a closure: OpenSpiel keeps its games' makers until the
process ends, and frees a closure after Python has finalised (a crash at exit)."""


def register(name: str) -> None:
    """Makes `lawforge_<name>` loadable by `pyspiel.load_game`."""
    GAMES[name] = type(f"Lawforge_{name}", (LawforgeGame,), {"name": name})
    pyspiel.register_game(game_type(name), GAMES[name])


for _name in sorted(KERNELS):
    register(_name)
