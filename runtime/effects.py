"""Running a compiled effect: start it for a player and a card, answer its choices, on either VM."""

from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping

from . import vm, vm_py
from .bytecode import LOCALS_AT, PendingChoice, Status, VMError, new_frame, new_state, pending_choice, provide_choice
from .content import CompiledGame
from .vm_py import Native

VMS = {"compiled": vm.run, "python": vm_py.run}
Chooser = Callable[[PendingChoice], int]


def bind_natives(game: CompiledGame, natives: Mapping[str, Native]) -> tuple[Native, ...]:
    """The kernel's procedures in the order the bytecode numbers them; a missing one fails when called."""

    def missing(name: str) -> Native:
        def call(state: array[int], args: list[int]) -> int:
            raise VMError(f"native {name!r} is not implemented by the {game.name} kernel yet")
        return call

    return tuple(natives.get(name) or missing(name) for name in game.layout.NATIVES)


def empty_state(game: CompiledGame, seed: int) -> array[int]:
    return new_state(game.layout.STATE_SIZE, seed)


def start(game: CompiledGame, key: str, actor: int, this: int = 0) -> array[int]:
    """A frame at the start of effect `key`, with `you` = actor and `this` = the card's index in its kind."""
    try:
        entry = game.layout.ENTRIES[key]
    except KeyError:
        raise VMError(f"{game.name} has no compiled effect {key!r}") from None
    frame = new_frame(entry)
    frame[LOCALS_AT] = actor
    frame[LOCALS_AT + 1] = this
    return frame


def run_to_end(game: CompiledGame, key: str, state: array[int], *, actor: int, this: int = 0, choose: Chooser,
               natives: tuple[Native, ...] = (), engine: str = "compiled", step_limit: int = 100_000) -> int:
    """Runs an effect to its end, asking `choose` at each decision; returns the number of decisions."""
    run = VMS[engine]
    frame = start(game, key, actor, this)
    decisions = 0
    while run(game.code, state, frame, game.data, natives, step_limit) is Status.PAUSED:
        pending = pending_choice(frame)
        assert pending is not None
        provide_choice(frame, choose(pending))
        decisions += 1
    return decisions
