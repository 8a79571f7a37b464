"""Oath on the runtime: complete random games per second, steps per second and the state-copy cost.

Run: `.venv/bin/python bench/oath.py`. The rules kernel is Python over the flat state; card powers run
on the effect VM, compiled (Cython) or its pure-Python twin. The last line compares the two runtimes
on the same games: until the kernel's own loop moves into compiled code, only the powers differ.
"""

from __future__ import annotations

import random
import time
from typing import Any

from lawforge.runtime import load
from lawforge.runtime.content import CompiledGame
from lawforge.runtime.oath.game import TRIGGERED, OathState, natives_of, runnable
from lawforge.runtime.oath.persistent import VISION_RULES

GAMES = 40
COPIES = 20_000


def play(game: CompiledGame, players: int, seed: int, engine: str = "compiled") -> int:
    state = OathState(game, players, seed, engine=engine)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return len(state.history)


def games_per_second(game: CompiledGame, players: int, engine: str) -> tuple[float, float]:
    start = time.perf_counter()
    steps = sum(play(game, players, seed, engine) for seed in range(GAMES))
    elapsed = time.perf_counter() - start
    return GAMES / elapsed, steps / elapsed


PLAYED_KINDS = {"action": ("denizen", "relic"), "battle_plan_attack": ("denizen", "relic"),
                "battle_plan_defense": ("denizen", "relic"), "when_played": ("denizen", "vision"),
                "rest": ("denizen", "relic", "site"), "capacity": ("denizen",)}
"""Where the kernel plays powers of each kind (game.py); modifiers by their timing (TRIGGERED, the banner's
Wake, the Reliquary's, the Chronicle's, the persistent rules of persistent.py)."""


def played(game: CompiledGame, key: str, kind: str, power: Any) -> bool:
    if power.kind != "modifier":
        return kind in PLAYED_KINDS.get(power.kind, ())
    timing = power.timing
    if timing == "persistent":
        return bool(natives_of(game, key) & set(VISION_RULES))
    return (kind in ("denizen", "relic", "site") and timing in TRIGGERED or kind == "reliquary_modifier"
            or kind == "banner" and timing == "wake_start" or kind == "edifice" and timing == "chronicle")


def coverage(game: CompiledGame) -> str:
    """How many of the content's powers the kernel plays, by kind (and timing for modifiers): those it has a
    place for, whose natives it implements and whose rule hooks it reads."""
    counts: dict[str, list[int]] = {}
    for key in game.layout.ENTRIES:
        kind, entity, *face, _, index = key.split("/")
        holder = game.get(kind, entity)
        for part in face:
            holder = getattr(holder, part)
        power = holder.powers[int(index)]
        label = f"modifier:{power.timing}" if power.kind == "modifier" else power.kind
        counts.setdefault(label, [0, 0])[0] += key in runnable(game) and played(game, key, kind, power)
        counts[label][1] += 1
    runs, total = sum(c[0] for c in counts.values()), sum(c[1] for c in counts.values())
    parts = ", ".join(f"{label} {run}/{all_}" for label, (run, all_) in sorted(counts.items()))
    return f"powers the kernel plays: {runs} of {total} ({parts})"


def main() -> None:
    oath = load("oath")
    print(coverage(oath))
    for players in (2, 4, 6):
        games, steps = games_per_second(oath, players, "compiled")
        print(f"{players} players: {games:8.2f} games/s {steps:10.0f} steps/s ({steps / games:.0f} steps a game)")
    state = OathState(oath, 4, 1)
    start = time.perf_counter()
    for _ in range(COPIES):
        state.flat.copy()
    per_copy = (time.perf_counter() - start) / COPIES
    print(f"state copy: {per_copy * 1e6:.2f} µs ({len(state.flat.cells) * 4} bytes)")
    compiled, _ = games_per_second(oath, 4, "compiled")
    python, _ = games_per_second(oath, 4, "python")
    print(f"4 players, powers on the Cython VM vs its Python twin: ratio {compiled / python:.2f}")


if __name__ == "__main__":
    main()
