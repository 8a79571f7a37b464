"""Oath on the runtime: complete random games per second, steps per second and the state-copy cost.

Run: `.venv/bin/python bench/oath.py`. The kernel is pure Python so far (issue 5 moves its hot loop
to Cython); these figures are the baseline to measure that against.
"""

from __future__ import annotations

import random
import time

from lawforge.runtime import load
from lawforge.runtime.oath.game import OathState

GAMES = 6
COPIES = 20_000


def play(game: object, players: int, seed: int) -> int:
    state = OathState(game, players, seed)  # type: ignore[arg-type]
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return len(state.history)


def main() -> None:
    oath = load("oath")
    for players in (2, 4, 6):
        start = time.perf_counter()
        steps = sum(play(oath, players, seed) for seed in range(GAMES))
        elapsed = time.perf_counter() - start
        print(f"{players} players: {GAMES / elapsed:8.2f} games/s {steps / elapsed:10.0f} steps/s "
              f"({steps // GAMES} steps a game)")
    state = OathState(oath, 4, 1)
    start = time.perf_counter()
    for _ in range(COPIES):
        state.flat.copy()
    per_copy = (time.perf_counter() - start) / COPIES
    print(f"state copy: {per_copy * 1e6:.2f} µs ({len(state.flat.cells) * 4} bytes)")


if __name__ == "__main__":
    main()
