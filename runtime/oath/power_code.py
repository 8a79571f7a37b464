"""What the kernel reads off a power's bytecode, once per compiled game (the natives it calls), and how long one run
of a power may take: a leaf that game.py and the modules it imports all use."""

from __future__ import annotations

from ..content import CompiledGame
from ..effects import natives_called

STEP_LIMIT = 200_000
"""VM steps one run of a power may take before it is stopped as a runaway (no power comes near it)."""

_CALLED: dict[object, dict[str, frozenset[str]]] = {}


def natives_of(game: CompiledGame, key: str) -> frozenset[str]:
    """The natives a compiled power calls, read off its bytecode once per compiled game."""
    if game.layout not in _CALLED:
        _CALLED[game.layout] = natives_called(game)
    return _CALLED[game.layout][key]
