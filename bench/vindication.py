"""Vindication on the shared kernel: complete random games per second and steps per second at each player count.

Run: `.venv/bin/python bench/vindication.py`. Random games of the base game, played by `playout(seed)`: random
legal actions to the end inside the compiled engine, then the same playouts on the Python form of the same
sources. The last line is the ratio of the compiled playout's steps per second to the Python one's (the aim: at
least 10).
"""

from __future__ import annotations

import sys
import time

from lawforge.runtime import load
from lawforge.runtime.content import CompiledGame
from lawforge.runtime.games import kernel_of, new_state

SECONDS = 3.0
"""How long each measure plays at least."""


def playouts(game: CompiledGame, players: int, kernel: str, seconds: float) -> tuple[int, int, float]:
    """(games, steps, elapsed) of playouts from successive seeds for at least `seconds`."""
    games = steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games == 0:
        state = new_state(game, players, games, kernel=kernel)
        steps += state.playout(games + 1)
        games += 1
    return games, steps, time.perf_counter() - start


def main() -> None:
    game = load("vindication")
    for form in ("compiled", "python"):
        kernel_of(game, form)  # build the tables once, outside the timings
    compiled_rate = python_rate = 0.0
    for players in (2, 3, 4, 5):
        games, steps, elapsed = playouts(game, players, "compiled", SECONDS)
        print(f"{players}p compiled: {games / elapsed:8.1f} games/s {steps / elapsed:10.0f} steps/s "
              f"{steps / games:6.0f} steps a game")
        python_games, python_steps, python_elapsed = playouts(game, players, "python", SECONDS / 2)
        print(f"{players}p python:   {python_games / python_elapsed:8.1f} games/s "
              f"{python_steps / python_elapsed:10.0f} steps/s")
        compiled_rate += steps / elapsed
        python_rate += python_steps / python_elapsed
    print(f"compiled/python playout: {compiled_rate / python_rate:.1f}x")
    sys.exit(0)


if __name__ == "__main__":
    main()
