# cython: annotation_typing=False
"""What the kernel reads off a power's bytecode, once per compiled game (the natives it calls), how long one run of a
power may take and the frame a run starts in: a leaf that game.py and the modules it imports all use."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..bytecode import LOCALS_AT, PC, new_frame
from ..content import CompiledGame
from ..effects import natives_called

if TYPE_CHECKING:
    from array import array

STEP_LIMIT = 200_000
"""VM steps one run of a power may take before it is stopped as a runaway (no power comes near it)."""

_CALLED: dict[object, dict[str, frozenset[str]]] = {}


def natives_of(game: CompiledGame, key: str) -> frozenset[str]:
    """The natives a compiled power calls, read off its bytecode once per compiled game."""
    if game.layout not in _CALLED:
        _CALLED[game.layout] = natives_called(game)
    return _CALLED[game.layout][key]


BLANK_FRAME = new_frame()
"""A frame before its first run, copied for each run of a power."""


def start_power(game: CompiledGame, key: str, actor: int, this: int) -> array[int]:
    """A frame at the start of a power of the kernel's tables, for its user (`you`) and its card's number in its kind
    (`this`), as effects.start makes one: a copy of a blank frame, compiled with the kernel, which starts thousands
    of runs a game."""
    frame = BLANK_FRAME[:]
    frame[PC] = game.layout.ENTRIES[key]
    frame[LOCALS_AT] = actor
    frame[LOCALS_AT + 1] = this
    return frame
