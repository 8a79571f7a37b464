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
IDENTITY_FIELDS = ("card_zone", "card_order", "card_site", "card_seen")
"""Where a card is and who has seen it: masked for a card whose face the observer cannot see."""


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
    for card, zone in enumerate(zone_of):
        if faceup[card] or flat.get("card_seen", card, seat):
            continue
        if zone != world_deck:
            site = flat.get("card_site", card) if zone == state.cards.zone("at_site") else -1
            groups[(zone, site)] += 1
        for name in IDENTITY_FIELDS:
            start = flat.at(name, card, 0) if name == "card_seen" else flat.at(name, card)
            width = flat.strides[name][0]
            cells[start:start + width] = array("i", [HIDDEN] * width)
    unseen = tuple(sorted((zone, site, count) for (zone, site), count in groups.items()))
    return Observation(seat, cells, unseen)
