"""Playing a card (5.1.4): where it may go, with the play modifiers that change that.

Some modifiers of a play only set rules of the play (New Growth: any site with room; the People's Favor: any site
of the region; Gossip: no facedown adviser; Book of Records: a secret instead of a favor; Ruined Temple: no beast card faceup). The kernel works these rules out before the player
chooses where the card goes, by running the ones that bind the player on a copy of the state, as if the card
were played faceup; they never touch the real state. They cost nothing, and the optional ones only widen the
choice, so running them is offering them. The People's Favor also lets its holder first discard a denizen at a site
of their region: a move of its own (DISCARD_FIRST), after which the card must go to a site (PLAY_AFTER_DISCARD).
The other play modifiers (homeland sites and the like) fire after the play (power_tables.py TRIGGERED "play").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import cython  # type: ignore[import-untyped]

from .actions import KIND, STRIDE, action
from .banners import PEOPLES_FAVOR, PLAY_POWER
from .advisers import adviser_room
from .modifiers import in_play
from .setup import Cards

if TYPE_CHECKING:
    if not cython.compiled:  # compiled, the state is typed as its core (the .pxd beside)
        from .game import OathState

PLAY_HOOKS = ("play_to_any_site", "play_to_any_site_in_region", "play_discard_first_in_region",
              "facedown_adviser_play_forbidden", "play_gains_secret_not_favor", "action_forbidden")
"""`action_forbidden` in a play: the card cannot be played faceup (Ruined Temple)."""
SITE_STRIDE = 256
"""PLAY_TO_OTHER_SITE's argument is the site times this, plus the card."""


def rule_modifiers(game: Any, cards: Cards, runnable: frozenset[str]) -> dict[int, tuple[str, bool]]:
    """Card → (effect key, binds anyone) of each free play modifier that only sets rules of the play."""
    return {card: (key, power.applies_to == "anyone") for card, key, power in cards.powers()
            if power.kind == "modifier" and power.timing == "play" and key in runnable and power.cost is None
            and set(game.layout.RULES.get(key, ())) and set(game.layout.RULES[key]) <= set(PLAY_HOOKS)}


def rules(state: OathState, seat: int, card: int) -> dict[str, int]:
    """The play's rule hooks for this player playing this card (0 for each when no such modifier binds them), the
    People's Favor's for its holder."""
    found = [(key, state.index_in_kind(other)) for other, (key, anyone) in state.play_rules.items()
             if state.can_use(seat, other) or anyone and in_play(state, other)]
    if state.flat.get("banner_holder", PEOPLES_FAVOR) == seat:
        found.append((PLAY_POWER, PEOPLES_FAVOR))
    if not found:
        return dict.fromkeys(PLAY_HOOKS, 0)
    flat = state.flat.copy()
    for name, value in (("played_card", card), ("played_site", -1), ("played_by", seat), ("played_faceup", 1),
                        *((hook, 0) for hook in PLAY_HOOKS)):
        flat.set(name, value)
    flat.set("card_suit", card, state.cards.intact_suit[card])
    for key, this in found:
        state.run_quietly(key, seat, this, flat)
    return {hook: flat.get(hook) for hook in PLAY_HOOKS}


def _has_room(state: OathState, site: int, card: int) -> bool:
    """2.8.1, and the restrictions printed on the card: it may ignore the capacity (Salt the Earth), or be kept
    from a site with a locked card."""
    if card in state.static_powers["forbid_play_to_site_with_locked_cards"] \
            and any(state.cards.locked(other) for other in state.cards_at(site)):
        return False
    return card in state.static_powers["ignore_site_capacity"] or len(state.cards_at(site)) < state.cards.capacity(site)


def _other_sites(state: OathState, here: int, card: int, play: dict[str, int]) -> list[int]:
    """The faceup sites with room, other than the player's, a play modifier lets the card go to: any (New Growth), or
    those of the player's region (the People's Favor)."""
    if not play["play_to_any_site"] and not play["play_to_any_site_in_region"]:
        return []
    region = state.region_of(here)
    return [site for site in state.sites_on_map() if site != here and state.flat.get("card_faceup", state.site_card(site))
            and _has_room(state, site, card) and (play["play_to_any_site"] or state.region_of(site) == region)]


def _denizens_in_region(state: OathState, seat: int, here: int) -> list[int]:
    """The denizens the People's Favor's holder may discard first: at any site of their region, but locked ones
    (7.2.2)."""
    region = state.region_of(here)
    return [card for site in state.sites_on_map() if state.region_of(site) == region for card in state.cards_at(site)
            if state.cards.kind_of(card) == "denizen" and not state.cards.locked(card, seat)]


def play_actions(state: OathState, seat: int, card: int, *, searched: bool) -> tuple[list[int], bool]:
    """5.1.4: discard it, play it to your site (or another site a modifier allows) if it may go to a site and
    there is room (2.8.1), to your advisers faceup (not a Vision), or facedown (a denizen, newly searched: a
    facedown adviser played by 6.1 cannot go back facedown; a Vision goes among advisers only facedown), if an
    adviser can be discarded to make room (advisers.adviser_room). Also whether it may be played faceup at all."""
    play = rules(state, seat, card)
    out = [action(KIND.DISCARD, card)]
    restriction = state.restriction.get(card)
    here = state.flat.get("pawn_site", seat)
    faceup_allowed = not play["action_forbidden"]
    if card not in state.visions and restriction != "adviser" and faceup_allowed:
        if _has_room(state, here, card):
            out.append(action(KIND.PLAY_TO_SITE, card))
        out += [action(KIND.PLAY_TO_OTHER_SITE, site * SITE_STRIDE + card) for site in _other_sites(state, here, card, play)]
        if play["play_discard_first_in_region"]:
            out += [action(KIND.DISCARD_FIRST, denizen) for denizen in _denizens_in_region(state, seat, here)]
    facedown_allowed = searched and not play["facedown_adviser_play_forbidden"] \
        and adviser_room(state, seat, card, faceup=False)
    faceup_allowed_as_adviser = faceup_allowed and adviser_room(state, seat, card, faceup=True)
    if card in state.visions:
        if facedown_allowed:
            out.append(action(KIND.PLAY_TO_ADVISERS, card))
    else:
        if restriction != "site" and faceup_allowed_as_adviser:
            out.append(action(KIND.PLAY_TO_ADVISERS, card))
        if facedown_allowed:
            out.append(action(KIND.PLAY_FACEDOWN, card))
    return out, faceup_allowed


def plays_to_sites(state: OathState, seat: int, drawn: list[int]) -> list[int]:
    """Once the People's Favor's first discard is made, the play to a site that follows: of the card searched, else of a
    facedown adviser (6.1)."""
    cards = drawn or [card for card in state.advisers(seat) if not state.flat.get("card_faceup", card)]
    return sorted({chosen for card in cards for chosen in play_actions(state, seat, card, searched=bool(drawn))[0]
                   if chosen // STRIDE in (KIND.PLAY_TO_SITE, KIND.PLAY_TO_OTHER_SITE)})
