"""Root on the shared kernel: complete random games per second, steps per second and the cost of copying a state.

Run: `.venv/bin/python bench/root.py`. Random 4-player games with the base factions (Marquise, Eyrie, Alliance,
Vagabond) on the Autumn map, and 2-player games (Marquise, Eyrie), played by `playout(seed)`: random legal
actions to the end inside the compiled engine. The ratio compares it with the same playouts on the Python form
of the same sources. The last line is `4p games/s: N`: the budget is 35 (TAG's Java forward model plays about 34
random 4-player games a second on a 2-core machine like this one), the aim ten times that.
"""

from __future__ import annotations

import sys
import time

from lawforge.runtime import load
from lawforge.runtime.content import CompiledGame
from lawforge.runtime.games import kernel_of, new_state
from lawforge.runtime.root.kernel import SeatingError
from playouts import playouts

TABLES = {2: ["marquise", "eyrie"], 4: ["marquise", "eyrie", "alliance", "vagabond"]}
SECONDS = 4.0
"""How long each measure plays at least."""
COPIES = 20_000


def copy_cost(game: CompiledGame) -> float:
    """Microseconds to copy a 4-player state in the middle of a game (its arrays; the tables are shared)."""
    state = new_state(game, 2, 1, factions=TABLES[2])
    state.playout(1, max_actions=100)
    start = time.perf_counter()
    for _ in range(COPIES):
        state.clone()
    return (time.perf_counter() - start) / COPIES * 1e6


def main() -> None:
    game = load("root")
    for form in ("compiled", "python"):
        kernel_of(game, form)  # build the tables once, outside the timings
    per_second: dict[int, float] = {}
    for players in sorted(TABLES):
        try:
            games, steps, elapsed = playouts(game, players, "compiled", SECONDS, factions=TABLES[players])
        except SeatingError as why:
            print(f"{players}p: not played yet ({why})")
            continue
        per_second[players] = games / elapsed
        print(f"{players}p compiled: {games / elapsed:8.1f} games/s {steps / elapsed:10.0f} steps/s "
              f"{steps / games:6.0f} steps a game")
        python_games, python_steps, python_elapsed = playouts(game, players, "python", SECONDS / 2,
                                                              factions=TABLES[players])
        ratio = (steps / elapsed) / (python_steps / python_elapsed)
        print(f"{players}p python:   {python_games / python_elapsed:8.1f} games/s "
              f"{python_steps / python_elapsed:10.0f} steps/s; compiled/python playout: {ratio:.1f}x")
    print(f"state copy: {copy_cost(game):.2f} µs")
    print(f"4p games/s: {per_second.get(4, 0.0):.1f}")
    sys.exit(0)


if __name__ == "__main__":
    main()
