"""The two banners (2.5): Recover (5.4), the seize penalty (2.5.3) and the People's Favor at Wake (4.1.1).

Recover's argument packs the banner, the amount paid and, for the People's Favor, the suit whose
bank the old favor goes to first: banner * BANNER_STRIDE + amount * SUITS + first suit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import favor
from .actions import KIND, action

if TYPE_CHECKING:
    from .game import OathState

PEOPLES_FAVOR, DARKEST_SECRET = 0, 1
"""Banner numbers, in the content's order."""
SUITS = 8
"""Room for the six suits in an argument."""
BANNER_STRIDE = 512
MOST_PAID = BANNER_STRIDE // SUITS - 1
"""The most tokens one Recover can stack on a banner (63): an argument must fit its stride."""
PLAY_POWER, WAKE_POWER = "banner/peoples_favor/powers/0", "banner/peoples_favor/powers/1"
"""The People's Favor's rules of a play to a site (plays.py) and its Wake duty (4.1.1)."""


def tokens(state: OathState, banner: int) -> int:
    field = "banner_favor" if banner == PEOPLES_FAVOR else "banner_secret"
    return state.flat.get(field, banner)


def _purse(state: OathState, seat: int, banner: int) -> int:
    """What a player can pay a banner with: favor, or faceup secrets (facedown ones cannot pay)."""
    return favor.purse(state.flat, seat, "favor" if banner == PEOPLES_FAVOR else "secret")


def recover_actions(state: OathState, seat: int, *, widened: bool) -> list[int]:
    """5.4.1-5.4.2: any banner, for more tokens than it holds, if its own rule allows (the Darkest Secret's
    restriction); not one the persistent rules keep from this player (persistent.py). `widened`: the Darkest
    Secret also for more secrets than the player has, up to those a power could gain them from the shared bank,
    when they have an optional Recover modifier (Magician's Code; modifiers.allowed sorts out which amounts it
    makes possible)."""
    out = []
    for banner in (PEOPLES_FAVOR, DARKEST_SECRET):
        first_suits = range(len(state.game.entities("suit"))) if banner == PEOPLES_FAVOR else range(1)
        most = _purse(state, seat, banner)
        if widened and banner == DARKEST_SECRET:
            most += state.flat.get("shared_secret")
        most = min(most, MOST_PAID)
        if most <= tokens(state, banner) or state.flat.get("take_forbidden_banner", banner) >> seat & 1 \
                or not _recover_allowed(state, seat, banner):
            continue
        for amount in range(tokens(state, banner) + 1, most + 1):
            out += [action(KIND.RECOVER_BANNER, banner * BANNER_STRIDE + amount * SUITS + suit) for suit in first_suits]
    return out


def affordable(state: OathState, seat: int, argument: int) -> bool:
    """The amount a Recover of a banner pays is on the player's board."""
    banner, rest = divmod(argument, BANNER_STRIDE)
    return rest // SUITS <= _purse(state, seat, banner)


def _recover_allowed(state: OathState, seat: int, banner: int) -> bool:
    """The banner's own Recover rule (the Darkest Secret's restriction, 5.4.1), run on a copy of the state as the
    binding modifier of a Recover of it."""
    key = state.banner_recover_rules.get(banner)
    if key is None:
        return True
    flat = state.flat.copy()
    flat.set("action_kind", int(KIND.RECOVER_BANNER))
    flat.set("action_target", banner * BANNER_STRIDE)
    flat.set("action_forbidden", 0)
    state.run_quietly(key, seat, banner, flat)
    return not flat.get("action_forbidden")


def recover(state: OathState, seat: int, argument: int) -> None:
    """5.4.4: pay, stack the payment on the banner, and send the old tokens where the banner says; the People's
    Favor turns to its normal side (to its Mob side with Hall of Mockery)."""
    banner, rest = divmod(argument, BANNER_STRIDE)
    amount, first_suit = divmod(rest, SUITS)
    flat = state.flat
    state.pay_supply(seat, KIND.RECOVER_BANNER, argument)
    old, holder = tokens(state, banner), flat.get("banner_holder", banner)
    if banner == PEOPLES_FAVOR:
        flat.set("banner_mob", banner, int(flat.get("recover_turns_mob") > 0))
        flat.move(("banner_favor", banner), ("shared_favor",), old)
        _favor_to_banks(state, old, first_suit)
        favor.spend(flat, seat, ("banner_favor", banner), amount)
    else:
        flat.move(("banner_secret", banner), ("shared_secret",), old)
        flat.move(("secret", seat), ("banner_secret", banner), amount)
        flat.move(("shared_secret",), ("secret", seat), old if holder == seat else min(old, 1))
        if holder >= 0 and holder != seat:
            flat.move(("shared_secret",), ("secret", holder), old - 1)
    flat.set("banner_holder", banner, seat)


def _favor_to_banks(state: OathState, favor: int, first_suit: int) -> None:
    """One by one from the shared bank, starting with a suit and going round the banks' cycle (8.4)."""
    order = sorted(range(len(state.game.entities("suit"))), key=lambda s: state.game.entities("suit")[s].bank_order)
    start = order.index(first_suit)
    for k in range(favor):
        state.flat.move(("shared_favor",), ("bank_favor", order[(start + k) % len(order)]), 1)


def seize(state: OathState, seat: int, banner: int) -> None:
    """2.5.3: a banner taken from another player burns two tokens, leaving at least one; the People's
    Favor turns to its Mob side."""
    entity = state.game.entities("banner")[banner]
    field, bank = ("banner_favor", "shared_favor") if banner == PEOPLES_FAVOR else ("banner_secret", "shared_secret")
    burn = min(entity.seize_burn, max(0, tokens(state, banner) - entity.seize_minimum))
    state.flat.move((field, banner), (bank,), burn)
    if banner == PEOPLES_FAVOR:
        state.flat.set("banner_mob", banner, 1)
    state.flat.set("banner_holder", banner, seat)


def held_by(state: OathState, seat: int) -> list[int]:
    return [b for b in (PEOPLES_FAVOR, DARKEST_SECRET) if state.flat.get("banner_holder", b) == seat]
