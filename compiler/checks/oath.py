"""Checks an Oath editor needs beyond the schema and references."""

from __future__ import annotations

from ..models.oath import Suit
from .context import CheckContext


def check_bank_order(ctx: CheckContext) -> None:
    """The favor banks form one clockwise cycle (8.4): each suit has its own place, 0 to n-1."""
    if not ctx.complete("suit"):
        return
    suits = ctx.typed("suit", Suit)
    seen: dict[int, str] = {}
    for item, suit in suits:
        order = suit.bank_order
        if order >= len(suits):
            ctx.report_at(item, ("bank_order",), "bank-order",
                          f"bank_order {order} is outside the cycle of {len(suits)} suits (0 to {len(suits) - 1})")
        elif order in seen:
            ctx.report_at(item, ("bank_order",), "bank-order",
                          f"bank_order {order} is already the place of suit {seen[order]!r}")
        else:
            seen[order] = suit.id


CHECKS = (check_bank_order,)
