"""What one player may know (9.4): the state with what they cannot see masked out.

Private are the fronts of facedown cards (unless that player has seen them: their own facedown
advisers, cards they drew and discarded), so the faces in discard piles and the order and size of
the world deck; and the dice to come (the state's random seed). Everything else is public.
"""

from __future__ import annotations

from array import array
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..bytecode import RNG_SLOT

if TYPE_CHECKING:
    from .game import OathState

HIDDEN = -2
"""The value of a masked cell (-1 already means "none" in the state)."""
_CARD_FIELDS: dict[object, tuple[tuple[str, ...], tuple[str, ...]]] = {}
"""Per compiled game: the fields with a row per card, and the fields whose value is a card."""


@dataclass(frozen=True)
class Observation:
    seat: int
    cells: array[int]
    """The state's cells with the rows of unseen cards and the random seed set to HIDDEN."""
    unseen: tuple[tuple[int, int, int], ...]
    """(zone, site, count) of the cards the observer cannot identify, by zone (and site for cards at a
    site, else -1); the world deck, whose size is private, is left out."""


def observe(state: OathState, seat: int) -> Observation:
    flat = state.flat
    cells = array("i", flat.cells)
    cells[RNG_SLOT] = HIDDEN
    zone_of = list(flat.cells_of("card_zone"))
    faceup = list(flat.cells_of("card_faceup"))
    world_deck = state.cards.zone("world_deck")
    groups: Counter[tuple[int, int]] = Counter()
    rows, naming = _card_fields(state)
    hidden: set[int] = set()
    for card, zone in enumerate(zone_of):
        if faceup[card] or flat.get("card_seen", card, seat):
            continue
        hidden.add(card)
        if zone != world_deck:
            site = flat.get("card_site", card) if zone == state.cards.zone("at_site") else -1
            groups[(zone, site)] += 1
        for name in rows:
            width = flat.strides[name][0]
            start = flat.at(name, card, *[0] * (len(flat.strides[name]) - 1))
            cells[start:start + width] = array("i", [HIDDEN] * width)
    for name in naming:
        if flat.get(name) in hidden:
            cells[flat.at(name)] = HIDDEN
    unseen = tuple(sorted((zone, site, count) for (zone, site), count in groups.items()))
    return Observation(seat, cells, unseen)


def _card_fields(state: OathState) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Everything the state says of one card number is masked for a card the observer cannot see: where it is, who
    has seen it, its suit, where it sits in the Reliquary, the marks a power left on it; and a field that names such
    a card (the card played facedown, the relic a Citizenship offer promises)."""
    game = state.game
    if game.layout not in _CARD_FIELDS:
        fields = game.entities("field")
        _CARD_FIELDS[game.layout] = (
            tuple(field.id.name.lower() for field in fields if field.of and field.of[0] == "card"),
            tuple(field.id.name.lower() for field in fields if not field.of and field.value == "card"))
    return _CARD_FIELDS[game.layout]
