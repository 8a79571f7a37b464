"""Running a compiled effect: start it for a player and a card, answer its choices, on either VM."""

from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping

from . import vm, vm_py
from .bytecode import (ARITY, LOCALS_AT, Op, PendingChoice, Status, VMError, new_frame, new_state, pending_choice,
                       provide_choice)
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


def natives_called(game: CompiledGame) -> dict[str, frozenset[str]]:
    """Effect key → the natives its bytecode calls (up to the next effect's entry), read once per game: a kernel
    offers an effect only if it implements them all."""
    offsets = sorted(set(game.layout.ENTRIES.values())) + [len(game.code)]
    called_from: dict[int, frozenset[str]] = {}
    for begin, end in zip(offsets, offsets[1:], strict=False):
        called, pc = set(), begin
        while pc < end:
            op = Op(game.code[pc])
            if op is Op.NATIVE:
                called.add(game.layout.NATIVES[game.code[pc + 1]])
            pc += 1 + ARITY.get(op, 0)
        called_from[begin] = frozenset(called)
    return {key: called_from[begin] for key, begin in game.layout.ENTRIES.items()}


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
