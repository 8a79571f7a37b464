"""The Oath kernel's natives (content/oath/natives/): what card powers call that the shared verbs cannot say.

Each is bound to a compiled game and works on the state the VM hands it, through field names, so
it serves any copy of a state. Only the natives listed here exist yet; a power that calls another
one is not offered (game.py). There are no Citizens yet (6.6), so no player is an Ally and every
player's warbands are their own colour.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable

from ..content import CompiledGame
from ..state import FlatState
from ..vm_py import Native
from .setup import Cards

Body = Callable[[Cards, list[int]], int]


def _native(body: Body) -> Callable[[CompiledGame], Native]:
    """A native written over the state's cards and fields, bound to a game."""
    def bind(game: CompiledGame) -> Native:
        def call(cells: array[int], args: list[int]) -> int:
            return body(Cards(FlatState(game, cells)), args)
        return call
    return bind


def take_relic(cards: Cards, args: list[int]) -> int:
    """The player takes the relic faceup into their personal bank (glossary Take).

    Not yet: a relic taken from the Imperial Reliquary should uncover its action modifier for the
    Chancellor (2.3); the Reliquary's modifiers are not played yet."""
    player, relic = args
    card = int(cards.base["relic"]) + relic
    cards.put(card, cards.zone("relics_held", player), faceup=True)
    cards.state.set("took_this_turn", card, 1)
    return 0


def player_rules(cards: Cards, args: list[int]) -> int:
    """Glossary Rule: a site with the player's warbands, a card at such a site, the player's advisers."""
    player, card = args
    state = cards.state
    site_base = int(cards.base["site"])
    if site_base <= card < site_base + state.size("site_slot"):
        return int(state.get("site_warbands", card - site_base, player) > 0)
    if state.get("card_zone", card) == cards.zone("advisers", player):
        return 1
    at_site = state.get("card_zone", card) == cards.zone("at_site")
    return int(at_site and state.get("site_warbands", state.get("card_site", card), player) > 0)


def is_enemy(cards: Cards, args: list[int]) -> int:
    """Glossary Enemy: Exiles are everyone's enemies; Imperial players are not each other's."""
    first, second = args
    if first < 0 or second < 0 or first == second:
        return 0
    exile = int(cards.game.enums["role"]["EXILE"])
    return int(cards.state.get("role", first) == exile or cards.state.get("role", second) == exile)


def campaign_targets_card(cards: Cards, args: list[int]) -> int:
    card = args[0]
    site_base = int(cards.base["site"])
    if site_base <= card < site_base + cards.state.size("site_slot"):
        return cards.state.get("campaign_target_site", card - site_base)
    return cards.state.get("campaign_target_card", card)


def _site_of(cards: Cards, card: int) -> int | None:
    """The site a card number is (a site card), or lies at; None for a card elsewhere."""
    site_base = int(cards.base["site"])
    if site_base <= card < site_base + cards.state.size("site_slot"):
        return card - site_base
    return cards.state.get("card_site", card) if cards.state.get("card_zone", card) == cards.zone("at_site") else None


def ruler_of(cards: Cards, args: list[int]) -> int:
    """Glossary Rule: the player with warbands at the site (or at the card's site), an adviser's holder; -1
    for bandits or nobody."""
    card = args[0]
    state = cards.state
    players = state.size("seated")
    for player in range(players):
        if state.get("card_zone", card) == cards.zone("advisers", player):
            return player
    site = _site_of(cards, card)
    if site is None:
        return -1
    return next((p for p in range(players) if state.get("site_warbands", site, p) > 0), -1)


def campaign_targets_at_site(cards: Cards, args: list[int]) -> int:
    """5.5.2: the site itself, and the defender's relics and pawn if their pawn is there and they are targeted."""
    site = args[0]
    state = cards.state
    count = state.get("campaign_target_site", site)
    defender = state.get("campaign_defender")
    if defender >= 0 and state.get("pawn_site", defender) == site:
        count += state.get("campaign_target_pawn") > 0
        count += sum(state.get("campaign_target_card", relic)
                     for relic in cards.in_zone(cards.zone("relics_held", defender)))
    return count


def discard_card(cards: Cards, args: list[int]) -> int:
    player, card = args
    cards.discard(player, card)
    return 0


def put_on_bottom(cards: Cards, args: list[int]) -> int:
    card, zone = args
    cards.put(card, zone, bottom=True)
    return 0


def _remember(field: str) -> Body:
    def remember(cards: Cards, args: list[int]) -> int:
        player, card = args
        cards.state.set(field, card, player + 1)
        return 0
    return remember


FACTORIES: dict[str, Callable[[CompiledGame], Native]] = {
    "take_relic": _native(take_relic),
    "player_rules": _native(player_rules),
    "is_enemy": _native(is_enemy),
    "is_campaign_ally": _native(lambda cards, args: 0),
    "campaign_attacker": _native(lambda cards, args: cards.state.get("campaign_attacker")),
    "campaign_defender": _native(lambda cards, args: cards.state.get("campaign_defender")),
    "campaign_targets_card": _native(campaign_targets_card),
    "on_campaign_end_discard": _native(_remember("campaign_discard_at_end")),
    "on_defeat_discard": _native(_remember("campaign_discard_on_defeat")),
    "warband_colour_of": _native(lambda cards, args: args[0]),
    "ruler_of": _native(ruler_of),
    "campaign_targets_at_site": _native(campaign_targets_at_site),
    "discard_card": _native(discard_card),
    "put_on_bottom": _native(put_on_bottom),
}


def bound(game: CompiledGame) -> dict[str, Native]:
    return {name: make(game) for name, make in FACTORIES.items()}
