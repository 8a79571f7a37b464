"""What one seat may see of the state, from what the content declares of each field: `visible: all` (the
default), `owner` (the seat its player axis names: a hand), or `nobody` (a deck's order or composition). The
state's dice (cell 0) are never shown: they would tell every future roll."""

from __future__ import annotations

from array import array

from ..content import CompiledGame

HIDDEN = -1
"""What a masked cell reads."""


def mask_hidden(game: CompiledGame, seat: int, cells: array[int]) -> int:
    """Masks in place what `seat` may not see; returns how many cells were masked."""
    masked = 0
    cells[0] = HIDDEN
    visibility = game.layout.VISIBILITY
    for name, (offset, extents, _) in game.layout.FIELDS.items():
        rule = visibility.get(name, "all")
        if rule == "all":
            continue
        size = 1
        for extent in extents:
            size *= extent
        if rule == "nobody":
            for i in range(offset, offset + size):
                cells[i] = HIDDEN
            masked += size
            continue
        owner_axis = game.layout.FIELD_AXES[name].index("player")
        stride = 1
        for extent in extents[owner_axis + 1:]:
            stride *= extent
        for i in range(size):
            if (i // stride) % extents[owner_axis] != seat:
                cells[offset + i] = HIDDEN
                masked += 1
    return masked


def hidden_counts(game: CompiledGame, cells: array[int], name: str, players: int) -> list[int]:
    """The public size of each seat's part of an owner-visible field (the cards in each hand, 1.2)."""
    offset, extents, _ = game.layout.FIELDS[name]
    axis = game.layout.FIELD_AXES[name].index("player")
    stride = 1
    for extent in extents[axis + 1:]:
        stride *= extent
    size = 1
    for extent in extents:
        size *= extent
    counts = [0] * players
    for i in range(size):
        seat = (i // stride) % extents[axis]
        if seat < players:
            counts[seat] += cells[offset + i]
    return counts
