"""Oath on the runtime: complete random games per second, steps per second and the state-copy cost.

Run: `.venv/bin/python bench/oath.py`. The rules kernel runs compiled (Cython, built from runtime/oath's
sources, runtime/kernels.py) or as Python; card powers run on the effect VM, compiled (Cython) or its
pure-Python twin. Games (each the kernel's `playout`), steps and copies are timed on the compiled runtime (kernel
and VM); the next lines compare, on the same games, the VMs under the Python kernel, the kernels on the Cython VM,
and the whole compiled runtime with the pure-Python one; the last line repeats the 4-player figure as
`4p games/s: N`, for scripts that follow it.
"""

from __future__ import annotations

import time
from typing import Any

from lawforge.runtime import load
from lawforge.runtime.content import CompiledGame
from lawforge.runtime.kernels import oath_state
from lawforge.runtime.oath.game import OathState
from lawforge.runtime.oath.power_code import natives_of
from lawforge.runtime.oath.power_tables import REACTIONS, STATIC_POWERS, TRIGGERED, runnable
from lawforge.runtime.oath import persistent

GAMES = 40
COPIES = 20_000


def play(kernel: type[OathState], game: CompiledGame, players: int, seed: int, engine: str) -> int:
    """One random game, by the kernel's playout (the loop in the extension when the kernel is compiled)."""
    return kernel(game, players, seed, engine=engine).playout(seed)


def games_per_second(kernel: type[OathState], game: CompiledGame, players: int, engine: str) -> tuple[float, float]:
    start = time.perf_counter()
    steps = sum(play(kernel, game, players, seed, engine) for seed in range(GAMES))
    elapsed = time.perf_counter() - start
    return GAMES / elapsed, steps / elapsed


def seconds_in_turn(game: CompiledGame, runs: dict[str, tuple[type[OathState], str]]) -> dict[str, float]:
    """Seconds each (kernel, VM) takes for the same 4-player games, played in turn game by game, so that load from
    others on a shared machine slows them alike."""
    seconds = dict.fromkeys(runs, 0.0)
    for seed in range(GAMES):
        for name, (kernel, engine) in runs.items():
            start = time.perf_counter()
            play(kernel, game, 4, seed, engine)
            seconds[name] += time.perf_counter() - start
    return seconds


CARDS = ("denizen", "relic", "site", "edifice")
PLAYED_KINDS = {"action": CARDS, "battle_plan_attack": CARDS, "battle_plan_defense": CARDS,
                "when_played": ("denizen", "vision"), "rest": CARDS, "capacity": ("denizen",)}
CARD_TIMINGS = {*TRIGGERED, *REACTIONS, "after_any_title", "battle"}
"""Where the kernel plays powers of each kind (power_tables.py); modifiers of cards by their timing (TRIGGERED and the
reactions, a Campaign's plans step), and the banner's Wake and play, the Reliquary's, the Chronicle's, the persistent
rules of persistent.py."""


def played(game: CompiledGame, key: str, kind: str, power: Any) -> bool:
    if power.kind != "modifier":
        return kind in PLAYED_KINDS.get(power.kind, ())
    timing = power.timing
    if timing == "persistent":
        return bool(natives_of(game, key) & set(persistent.FACTORIES))
    return (kind in CARDS and timing in CARD_TIMINGS or kind == "reliquary_modifier"
            or kind == "banner" and timing in ("wake_start", "play", "recover") or kind == "edifice" and timing == "chronicle")


def tally(counts: dict[str, list[int]], power: Any, is_played: bool) -> None:
    label = f"modifier:{power.timing}" if power.kind == "modifier" else power.kind
    counts.setdefault(label, [0, 0])[0] += is_played
    counts[label][1] += 1


def native_powers(game: CompiledGame) -> list[Any]:
    """The powers that are a native of the kernel alone, with no compiled effect (not among the layout's entries):
    played when the kernel reads their native off the cards where its rule applies (power_tables.py STATIC_POWERS)."""
    holders = [holder for kind in CARDS for entity in game.entities(kind)
               for holder in ((entity.intact, entity.ruined) if kind == "edifice" else (entity,))]
    return [power for holder in holders for power in holder.powers if power.native is not None]


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
        tally(counts, power, key in runnable(game) and played(game, key, kind, power))
    for power in native_powers(game):
        tally(counts, power, power.native.name.lower() in STATIC_POWERS)
    runs, total = sum(c[0] for c in counts.values()), sum(c[1] for c in counts.values())
    parts = ", ".join(f"{label} {run}/{all_}" for label, (run, all_) in sorted(counts.items()))
    return f"powers the kernel plays: {runs} of {total} ({parts})"


def main() -> None:
    oath = load("oath")
    compiled = oath_state("compiled")  # refused, with the command that rebuilds it, when older than the sources
    print(coverage(oath))
    for kernel in (compiled, OathState):
        play(kernel, oath, 4, GAMES, "compiled")  # fills each kernel's caches (runnable powers) untimed
    rates = {}
    for players in (2, 4, 6):
        games, steps = rates[players] = games_per_second(compiled, oath, players, "compiled")
        print(f"{players} players: {games:8.2f} games/s {steps:10.0f} steps/s ({steps / games:.0f} steps a game)")
    state = compiled(oath, 4, 1)
    start = time.perf_counter()
    for _ in range(COPIES):
        state.flat.copy()
    per_copy = (time.perf_counter() - start) / COPIES
    print(f"state copy: {per_copy * 1e6:.2f} µs ({len(state.flat.cells) * 4} bytes)")
    took = seconds_in_turn(oath, {"runtime": (compiled, "compiled"), "python kernel": (OathState, "compiled"),
                                  "pure": (OathState, "python")})
    print(f"4 players, powers on the Cython VM vs its Python twin: ratio {took['pure'] / took['python kernel']:.2f}")
    print(f"4 players, the compiled kernel vs the Python one (both on the Cython VM): ratio "
          f"{took['python kernel'] / took['runtime']:.2f}")
    print(f"4 players, compiled runtime (kernel + VM) vs pure Python (kernel + VM twin): ratio "
          f"{took['pure'] / took['runtime']:.2f}")
    print(f"4p games/s: {rates[4][0]:.1f}")


if __name__ == "__main__":
    main()
