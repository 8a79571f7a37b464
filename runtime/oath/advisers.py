"""The adviser limit (2.2.2, 7.6.4) with the powers that change it: limiters ("You can only have n
advisers", the lowest applies) and cards that ignore the limit (the Pied Piper, 9.2).

A player's limit is worked out by running the capacity powers of their faceup advisers on the VM; their
natives write it into scratch fields. Over the limit, the oldest counted adviser is discarded (the Law
lets the player choose which).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import cython  # type: ignore[import-untyped]

from ..content import CompiledGame
from ..state import FlatState
from ..vm_py import Native
from .empire import bind_flat, ruler_of
from .setup import Cards

if TYPE_CHECKING:
    if not cython.compiled:  # compiled, the state is typed as its core (the .pxd beside)
        from .game import OathState

def limit_of(state: OathState, seat: int) -> tuple[int, list[int]]:
    """The player's adviser limit now and the advisers that count toward it."""
    flat = state.flat
    flat.set("adviser_limit", seat, state.numbers.adviser_limit)
    flat.clear("limit_ignored")
    advisers = state.advisers(seat)
    for card in advisers:
        if card in state.capacity_powers and flat.get("card_faceup", card):
            state.run_quietly(state.capacity_powers[card], seat, state.index_in_kind(card))
    return flat.get("adviser_limit", seat), [c for c in advisers if not flat.get("limit_ignored", c)]


def adviser_room(state: OathState, seat: int, card: int, *, faceup: bool) -> bool:
    """Whether the card can be among this player's advisers (played, or turned faceup by 6.1): once it is, with the
    limit it may lower itself (Insomnia), enough of the others can be discarded to keep to the limit (5.1.4.II,
    7.6.4; a locked one may not, 7.2.2). Tried on the state itself, its cells restored, where one of those advisers
    has a capacity power; without one, the limit is the content's and every adviser counts."""
    counted = [*{*state.advisers(seat), card}]
    if not any(other in state.capacity_powers for other in counted):
        return _room(state, card, state.numbers.adviser_limit, counted)
    saved = state.flat.save()
    try:
        state.cards.put(card, state.cards.zone("advisers", seat), faceup=faceup)
        return _room(state, card, *limit_of(state, seat))
    finally:
        state.flat.restore(saved)


def _room(state: OathState, card: int, limit: int, counted: list[int]) -> bool:
    spare = [other for other in counted if other != card and not state.cards.locked(other)]
    return len(counted) - limit <= len(spare)


def discard_down(state: OathState, seat: int, keep: int = -1) -> None:
    """7.6.4: over the limit, counted advisers go, oldest first (not `keep`, the card just played, nor a locked one,
    7.2.2)."""
    limit, counted = limit_of(state, seat)
    for card in [c for c in counted if c != keep and not state.cards.locked(c)][:max(0, len(counted) - limit)]:
        state.cards.discard(seat, card)


def _limit_advisers(flat: FlatState, args: list[int]) -> int:
    player, most = args
    flat.set("adviser_limit", player, min(flat.get("adviser_limit", player), most))
    return 0


def _ignore_adviser_limit(flat: FlatState, args: list[int]) -> int:
    flat.set("limit_ignored", args[0], 1)
    return 0


def _limit_except_suit(flat: FlatState, args: list[int]) -> int:
    """Family Wagon: the ruler's advisers of the suit ignore the limit, and they can have one other."""
    card, suit = args
    ruler = ruler_of(flat, card)
    if ruler < 0:
        return 0
    cards = Cards(flat)
    for adviser in cards.in_zone(cards.zone("advisers", ruler)):
        if flat.get("card_suit", adviser) == suit:
            flat.set("limit_ignored", adviser, 1)
    flat.set("adviser_limit", ruler, min(flat.get("adviser_limit", ruler), 1))
    return 0


FACTORIES: dict[str, Callable[[CompiledGame], Native]] = {
    "limit_advisers": bind_flat(_limit_advisers),
    "ignore_adviser_limit": bind_flat(_ignore_adviser_limit),
    "adviser_limit_except_suit": bind_flat(_limit_except_suit),
}
