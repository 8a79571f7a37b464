"""Checks an Oath editor needs beyond the schema and references."""

from __future__ import annotations

from collections.abc import Iterator

from ..models.oath import BINDING_TIMINGS, Edifice, Power, Suit
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


def _powers(entity: object) -> Iterator[tuple[tuple[str | int, ...], Power]]:
    """Every power of an entity with its path: a card's `powers`, or each face's of an edifice."""
    if isinstance(entity, Edifice):
        for face in ("intact", "ruined"):
            for i, power in enumerate(getattr(entity, face).powers):
                yield (face, "powers", i), power
        return
    for i, power in enumerate(getattr(entity, "powers", None) or ()):
        if isinstance(power, Power):
            yield ("powers", i), power


def check_modifier_timing(ctx: CheckContext) -> None:
    """A modifier says when the kernel runs it (7.4: at the start of the action it modifies, after it, at a play,
    in a defence, always…); other kinds have their moment in their kind, so a timing there is a mistake.
    `applies_to: anyone` (the modifier binds whoever takes the action) only means something for a modifier run at
    the start of an action (timing search, muster, trade, travel, recover, campaign) or before a play."""
    for kind in sorted(ctx.content.entities):
        if not ctx.complete(kind):
            continue
        for item in ctx.items(kind):
            for loc, power in _powers(item.entity):
                if power.kind == "modifier" and power.timing is None:
                    ctx.report_at(item, loc + ("kind",), "modifier-timing",
                                  "a modifier power has no timing: the kernel cannot know when to run it",
                                  hint="add `timing:` (search, muster, trade, travel, recover, campaign, after_<action>, "
                                       "play, wake_start, wake_end, defense, chronicle or persistent; docs/content.md)")
                elif power.kind != "modifier" and power.timing is not None:
                    ctx.report_at(item, loc + ("timing",), "modifier-timing",
                                  f"a {power.kind} power has a timing ({power.timing!r}): only modifiers have one",
                                  hint=f"a {power.kind} power is run at the moment its kind says; remove `timing:`")
                if power.applies_to == "anyone" and not (
                        power.kind == "modifier" and (power.timing is None or power.timing in BINDING_TIMINGS)):
                    what = (f"a modifier with timing {power.timing!r}" if power.kind == "modifier"
                            else f"a {power.kind} power")
                    ctx.report_at(item, loc + ("applies_to",), "modifier-applies-to",
                                  f"{what} has `applies_to: anyone`: only a modifier run at the start of an action "
                                  "or before a play binds whoever takes it",
                                  hint="remove `applies_to:`, or give the modifier the timing of the action it "
                                       "binds (search, muster, trade, travel, recover, campaign or play)")


CHECKS = (check_bank_order, check_modifier_timing)
