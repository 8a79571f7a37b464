"""Braid costs (7.1.2) over the flat state: whether a player can pay one, and paying it.

The kernel pays the costs of the powers it runs; a native pays one only when a power's effect uses another
card's permission as it runs (Jinx's reroll of a power's roll), so both work on fields alone.
"""

from __future__ import annotations

from typing import Any

from ..state import FlatState
from . import favor
from .setup import Cards

_RULE_COSTS: dict[object, dict[int, Any]] = {}


def affords(flat: FlatState, seat: int, cost: Any) -> bool:
    """Whether a player has the favor (favor.usable) and the secrets on their board a cost places and burns."""
    return bool(favor.usable(flat, seat) >= cost.place_favor + cost.burn_favor
                and flat.get("secret", seat) >= cost.place_secret + cost.burn_secret)


def can_pay(flat: FlatState, seat: int, card: int, cost: Any) -> bool:
    """The cost must be paid in full; tokens go only on a card that has none; no secret by a player the persistent
    rules forbid it (Spell Breaker)."""
    if cost is None:
        return True
    if (cost.place_secret or cost.burn_secret) and flat.get("secret_costs_forbidden", seat):
        return False
    places = cost.place_favor or cost.place_secret
    if places and (flat.get("card_favor", card) or flat.get("card_secret", card)):
        return False
    return affords(flat, seat, cost)


def pay(flat: FlatState, seat: int, card: int, cost: Any) -> None:
    """Placed on the card or burned. Out of your turn (a defender's battle plan), placed favor goes straight to the
    card's suit's bank (the shared bank for a card with none) and placed secrets turn facedown on your board
    (4.3.2)."""
    if cost is None:
        return
    if seat == flat.get("current_player"):
        favor.spend(flat, seat, ("card_favor", card), cost.place_favor)
        flat.move(("secret", seat), ("card_secret", card), cost.place_secret)
    else:
        suit = Cards(flat).intact_suit[card]
        favor.spend(flat, seat, ("bank_favor", suit) if suit >= 0 else ("shared_favor",), cost.place_favor)
        flat.move(("secret", seat), ("secret_facedown", seat), cost.place_secret)
    favor.spend(flat, seat, ("shared_favor",), cost.burn_favor)
    flat.move(("secret", seat), ("shared_secret",), cost.burn_secret)


def rule_cost(flat: FlatState, card: int) -> Any:
    """The cost of a card's persistent rule, paid when the permission it gives is used (Jinx); None: free."""
    game = flat.game
    if game.layout not in _RULE_COSTS:
        _RULE_COSTS[game.layout] = {c: power.cost for c, _, power in Cards(flat).powers()
                                    if power.kind == "modifier" and power.timing == "persistent"
                                    and power.cost is not None}
    return _RULE_COSTS[game.layout].get(card)
