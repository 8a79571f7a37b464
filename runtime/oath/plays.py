"""Playing a card (5.1.4): where it may go, with the play modifiers that change that.

Some modifiers of a play only set rules of the play (New Growth: any site with room; Gossip: no facedown
adviser; Book of Records: a secret instead of a favor; Ruined Temple: no beast card faceup). The kernel works these rules out before the player
chooses where the card goes, by running the ones that bind the player on a copy of the state, as if the card
were played faceup; they never touch the real state. They cost nothing, and the optional ones only widen the
choice, so running them is offering them. The other play modifiers (homeland sites and the like) fire after
the play (game.py TRIGGERED "play").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import Kind, action
from .modifiers import in_play
from .setup import Cards

if TYPE_CHECKING:
    from .game import OathState

PLAY_HOOKS = ("play_to_any_site", "facedown_adviser_play_forbidden", "play_gains_secret_not_favor", "action_forbidden")
"""`action_forbidden` in a play: the card cannot be played faceup (Ruined Temple)."""
SITE_STRIDE = 256
"""PLAY_TO_OTHER_SITE's argument is the site times this, plus the card."""


def rule_modifiers(game: Any, cards: Cards, runnable: frozenset[str]) -> dict[int, tuple[str, bool]]:
    """Card → (effect key, binds anyone) of each free play modifier that only sets rules of the play."""
    return {card: (key, power.applies_to == "anyone") for card, key, power in cards.powers()
            if power.kind == "modifier" and power.timing == "play" and key in runnable and power.cost is None
            and set(game.layout.RULES.get(key, ())) and set(game.layout.RULES[key]) <= set(PLAY_HOOKS)}


def rules(state: OathState, seat: int, card: int) -> dict[str, int]:
    """The play's rule hooks for this player playing this card (0 for each when no such modifier binds them)."""
    found = [(other, key) for other, (key, anyone) in state.play_rules.items()
             if state.can_use(seat, other) or anyone and in_play(state, other)]
    if not found:
        return dict.fromkeys(PLAY_HOOKS, 0)
    flat = state.flat.copy()
    for name, value in (("played_card", card), ("played_site", -1), ("played_by", seat), ("played_faceup", 1),
                        *((hook, 0) for hook in PLAY_HOOKS)):
        flat.set(name, value)
    flat.set("card_suit", card, state.cards.intact_suit[card])
    for other, key in found:
        state.run_quietly(key, seat, state.index_in_kind(other), flat)
    return {hook: flat.get(hook) for hook in PLAY_HOOKS}


def _has_room(state: OathState, site: int) -> bool:
    return len(state.cards_at(site)) < int(state.capacity[state.site_card(site)])


def play_actions(state: OathState, seat: int, card: int, *, searched: bool) -> tuple[list[int], bool]:
    """5.1.4: discard it, play it to your site (or another site a modifier allows) if it may go to a site and
    there is room (2.8.1), to your advisers faceup (not a Vision), or facedown (a denizen, newly searched: a
    facedown adviser played by 6.1 cannot go back facedown; a Vision goes among advisers only facedown). Also
    whether it may be played faceup at all."""
    play = rules(state, seat, card)
    out = [action(Kind.DISCARD, card)]
    restriction = state.restriction.get(card)
    here = state.flat.get("pawn_site", seat)
    faceup_allowed = not play["action_forbidden"]
    if card not in state.visions and restriction != "adviser" and faceup_allowed:
        if _has_room(state, here):
            out.append(action(Kind.PLAY_TO_SITE, card))
        if play["play_to_any_site"]:
            out += [action(Kind.PLAY_TO_OTHER_SITE, site * SITE_STRIDE + card) for site in state.sites_on_map()
                    if site != here and state.flat.get("card_faceup", state.site_card(site)) and _has_room(state, site)]
    facedown_allowed = searched and not play["facedown_adviser_play_forbidden"]
    if card in state.visions:
        if facedown_allowed:
            out.append(action(Kind.PLAY_TO_ADVISERS, card))
    else:
        if restriction != "site" and faceup_allowed:
            out.append(action(Kind.PLAY_TO_ADVISERS, card))
        if facedown_allowed:
            out.append(action(Kind.PLAY_FACEDOWN, card))
    return out, faceup_allowed
