"""The games that have a rules kernel on the shared API, and how to start one: the one place that knows every
game's kernel (runtime/kernel/ knows none of them)."""

from __future__ import annotations

import copyreg
import importlib
import pickle
from typing import Any

from .content import CompiledGame, load
from .kernel.state import GameState

KERNELS = {"oath": "lawforge.runtime.oath.kernel:OathKernel", "root": "lawforge.runtime.root.kernel:RootKernel",
           "margraves": "lawforge.runtime.margraves.kernel:MargravesKernel",
           "vindication": "lawforge.runtime.vindication.kernel:VindicationKernel"}
"""Game → its GameKernel class."""
FORMS = ("compiled", "python")

_KERNELS: dict[tuple[int, str], Any] = {}


class NoKernel(LookupError):
    """The game has no kernel on the shared API yet."""


def kernel_of(game: CompiledGame, form: str = "compiled") -> Any:
    """The game's kernel for one form, made once per compiled game."""
    if game.name not in KERNELS:
        raise NoKernel(f"there is no rules kernel for {game.name!r} on the shared API yet "
                       f"(games that play on it: {', '.join(sorted(KERNELS))})")
    if form not in FORMS:
        raise ValueError(f"unknown kernel form {form!r}: choose one of {', '.join(FORMS)}")
    key = (id(game), form)
    if key not in _KERNELS:
        module, name = KERNELS[game.name].split(":")
        _KERNELS[key] = getattr(importlib.import_module(module), name)(game, form)
    return _KERNELS[key]


def new_state(game: str | CompiledGame, players: int, seed: int, *, kernel: str = "compiled",
              root: str | None = None, **options: Any) -> GameState:
    """A new game: `game` by name (installed, or built in workspace `root`) or already loaded."""
    compiled = load(game, root) if isinstance(game, str) else game
    game_kernel = kernel_of(compiled, kernel)
    engine = game_kernel.new_engine(players, seed, **options)
    return GameState(game_kernel, engine, players, seed, compiled=kernel == "compiled", options=options)


def replay(played: GameState, *, kernel: str | None = None) -> GameState:
    """The game `played`'s history leads to from its seed and setup, on either form of its kernel."""
    state = new_state(played.game, played.players, played.seed,
                      kernel=kernel or ("compiled" if played.compiled else "python"), **played.options)
    for action in played.history:
        state.apply(action)
    return state


_INSTALLED: dict[str, CompiledGame] = {}
"""The installed games unpickled games were loaded from, once per process."""


def _replayed(game: str, players: int, seed: int, kernel: str, options: dict[str, Any], history: list[int]) -> GameState:
    if game not in _INSTALLED:
        _INSTALLED[game] = load(game)
    state = new_state(_INSTALLED[game], players, seed, kernel=kernel, **options)
    for action in history:
        state.apply(action)
    return state


def _pickled(state: GameState) -> tuple[Any, tuple[Any, ...]]:
    """A game pickles as its setup and history, and unpickles by replaying them (its installed content by name):
    what process pools, Ray and OpenSpiel's serialization carry."""
    if state.played_out:
        raise pickle.PicklingError("a game played on by playout() keeps no history to replay: pickle it before")
    return _replayed, (state.game.name, state.players, state.seed, "compiled" if state.compiled else "python",
                       state.options, list(state.history))


copyreg.pickle(GameState, _pickled)
