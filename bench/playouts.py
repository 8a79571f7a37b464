"""What the shared kernel's benches share: playouts from successive seeds for a while, and the compiled playout
measured against the Python one at each player count (bench/margraves.py, bench/vindication.py)."""

from __future__ import annotations

import time
from typing import Any

from lawforge.runtime import load
from lawforge.runtime.content import CompiledGame
from lawforge.runtime.games import kernel_of, new_state


def playouts(game: CompiledGame, players: int, kernel: str, seconds: float, **setup: Any) -> tuple[int, int, float]:
    """(games, steps, elapsed) of playouts from successive seeds for at least `seconds`."""
    games = steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games == 0:
        state = new_state(game, players, games, kernel=kernel, **setup)
        steps += state.playout(games + 1)
        games += 1
    return games, steps, time.perf_counter() - start


def compare_forms(name: str, players: tuple[int, ...], seconds: float) -> None:
    """Prints games and steps per second of each form at each player count (the Python form plays half as long),
    then, as the last line, the ratio of the compiled playout's steps per second to the Python one's."""
    game = load(name)
    for form in ("compiled", "python"):
        kernel_of(game, form)  # build the tables once, outside the timings
    compiled_rate = python_rate = 0.0
    for count in players:
        games, steps, elapsed = playouts(game, count, "compiled", seconds)
        print(f"{count}p compiled: {games / elapsed:8.1f} games/s {steps / elapsed:10.0f} steps/s "
              f"{steps / games:6.0f} steps a game")
        python_games, python_steps, python_elapsed = playouts(game, count, "python", seconds / 2)
        print(f"{count}p python:   {python_games / python_elapsed:8.1f} games/s "
              f"{python_steps / python_elapsed:10.0f} steps/s")
        compiled_rate += steps / elapsed
        python_rate += python_steps / python_elapsed
    print(f"compiled/python playout: {compiled_rate / python_rate:.1f}x")
